// A host theme's BaseInputTemplate renders every text-like and number control (issue 32): with a theme, the text,
// email, URL, date, date-time, number and integer fields are the theme's inputs, while the session keeps the values,
// core's validation and messages, and the kit's aria wiring. The theme here is a small stand-in written the way
// @rjsf/mui and @rjsf/antd write theirs (this package depends on core only, so the real themes are checked in
// Chromium by e2e/specs/themes.spec.ts): its own markup, rjsf's `ariaDescribedByIds` (ids listed whether rendered or
// not), no `aria-invalid`, `autofocus` ignored (as antd's does).
import { toLocalDateTime } from '@elicitation-kit/core';
import { ariaDescribedByIds, getInputProps } from '@rjsf/utils';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { ElicitationTheme } from '../index.js';
import { formRequest, paramsOf } from '../test/fixtures.js';
import { expectNoAxeViolations, renderDialog } from '../test/render.js';

/** The design system's input: a wrapper with its class, its own label when asked for one. */
function BaseInputTemplate(props: BaseInputTemplateProps): ReactElement {
  const { id, htmlName, type, value, required, disabled, label, hideLabel, options, schema } = props;
  const inputProps = getInputProps(schema, type, options);
  return (
    <span className="design-input">
      {hideLabel !== true && <label htmlFor={id}>{label}</label>}
      <input
        {...inputProps}
        id={id}
        name={htmlName ?? id}
        value={value === undefined || value === null ? '' : String(value)}
        required={required}
        disabled={disabled}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={
          props.onChangeOverride ??
          ((event) => props.onChange(event.target.value === '' ? props.options.emptyValue : event.target.value))
        }
      />
    </span>
  );
}

const designTheme: ElicitationTheme = { templates: { BaseInputTemplate } };
const kitchenSink = () => formRequest(paramsOf('form-12-kitchen-sink-all-variants.json'));

/** The label and input type of every text-like and number field of the kitchen sink. */
const INPUT_FIELDS = [
  ['Nickname', 'text'],
  ['Contact email', 'email'],
  ['Homepage', 'url'],
  ['Start date', 'date'],
  ['Reminder at', 'datetime-local'],
  ['Split ratio', 'number'],
  ['Seats', 'number'],
] as const;

const control = (label: string): HTMLInputElement => screen.getByLabelText(new RegExp(`^${label}`));

describe("a host theme's BaseInputTemplate", () => {
  it('renders every text-like and number field of the kitchen sink; the kit renders none', () => {
    const { dialog } = renderDialog({ request: kitchenSink(), theme: designTheme });
    for (const [label, type] of INPUT_FIELDS) {
      const input = control(label);
      expect(input.closest('.design-input'), label).not.toBeNull();
      expect(input.type, label).toBe(type);
      expect(input.dataset['part'], label).toBeUndefined();
    }
    expect(dialog.querySelectorAll('[data-part="input"]')).toHaveLength(0);
    // Number inputs get the step of their type, not the range: core checks it (an input enforcing it would clamp).
    expect(control('Seats')).toMatchObject({ min: '', max: '', step: '1', value: '10' });
    expect(control('Split ratio')).toMatchObject({ min: '', max: '', step: 'any', value: '0.25' });
  });

  it('leaves the values to the session, validation and messages to core, and the aria wiring to the kit', async () => {
    const { user, onRespond } = renderDialog({ request: kitchenSink(), theme: designTheme });
    let nickname = control('Nickname');
    // The theme lists rjsf's three ids; the kit's list names only what is rendered (the hint).
    expect(nickname.getAttribute('aria-describedby')).toBe(`${nickname.id}__help`);
    expect(nickname).toHaveProperty('required', true);
    expect(nickname.hasAttribute('aria-invalid')).toBe(false);
    await user.clear(nickname);
    await user.clear(control('Seats'));
    await user.type(control('Seats'), '501');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onRespond).not.toHaveBeenCalled();
    // The first invalid field was remounted to take focus: a new input.
    nickname = control('Nickname');
    // Marked invalid, described by core's message then the hint, and focused although the theme ignores autofocus.
    expect(nickname.getAttribute('aria-invalid')).toBe('true');
    expect(nickname.getAttribute('aria-describedby')).toBe(`${nickname.id}__error ${nickname.id}__help`);
    expect(document.getElementById(`${nickname.id}__error`)?.textContent).toBe('Nickname is required.');
    expect(document.activeElement).toBe(nickname);
    expect(control('Seats').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Seats must be at most 500.')).toBeTruthy();
    // What the user typed stays; fixing it clears the error and its wiring.
    expect(control('Seats').value).toBe('501');
    await user.type(nickname, 'ops');
    await user.clear(control('Seats'));
    await user.type(control('Seats'), '12');
    await user.type(control('Contact email'), 'ops@atlas.example');
    expect(nickname.hasAttribute('aria-invalid')).toBe(false);
    expect(nickname.getAttribute('aria-describedby')).toBe(`${nickname.id}__help`);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onRespond).toHaveBeenCalledWith({
      action: 'accept',
      content: {
        nickname: 'ops',
        contact: 'ops@atlas.example',
        ratio: 0.25,
        seats: 12,
        telemetry: false,
        theme: 'system',
        locale: 'en-US',
        digest: ['mon'],
        density: 'r',
      },
    });
  });

  it("shows a date-time default in the user's time zone and sends it back unchanged", async () => {
    const { user, onRespond } = renderDialog({
      request: formRequest(paramsOf('form-02-string-formats-and-lengths.json')),
      theme: designTheme,
    });
    expect(control('Send time').value).toBe(toLocalDateTime('2025-12-01T09:00:00Z'));
    expect(control('Send time').closest('.design-input')).not.toBeNull();
    await user.type(control('Recipient email'), 'ops@atlas.example');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onRespond.mock.calls[0]?.[0]).toMatchObject({ content: { sendAt: '2025-12-01T09:00:00Z' } });
  });

  it("labels its inputs itself with `labels: 'widget'`, and has no axe violations either way", async () => {
    const { dialog } = renderDialog({ request: kitchenSink(), theme: { ...designTheme, labels: 'widget' } });
    const nickname = control('Nickname');
    const row = nickname.closest<HTMLElement>('[data-part="field"]')!;
    // The theme's label, as the server's title in plain text; the kit renders none for this field.
    expect(within(row).getByText('Nickname').closest('.design-input')).not.toBeNull();
    expect(row.querySelector('[data-part="label"]')).toBeNull();
    await expectNoAxeViolations(dialog);
  });

  it('is not used without a theme: the kit keeps its own inputs', () => {
    const { dialog } = renderDialog({ request: kitchenSink() });
    for (const [label, type] of INPUT_FIELDS) {
      expect(control(label).dataset['part'], label).toBe('input');
      expect(control(label).type, label).toBe(type);
    }
    expect(dialog.querySelector('.design-input')).toBeNull();
  });
});
