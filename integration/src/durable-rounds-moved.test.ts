// Durable rounds through the bridge, how the page is told: a round handed over to another process leaves the page as
// `moved` and comes back under new ids with the same round keys, carrying what was typed (`draft`); a round whose time
// ran out leaves as `expired`. Everything real: the demo server over Streamable HTTP, the bridge behind Node's `http`
// (with the memory hub, and with the Redis hub on a real redis-server: the reason and the round key travel through
// Redis), the browser half reading it over loopback.
import type { Client } from '@modelcontextprotocol/client';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElicitationQueue } from '@elicitation-kit/core';
import { WITHDRAW_MESSAGES } from '@elicitation-kit/bridge/browser';
import type { RemoteElicitation } from '@elicitation-kit/bridge/browser';
import { createRedisBridgeHub } from '@elicitation-kit/bridge/redis';
import {
  callToolDurably,
  createMemoryDurableRoundStore,
  DurableRoundError,
  resumeRounds,
} from '@elicitation-kit/mcp/durable';
import type { DurableRoundStore, ResumedOutcome } from '@elicitation-kit/mcp/durable';
import { startDemoServer } from '@elicitation-kit/demo-server';
import type { DemoServer } from '@elicitation-kit/demo-server';
import { waitForQueue, waitUntil } from '@elicitation-kit/test-mcp-server/hosts';
import { startRedis } from '@elicitation-kit/test-redis';
import type { TestRedis } from '@elicitation-kit/test-redis';
import { openBrowser, startBackend } from './test/bridge-host.js';
import type { TestBackend, TestBrowser } from './test/bridge-host.js';
import { connectOverHttp } from './test/connect.js';

let demo: DemoServer;
let redis: TestRedis | undefined;
const connections: Redis[] = [];
let backend: TestBackend;
let tab: TestBrowser;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, silent: true });
}, 30_000);
afterAll(async () => {
  await demo.close();
  for (const connection of connections) {
    connection.disconnect();
  }
  await redis?.stop();
});

/** The secret a shared hub's replicas sign tokens with (one replica here). */
const SECRET = 'durable-rounds-moved-test-secret-0123456789abcdef';

/** The two hubs a bridge runs on: the page must be told the same either way. */
const HUBS = [
  { hub: 'the memory hub', start: () => startBackend() },
  {
    hub: 'the Redis hub',
    start: async () => {
      redis = await startRedis();
      const commands = new Redis(redis.url, { maxRetriesPerRequest: 1 });
      connections.push(commands);
      return startBackend({ hub: createRedisBridgeHub(commands, { prefix: 'moved:' }), secret: SECRET });
    },
  },
];

/** A client of the demo server as the host sets it up (the kit attached), speaking 2026-07-28. */
const connectClient = async (): Promise<Client> => (await connectOverHttp(demo.url)).client;

/** The process that takes rounds over: each round's questions on a queue exposed to its owner. */
function startResumer(rounds: DurableRoundStore, outcomes: ResumedOutcome[]) {
  return resumeRounds({
    rounds,
    lease: 300,
    interval: 60_000,
    connect: async (round) => {
      const queue = createElicitationQueue();
      const stop = backend.bridge.expose(round.owner, queue, round.tag === undefined ? {} : { tag: round.tag });
      const client = await connectClient();
      return {
        client,
        queue,
        close: async () => {
          stop();
          await client.close();
        },
      };
    },
    onOutcome: (resumed) => {
      outcomes.push(resumed);
    },
  });
}

const byMessage = (entries: readonly RemoteElicitation[], message: string): RemoteElicitation | undefined =>
  entries.find((entry) => entry.request.message === message);

describe.each(HUBS)('durable rounds on the page, through $hub: moved and expired (2026-07-28)', ({ start }) => {
  beforeAll(async () => {
    backend = await start();
    tab = openBrowser(backend.url, 'bob');
  }, 30_000);
  afterAll(async () => {
    tab.close();
    await backend.close();
  });

  it('a handed-over round leaves as `moved` and comes back with what was typed, each question by its own round key', async () => {
    const rounds = createMemoryDurableRoundStore();
    const turnQueue = createElicitationQueue();
    const stopTurn = backend.bridge.expose('bob', turnQueue, { tag: 'chat-2' });
    const caller = await connectClient();
    const turnEnded = new AbortController();
    const call = callToolDurably(
      caller,
      { name: 'schedule-report', arguments: {} },
      {
        rounds,
        queue: turnQueue,
        owner: 'bob',
        tag: 'chat-2',
        server: { url: demo.url },
        lease: 300,
        signal: turnEnded.signal,
      },
    );
    const first = await waitForQueue(tab.queue, (snapshot) => snapshot.length === 2);
    const recipient = byMessage(first, 'Who should receive the weekly report?');
    const schedule = byMessage(first, 'When should the report be sent?');
    expect(recipient?.roundKey).toMatch(/\/1\/recipient$/);
    expect(schedule?.roundKey).toMatch(/\/1\/schedule$/);
    expect(recipient?.roundKey?.split('/')[0]).toBe(schedule?.roundKey?.split('/')[0]);

    // The page keeps what was typed so far (the dialog's values as content).
    expect(tab.queue.keepDraft(recipient?.id ?? '', { email: 'bob@exa' })).toBe(true);
    expect(tab.queue.keepDraft(schedule?.id ?? '', { frequency: 'daily' })).toBe(true);
    expect(tab.queue.keepDraft('no-such-entry', { email: 'x' })).toBe(false);

    // The caller's process goes away (a redeploy's shutdown hands its call over): another process takes the round.
    turnEnded.abort('redeploy');
    await expect(call).rejects.toBe('redeploy');
    stopTurn();
    await caller.close();
    await waitForQueue(tab.queue, (snapshot) => snapshot.length === 0);
    const outcomes: ResumedOutcome[] = [];
    const resumer = startResumer(rounds, outcomes);
    try {
      expect(await resumer.scan()).toBe(1);
      const again = await waitForQueue(
        tab.queue,
        (snapshot) => snapshot.length === 2 && snapshot.every((entry) => entry.id !== recipient?.id),
      );
      // Both left as `moved`, with the sentence that says they come back.
      expect(recipient?.signal.reason).toMatchObject({ code: 'moved', message: WITHDRAW_MESSAGES.moved });
      expect(schedule?.signal.reason).toMatchObject({ code: 'moved' });
      const recipientAgain = byMessage(again, 'Who should receive the weekly report?');
      const scheduleAgain = byMessage(again, 'When should the report be sent?');
      expect(recipientAgain?.roundKey).toBe(recipient?.roundKey);
      expect(scheduleAgain?.roundKey).toBe(schedule?.roundKey);
      // Each draft goes to the question of its own key, never to the other one of the same round.
      expect(recipientAgain?.draft).toEqual({ email: 'bob@exa' });
      expect(scheduleAgain?.draft).toEqual({ frequency: 'daily' });

      tab.queue.respond(recipientAgain?.id ?? '', { action: 'accept', content: { email: 'bob@example.com' } });
      tab.queue.respond(scheduleAgain?.id ?? '', {
        action: 'accept',
        content: { frequency: 'daily', start: '2026-12-07' },
      });
      await waitUntil(() => outcomes.length === 1);
      expect(outcomes[0]?.outcome).toMatchObject({
        type: 'result',
        result: { structuredContent: { status: 'completed', recipient: 'bob@example.com', frequency: 'daily' } },
      });
    } finally {
      await resumer.stop();
    }
  });

  it('a round whose time runs out leaves the page as `expired`, and the call says so', async () => {
    const rounds = createMemoryDurableRoundStore();
    const queue = createElicitationQueue();
    const stop = backend.bridge.expose('bob', queue);
    const caller = await connectClient();
    try {
      const call = callToolDurably(
        caller,
        { name: 'confirm-action', arguments: {} },
        { rounds, queue, owner: 'bob', server: { url: demo.url }, ttl: 1_500 },
      );
      // Caught from the start: the round may expire before this test awaits it (a loaded machine).
      const failed = call.catch((reason: unknown) => reason);
      const [shown] = await waitForQueue(tab.queue, (snapshot) => snapshot.length === 1);
      const error = await failed;
      expect(error).toBeInstanceOf(DurableRoundError);
      expect(error).toMatchObject({ reason: 'expired' });
      await waitForQueue(tab.queue, (snapshot) => snapshot.length === 0);
      expect(shown?.signal.reason).toMatchObject({ code: 'expired', message: WITHDRAW_MESSAGES.expired });
    } finally {
      stop();
      await caller.close();
    }
  });
});
