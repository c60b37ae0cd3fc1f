// kit.callTool against a real SDK v2 client and server (in-memory transport), both eras, on fake timers: the user
// takes minutes to answer, far beyond the SDK's default 60 s request timeout, and the call still completes; the
// server's own slowness still times the call out. (How long the server waits for the user is the server's business:
// the SDK server's legacy shim gives up after 10 minutes, so the users here answer within that.)
import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_PARAMS, connect, firstEntry, resultJson, waitForQueue } from '../test/harness.js';
import type { Setup } from '../test/harness.js';

let setup: Setup | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await setup?.close();
  setup = undefined;
});

const MINUTE = 60_000;
const ANSWER = { action: 'accept', content: { format: 'csv', maxRows: 5 } } as const;

/** Connects with real timers (the SDK's version probe), then lets the test move the clock. */
async function connectOnFakeTimers(...args: Parameters<typeof connect>): Promise<Setup> {
  const connected = await connect(...args);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  return connected;
}

/** What a call ended with, without letting a rejection go unhandled while the clock moves. */
function outcome<T>(call: Promise<T>): { settled: () => boolean; result: Promise<T> } {
  let settled = false;
  const result = call.finally(() => {
    settled = true;
  });
  result.catch(() => undefined);
  return { settled: () => settled, result };
}

const timedOut = (message: string) => expect.objectContaining({ code: SdkErrorCode.RequestTimeout, message });

describe.each(['legacy', 'modern'] as const)('kit.callTool (%s era)', (era) => {
  it('completes although the user answers five minutes later (default timeout 60 s)', async () => {
    setup = await connectOnFakeTimers(era);
    const call = outcome(setup.kit.callTool({ name: 'ask', arguments: { params: EXPORT_PARAMS } }));
    const entry = await firstEntry(setup.queue);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(call.settled()).toBe(false);
    expect(entry.signal.aborted).toBe(false);
    setup.queue.respond(entry.id, ANSWER);
    expect(resultJson(await call.result)).toEqual({ received: { kind: 'elicit', ...ANSWER } });
  });

  it('pins why: the SDK alone fails the same call once the user takes longer than its timeout', async () => {
    setup = await connectOnFakeTimers(era);
    // 2025: the tools/call stays open while the user answers. 2026-07-28: each leg has its own timeout, but the
    // total timeout counts the user's time.
    const call = outcome(
      setup.client.callTool(
        { name: 'ask', arguments: { params: EXPORT_PARAMS } },
        era === 'legacy' ? {} : { maxTotalTimeout: MINUTE },
      ),
    );
    const entry = await firstEntry(setup.queue);
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    setup.queue.respond(entry.id, ANSWER);
    await expect(call.result).rejects.toThrow(
      era === 'legacy' ? 'Request timed out' : 'Maximum total timeout exceeded',
    );
  });

  it('still times out when the server itself works longer than the timeout, with the SDK error', async () => {
    setup = await connectOnFakeTimers(era);
    const sentBefore = setup.sent.length;
    const call = outcome(setup.kit.callTool({ name: 'work', arguments: { ms: 5 * MINUTE } }, { timeout: MINUTE }));
    await vi.advanceTimersByTimeAsync(MINUTE - 1);
    expect(call.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const failure: unknown = await call.result.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SdkError);
    expect(failure).toEqual(timedOut('Request timed out'));
    // The server is told to stop, as for the SDK's own timeout: notifications/cancelled (over Streamable HTTP in
    // 2026-07-28 the SDK closes the request's stream instead).
    const cancelled = setup.sent
      .slice(sentBefore)
      .filter((message) => 'method' in message && message.method === 'notifications/cancelled');
    expect(cancelled).toHaveLength(1);
  });

  it("counts the server's work again once the user answered, with the whole timeout", async () => {
    setup = await connectOnFakeTimers(era);
    const call = outcome(
      setup.kit.callTool(
        { name: 'ask-then-work', arguments: { params: EXPORT_PARAMS, ms: 5 * MINUTE } },
        { timeout: MINUTE },
      ),
    );
    const entry = await firstEntry(setup.queue);
    await vi.advanceTimersByTimeAsync(3 * MINUTE);
    setup.queue.respond(entry.id, ANSWER);
    await vi.advanceTimersByTimeAsync(MINUTE - 1);
    expect(call.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(call.result).rejects.toEqual(timedOut('Request timed out'));
  });

  it('leaves out the time the user answers from maxTotalTimeout, and enforces it on the server work', async () => {
    setup = await connectOnFakeTimers(era);
    const call = outcome(
      setup.kit.callTool(
        { name: 'ask-then-work', arguments: { params: EXPORT_PARAMS, ms: 40_000 } },
        { timeout: MINUTE, maxTotalTimeout: 30_000 },
      ),
    );
    const entry = await firstEntry(setup.queue);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(call.settled()).toBe(false);
    setup.queue.respond(entry.id, ANSWER);
    await vi.advanceTimersByTimeAsync(30_000 - 1);
    expect(call.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(call.result).rejects.toEqual(timedOut('Maximum total timeout exceeded'));
  });

  it('starts the timeout afresh on progress when asked to, and passes the progress on', async () => {
    setup = await connectOnFakeTimers(era);
    const progress: number[] = [];
    const call = outcome(
      setup.kit.callTool(
        { name: 'work', arguments: { ms: 5 * MINUTE, progressEvery: 20_000 } },
        { timeout: 30_000, resetTimeoutOnProgress: true, onprogress: (update) => progress.push(update.progress) },
      ),
    );
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(resultJson(await call.result)).toEqual({ worked: 5 * MINUTE });
    expect(progress.length).toBeGreaterThanOrEqual(14);
  });

  it("aborts with the caller's signal and its reason, and the entry leaves the queue", async () => {
    setup = await connect(era);
    const controller = new AbortController();
    const call = setup.kit.callTool(
      { name: 'ask', arguments: { params: EXPORT_PARAMS } },
      { signal: controller.signal, timeout: MINUTE },
    );
    const entry = await firstEntry(setup.queue);
    controller.abort('user closed the tab');
    await expect(call).rejects.toThrow(/user closed the tab/);
    await waitForQueue(setup.queue, (snapshot) => snapshot.length === 0);
    expect(entry.signal.aborted).toBe(true);
  });
});

describe('kit.callTool, 2025-only waits', () => {
  it('keeps the call alive while the user is on the page of an accepted URL elicitation', async () => {
    setup = await connectOnFakeTimers('legacy');
    const call = outcome(setup.kit.callTool({ name: 'visit-url', arguments: { id: 'flow-1' } }, { timeout: MINUTE }));
    const entry = await firstEntry(setup.queue);
    setup.queue.respond(entry.id, { action: 'accept' });
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(call.settled()).toBe(false);
    // The user presses "Done" on the page: the server notifies and returns.
    setup.state.urlPages.get('flow-1')?.();
    expect(resultJson(await call.result)).toEqual({ result: { action: 'accept' } });
    expect(setup.events.filter((event) => event.type === 'completed')).toHaveLength(1);
  });

  it('keeps the call alive while an answer waits to be sent again, and forgets it when the call ends', async () => {
    setup = await connectOnFakeTimers('legacy', {
      clientSend: async (message, send) => {
        if ('result' in message) throw new TypeError('Failed to fetch');
        await send(message);
      },
    });
    const controller = new AbortController();
    const call = outcome(
      setup.kit.callTool(
        // The server waits 10 minutes for the answer (its own elicitInput timeout), the client's call 1 minute.
        { name: 'ask-direct', arguments: { params: EXPORT_PARAMS, timeout: 10 * MINUTE } },
        { timeout: MINUTE, signal: controller.signal },
      ),
    );
    const entry = await firstEntry(setup.queue);
    setup.queue.respond(entry.id, ANSWER);
    await vi.advanceTimersByTimeAsync(0);
    expect(setup.kit.undelivered()).toEqual([entry]);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(call.settled()).toBe(false);
    controller.abort('Stopped by the user.');
    await expect(call.result).rejects.toThrow('Stopped by the user.');
    // No call waits for it any more: there is nothing to resend.
    expect(setup.kit.undelivered()).toEqual([]);
    expect(await setup.kit.resend(entry.id)).toBe(false);
  });
});
