// The two presentations of `Elicitation.Root` over one shared hook: the modal root keeps the modal's behaviour to
// itself (showModal, aria-modal, Escape = cancel, the scroll-lock attribute) and never takes part in the inline roots'
// focus hand-over; the inline root traps nothing, makes nothing inert and answers nothing on Escape or outside clicks.
// Switching `presentation` keeps the session.
import type { ElicitResult } from '@elicitation-kit/core';
import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createPortal } from 'react-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ElicitationDialog } from './index.js';
import type { ElicitationDialogProps } from './index.js';
import { form } from './test/fixtures.js';

const server = { name: 'Demo Server' };
const request = form({ branch: { type: 'string', title: 'Branch' } });

/** Elements outside `root` that are inert or hidden from assistive technology. */
const hiddenOutside = (root: Element): Element[] =>
  [...document.querySelectorAll('[inert], [aria-hidden="true"]')].filter((element) => !root.contains(element));

afterEach(() => vi.restoreAllMocks());

describe('the modal root', () => {
  it('opens a modal <dialog>, answers cancel on Escape, and gives focus back to where it was', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const user = userEvent.setup();
    const answers: ElicitResult[] = [];
    const view = (open: boolean) => (
      <>
        <button type="button">Opener</button>
        {open && <ElicitationDialog request={request} server={server} onRespond={(result) => answers.push(result)} />}
      </>
    );
    const { rerender } = render(view(false));
    screen.getByRole('button', { name: 'Opener' }).focus();
    rerender(view(true));
    const dialog = screen.getByRole('dialog', { name: 'Demo Server is asking for input' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialog).toHaveProperty('open', true);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // What the stylesheet's scroll lock keys on; no `hidden`: the dialog's own `open` shows it.
    expect(dialog.dataset).toMatchObject({ presentation: 'modal', state: 'open' });
    expect(dialog.hasAttribute('hidden')).toBe(false);
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Branch' }));
    await user.keyboard('{Escape}');
    expect(answers).toEqual([{ action: 'cancel' }]);
    expect(dialog).toHaveProperty('open', false);
    expect(dialog.hasAttribute('inert')).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Opener' }));
  });

  it('takes no part in the inline roots: it takes focus from one, and gives it back to where it was, not to the region', async () => {
    const user = userEvent.setup();
    const answers: [string, ElicitResult][] = [];
    const view = (modal: boolean) => (
      <>
        <ElicitationDialog
          presentation="inline"
          request={request}
          server={{ name: 'Inline' }}
          onRespond={(result) => answers.push(['inline', result])}
        />
        {modal && (
          <ElicitationDialog
            request={request}
            server={{ name: 'Modal' }}
            onRespond={(result) => answers.push(['modal', result])}
          />
        )}
      </>
    );
    const { rerender } = render(view(false));
    const inline = screen.getByRole('region', { name: 'Inline is asking for input' });
    const field = within(inline).getByRole('textbox', { name: 'Branch' });
    field.focus();
    rerender(view(true));
    const dialog = screen.getByRole('dialog', { name: 'Modal is asking for input' });
    // The user is busy in an inline question: a new inline one would leave focus there; the modal takes it.
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Branch' }));
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    // Back to the field (an inline root would hand focus to the next open region).
    expect(document.activeElement).toBe(field);
    expect(answers).toEqual([['modal', { action: 'decline' }]]);
    expect(inline.dataset['state']).toBe('open');
  });
});

describe('the inline root', () => {
  it('is a region that never calls showModal, makes nothing outside inert, and lets Tab, Escape and clicks out', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const user = userEvent.setup();
    const onRespond = vi.fn<(result: ElicitResult) => void>();
    render(
      <>
        <button type="button">Before</button>
        <ElicitationDialog
          presentation="inline"
          request={request}
          server={server}
          onRespond={onRespond}
          closeOnInteractOutside
        />
        <button type="button">After</button>
      </>,
    );
    const region = screen.getByRole('region', { name: 'Demo Server is asking for input' });
    expect(region.tagName).toBe('SECTION');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(showModal).not.toHaveBeenCalled();
    expect(region.hasAttribute('aria-modal')).toBe(false);
    // Not what the stylesheet's scroll lock keys on.
    expect(region.dataset).toMatchObject({ presentation: 'inline', state: 'open' });
    expect(region.hasAttribute('inert')).toBe(false);
    expect(hiddenOutside(region)).toEqual([]);
    // No trap: Tab leaves the last control for the page after it.
    within(region).getByRole('button', { name: 'Accept' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
    // Neither Escape nor a click outside answers.
    await user.click(within(region).getByRole('textbox', { name: 'Branch' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.click(region);
    expect(onRespond).not.toHaveBeenCalled();
    expect(region.dataset['state']).toBe('open');
    // Answered: the region alone goes inert and hidden.
    await user.click(within(region).getByRole('button', { name: 'Decline' }));
    expect(onRespond).toHaveBeenCalledExactlyOnceWith({ action: 'decline' });
    expect(region.hasAttribute('inert')).toBe(true);
    expect(region.hidden).toBe(true);
    expect(hiddenOutside(region)).toEqual([]);
  });

  it("keeps each document's open questions apart: one in an iframe takes that document's focus", () => {
    const iframe = document.createElement('iframe');
    document.body.append(iframe);
    const frame = iframe.contentDocument!;
    const view = (second: boolean) => (
      <>
        <ElicitationDialog presentation="inline" request={request} server={{ name: 'Page' }} onRespond={() => {}} />
        {second &&
          createPortal(
            <ElicitationDialog
              presentation="inline"
              request={request}
              server={{ name: 'Frame' }}
              onRespond={() => {}}
            />,
            frame.body,
          )}
      </>
    );
    const { rerender } = render(view(false));
    const page = screen.getByRole('region', { name: 'Page is asking for input' });
    expect(document.activeElement).toBe(page);
    rerender(view(true));
    // Busy in the page's question does not stop the frame's from taking the frame's focus (it is another document's).
    const inFrame = frame.querySelector('section');
    expect(inFrame).not.toBeNull();
    expect(frame.activeElement).toBe(inFrame);
    act(() => rerender(view(false)));
    iframe.remove();
  });
});

describe('switching presentation', () => {
  it('keeps the session: what was typed, and the one answer', async () => {
    const user = userEvent.setup();
    const onRespond = vi.fn<(result: ElicitResult) => void>();
    const props: ElicitationDialogProps = { request, server, onRespond };
    const { rerender } = render(<ElicitationDialog {...props} />);
    await user.type(screen.getByRole('textbox', { name: 'Branch' }), 'main');
    rerender(<ElicitationDialog {...props} presentation="inline" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const region = screen.getByRole('region', { name: 'Demo Server is asking for input' });
    expect(within(region).getByRole('textbox', { name: 'Branch' })).toHaveProperty('value', 'main');
    rerender(<ElicitationDialog {...props} presentation="modal" />);
    const dialog = screen.getByRole('dialog', { name: 'Demo Server is asking for input' });
    expect(dialog).toHaveProperty('open', true);
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(onRespond).toHaveBeenCalledExactlyOnceWith({ action: 'accept', content: { branch: 'main' } });
  });
});
