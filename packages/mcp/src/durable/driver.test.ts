// Durable rounds with a real SDK v2 client and server (the kit's test server, 2026-07-28, in-memory transport): a call
// of several rounds, each written before its questions are shown and taken over mid-way; a round that cannot be shown;
// the memory store's lease rules. (Over real HTTP against the demo server, with Redis and a killed process:
// integration/src/durable-rounds*.test.ts.)
import { afterEach, describe, expect, it } from 'vitest';
import { createElicitationQueue } from '@elicitation-kit/core';
import type { McpServer } from '@elicitation-kit/test-mcp-server';
import { EXPORT_PARAMS, REF_PARAMS, connect, firstEntry, resultJson, waitForQueue } from '../test/harness.js';
import type { Setup } from '../test/harness.js';
import { callToolDurably, DurableRoundError, resumeRounds } from './driver.js';
import type { ResumedOutcome, RoundResumer } from './driver.js';
import { createMemoryDurableRoundStore } from './rounds.js';
import type { DurableRound, DurableRoundStore } from './rounds.js';

const setups: Setup[] = [];
let resumers: RoundResumer[] = [];
afterEach(async () => {
  await Promise.all(resumers.map((resumer) => resumer.stop()));
  resumers = [];
  await Promise.all(setups.splice(0).map((setup) => setup.close()));
});

const LEASE = 200;
const SERVER = { url: 'memory://test' };
const CSV = { action: 'accept', content: { format: 'csv', maxRows: 5 } } as const;
const JSON_ROWS = { action: 'accept', content: { format: 'json', maxRows: 9 } } as const;

/** The `inputRequests` of one export question under `key`. */
const ask = (key: string) => ({ [key]: { method: 'elicitation/create' as const, params: EXPORT_PARAMS as never } });

/**
 * `ask-twice`: a tool of two rounds, written as a stateless 2026-07-28 server writes it (the first answer travels in
 * the second round's `requestState`), registered on the test server of the connection.
 */
function addAskTwice(server: McpServer): void {
  server.registerTool('ask-twice', {}, async (ctx) => {
    const responses = ctx.mcpReq.inputResponses ?? {};
    const state = ctx.mcpReq.requestState<string>();
    if (responses['second'] !== undefined && state !== undefined) {
      return {
        content: [{ type: 'text', text: JSON.stringify({ first: JSON.parse(state), second: responses['second'] }) }],
      };
    }
    if (responses['first'] !== undefined) {
      return {
        resultType: 'input_required',
        inputRequests: ask('second'),
        requestState: JSON.stringify(responses['first']),
      };
    }
    return { resultType: 'input_required', inputRequests: ask('first'), requestState: 'round-1' };
  });
}

async function connectModern(): Promise<Setup> {
  const setup = await connect('modern');
  setups.push(setup);
  addAskTwice(setup.server());
  return setup;
}

/** A memory store whose `open` calls are logged with what the queue held at that moment. */
function watchedStore(queueLength: () => number, opened: { round: number; shown: number }[]): DurableRoundStore {
  const store = createMemoryDurableRoundStore();
  return {
    ...store,
    open: async (round, lease) => {
      opened.push({ round: round.round, shown: queueLength() });
      await store.open(round, lease);
    },
  };
}

describe('callToolDurably over the SDK v2 client (2026-07-28)', () => {
  it('writes every round before its questions show, and chains the rounds of one call', async () => {
    const setup = await connectModern();
    const opened: { round: number; shown: number }[] = [];
    const rounds = watchedStore(() => setup.queue.getSnapshot().length, opened);
    const call = callToolDurably(
      setup.client,
      { name: 'ask-twice', arguments: {} },
      { rounds, queue: setup.queue, owner: 'user-1', server: SERVER },
    );
    const first = await firstEntry(setup.queue);
    setup.queue.respond(first.id, CSV);
    const second = await waitForQueue(setup.queue, (snapshot) => snapshot.some((entry) => entry.id !== first.id));
    setup.queue.respond(second[0]?.id ?? '', JSON_ROWS);
    expect(resultJson(await call)).toEqual({ first: CSV, second: JSON_ROWS });
    // Each round was written while the queue did not hold its question yet.
    expect(opened).toEqual([
      { round: 1, shown: 0 },
      { round: 2, shown: 0 },
    ]);
  });

  it('a caller gone in the second round: the resumer finishes the call with both answers', async () => {
    const setup = await connectModern();
    const rounds = createMemoryDurableRoundStore();
    const gone = new AbortController();
    const call = callToolDurably(
      setup.client,
      { name: 'ask-twice', arguments: {} },
      { rounds, queue: setup.queue, owner: 'user-1', tag: 'chat-1', server: SERVER, lease: LEASE, signal: gone.signal },
    );
    const first = await firstEntry(setup.queue);
    setup.queue.respond(first.id, CSV);
    await waitForQueue(setup.queue, (snapshot) => snapshot.some((entry) => entry.id !== first.id));
    gone.abort(new Error('turn ended'));
    await expect(call).rejects.toThrow('turn ended');

    const queue = createElicitationQueue();
    const outcomes: ResumedOutcome[] = [];
    const resumer = resumeRounds({
      rounds,
      lease: LEASE,
      interval: 60_000,
      connect: async () => {
        const other = await connectModern();
        return { client: other.client, queue };
      },
      onOutcome: (resumed) => {
        outcomes.push(resumed);
      },
    });
    resumers.push(resumer);
    expect(await resumer.scan()).toBe(1);
    const again = await firstEntry(queue);
    queue.respond(again.id, JSON_ROWS);
    await waitForQueue(queue, (snapshot) => snapshot.length === 0);
    await expect.poll(() => outcomes.length).toBe(1);
    const [resumed] = outcomes;
    expect(resumed?.round).toMatchObject({ round: 2, owner: 'user-1', tag: 'chat-1' });
    expect(resumed?.outcome.type === 'result' && resultJson(resumed.outcome.result)).toEqual({
      first: CSV,
      second: JSON_ROWS,
    });
  });

  it('a caller stalled past its lease while another took the round over is told, and changes nothing', async () => {
    const setup = await connectModern();
    const store = createMemoryDurableRoundStore();
    let stalled = true;
    // The caller's renewals do not reach the store while it is stalled (an event loop blocked, a network cut).
    const rounds: DurableRoundStore = {
      ...store,
      renew: async (id, holder, lease) => (stalled && holder === 'caller' ? true : store.renew(id, holder, lease)),
    };
    const call = callToolDurably(
      setup.client,
      { name: 'ask-twice', arguments: {} },
      { rounds, queue: setup.queue, owner: 'user-1', server: SERVER, lease: LEASE, holder: 'caller' },
    );
    // Caught from the start: the caller may learn it lost the round before this test awaits it.
    const failed = call.catch((error: unknown) => error);
    const entry = await firstEntry(setup.queue);
    await new Promise((resolve) => setTimeout(resolve, LEASE + 20));
    const [orphan] = await store.orphans();
    expect(await store.take(orphan?.id ?? '', 'other', 60_000)).toMatchObject({ lease: { holder: 'other' } });
    stalled = false;
    const failure: unknown = await failed;
    expect(failure).toMatchObject({ reason: 'taken', message: expect.stringContaining('resume handler') });
    expect(entry.signal.aborted).toBe(true);
    expect(setup.queue.getSnapshot()).toEqual([]);
    expect(await store.get(orphan?.id ?? '')).toMatchObject({ state: 'open', lease: { holder: 'other' } });
  });

  it('refuses a round whose question core refuses, naming where, and shows nothing', async () => {
    const setup = await connectModern();
    setup.server().registerTool('ask-ref', {}, async () => ({
      resultType: 'input_required',
      inputRequests: { q: { method: 'elicitation/create', params: REF_PARAMS as never } },
    }));
    const rounds = createMemoryDurableRoundStore();
    const failure: unknown = await callToolDurably(
      setup.client,
      { name: 'ask-ref' },
      { rounds, queue: setup.queue, owner: 'user-1', server: SERVER },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DurableRoundError);
    expect(failure).toMatchObject({
      reason: 'refused',
      message: expect.stringMatching(/^inputRequests\.q\.params\.requestedSchema/),
    });
    expect(setup.queue.getSnapshot()).toEqual([]);
    expect(await rounds.get((failure as DurableRoundError).round?.id ?? '')).toMatchObject({ state: 'withdrawn' });
  });
});

/** A round held by `holder`, as a caller writes it. */
const round = (holder: string): DurableRound => ({
  id: 'r1',
  callId: 'c1',
  round: 1,
  server: SERVER,
  tool: { name: 'ask', arguments: {} },
  inputRequests: {},
  protocolVersion: '2026-07-28',
  owner: 'user-1',
  createdAt: Date.now(),
  expiresAt: Date.now() + 60_000,
  state: 'open',
  lease: { holder, until: 0 },
});

describe('the memory round store', () => {
  it('gives a round to one taker once its lease ran out; the holder that lost it changes nothing', async () => {
    const store = createMemoryDurableRoundStore();
    await store.open(round('a'), 50);
    expect(await store.take('r1', 'b', LEASE)).toBeUndefined();
    expect(await store.orphans()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    const taken = await Promise.all([store.take('r1', 'b', LEASE), store.take('r1', 'c', LEASE)]);
    expect(taken.map((value) => value?.lease.holder)).toEqual(['b', undefined]);
    expect(await store.renew('r1', 'a', LEASE)).toBe(false);
    expect(await store.answer('r1', 'a', { q: { action: 'decline' } })).toBe(false);
    expect(await store.answer('r1', 'b', { q: { action: 'decline' } })).toBe(true);
    expect(await store.finish('r1', 'a', { state: 'done', next: 'r2' })).toBe(false);
    expect(await store.finish('r1', 'b', { state: 'done', next: 'r2' })).toBe(true);
    expect(await store.get('r1')).toMatchObject({
      state: 'done',
      next: 'r2',
      inputResponses: { q: { action: 'decline' } },
    });
    expect(await store.take('r1', 'c', LEASE)).toBeUndefined();
  });
});
