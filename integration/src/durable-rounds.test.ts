// Durable rounds (2026-07-28) against the demo server over real Streamable HTTP: a round is written down before its
// question is shown; when the caller is gone, another client takes it (one taker), shows the question again, retries
// with the answer and hands the outcome to the resume handler. The demo server (@elicitation-kit/server) runs a
// round's operation once and replays its stored result to any later copy of the retry: `confirm-action` logs
// `archived: 3` once per operation run, so the log counts how often the operation ran.
import type { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createElicitationQueue } from '@elicitation-kit/core';
import type { ElicitationQueue } from '@elicitation-kit/core';
import {
  callToolDurably,
  createMemoryDurableRoundStore,
  DurableRoundError,
  resumeRounds,
} from '@elicitation-kit/mcp/durable';
import type { DurableRound, ResumedOutcome, RoundResumer, DurableRoundStore } from '@elicitation-kit/mcp/durable';
import { closedAfterEach, firstEntry, summary, waitForQueue } from '@elicitation-kit/test-mcp-server/hosts';
import { demoServerForFile } from './test/demo.js';
import { connectOverHttp } from './test/connect.js';

const demo = demoServerForFile();
const open = closedAfterEach<Client>();
let resumers: RoundResumer[] = [];
afterEach(async () => {
  await Promise.all(resumers.map((resumer) => resumer.stop()));
  resumers = [];
});

/** A short lease, so that a caller that stops renewing is taken over within the test. */
const LEASE = 300;
const CONFIRM = { name: 'confirm-action', arguments: {} };
const ARCHIVED = { status: 'completed', archived: 3 };

/** A host's client as the kit sets it up (attached: capability declared), connected to the demo server. */
async function connectHost(era: 'legacy' | 'modern' = 'modern'): Promise<{ client: Client; queue: ElicitationQueue }> {
  const { client, queue } = await connectOverHttp(demo().url, { era });
  open.push(client);
  expect(client.getProtocolEra()).toBe(era);
  return { client, queue };
}

/** A memory store whose every write is logged (`open`, `answer`, `finish:<state>`), in order with the queue's. */
function loggedStore(log: string[]): DurableRoundStore {
  const store = createMemoryDurableRoundStore();
  return {
    ...store,
    open: async (round, lease) => {
      log.push('open');
      await store.open(round, lease);
    },
    answer: async (id, holder, responses) => {
      log.push('answer');
      return store.answer(id, holder, responses);
    },
    finish: async (id, holder, end) => {
      log.push(`finish:${end.state}`);
      return store.finish(id, holder, end);
    },
  };
}

/** How many times the demo server ran confirm-action's operation (log lines since `from`). */
const archivedRuns = (from: number): number =>
  demo()
    .log.slice(from)
    .filter((line) => line.tool === 'confirm-action' && line.detail?.['archived'] === 3).length;

/** A resumer whose rounds are shown on `queue`, each on a new client of the round's server. */
function startResumer(rounds: DurableRoundStore, queue: ElicitationQueue, outcomes: ResumedOutcome[]): RoundResumer {
  const resumer = resumeRounds({
    rounds,
    lease: LEASE,
    // The test scans by hand.
    interval: 60_000,
    connect: async (round: DurableRound) => {
      const { client } = await connectOverHttp(round.server.url, { name: 'resumer' });
      return { client, queue, close: () => client.close() };
    },
    onOutcome: (resumed) => {
      outcomes.push(resumed);
    },
  });
  resumers.push(resumer);
  return resumer;
}

const waitUntil = async (condition: () => boolean | Promise<boolean>): Promise<void> => {
  while (!(await condition())) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('durable rounds against the demo server (2026-07-28)', () => {
  it('the caller alive: the round is written before its question shows, the answer is written before the retry', async () => {
    const { client, queue } = await connectHost();
    const log: string[] = [];
    queue.subscribe(() => log.push(`queue:${queue.getSnapshot().length}`));
    const rounds = loggedStore(log);
    const from = demo().log.length;
    const call = callToolDurably(client, CONFIRM, { rounds, queue, owner: 'user-1', server: { url: demo().url } });
    const entry = await firstEntry(queue);
    expect(entry).toMatchObject({ era: 'modern', request: { message: 'Archive the 3 exports older than 30 days?' } });
    queue.respond(entry.id, { action: 'accept', content: {} });
    expect(summary(await call)).toEqual(ARCHIVED);
    expect(log).toEqual(['open', 'queue:1', 'queue:0', 'answer', 'finish:done']);
    expect(archivedRuns(from)).toBe(1);
  });

  it('the caller gone: another client takes the round, the answer completes the call once, the outcome reaches the handler', async () => {
    const rounds = createMemoryDurableRoundStore();
    const from = demo().log.length;
    // The caller: its question is shown, then its process goes (its signal hands the round over, as on shutdown).
    const caller = await connectHost();
    const gone = new AbortController();
    const call = callToolDurably(caller.client, CONFIRM, {
      rounds,
      queue: caller.queue,
      owner: 'user-1',
      tag: 'chat-7',
      server: { url: demo().url },
      lease: LEASE,
      signal: gone.signal,
    });
    const first = await firstEntry(caller.queue);
    gone.abort('caller shut down');
    await expect(call).rejects.toBe('caller shut down');
    expect(first.signal.aborted).toBe(true);
    expect(caller.queue.getSnapshot()).toEqual([]);

    // Another process: it takes the round, shows it to the same owner, the user answers there.
    const queue = createElicitationQueue();
    const outcomes: ResumedOutcome[] = [];
    const resumer = startResumer(rounds, queue, outcomes);
    expect(await resumer.scan()).toBe(1);
    const shownAgain = await firstEntry(queue);
    expect(shownAgain.request).toEqual(first.request);
    queue.respond(shownAgain.id, { action: 'accept', content: {} });
    await waitUntil(() => outcomes.length === 1);
    expect(outcomes[0]?.outcome).toMatchObject({ type: 'result', result: { structuredContent: ARCHIVED } });
    expect(outcomes[0]?.round).toMatchObject({ owner: 'user-1', tag: 'chat-7', tool: CONFIRM, round: 1 });
    expect(await rounds.get(outcomes[0]?.round.id ?? '')).toMatchObject({ state: 'done' });
    expect(archivedRuns(from)).toBe(1);
    // Nothing is left to take.
    expect(await resumer.scan()).toBe(0);
  });

  it('two takers race for a round: one wins, the question shows once', async () => {
    const rounds = createMemoryDurableRoundStore();
    const caller = await connectHost();
    const gone = new AbortController();
    const call = callToolDurably(caller.client, CONFIRM, {
      rounds,
      queue: caller.queue,
      owner: 'user-1',
      server: { url: demo().url },
      lease: LEASE,
      signal: gone.signal,
    });
    // Caught from the start: it may end before this test awaits it.
    const ended = call.catch(() => undefined);
    await firstEntry(caller.queue);
    gone.abort('caller shut down');
    await ended;

    const [queueA, queueB] = [createElicitationQueue(), createElicitationQueue()];
    const outcomes: ResumedOutcome[] = [];
    const [a, b] = [startResumer(rounds, queueA, outcomes), startResumer(rounds, queueB, outcomes)];
    const taken = await Promise.all([a.scan(), b.scan(), a.scan(), b.scan()]);
    expect(taken.reduce((sum, count) => sum + count, 0)).toBe(1);
    const winner = taken[0] === 1 || taken[2] === 1 ? queueA : queueB;
    const loser = winner === queueA ? queueB : queueA;
    const entry = await firstEntry(winner);
    expect(loser.getSnapshot()).toEqual([]);
    winner.respond(entry.id, { action: 'accept', content: {} });
    await waitUntil(() => outcomes.length === 1);
    expect(outcomes).toHaveLength(1);
  });

  it('an answer sent whose result was never written down is retried by the taker: the server replays it, nothing runs twice', async () => {
    const store = createMemoryDurableRoundStore();
    // The caller's process dies right after its retry went out: the outcome is never written.
    const rounds: DurableRoundStore = {
      ...store,
      finish: async () => {
        throw new Error('process killed');
      },
    };
    const caller = await connectHost();
    const from = demo().log.length;
    const call = callToolDurably(caller.client, CONFIRM, {
      rounds,
      queue: caller.queue,
      owner: 'user-1',
      server: { url: demo().url },
      lease: LEASE,
    });
    const entry = await firstEntry(caller.queue);
    caller.queue.respond(entry.id, { action: 'accept', content: {} });
    await expect(call).rejects.toThrow('process killed');
    expect(archivedRuns(from)).toBe(1);

    // Once its lease ran out, another process takes the answered round and retries it without asking again.
    const queue = createElicitationQueue();
    const outcomes: ResumedOutcome[] = [];
    const resumer = startResumer(store, queue, outcomes);
    await waitUntil(async () => (await resumer.scan()) === 1);
    await waitUntil(() => outcomes.length === 1);
    expect(queue.getSnapshot()).toEqual([]);
    expect(outcomes[0]?.outcome).toMatchObject({ type: 'result', result: { structuredContent: ARCHIVED } });
    expect(archivedRuns(from)).toBe(1);
    expect(demo().log.slice(from).at(-1)).toMatchObject({ tool: 'confirm-action', action: 'replayed' });
  });

  it('a round not answered before it expires is withdrawn with its reason, and nothing is sent', async () => {
    const rounds = createMemoryDurableRoundStore();
    const caller = await connectHost();
    const from = demo().log.length;
    const call = callToolDurably(caller.client, CONFIRM, {
      rounds,
      queue: caller.queue,
      owner: 'user-1',
      server: { url: demo().url },
      ttl: 200,
    });
    // Caught from the start: the round may expire before this test awaits it (a loaded machine).
    const failed = call.catch((error: unknown) => error);
    const entry = await firstEntry(caller.queue);
    const failure: unknown = await failed;
    expect(failure).toBeInstanceOf(DurableRoundError);
    expect(failure).toMatchObject({ reason: 'expired', message: expect.stringContaining('nothing was sent') });
    expect(entry.signal.aborted).toBe(true);
    await waitForQueue(caller.queue, (snapshot) => snapshot.length === 0);
    expect((failure as DurableRoundError).round).toMatchObject({ state: 'open' });
    expect(await rounds.get((failure as DurableRoundError).round?.id ?? '')).toMatchObject({
      state: 'withdrawn',
      outcome: { type: 'withdrawn', reason: 'expired' },
    });
    expect(
      demo()
        .log.slice(from)
        .map((line) => line.action),
    ).toEqual(['input-requested']);
  });

  it('a round whose caller is gone and whose time ran out: the resume handler is told it was withdrawn', async () => {
    const rounds = createMemoryDurableRoundStore();
    const caller = await connectHost();
    const gone = new AbortController();
    const call = callToolDurably(caller.client, CONFIRM, {
      rounds,
      queue: caller.queue,
      owner: 'user-1',
      server: { url: demo().url },
      ttl: 100,
      signal: gone.signal,
    });
    // Caught from the start: its round may expire before this test awaits it.
    const ended = call.catch(() => undefined);
    await firstEntry(caller.queue);
    gone.abort('caller shut down');
    await ended;
    await new Promise((resolve) => setTimeout(resolve, 150));

    const queue = createElicitationQueue();
    const outcomes: ResumedOutcome[] = [];
    expect(await startResumer(rounds, queue, outcomes).scan()).toBe(1);
    await waitUntil(() => outcomes.length === 1);
    expect(outcomes[0]?.outcome).toMatchObject({ type: 'withdrawn', reason: 'expired' });
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('2025 eras: the call runs as client.callTool does, nothing is written (a 2025 question dies with its session)', async () => {
    const log: string[] = [];
    const { client: legacy, queue } = await connectHost('legacy');
    const call = callToolDurably(legacy, CONFIRM, {
      rounds: loggedStore(log),
      queue,
      owner: 'user-1',
      server: { url: demo().url },
    });
    const entry = await firstEntry(queue);
    queue.respond(entry.id, { action: 'accept', content: {} });
    expect(summary(await call)).toEqual(ARCHIVED);
    expect(log).toEqual([]);
  });
});
