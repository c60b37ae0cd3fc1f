import { issueMessages, parseElicitation, validateContent } from '@elicitation-kit/core';
import type { ElicitContent, ElicitResult, IssueCode, ParsedElicitation } from '@elicitation-kit/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { StrictMode, useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Elicitation, ElicitationDialog, useElicitation } from './index.js';
import { fixtureNames, form, formRequest, paramsOf, parse, urlRequest } from './test/fixtures.js';
import { expectNoAxeViolations, renderDialog } from './test/render.js';

const accept = () => screen.getByRole('button', { name: 'Accept' });
/** Core's default English message for an issue (the dialog shows core's messages, not its own). */
const issueText = (code: IssueCode, label: string, params?: Record<string, string | number>) =>
  issueMessages[code]({ field: '', code, label, ...(params ? { params } : {}) });
const field = (label: string | RegExp) => screen.getByLabelText(label);

/** Per fixture: what the user fills in before Accept (nothing when defaults suffice) and the content expected. */
const roundTrips: Record<string, { fill?: (user: UserEvent) => Promise<void>; content?: ElicitContent }> = {
  'form-01-single-string.json': {
    fill: (user) => user.type(field(/Branch/), 'release/2.4'),
    content: { branch: 'release/2.4' },
  },
  'form-02-string-formats-and-lengths.json': {
    fill: (user) => user.type(field(/Recipient email/), 'ops@atlas.example'),
    content: {
      displayName: 'Team Atlas',
      email: 'ops@atlas.example',
      dashboard: 'https://dashboards.example.com/atlas',
      startDate: '2025-12-01',
      sendAt: '2025-12-01T09:00:00Z',
    },
  },
  'form-03-number-and-integer.json': { content: { threshold: 85.5, windowMinutes: 5 } },
  'form-04-boolean.json': { content: { dryRun: true } },
  'form-05-enum-untitled-single.json': { content: { region: 'eu-west-1' } },
  'form-06-enum-titled-single.json': { content: { priority: 'p2' } },
  'form-07-enum-untitled-multi.json': { content: { environments: ['dev', 'staging'] } },
  'form-08-enum-titled-multi.json': { content: { channels: ['ch_email'] } },
  'form-09-enum-legacy-enumNames.json': { content: { level: '1' } },
  'form-10-mode-omitted-2025-06-18-style.json': {
    fill: (user) => user.type(field(/Project name/), 'atlas'),
    content: { projectName: 'atlas', private: false },
  },
  'form-11-empty-properties-confirmation.json': { content: {} },
  'form-12-kitchen-sink-all-variants.json': {
    content: {
      nickname: 'dev',
      ratio: 0.25,
      seats: 10,
      telemetry: false,
      theme: 'system',
      locale: 'en-US',
      digest: ['mon'],
      density: 'r',
    },
  },
  'form-13-task-augmented.json': {
    fill: (user) => user.selectOptions(field(/Export window/), '03:00 UTC'),
    content: { window: '0300' },
  },
  'url-01-api-key-entry.json': {},
  'url-02-third-party-oauth.json': {},
};

const cpuRequest = () => formRequest(paramsOf('form-03-number-and-integer.json'));
const secret = () =>
  form({ user: { type: 'string', title: 'User name' }, apiKey: { type: 'string', title: 'API Key' } }, [], 'Connect');

/** A host-made part reading the dialog context. */
function ServerBadge() {
  const { server, session } = useElicitation();
  return (
    <button type="button" onClick={() => session.decline()}>
      Never ask {server.name}
    </button>
  );
}

/** A host that moves the initial focus to its own element. */
function Host() {
  const decline = useRef<HTMLElement>(null);
  return (
    <>
      <button ref={(element) => void (decline.current = element)} type="button">
        outside
      </button>
      <ElicitationDialog
        request={formRequest(paramsOf('form-01-single-string.json'))}
        server={{ name: 'S' }}
        onRespond={() => {}}
        initialFocus={decline}
      />
    </>
  );
}

describe('ElicitationDialog', () => {
  it('covers every spec example', () => {
    expect(Object.keys(roundTrips).toSorted()).toEqual(fixtureNames);
  });

  describe.each(fixtureNames)('given the spec example %s', (name) => {
    const request = (): ParsedElicitation => parse(paramsOf(name));

    it('names the server in the title and describes the dialog with the message', () => {
      const { dialog } = renderDialog({ request: request(), server: { name: 'weather', title: 'Weather Service' } });
      const title = screen.getByRole('heading', { name: 'Weather Service (weather) is asking for input' });
      expect(dialog.getAttribute('aria-labelledby')).toBe(title.id);
      const message = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
      expect(message?.textContent).toBe(request().message);
      expect(dialog.open).toBe(true);
      expect(dialog.dataset.state).toBe('open');
    });

    it('answers accept with the expected content', async () => {
      const parsed = request();
      const onOpenUrl = vi.fn();
      const { user, onRespond } = renderDialog({ request: parsed, onOpenUrl });
      if (parsed.mode === 'url') {
        await user.click(screen.getByRole('button', { name: `Open ${parsed.link.host}` }));
        expect(onOpenUrl).toHaveBeenCalledExactlyOnceWith(parsed.link.href);
        expect(onRespond.mock.calls).toEqual([[{ action: 'accept' }]]);
        return;
      }
      await roundTrips[name]?.fill?.(user);
      await user.click(accept());
      expect(onRespond.mock.calls).toEqual([[{ action: 'accept', content: roundTrips[name]?.content }]]);
      // What the dialog sends passes the server-side re-check.
      expect(validateContent(parsed.requestedSchema, roundTrips[name]?.content)).toMatchObject({ ok: true });
    });

    it('answers decline from the Decline button', async () => {
      const { user, onRespond, dialog } = renderDialog({ request: request() });
      await user.click(screen.getByRole('button', { name: 'Decline' }));
      expect(onRespond.mock.calls).toEqual([[{ action: 'decline' }]]);
      expect(dialog.open).toBe(false);
      expect(dialog.dataset.state).toBe('closed');
    });

    it('answers cancel from the Cancel button', async () => {
      const { user, onRespond } = renderDialog({ request: request() });
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(onRespond.mock.calls).toEqual([[{ action: 'cancel' }]]);
    });

    it('answers cancel on Escape', async () => {
      const { user, onRespond, dialog } = renderDialog({ request: request() });
      await user.keyboard('{Escape}');
      expect(onRespond.mock.calls).toEqual([[{ action: 'cancel' }]]);
      expect(dialog.open).toBe(false);
    });

    it('has no axe violations', async () => {
      const { container } = renderDialog({ request: request() });
      await expectNoAxeViolations(container);
    });
  });

  describe('given a form with invalid entries', () => {
    it('blocks Accept, shows the message at the field, marks it invalid and focuses it', async () => {
      const { user, onRespond } = renderDialog({ request: cpuRequest() });
      await user.clear(field(/Evaluation window/));
      await user.type(field(/Evaluation window/), '90');
      await user.click(accept());
      expect(onRespond).not.toHaveBeenCalled();
      // Focus moved by remounting the field's widget with rjsf's `autofocus`: query the control afresh.
      const windowMinutes = field(/Evaluation window/);
      const error = screen.getByText(issueText('maximum', 'Evaluation window (minutes)', { maximum: 60 }));
      expect(windowMinutes).toHaveProperty('value', '90');
      expect(windowMinutes.getAttribute('aria-invalid')).toBe('true');
      expect(windowMinutes.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
      expect(windowMinutes.closest('[data-part=field]')?.hasAttribute('data-invalid')).toBe(true);
      expect(document.activeElement).toBe(windowMinutes);
    });

    it('focuses the first invalid field in field order and keeps every typed value', async () => {
      const { user, onRespond } = renderDialog({ request: cpuRequest() });
      await user.clear(field(/CPU threshold/));
      await user.type(field(/Retries/), '2.5');
      await user.click(accept());
      expect(onRespond).not.toHaveBeenCalled();
      const threshold = field(/CPU threshold/);
      const retries = field(/Retries/);
      expect(screen.getByText(issueText('required', 'CPU threshold (%)'))).toBeTruthy();
      expect(screen.getByText(issueText('integer', 'Retries before paging'))).toBeTruthy();
      expect(document.activeElement).toBe(threshold);
      expect(retries).toHaveProperty('value', '2.5');
    });

    it('sends once the entries are fixed, with typed numbers', async () => {
      const { user, onRespond } = renderDialog({ request: cpuRequest() });
      await user.type(field(/Retries/), '2.5');
      await user.click(accept());
      expect(onRespond).not.toHaveBeenCalled();
      const retries = field(/Retries/);
      await user.clear(retries);
      await user.type(retries, '3');
      // Validation runs as the user types after a failed submit, so the message goes away.
      expect(screen.queryByText(issueText('integer', 'Retries before paging'))).toBeNull();
      expect(retries.getAttribute('aria-invalid')).toBeNull();
      await user.click(accept());
      expect(onRespond.mock.calls).toEqual([
        [{ action: 'accept', content: { threshold: 85.5, windowMinutes: 5, retries: 3 } }],
      ]);
    });

    it('reports a bad format and keeps the text', async () => {
      const { user, onRespond } = renderDialog({
        request: formRequest(paramsOf('form-02-string-formats-and-lengths.json')),
      });
      await user.type(field(/Recipient email/), 'not-an-email');
      await user.click(accept());
      expect(onRespond).not.toHaveBeenCalled();
      const email = field(/Recipient email/);
      expect(screen.getByText(issueText('format', 'Recipient email', { format: 'email' }))).toBeTruthy();
      expect(email).toHaveProperty('value', 'not-an-email');
      expect(document.activeElement).toBe(email);
    });

    it('reports a too-short text against minLength', async () => {
      const { user, onRespond } = renderDialog({
        request: formRequest(paramsOf('form-02-string-formats-and-lengths.json')),
      });
      await user.clear(field(/Display name/));
      await user.type(field(/Display name/), 'A');
      await user.type(field(/Recipient email/), 'ops@atlas.example');
      await user.click(accept());
      expect(onRespond).not.toHaveBeenCalled();
      expect(screen.getByText(issueText('minLength', 'Display name', { minLength: 2 }))).toBeTruthy();
      expect(document.activeElement).toBe(field(/Display name/));
    });

    it('has no axe violations while showing errors', async () => {
      const { user, container } = renderDialog({ request: cpuRequest() });
      await user.clear(field(/CPU threshold/));
      await user.click(accept());
      await expectNoAxeViolations(container);
    });
  });

  describe('given multi-selects with item bounds', () => {
    it('renders a labelled group with a legend and a hint, and refuses fewer than minItems', async () => {
      const { user, onRespond } = renderDialog({ request: formRequest(paramsOf('form-07-enum-untitled-multi.json')) });
      const group = screen.getByRole('group', { name: 'Environments (required)' });
      expect(group.getAttribute('aria-describedby')).toContain('__help');
      expect(within(group).getAllByRole('checkbox')).toHaveLength(4);
      expect(screen.getByText('Choose 1 to 3.')).toBeTruthy();
      await user.click(within(group).getByLabelText('dev'));
      await user.click(within(group).getByLabelText('staging'));
      await user.click(accept());
      expect(onRespond).not.toHaveBeenCalled();
      expect(screen.getByText(issueText('minItems', 'Environments', { minItems: 1 }))).toBeTruthy();
      expect(group.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(within(group).getByLabelText('dev'));
    });

    it('disables further options once maxItems are chosen, and sends in option order', async () => {
      const { user, onRespond } = renderDialog({ request: formRequest(paramsOf('form-08-enum-titled-multi.json')) });
      const push = field('Push notification');
      await user.click(push);
      expect(field('Text message')).toHaveProperty('disabled', true);
      await user.click(field('Email'));
      expect(field('Text message')).toHaveProperty('disabled', false);
      await user.click(field('Text message'));
      await user.click(accept());
      expect(onRespond.mock.calls).toEqual([[{ action: 'accept', content: { channels: ['ch_sms', 'ch_push'] } }]]);
    });
  });

  describe('given booleans, selects and dates', () => {
    it('sends false for a required checkbox left unchecked', async () => {
      const { user, onRespond } = renderDialog({
        request: form({ agree: { type: 'boolean', title: 'Agree' } }, ['agree']),
      });
      expect(screen.queryByText('(required)')).toBeNull();
      await user.click(accept());
      expect(onRespond.mock.calls).toEqual([[{ action: 'accept', content: { agree: false } }]]);
    });

    it('sends a toggled checkbox and omits an untouched optional one', async () => {
      const { user, onRespond } = renderDialog({ request: formRequest(paramsOf('form-04-boolean.json')) });
      await user.click(field('Dry run'));
      await user.click(accept());
      expect(onRespond.mock.calls).toEqual([[{ action: 'accept', content: { dryRun: false } }]]);
    });

    it('requires a choice in a required select without a default', async () => {
      const { user, onRespond } = renderDialog({ request: formRequest(paramsOf('form-13-task-augmented.json')) });
      await user.click(accept());
      expect(onRespond).not.toHaveBeenCalled();
      expect(screen.getByText(issueText('required', 'Export window'))).toBeTruthy();
      expect(document.activeElement).toBe(field(/Export window/));
    });

    it('shows a date-time default in local time and sends an edited one as RFC 3339 with an offset', async () => {
      const { user, onRespond } = renderDialog({
        request: formRequest(paramsOf('form-02-string-formats-and-lengths.json')),
      });
      const sendAt = field(/Send time/) as HTMLInputElement;
      expect(sendAt.type).toBe('datetime-local');
      expect(new Date(sendAt.value).toISOString()).toBe('2025-12-01T09:00:00.000Z');
      fireEvent.change(sendAt, { target: { value: '2026-03-04T05:06' } });
      await user.type(field(/Recipient email/), 'ops@atlas.example');
      await user.click(accept());
      const [[result]] = onRespond.mock.calls as unknown as [[{ content: ElicitContent }]];
      const sent = result.content['sendAt'];
      expect(sent).toMatch(/^2026-03-04T05:06:00(Z|[+-]\d\d:\d\d)$/);
      expect(new Date(sent as string).getTime()).toBe(new Date(2026, 2, 4, 5, 6).getTime());
    });

    it('uses the input types of the formats and number bounds', () => {
      renderDialog({ request: formRequest(paramsOf('form-12-kitchen-sink-all-variants.json')) });
      expect(field('Contact email')).toHaveProperty('type', 'email');
      expect(field('Homepage')).toHaveProperty('type', 'url');
      expect(field('Start date')).toHaveProperty('type', 'date');
      expect(field('Reminder at')).toHaveProperty('type', 'datetime-local');
      const seats = field(/Seats/);
      expect([
        seats.getAttribute('type'),
        seats.getAttribute('min'),
        seats.getAttribute('max'),
        seats.getAttribute('step'),
      ]).toEqual(['number', '1', '500', '1']);
      expect(field('Split ratio').getAttribute('step')).toBe('any');
      expect(field(/Nickname/).hasAttribute('required')).toBe(true);
      expect(
        field(/Nickname/)
          .closest('[data-part=field]')
          ?.hasAttribute('data-required'),
      ).toBe(true);
    });
  });

  describe('given focus and modality', () => {
    it('focuses the first field on open and returns focus to the trigger after answering', async () => {
      const trigger = document.createElement('button');
      trigger.textContent = 'trigger';
      document.body.append(trigger);
      trigger.focus();
      const { user } = renderDialog({ request: formRequest(paramsOf('form-02-string-formats-and-lengths.json')) });
      expect(document.activeElement).toBe(field(/Display name/));
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(document.activeElement).toBe(trigger);
      trigger.remove();
    });

    it('returns focus when the host unmounts the dialog', () => {
      const trigger = document.createElement('button');
      document.body.append(trigger);
      trigger.focus();
      const { unmount } = renderDialog({ request: formRequest(paramsOf('form-01-single-string.json')) });
      expect(document.activeElement).not.toBe(trigger);
      unmount();
      expect(document.activeElement).toBe(trigger);
      trigger.remove();
    });

    it('focuses the dialog itself when there is no field', () => {
      const { dialog } = renderDialog({ request: formRequest(paramsOf('form-11-empty-properties-confirmation.json')) });
      expect(document.activeElement).toBe(dialog);
    });

    it('honours initialFocus', () => {
      render(<Host />);
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'outside' }));
    });

    it('answers cancel on a close request (the dialog cancel event)', () => {
      const { onRespond, dialog } = renderDialog({ request: formRequest(paramsOf('form-01-single-string.json')) });
      const event = new Event('cancel', { cancelable: true });
      act(() => void dialog.dispatchEvent(event));
      expect(event.defaultPrevented).toBe(true);
      expect(onRespond.mock.calls).toEqual([[{ action: 'cancel' }]]);
    });

    it('ignores backdrop clicks by default and cancels on them with closeOnInteractOutside', () => {
      const first = renderDialog({ request: formRequest(paramsOf('form-01-single-string.json')) });
      fireEvent.click(first.dialog, { clientX: 500, clientY: 500 });
      expect(first.onRespond).not.toHaveBeenCalled();
      first.unmount();
      const second = renderDialog({
        request: formRequest(paramsOf('form-01-single-string.json')),
        closeOnInteractOutside: true,
      });
      fireEvent.click(second.dialog.querySelector('form')!, { clientX: 500, clientY: 500 });
      expect(second.onRespond).not.toHaveBeenCalled();
      fireEvent.click(second.dialog, { clientX: 500, clientY: 500 });
      expect(second.onRespond.mock.calls).toEqual([[{ action: 'cancel' }]]);
    });

    it('stays hidden without answering while open is false', () => {
      const request = formRequest(paramsOf('form-01-single-string.json'));
      const onRespond = vi.fn();
      const view = render(
        <ElicitationDialog request={request} server={{ name: 'S' }} onRespond={onRespond} open={false} />,
      );
      const dialog = view.container.querySelector('dialog')!;
      expect(dialog.open).toBe(false);
      view.rerender(<ElicitationDialog request={request} server={{ name: 'S' }} onRespond={onRespond} open />);
      expect(dialog.open).toBe(true);
      expect(onRespond).not.toHaveBeenCalled();
    });
  });

  describe('given keyboard-only use', () => {
    it('submits with Enter in a text field', async () => {
      const { user, onRespond } = renderDialog({ request: formRequest(paramsOf('form-01-single-string.json')) });
      await user.keyboard('main{Enter}');
      expect(onRespond.mock.calls).toEqual([[{ action: 'accept', content: { branch: 'main' } }]]);
    });

    it('reaches every control and action with Tab, in order', async () => {
      const { user } = renderDialog({ request: formRequest(paramsOf('form-04-boolean.json')) });
      expect(document.activeElement).toBe(field('Dry run'));
      await user.tab();
      expect(document.activeElement).toBe(field('Notify owners'));
      await user.tab();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
      await user.tab();
      await user.tab();
      expect(document.activeElement).toBe(accept());
    });

    it('focuses the first invalid field when reopened', async () => {
      const request = formRequest(paramsOf('form-10-mode-omitted-2025-06-18-style.json'));
      const onRespond = vi.fn();
      const user = userEvent.setup();
      const view = render(<ElicitationDialog request={request} server={{ name: 'S' }} onRespond={onRespond} />);
      await user.click(field(/Private repository/));
      await user.click(accept());
      view.rerender(<ElicitationDialog request={request} server={{ name: 'S' }} onRespond={onRespond} open={false} />);
      view.rerender(<ElicitationDialog request={request} server={{ name: 'S' }} onRespond={onRespond} open />);
      expect(document.activeElement).toBe(field(/Project name/));
      expect(onRespond).not.toHaveBeenCalled();
    });
  });

  describe('given React StrictMode', () => {
    it('opens, focuses and answers once', async () => {
      const onRespond = vi.fn();
      const user = userEvent.setup();
      render(
        <StrictMode>
          <ElicitationDialog
            request={formRequest(paramsOf('form-01-single-string.json'))}
            server={{ name: 'S' }}
            onRespond={onRespond}
          />
        </StrictMode>,
      );
      expect(screen.getByRole('dialog')).toHaveProperty('open', true);
      expect(document.activeElement).toBe(field(/Branch/));
      await user.keyboard('main');
      await user.dblClick(accept());
      expect(onRespond.mock.calls).toEqual([[{ action: 'accept', content: { branch: 'main' } }]]);
    });
  });

  describe('given other states, axe finds no violations', () => {
    it('with a blocked secret form', async () => {
      const { container } = renderDialog({ request: secret(), blockSensitive: true, pendingCount: 3 });
      await expectNoAxeViolations(container);
    });

    it('with a URL that cannot be opened', async () => {
      const request = urlRequest({ mode: 'url', message: 'Go', elicitationId: 'e1', url: 'http://plain.example/pay' });
      const { container } = renderDialog({ request, server: { name: 'pay', url: 'https://pay.example/mcp' } });
      await expectNoAxeViolations(container);
    });

    it('with a multi-select showing an error', async () => {
      const { user, container } = renderDialog({ request: formRequest(paramsOf('form-07-enum-untitled-multi.json')) });
      await user.click(field('dev'));
      await user.click(field('staging'));
      await user.click(accept());
      expect(container.querySelector('[data-part=error]')).not.toBeNull();
      await expectNoAxeViolations(container);
    });
  });

  describe('given repeated activation', () => {
    it('answers once when Accept is activated twice', async () => {
      const { user, onRespond } = renderDialog({ request: formRequest(paramsOf('form-05-enum-untitled-single.json')) });
      const button = accept();
      await user.dblClick(button);
      fireEvent.click(button);
      expect(onRespond).toHaveBeenCalledTimes(1);
    });

    it('answers once when Accept, Decline, Cancel and Escape all fire in one burst', async () => {
      const { onRespond, dialog } = renderDialog({
        request: formRequest(paramsOf('form-05-enum-untitled-single.json')),
      });
      const [cancel, decline, ok] = within(dialog).getAllByRole('button');
      act(() => {
        fireEvent.click(ok!);
        fireEvent.click(decline!);
        fireEvent.click(cancel!);
        fireEvent.keyDown(dialog, { key: 'Escape' });
      });
      await act(async () => {});
      // The first answer to complete wins (Decline here: rjsf finishes a submit in its own state update).
      expect(onRespond).toHaveBeenCalledTimes(1);
    });

    it('opens the URL once when Open is activated twice', async () => {
      const onOpenUrl = vi.fn();
      const request = urlRequest(paramsOf('url-01-api-key-entry.json'));
      const { user, onRespond } = renderDialog({ request, onOpenUrl });
      const open = screen.getByRole('button', { name: 'Open mcp.weather.example' });
      await user.dblClick(open);
      expect(onOpenUrl).toHaveBeenCalledTimes(1);
      expect(onRespond).toHaveBeenCalledTimes(1);
    });

    it('answers a new request again', async () => {
      const onRespond = vi.fn();
      const first = formRequest(paramsOf('form-05-enum-untitled-single.json'));
      const second = formRequest(paramsOf('form-06-enum-titled-single.json'));
      const user = userEvent.setup();
      const view = render(<ElicitationDialog request={first} server={{ name: 'S' }} onRespond={onRespond} />);
      await user.click(accept());
      view.rerender(<ElicitationDialog request={second} server={{ name: 'S' }} onRespond={onRespond} />);
      expect(view.container.querySelector('dialog')?.open).toBe(true);
      await user.click(accept());
      expect(onRespond.mock.calls).toEqual([
        [{ action: 'accept', content: { region: 'eu-west-1' } }],
        [{ action: 'accept', content: { priority: 'p2' } }],
      ]);
    });
  });

  describe('given URL mode', () => {
    it('shows the full URL as text with the host highlighted, and no link', () => {
      const request = urlRequest(paramsOf('url-02-third-party-oauth.json'));
      const { dialog } = renderDialog({ request });
      const code = dialog.querySelector('code')!;
      expect(code.textContent).toBe(request.link.href);
      expect(code.getAttribute('dir')).toBe('ltr');
      // The site (registrable domain) is what the user must check; subdomains are shown, not highlighted.
      expect(code.querySelector('[data-part=host]')?.textContent).toBe('calendar.example');
      expect(dialog.querySelector('a, iframe, link, img')).toBeNull();
      expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    });

    it('opens a new top-level tab with noopener,noreferrer by default, then answers accept', async () => {
      const open = vi.spyOn(window, 'open').mockReturnValue(null);
      try {
        const request = urlRequest(paramsOf('url-01-api-key-entry.json'));
        const { user, onRespond } = renderDialog({ request });
        expect(open).not.toHaveBeenCalled();
        await user.click(screen.getByRole('button', { name: 'Open mcp.weather.example' }));
        expect(open).toHaveBeenCalledExactlyOnceWith(request.link.href, '_blank', 'noopener,noreferrer');
        expect(onRespond.mock.calls).toEqual([[{ action: 'accept' }]]);
      } finally {
        open.mockRestore();
      }
    });

    it('offers no Open action for a URL the kit will not open, and shows why', async () => {
      const request = urlRequest({ mode: 'url', message: 'Go', elicitationId: 'e1', url: 'http://plain.example/pay' });
      expect(request.link.canOpen).toBe(false);
      const { user, onRespond } = renderDialog({ request });
      expect(screen.queryByRole('button', { name: /^Open/ })).toBeNull();
      expect(screen.getByText('This link cannot be opened safely.')).toBeTruthy();
      for (const warning of request.link.warnings) expect(screen.getByText(warning.message)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Decline' }));
      expect(onRespond.mock.calls).toEqual([[{ action: 'decline' }]]);
    });

    it('highlights the real host after userinfo', () => {
      const request = urlRequest({
        mode: 'url',
        message: 'Go',
        elicitationId: 'e1',
        url: 'https://bank.example@evil.example/login',
      });
      const { dialog } = renderDialog({ request });
      expect(dialog.querySelector('[data-part=host]')?.textContent).toBe('evil.example');
      expect(screen.queryByRole('button', { name: /^Open/ })).toBeNull();
    });

    it('shows punycode warnings and still lets the user open the page', () => {
      const request = urlRequest({
        mode: 'url',
        message: 'Go',
        elicitationId: 'e1',
        url: 'https://xn--80ak6aa92e.com/',
      });
      renderDialog({ request });
      expect(screen.getByText(request.link.warnings[0]!.message)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Open xn--80ak6aa92e.com' })).toBeTruthy();
    });
  });

  describe('given secret-looking fields', () => {
    it('warns, naming the fields, and still offers Accept', () => {
      renderDialog({ request: secret() });
      expect(screen.getByText(/“API Key” looks like a secret/)).toBeTruthy();
      expect(accept()).toBeTruthy();
      expect(field('API Key')).toBeTruthy();
    });

    it('offers only Decline and Cancel when the host blocks such forms', async () => {
      const { user, onRespond, dialog } = renderDialog({ request: secret(), blockSensitive: true });
      expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
      expect(dialog.querySelector('input, select, form')).toBeNull();
      expect(screen.getByText(/does not allow forms that ask for secrets/)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Decline' }));
      expect(onRespond.mock.calls).toEqual([[{ action: 'decline' }]]);
    });

    it('blocks nothing when no field looks secret', () => {
      renderDialog({ request: formRequest(paramsOf('form-01-single-string.json')), blockSensitive: true });
      expect(accept()).toBeTruthy();
    });
  });

  describe('given replacement strings and a queue', () => {
    it('shows the host strings, including validation messages', async () => {
      const { user } = renderDialog({
        request: formRequest(paramsOf('form-01-single-string.json')),
        pendingCount: 2,
        strings: {
          title: (server) => `${server} fragt nach`,
          accept: 'Senden',
          required: '(Pflichtfeld)',
          issues: { required: ({ label }) => `${label} fehlt.` },
        },
      });
      expect(screen.getByRole('heading', { name: 'Demo Server fragt nach' })).toBeTruthy();
      expect(screen.getByText('2 more requests waiting')).toBeTruthy();
      expect(screen.getByLabelText('Branch (Pflichtfeld)')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Senden' }));
      expect(screen.getByText('Branch fehlt.')).toBeTruthy();
    });
  });

  describe('given composable parts', () => {
    it('lets a host lay out the parts and add its own', async () => {
      const onRespond = vi.fn();
      const user = userEvent.setup();
      render(
        <Elicitation.Root
          request={formRequest(paramsOf('form-01-single-string.json'))}
          server={{ name: 'git' }}
          onRespond={onRespond}
          className="mine"
        >
          <Elicitation.Actions />
          <Elicitation.Title />
          <Elicitation.Fields />
          <Elicitation.Description />
          <ServerBadge />
        </Elicitation.Root>,
      );
      expect(screen.getByRole('dialog').className).toBe('mine');
      await user.type(field(/Branch/), 'main');
      await user.click(accept());
      expect(onRespond.mock.calls).toEqual([[{ action: 'accept', content: { branch: 'main' } }]]);
    });

    it("shows the host's footer after the actions of the complete dialog, inside the modal", async () => {
      const { user, onRespond, dialog } = renderDialog({
        request: formRequest(paramsOf('form-01-single-string.json')),
        server: { name: 'git' },
        footer: <ServerBadge />,
      });
      const badge = screen.getByRole('button', { name: 'Never ask git' });
      expect(dialog.contains(badge)).toBe(true);
      const actions = dialog.querySelector('[data-part=actions]');
      expect(actions?.compareDocumentPosition(badge)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
      await user.click(badge);
      expect(onRespond.mock.calls).toEqual([[{ action: 'decline' }]]);
    });

    it('omits aria-describedby when no message part is rendered', () => {
      render(
        <Elicitation.Root
          request={formRequest(paramsOf('form-01-single-string.json'))}
          server={{ name: 'git' }}
          onRespond={() => {}}
        >
          <Elicitation.Title />
          <Elicitation.Fields />
        </Elicitation.Root>,
      );
      expect(screen.getByRole('dialog').hasAttribute('aria-describedby')).toBe(false);
      expect(screen.getByRole('dialog', { name: 'git is asking for input' })).toBeTruthy();
    });

    it('explains when a part is used outside the root', () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      // React 18 in development also rethrows render errors inside a synthetic event, which jsdom reports (with the
      // stack) unless the window's error event is cancelled: the throw below is the assertion, not that report.
      window.addEventListener('error', cancelErrorEvent);
      try {
        expect(() => render(<Elicitation.Title />)).toThrow(
          '<Elicitation.Title> must be rendered inside <Elicitation.Root>',
        );
      } finally {
        window.removeEventListener('error', cancelErrorEvent);
        vi.mocked(console.error).mockRestore();
      }
    });
  });
});

/** Cancels a window error event (an error the test expects, so jsdom does not print it). */
function cancelErrorEvent(event: ErrorEvent): void {
  event.preventDefault();
}

afterEach(() => vi.restoreAllMocks());

describe('given a host that previews the answer (onValuesChange)', () => {
  it('reports each edit with the values typed so far, without answering', async () => {
    const onValuesChange = vi.fn();
    const { user, onRespond } = renderDialog({
      request: formRequest(paramsOf('form-01-single-string.json')),
      onValuesChange,
    });
    await user.type(field(/Branch/), 'v2');
    expect(onValuesChange).toHaveBeenLastCalledWith(expect.objectContaining({ branch: 'v2' }));
    expect(onRespond).not.toHaveBeenCalled();
  });
});

describe("given a URL request of the 2026-07-28 era (accept waits for I'm done)", () => {
  it("opens the page without answering, then answers accept once on I'm done", async () => {
    const onOpenUrl = vi.fn();
    const request = urlRequest(paramsOf('url-01-api-key-entry.json'));
    const { user, onRespond } = renderDialog({ request, onOpenUrl, era: 'modern' });
    await user.click(screen.getByRole('button', { name: 'Open mcp.weather.example' }));
    expect(onOpenUrl).toHaveBeenCalledExactlyOnceWith(request.link.href);
    expect(onRespond).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toMatch(/new tab/);
    const done = screen.getByRole('button', { name: "I'm done" });
    expect(document.activeElement).toBe(done);
    await user.dblClick(done);
    expect(onRespond.mock.calls).toEqual([[{ action: 'accept' }]]);
  });

  it('still lets the user decline after opening the page', async () => {
    const request = urlRequest(paramsOf('url-01-api-key-entry.json'));
    const { user, onRespond } = renderDialog({ request, onOpenUrl: vi.fn(), era: 'modern' });
    await user.click(screen.getByRole('button', { name: 'Open mcp.weather.example' }));
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onRespond.mock.calls).toEqual([[{ action: 'decline' }]]);
  });
});

/** The react README's snippet, made to re-render on every keystroke (a parent holding the preview in state). */
function NaiveHost({ params, onRespond }: { params: unknown; onRespond: (result: ElicitResult) => void }) {
  const [preview, setPreview] = useState('');
  const parsed = parseElicitation(params);
  if (!parsed.ok) return null;
  return (
    <>
      <output>{preview}</output>
      <ElicitationDialog
        request={parsed.request}
        server={{ name: 'git' }}
        onRespond={onRespond}
        onValuesChange={(values) => setPreview(JSON.stringify(values))}
      />
    </>
  );
}

describe('given a naive host that parses the request again on every render', () => {
  it('continues the same dialog and answers exactly once, whatever is pressed after the answer', async () => {
    const onRespond = vi.fn();
    const user = userEvent.setup();
    const { container } = render(<NaiveHost params={paramsOf('form-01-single-string.json')} onRespond={onRespond} />);
    await user.type(field(/Branch/), 'main');
    expect((field(/Branch/) as HTMLInputElement).value).toBe('main');
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('{"branch":"main"}');
    await user.click(accept());
    const dialog = container.querySelector('dialog')!;
    expect(dialog.hasAttribute('inert')).toBe(true);
    expect(dialog.hasAttribute('open')).toBe(false);
    for (const button of dialog.querySelectorAll('button')) {
      expect(button.disabled).toBe(true);
      fireEvent.click(button);
    }
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await user.keyboard('{Escape}');
    expect(onRespond.mock.calls).toEqual([[{ action: 'accept', content: { branch: 'main' } }]]);
  });

  it('starts over when the params are another request', () => {
    const onRespond = vi.fn();
    const view = render(<NaiveHost params={paramsOf('form-01-single-string.json')} onRespond={onRespond} />);
    fireEvent.change(field(/Branch/), { target: { value: 'dev' } });
    view.rerender(<NaiveHost params={paramsOf('form-03-number-and-integer.json')} onRespond={onRespond} />);
    expect(screen.queryByLabelText(/Branch/)).toBeNull();
    expect(onRespond).not.toHaveBeenCalled();
  });
});

describe('given a queue entry', () => {
  it('takes the entry as is: its id is the identity, its era decides URL mode, an aborted signal closes the dialog', async () => {
    const controller = new AbortController();
    const onRespond = vi.fn();
    const user = userEvent.setup();
    const entry = {
      id: 'e1',
      request: urlRequest(paramsOf('url-01-api-key-entry.json')),
      server: { name: 'weather' },
      era: 'modern' as const,
      signal: controller.signal,
    };
    const { container } = render(<ElicitationDialog entry={entry} onRespond={onRespond} onOpenUrl={() => {}} />);
    await user.click(screen.getByRole('button', { name: /^Open / }));
    expect(screen.getByRole('button', { name: "I'm done" })).toBeTruthy();
    act(() => controller.abort());
    expect(container.querySelector('dialog')?.hasAttribute('open')).toBe(false);
    expect(onRespond).not.toHaveBeenCalled();
  });
  it('says why a URL request is back when the entry is asked again, and only then', () => {
    const entry = {
      id: 'e2',
      request: urlRequest(paramsOf('url-01-api-key-entry.json')),
      server: { name: 'weather' },
      era: 'modern' as const,
    };
    const { rerender } = render(<ElicitationDialog entry={entry} onRespond={vi.fn()} onOpenUrl={() => {}} />);
    expect(screen.queryByText(/asks again/)).toBeNull();
    rerender(
      <ElicitationDialog entry={{ ...entry, id: 'e3', askedAgain: true }} onRespond={vi.fn()} onOpenUrl={() => {}} />,
    );
    expect(
      screen.getByText(
        'The server asks again: it does not count this step as finished yet. Finish on the page (open it again if you closed it), then answer.',
      ),
    ).toBeTruthy();
  });
});
