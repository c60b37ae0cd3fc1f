// Shared test helpers: render a dialog with a spy, run axe on a subtree.
import { render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import type { ElicitResult, ParsedElicitation } from '@elicitation-kit/core';
import axe from 'axe-core';
import { expect, vi } from 'vitest';
import type { Mock } from 'vitest';
import { ElicitationDialog } from '../index.js';
import type { ElicitationDialogProps } from '../index.js';

/** Renders `<ElicitationDialog>` with an `onRespond` spy and a user-event instance. */
export function renderDialog(
  props: Partial<Omit<ElicitationDialogProps, 'request' | 'entry'>> & { request: ParsedElicitation },
): RenderResult & { onRespond: Mock<(result: ElicitResult) => void>; user: UserEvent; dialog: HTMLDialogElement } {
  const onRespond = vi.fn<(result: ElicitResult) => void>();
  const user = userEvent.setup();
  const dialogProps = { server: { name: 'Demo Server' }, onRespond, ...props } as ElicitationDialogProps;
  const view = render(<ElicitationDialog {...dialogProps} />);
  const dialog = view.container.querySelector('dialog');
  if (!dialog) throw new Error('no dialog rendered');
  return { ...view, onRespond, user, dialog };
}

/** Runs axe-core on `element` and expects no violations (listing them when there are). */
export async function expectNoAxeViolations(element: Element): Promise<void> {
  // Contrast cannot be measured in jsdom (axe draws on a canvas jsdom lacks, and prints errors); the e2e axe runs in
  // Chromium check it.
  const results = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}
