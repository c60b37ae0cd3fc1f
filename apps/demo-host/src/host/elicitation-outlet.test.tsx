import { createElicitationQueue } from '@elicitation-kit/core';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionStore } from './connections.js';
import { describeEvent } from './events.js';
import type { LogEntry } from './log-store.js';
import { ElicitationNotice } from './elicitation-notice.js';
import { ElicitationOutlet } from './elicitation-outlet.js';
import { HostPage } from './host-page.js';

afterEach(cleanup);

/** A store with a fixed log (the notice reads only the log). */
const NO_SERVERS: readonly never[] = [];
function storeWith(log: readonly LogEntry[], resend: ConnectionStore['resend'] = async () => false): ConnectionStore {
  return {
    subscribe: () => () => undefined,
    getSnapshot: () => NO_SERVERS,
    subscribeLog: () => () => undefined,
    getLog: () => log,
    resend,
  } as unknown as ConnectionStore;
}

const entry = {
  id: 'e1',
  server: { id: 's1', name: 'Acme' },
  era: 'legacy',
  request: {
    mode: 'form',
    message: 'Export how?',
    fields: [],
    requestedSchema: { type: 'object', properties: {} },
    warnings: [],
  },
} as const;

const line = (id: number, notice?: string): LogEntry => ({
  id,
  at: 0,
  server: 'Acme',
  kind: 'elicitation',
  label: 'cancelled',
  outcome: 'cancelled',
  text: '',
  ...(notice !== undefined ? { notice } : {}),
});

describe('what the user is told when a question ends without them', () => {
  it('says the server withdrew its question, or that the connection closed, and that nothing was sent', () => {
    const aborted = describeEvent({ type: 'cancelled', entry, reason: 'aborted' } as never);
    expect(aborted.notice).toBe('Acme withdrew its question: "Export how?". Nothing was sent.');
    const closed = describeEvent({ type: 'cancelled', entry, reason: 'connection-closed' } as never);
    expect(closed.notice).toMatch(/^The connection to Acme closed, so its question was cancelled/);
  });

  it('shows the latest notice until dismissed', async () => {
    const user = userEvent.setup();
    render(
      <ElicitationNotice store={storeWith([line(1, 'older'), line(2, 'Acme withdrew its question.'), line(3)])} />,
    );
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Acme withdrew its question.');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is told on the host page, under the servers and above the protocol log; the outlet (every page) has none', () => {
    const store = storeWith([line(1, 'Acme sent a request this host refused (nothing was shown): unsupported.')]);
    const { unmount } = render(<ElicitationOutlet queue={createElicitationQueue()} />);
    expect(screen.queryByRole('status')).toBeNull();
    unmount();

    render(<HostPage store={store} />);
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Acme sent a request this host refused');
    const log = screen.getByRole('region', { name: 'Protocol log' });
    expect(notice.compareDocumentPosition(log) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(log.contains(notice)).toBe(false);
  });

  it('offers "Send again" for an answer that did not arrive, unless the server lost the session (404)', async () => {
    const offline = describeEvent({
      type: 'undelivered',
      entry,
      result: { action: 'accept', content: {} },
      error: new TypeError('Failed to fetch'),
      canResend: true,
    } as never);
    expect(offline).toMatchObject({ outcome: 'undelivered', label: 'not delivered' });
    expect(offline.notice).toBe(
      'Your answer to Acme did not arrive: the connection failed. Acme is still waiting; send it again once you are back online.',
    );
    const gone = Object.assign(new Error('Error POSTing to endpoint: Session not found'), { data: { status: 404 } });
    expect(
      describeEvent({
        type: 'undelivered',
        entry,
        result: { action: 'cancel' },
        error: gone,
        canResend: false,
      } as never).notice,
    ).toContain('no longer knows this session');

    const user = userEvent.setup();
    const resend = vi.fn(async () => true);
    const log = [
      { ...line(1, offline.notice), outcome: 'undelivered' as const, resend: { serverId: 's1', entryId: 'e1' } },
    ];
    render(<ElicitationNotice store={storeWith(log, resend)} />);
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(resend).toHaveBeenCalledExactlyOnceWith('s1', 'e1');
  });
});
