// The AI SDK adapter against the demo server over real Streamable HTTP on loopback: `createMCPClient` of
// `@ai-sdk/mcp` 2.0 with the kit attached, in both eras (2026-07-28 by its `server/discover` probe, 2025-11-25 with
// `protocolVersionDiscovery: false`), every outcome; and what the client itself keeps from the kit, pinned.
import { getEventListeners } from 'node:events';
import {
  createElicitationQueue,
  DEFAULT_MAX_PENDING_PER_SERVER,
  isTooManyPending,
  parseElicitation,
} from '@elicitation-kit/core';
import type { ElicitationQueue } from '@elicitation-kit/core';
import { DEMO_SERVER_INFO, UNSUPPORTED_SCHEMA } from '@elicitation-kit/demo-server';
import { createMCPClient, MCPClientError } from '@ai-sdk/mcp';
import type { MCPClient } from '@ai-sdk/mcp';
import { describe, expect, it } from 'vitest';
import { firstEntry, waitForQueue } from '@elicitation-kit/test-mcp-server/hosts';
import { demoServerForFile } from './test/demo.js';
import {
  closedAfterEach,
  droppingAnswers,
  eventCount,
  eventLog,
  summary,
  texts,
  waitUntil,
} from '@elicitation-kit/test-mcp-server/hosts';
import { pastAnyResponse, recordWire } from './test/wire-recorder.js';
import type { ElicitationEvent } from '@elicitation-kit/mcp';
import { attachElicitation, elicitationCapabilities } from '@elicitation-kit/mcp/ai-sdk';
import type { ElicitationAttachment } from '@elicitation-kit/mcp/ai-sdk';

type Era = 'legacy' | 'modern';

const demo = demoServerForFile();

const open = closedAfterEach<MCPClient>();

interface AiHost {
  client: MCPClient;
  queue: ElicitationQueue;
  kit: ElicitationAttachment;
  events: ElicitationEvent[];
  /** What the client reported to `onUncaughtError`. */
  uncaught: unknown[];
}

interface ConnectOptions {
  maxPendingPerServer?: number;
  fetch?: typeof fetch;
}

async function connectAi(era: Era, options: ConnectOptions = {}): Promise<AiHost> {
  const uncaught: unknown[] = [];
  const client = await createMCPClient({
    transport: { type: 'http', url: demo().url, ...(options.fetch === undefined ? {} : { fetch: options.fetch }) },
    capabilities: elicitationCapabilities(),
    protocolVersionDiscovery: era === 'modern',
    onUncaughtError: (error) => uncaught.push(error),
  });
  open.push(client);
  const queue = createElicitationQueue(
    options.maxPendingPerServer === undefined ? {} : { maxPendingPerServer: options.maxPendingPerServer },
  );
  const log = eventLog<ElicitationEvent>();
  const kit = attachElicitation(client, {
    queue,
    server: { url: demo().url },
    onEvent: log.onEvent,
  });
  expect(client.initializeResult.protocolVersion).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25');
  return { client, queue, kit, events: log.events, uncaught };
}

const call = (client: MCPClient, name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name, arguments: args });

const UNSUPPORTED = parseElicitation({
  mode: 'form',
  message: 'Which country are you in?',
  requestedSchema: UNSUPPORTED_SCHEMA,
});

describe.each(['legacy', 'modern'] as const)('the AI SDK adapter against the demo server (%s era)', (era) => {
  it('shows the export form with the server identity and sends the accepted answer', async () => {
    const { client, queue } = await connectAi(era);
    const running = call(client, 'export-data');
    const entry = await firstEntry(queue);
    expect(entry).toMatchObject({
      era,
      server: { name: DEMO_SERVER_INFO.name, url: demo().url },
      request: { mode: 'form', message: 'How should the orders export be produced?' },
    });
    queue.respond(entry.id, { action: 'accept', content: { format: 'csv', maxRows: 4, includeHeaders: true } });
    const result = await running;
    expect(summary(result)).toMatchObject({ status: 'completed', format: 'csv', rows: 4 });
    expect((texts(result)[1] ?? '').trimEnd().split('\r\n')).toHaveLength(5);
  });

  it.each([
    ['decline', 'not_started'],
    ['cancel', 'cancelled'],
  ] as const)('answers %s and the server reports %s', async (action, status) => {
    const { client, queue } = await connectAi(era);
    const running = call(client, 'export-data');
    queue.respond((await firstEntry(queue)).id, { action });
    expect(summary(await running)).toMatchObject({ status });
  });

  it('refuses the unsupported schema with core’s -32602 and queues nothing', async () => {
    const { client, queue, events } = await connectAi(era);
    if (UNSUPPORTED.ok) {
      throw new Error('core must refuse the unsupported schema');
    }
    const expected = UNSUPPORTED.error;
    if (era === 'legacy') {
      // Not the client's own -32603: the kit replaces its error response with core's.
      const result = await call(client, 'unsupported-schema');
      expect(result.isError).toBe(true);
      expect(texts(result).join('\n')).toContain(`-32602: ${expected.message}`);
      expect(demo().log.at(-1)).toMatchObject({ action: 'client-error', detail: { code: -32602 } });
    } else {
      const failure: unknown = await call(client, 'unsupported-schema').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MCPClientError);
      expect(failure).toMatchObject({ code: -32602, message: expected.message, data: expected.data });
    }
    expect(queue.getSnapshot()).toEqual([]);
    expect(events).toMatchObject([{ type: 'rejected', era, error: expected }]);
  });

  it('settles pending entries as cancel when the client closes', async () => {
    const { client, queue, events } = await connectAi(era);
    const running = call(client, 'confirm-action').catch((error: unknown) => error);
    const entry = await firstEntry(queue);
    await client.close();
    expect(await running).toBeInstanceOf(Error);
    expect(queue.getSnapshot()).toEqual([]);
    expect(entry.signal.aborted).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'cancelled', reason: 'connection-closed' });
  });

  it('closes the entry when the caller aborts the tool call', async () => {
    const { client, queue } = await connectAi(era);
    const controller = new AbortController();
    const running = client
      .callTool({ name: 'all-field-types', arguments: {}, options: { signal: controller.signal } })
      .catch((error: unknown) => error);
    const entry = await firstEntry(queue);
    controller.abort(new Error('host navigated away'));
    expect(await running).toMatchObject({ message: 'Request was aborted' });
    // The client tells the handler nothing (nor, in 2025, the server): the kit closes the question as the call ends.
    await waitForQueue(queue, (snapshot) => snapshot.length === 0);
    expect(entry.signal.aborted).toBe(true);
  });

  it('keeps kit.callTool alive while the user takes longer than its timeout; the bare client call fails', async () => {
    const { client, queue, kit } = await connectAi(era);
    const timeout = 300;
    const bare = client
      .callTool({ name: 'export-data', arguments: {}, options: { timeout } })
      .catch((error: unknown) => error);
    const dropped = await firstEntry(queue);
    expect(await bare).toMatchObject({ message: `Request timed out after ${String(timeout)}ms` });
    queue.respond(dropped.id, { action: 'cancel' });
    await waitForQueue(queue, (snapshot) => snapshot.length === 0);

    const running = kit.callTool({
      name: 'export-data',
      arguments: {},
      options: { timeout, maxTotalTimeout: timeout },
    });
    const entry = await firstEntry(queue);
    await new Promise((resolve) => setTimeout(resolve, 3 * timeout));
    queue.respond(entry.id, { action: 'accept', content: { format: 'json', maxRows: 2, includeHeaders: true } });
    expect(summary(await running)).toMatchObject({ status: 'completed', rows: 2 });
  });

  it('times kit.callTool out on the server’s own slowness with the client’s timeout error', async () => {
    const { kit } = await connectAi(era);
    const failure: unknown = await kit
      .callTool({ name: 'slow-export', arguments: { seconds: 3 }, options: { timeout: 200 } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MCPClientError);
    expect(failure).toMatchObject({ message: 'Request timed out after 200ms' });
  });
});

describe('the AI SDK adapter, 2025 session', () => {
  it('closes the entry when the server withdraws its question (notifications/cancelled), sending nothing', async () => {
    const { client, queue, events, uncaught } = await connectAi('legacy');
    demo().answers.reset();
    const running = call(client, 'cancel-midway', { afterMs: 200 });
    const entry = await firstEntry(queue);
    await waitForQueue(queue, (snapshot) => snapshot.length === 0);
    expect(entry.signal.aborted).toBe(true);
    expect(summary(await running)).toMatchObject({ status: 'withdrawn' });
    expect(events.at(-1)).toMatchObject({ type: 'cancelled', reason: 'aborted' });
    // Nothing went back for the withdrawn request (the client would have sent -32603), nor was it reported as an
    // error of the host's (the client's GET stream errors are its own).
    expect(demo().answers.report().requests).toMatchObject([{ asked: 1, answers: 0 }]);
    expect(uncaught.filter((error) => !(error instanceof MCPClientError && error.statusCode !== undefined))).toEqual(
      [],
    );
  });

  it('refuses the request beyond the per-server limit with -32602 too-many-pending', async () => {
    const { client, queue, events } = await connectAi('legacy');
    const count = DEFAULT_MAX_PENDING_PER_SERVER + 1;
    const running = call(client, 'flood', { count });
    await waitUntil(
      () => queue.getSnapshot().length === DEFAULT_MAX_PENDING_PER_SERVER && eventCount(events, 'rejected') === 1,
    );
    const [first] = queue.getSnapshot();
    expect(queue.respondAll(first?.server.id ?? '', { action: 'cancel' })).toBe(DEFAULT_MAX_PENDING_PER_SERVER);
    expect(summary(await running)).toEqual({
      status: 'completed',
      asked: count,
      outcomes: { cancel: DEFAULT_MAX_PENDING_PER_SERVER, 'error -32602': 1 },
    });
  });

  it('keeps an answer whose response could not be sent, and resends the same response on request', async () => {
    let offline = true;
    const { queue, kit, events } = await connectAi('legacy', { fetch: droppingAnswers(() => offline) });
    const running = kit.callTool({ name: 'export-data', arguments: {} });
    const entry = await firstEntry(queue);
    queue.respond(entry.id, { action: 'accept', content: { format: 'csv', maxRows: 6, includeHeaders: true } });
    await waitUntil(() => eventCount(events, 'undelivered') === 1);
    expect(events.find((event) => event.type === 'undelivered')).toMatchObject({ entry, canResend: true });
    expect(kit.undelivered()).toEqual([entry]);
    offline = false;
    expect(await kit.resend(entry.id)).toBe(true);
    expect(kit.undelivered()).toEqual([]);
    expect(summary(await running)).toMatchObject({ status: 'completed', rows: 6 });
  });

  it('shows a replayed request (same JSON-RPC id) once and answers it once', async () => {
    const { client, queue, events } = await connectAi('legacy');
    demo().answers.reset();
    const running = call(client, 'replay-check', { when: 'pending' });
    const entry = await firstEntry(queue);
    await waitUntil(() =>
      demo()
        .answers.report()
        .requests.some((record) => record.asked === 2),
    );
    expect(queue.getSnapshot()).toHaveLength(1);
    queue.respond(entry.id, { action: 'accept', content: { format: 'json', maxRows: 1 } });
    await running;
    expect(demo().answers.report()).toMatchObject({ duplicates: [], requests: [{ asked: 2, answers: 1 }] });
    expect(eventCount(events, 'shown')).toBe(1);
  });
});

describe('the AI SDK adapter, 2026-07-28', () => {
  it('refuses a second question beyond the limit across two calls (the client asks one at a time per call)', async () => {
    const { client, queue } = await connectAi('modern', { maxPendingPerServer: 1 });
    const first = call(client, 'export-data');
    const entry = await firstEntry(queue);
    const second: unknown = await call(client, 'confirm-action').catch((error: unknown) => error);
    expect(isTooManyPending(second)).toBe(true);
    queue.respond(entry.id, { action: 'decline' });
    expect(summary(await first)).toMatchObject({ status: 'not_started' });
  });
});

describe('the AI SDK adapter: detach, and a client it cannot hook', () => {
  it('detach settles the pending entries as cancel; later requests get the client’s “no handler” error', async () => {
    const { client, queue, kit, events } = await connectAi('legacy');
    const first = call(client, 'export-data');
    const entry = await firstEntry(queue);
    kit.detach();
    expect(queue.getSnapshot()).toEqual([]);
    expect(entry.signal.aborted).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'cancelled', reason: 'detached' });
    expect(summary(await first)).toMatchObject({ status: 'cancelled' });
    const later = await call(client, 'export-data');
    expect(summary(later)).toMatchObject({ status: 'refused', code: -32603 });
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('refuses to attach to a client that keeps no transport it can hook', () => {
    // A stand-in with the client's public surface only (what a future @ai-sdk/mcp that moved its transport would be).
    const bare = { onElicitationRequest: () => undefined, callTool: () => Promise.reject(new Error('unused')) };
    expect(() => attachElicitation(bare as unknown as MCPClient, { queue: createElicitationQueue() })).toThrow(
      /keeps no transport the kit can hook/,
    );
  });
});

describe('what the AI SDK client keeps from the kit (pinned)', () => {
  it('the kit declares form mode only and refuses to be asked for URL mode', async () => {
    const { client } = await connectAi('legacy');
    expect(elicitationCapabilities()).toEqual({ elicitation: { form: {} } });
    expect(() => attachElicitation(client, { queue: createElicitationQueue(), modes: { url: true } })).toThrow(
      RangeError,
    );
  });

  it.each(['legacy', 'modern'] as const)(
    '%s: the client refuses URL-mode requests itself, even when URL mode is declared',
    async (era) => {
      const client = await createMCPClient({
        transport: { type: 'http', url: demo().url },
        capabilities: { elicitation: { form: {}, url: {} } },
        protocolVersionDiscovery: era === 'modern',
      });
      open.push(client);
      const queue = createElicitationQueue();
      const log = eventLog<ElicitationEvent>();
      attachElicitation(client, { queue, onEvent: log.onEvent });
      const outcome: unknown = await call(client, 'connect-partner').catch((error: unknown) => error);
      if (era === 'legacy') {
        // Its request schema requires a requestedSchema: the server gets the client's own -32602.
        expect(summary(outcome)).toMatchObject({ status: 'refused', code: -32602 });
        expect(String(summary(outcome)['message'])).toContain('Invalid elicitation request');
      } else {
        expect(outcome).toBeInstanceOf(MCPClientError);
        expect(String((outcome as Error).message)).toContain('Only form elicitation is supported');
      }
      expect(queue.getSnapshot()).toEqual([]);
      expect(log.events).toEqual([]);
    },
  );
});

describe('the AI SDK adapter on the wire (every JSON-RPC message the client sends, recorded by its fetch)', () => {
  it('2025: sends nothing for a request the server withdrew (notifications/cancelled), not even an error', async () => {
    const wire = recordWire();
    const { client, queue } = await connectAi('legacy', { fetch: wire.fetch });
    const running = call(client, 'cancel-midway', { afterMs: 200 });
    await firstEntry(queue);
    const id = wire.elicitationId();
    expect(summary(await running)).toMatchObject({ status: 'withdrawn' });
    expect(wire.cancelled(id)).toBe(true);
    await pastAnyResponse();
    expect(wire.responsesTo(id)).toEqual([]);
  });

  it('2025: sends nothing for a request whose tool call the caller aborted', async () => {
    const wire = recordWire();
    const { client, queue } = await connectAi('legacy', { fetch: wire.fetch });
    const controller = new AbortController();
    const running = client
      .callTool({ name: 'all-field-types', arguments: {}, options: { signal: controller.signal } })
      .catch((error: unknown) => error);
    await firstEntry(queue);
    const id = wire.elicitationId();
    controller.abort(new Error('host navigated away'));
    expect(await running).toMatchObject({ message: 'Request was aborted' });
    // The client tells the server nothing: the kit closes the question as the call ends, and answers it never.
    await waitForQueue(queue, (snapshot) => snapshot.length === 0);
    await pastAnyResponse();
    expect(wire.responsesTo(id)).toEqual([]);
  });

  it('2025: still sends the one answer of a request that was not withdrawn', async () => {
    const wire = recordWire();
    const { client, queue } = await connectAi('legacy', { fetch: wire.fetch });
    const running = call(client, 'export-data');
    const entry = await firstEntry(queue);
    const id = wire.elicitationId();
    queue.respond(entry.id, { action: 'decline' });
    expect(summary(await running)).toMatchObject({ status: 'not_started' });
    expect(wire.responsesTo(id)).toEqual([{ jsonrpc: '2.0', id, result: { action: 'decline' } }]);
  });

  it('2026-07-28: sends the answer of a round with the call’s retry', async () => {
    const wire = recordWire();
    const { client, queue } = await connectAi('modern', { fetch: wire.fetch });
    const running = call(client, 'export-data');
    queue.respond((await firstEntry(queue)).id, { action: 'decline' });
    expect(summary(await running)).toMatchObject({ status: 'not_started' });
    expect(wire.inputResponses()).toEqual([{ export_options: { action: 'decline' } }]);
  });

  it('2026-07-28: sends no answers for a round whose call the caller aborted', async () => {
    const wire = recordWire();
    const { client, queue } = await connectAi('modern', { fetch: wire.fetch });
    const controller = new AbortController();
    const running = client
      .callTool({ name: 'all-field-types', arguments: {}, options: { signal: controller.signal } })
      .catch((error: unknown) => error);
    await firstEntry(queue);
    controller.abort(new Error('host navigated away'));
    expect(await running).toMatchObject({ message: 'Request was aborted' });
    await waitForQueue(queue, (snapshot) => snapshot.length === 0);
    await pastAnyResponse();
    expect(wire.inputResponses()).toEqual([]);
  });
});

/** Collects the warnings Node emits while `run` runs (it emits them on a later tick). */
async function warningsDuring(run: () => Promise<void>): Promise<string[]> {
  const warnings: string[] = [];
  const onWarning = (warning: Error): void => {
    warnings.push(warning.name);
  };
  process.on('warning', onWarning);
  try {
    await run();
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', onWarning);
  }
  return warnings;
}

describe('the AI SDK adapter with many questions in one tool call', () => {
  /** Well past Node's default of ten listeners per signal (its "possible memory leak" warning). */
  const COUNT = 24;

  it('2025: every abort listener added while the questions are open is gone once they settle, and none warns', async () => {
    // The answers are held in the client's fetch, so the call is still open when the questions have settled (its end
    // would release anything left on its signals) and no request of the client's own adds a listener meanwhile.
    let armed = false;
    const held: Array<() => void> = [];
    const holdingAnswers: typeof fetch = async (input, init) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      if (body.includes('"result":{"action"')) {
        await new Promise<void>((release) => held.push(release));
      }
      const response = await fetch(input, init);
      if (body.includes('"method":"tools/call"')) {
        // From here on the questions arrive on this response's stream.
        armed = true;
      }
      return response;
    };
    /** Every signal an abort listener was added to once armed, with its listener count before the first. */
    const before = new Map<AbortSignal, number>();
    // Put back as it was after the test, and called with its `this`.
    const addEventListener = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function watched(this: EventTarget, type, listener, options) {
      if (armed && type === 'abort' && this instanceof AbortSignal && !before.has(this)) {
        before.set(this, getEventListeners(this, 'abort').length);
      }
      addEventListener.call(this, type, listener, options);
    };
    try {
      const warnings = await warningsDuring(async () => {
        const { client, queue, events } = await connectAi('legacy', {
          maxPendingPerServer: COUNT,
          fetch: holdingAnswers,
        });
        const running = call(client, 'flood', { count: COUNT }).catch((error: unknown) => error);
        const snapshot = await waitForQueue(queue, (entries) => entries.length === COUNT);
        expect(queue.respondAll(snapshot[0]?.server.id ?? '', { action: 'cancel' })).toBe(COUNT);
        // Every handler call has returned its answer (each held in the fetch): the questions have settled.
        await waitUntil(() => held.length === COUNT);
        armed = false;
        expect(before.size).toBeGreaterThan(0);
        expect([...before].map(([signal]) => getEventListeners(signal, 'abort').length)).toEqual([...before.values()]);
        for (const release of held.splice(0)) {
          release();
        }
        expect(summary(await running)).toEqual({ status: 'completed', asked: COUNT, outcomes: { cancel: COUNT } });
        expect(eventCount(events, 'shown')).toBe(COUNT);
      });
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      EventTarget.prototype.addEventListener = addEventListener;
      for (const release of held.splice(0)) {
        release();
      }
    }
  });

  it('2026-07-28: one round of many questions, answered one after another, trips no listener warning', async () => {
    const warnings = await warningsDuring(async () => {
      const { client, queue, events } = await connectAi('modern');
      const running = call(client, 'flood', { count: COUNT }).catch((error: unknown) => error);
      // The client asks a round's questions one at a time: each shows once the one before it is answered.
      for (let answered = 0; answered < COUNT; answered += 1) {
        await waitUntil(() => eventCount(events, 'shown') === answered + 1);
        queue.respond((await firstEntry(queue)).id, { action: 'cancel' });
      }
      expect(summary(await running)).toEqual({ status: 'completed', asked: COUNT, outcomes: { cancel: COUNT } });
    });
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });
});
