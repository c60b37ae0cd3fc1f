// Durable rounds shared through Redis (a real redis-server, `@elicitation-kit/test-redis`) against the demo server over
// real Streamable HTTP: the store's own rules between two connections (one taker, a lost lease changes nothing, the
// tool's arguments kept byte for byte), a caller process killed with SIGKILL while its question is open (another
// process takes the round and the answer completes the call once), and Redis restarts with and without persistence.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startDemoServer } from '@elicitation-kit/demo-server';
import type { DemoServer } from '@elicitation-kit/demo-server';
import type { Client } from '@modelcontextprotocol/client';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createElicitationQueue } from '@elicitation-kit/core';
import type { ElicitationQueue } from '@elicitation-kit/core';
import {
  callToolDurably,
  createRedisDurableRoundStore,
  DurableRoundError,
  resumeRounds,
} from '@elicitation-kit/mcp/durable';
import type {
  DurableOutcome,
  DurableRound,
  DurableRoundStore,
  ResumedOutcome,
  RoundResumer,
} from '@elicitation-kit/mcp/durable';
import { firstEntry, summary, waitForQueue, waitUntil } from '@elicitation-kit/test-mcp-server/hosts';
import { startRedis } from '@elicitation-kit/test-redis';
import type { TestRedis } from '@elicitation-kit/test-redis';
import { connectOverHttp } from './test/connect.js';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const CALLER = fileURLToPath(new URL('test/durable-caller.ts', import.meta.url));
const LEASE = 300;
const CONFIRM = { name: 'confirm-action', arguments: {} };
const ARCHIVED = { status: 'completed', archived: 3 };

let demo: DemoServer;
let redis: TestRedis;
const connections: Redis[] = [];
const clients: Client[] = [];
const children: ChildProcess[] = [];
let resumers: RoundResumer[] = [];

beforeAll(async () => {
  [redis, demo] = await Promise.all([startRedis(), startDemoServer({ port: 0, silent: true })]);
}, 30_000);
afterEach(async () => {
  await Promise.all(resumers.map((resumer) => resumer.stop()));
  resumers = [];
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
    }
  }
  for (const connection of connections) {
    connection.disconnect();
  }
  await demo?.close();
  await redis?.stop();
});

/** A store on a Redis connection of its own (as each replica has), under a prefix of its own test. */
function storeOn(target: TestRedis, prefix: string): DurableRoundStore {
  const connection = new Redis(target.url, { maxRetriesPerRequest: 1 });
  // Refused connections while a test restarts its Redis are expected: the store's calls fail and are retried.
  connection.on('error', () => undefined);
  connections.push(connection);
  return createRedisDurableRoundStore(connection, { prefix });
}

async function connectHost(): Promise<{ client: Client; queue: ElicitationQueue }> {
  const host = await connectOverHttp(demo.url);
  clients.push(host.client);
  return host;
}

function startResumer(rounds: DurableRoundStore, queue: ElicitationQueue, outcomes: ResumedOutcome[]): RoundResumer {
  const resumer = resumeRounds({
    rounds,
    lease: LEASE,
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

const archivedRuns = (from: number): number =>
  demo.log.slice(from).filter((line) => line.tool === 'confirm-action' && line.detail?.['archived'] === 3).length;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A round as `callToolDurably` writes it, held by `holder`. */
function roundOf(id: string, holder: string, args: DurableRound['tool']['arguments'] = {}): DurableRound {
  const now = Date.now();
  return {
    id,
    callId: `call-${id}`,
    round: 1,
    server: { url: demo.url },
    tool: { name: 'confirm-action', arguments: args },
    inputRequests: {},
    requestState: 'v1.opaque',
    protocolVersion: '2026-07-28',
    owner: 'user-1',
    createdAt: now,
    expiresAt: now + 60_000,
    state: 'open',
    lease: { holder, until: 0 },
  };
}

describe('the Redis durable round store', () => {
  it('one taker wins across connections, a holder that lost its lease changes nothing, arguments come back as written', async () => {
    const [a, b, c] = [storeOn(redis, 'rules:'), storeOn(redis, 'rules:'), storeOn(redis, 'rules:')];
    // Values JSON round-trips exactly that Lua's cjson would not (an empty array, 17 significant digits).
    const args = { list: [], ratio: 0.1 + 0.2, nested: { empty: {}, items: [1, { deep: [] }] }, text: 'é\u2028' };
    await a.open(roundOf('r1', 'replica-a', args), 200);
    await expect(a.open(roundOf('r1', 'replica-a'), 200)).rejects.toThrow('already exists');
    // Held: nobody takes it, and only its holder renews it.
    expect(await b.take('r1', 'replica-b', LEASE)).toBeUndefined();
    expect(await b.renew('r1', 'replica-b', LEASE)).toBe(false);
    expect(await a.orphans()).toEqual([]);

    await sleep(250);
    expect((await a.orphans()).map((round) => round.id)).toEqual(['r1']);
    const taken = await Promise.all([b.take('r1', 'replica-b', LEASE), c.take('r1', 'replica-c', LEASE)]);
    const winners = taken.filter((round) => round !== undefined);
    expect(winners).toHaveLength(1);
    const winner = winners[0];
    expect(winner?.tool.arguments).toEqual(args);
    expect(JSON.stringify(winner?.tool.arguments)).toBe(JSON.stringify(args));
    const holder = winner?.lease.holder ?? '';
    const winnerStore = holder === 'replica-b' ? b : c;

    // The first holder, back from a stall, can no longer answer, renew or end it.
    expect(await a.renew('r1', 'replica-a', LEASE)).toBe(false);
    expect(await a.answer('r1', 'replica-a', { confirm: { action: 'accept', content: {} } })).toBe(false);
    expect(
      await a.finish('r1', 'replica-a', {
        state: 'withdrawn',
        outcome: { type: 'withdrawn', reason: 'expired', message: 'x' },
      }),
    ).toBe(false);

    expect(await winnerStore.answer('r1', holder, { confirm: { action: 'accept', content: {} } })).toBe(true);
    expect(await winnerStore.answer('r1', holder, { confirm: { action: 'decline' } })).toBe(false);
    expect(await a.get('r1')).toMatchObject({ state: 'answered', inputResponses: { confirm: { action: 'accept' } } });
    const outcome: DurableOutcome = { type: 'result', result: { content: [] } };
    expect(await winnerStore.finish('r1', holder, { state: 'done', outcome })).toBe(true);
    expect(await winnerStore.finish('r1', holder, { state: 'done', outcome })).toBe(false);
    expect(await a.get('r1')).toMatchObject({ state: 'done', outcome });
    await sleep(LEASE + 50);
    expect(await a.orphans()).toEqual([]);
  });

  it('a caller killed with SIGKILL while its question is open: another process takes the round, the answer completes the call once', async () => {
    const from = demo.log.length;
    const child = spawn(process.execPath, ['--conditions=@elicitation-kit/source', '--import', 'tsx', CALLER], {
      cwd: PACKAGE,
      env: { ...process.env, REDIS_URL: redis.url, MCP_URL: demo.url, TOOL: 'confirm-action', LEASE_MS: String(LEASE) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    const lines = createInterface({ input: child.stdout! });
    const [shown] = (await once(lines, 'line')) as [string];
    expect(JSON.parse(shown)).toEqual({ shown: expect.any(String) });
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;

    // This process: once the dead caller's lease ran out, it takes the round and shows the question to user-1.
    const rounds = storeOn(redis, 'elicitation-kit:durable:');
    const queue = createElicitationQueue();
    const outcomes: ResumedOutcome[] = [];
    const resumer = startResumer(rounds, queue, outcomes);
    let taken = 0;
    while (taken === 0) {
      taken = await resumer.scan();
      await sleep(25);
    }
    const entry = await firstEntry(queue);
    expect(entry.request).toMatchObject({ message: 'Archive the 3 exports older than 30 days?' });
    queue.respond(entry.id, { action: 'accept', content: {} });
    await waitUntil(() => outcomes.length === 1);
    expect(outcomes[0]?.round).toMatchObject({ owner: 'user-1', tag: 'chat-1', tool: CONFIRM, state: 'answered' });
    expect(outcomes[0]?.outcome).toMatchObject({ type: 'result', result: { structuredContent: ARCHIVED } });
    expect(await rounds.get(outcomes[0]?.round.id ?? '')).toMatchObject({ state: 'done' });
    expect(archivedRuns(from)).toBe(1);
    expect(await resumer.scan()).toBe(0);
  });

  it('Redis restarted with an append-only file: the open round is kept, and the answer completes the call', async () => {
    const persistent = await startRedis({ appendonly: true, appendfsync: 'always' });
    try {
      const { client, queue } = await connectHost();
      const rounds = storeOn(persistent, 'aof:');
      const call = callToolDurably(client, CONFIRM, {
        rounds,
        queue,
        owner: 'user-1',
        server: { url: demo.url },
        lease: LEASE,
      });
      const entry = await firstEntry(queue);
      await persistent.restart();
      await sleep(LEASE);
      expect(entry.signal.aborted).toBe(false);
      queue.respond(entry.id, { action: 'accept', content: {} });
      expect(summary(await call)).toEqual(ARCHIVED);
    } finally {
      await persistent.stop();
    }
  });

  it('Redis restarted without persistence: the open round is gone, its question is withdrawn with the reason', async () => {
    const volatile = await startRedis();
    try {
      const { client, queue } = await connectHost();
      const rounds = storeOn(volatile, 'volatile:');
      // The failure is caught from the start: the caller may learn that the round is gone (its lease check) while
      // Redis is still restarting, before this test awaits it.
      const failed = callToolDurably(client, CONFIRM, {
        rounds,
        queue,
        owner: 'user-1',
        server: { url: demo.url },
        lease: LEASE,
      }).catch((error: unknown) => error);
      const entry = await firstEntry(queue);
      await volatile.restart();
      const failure: unknown = await failed;
      expect(failure).toBeInstanceOf(DurableRoundError);
      expect(failure).toMatchObject({ reason: 'lost', message: expect.stringContaining('no longer has this round') });
      expect(entry.signal.aborted).toBe(true);
      // The abort reason the bridge tells the page: `lost`, not `moved` (nobody can take a round the store lost).
      expect(entry.signal.reason).toBe('lost');
      await waitForQueue(queue, (snapshot) => snapshot.length === 0);
    } finally {
      await volatile.stop();
    }
  });
});
