// The Redis round store against a real Redis (Debian's redis-server, started on loopback by
// @elicitation-kit/test-redis; `node scripts/ensure-redis.mjs` installs it): the store contract, the start-up check of
// the client's options, and what a client is told when Redis restarts (with and without persistence), goes down, or
// stalls. Two replicas on one Redis: an answer asked on one and used on the other, replayed to the first, gets the same
// result.
import { McpServer } from '@modelcontextprotocol/server';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRedis } from '@elicitation-kit/test-redis';
import type { TestRedis, TestRedisOptions } from '@elicitation-kit/test-redis';
import {
  createElicitationServer,
  createRedisRoundStore,
  defineTool,
  REDIS_CLIENT_OPTIONS,
  REFUSAL_MESSAGES,
  toolResult,
} from './index.js';
import type { OutcomeRecord, RoundPolicy, RoundStore } from './index.js';
import { exportOptions } from '../examples/export-tool.js';
import { describeRoundStore } from './test/store-contract.js';
import { connectRecorded } from './test/wire.js';
import type { RecordedClient } from './test/wire.js';

const STATE_KEY = 'replicas share this key: 32 bytes or more';
const ANSWER = { export_options: { action: 'accept', content: { format: 'csv', maxRows: 3 } } };

const connections: Redis[] = [];
const servers: TestRedis[] = [];
const clients: RecordedClient[] = [];

async function redisServer(options: TestRedisOptions = {}): Promise<TestRedis> {
  const server = await startRedis(options);
  servers.push(server);
  return server;
}

/** A store on a new connection (the options the README recommends). */
function redisStore(server: TestRedis, prefix?: string): RoundStore {
  const connection = new Redis(server.url, REDIS_CLIENT_OPTIONS);
  connection.on('error', () => undefined); // outages are expected here; each command reports its own
  connections.push(connection);
  return createRedisRoundStore(connection, prefix === undefined ? {} : { prefix });
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
afterAll(async () => {
  connections.forEach((connection) => connection.disconnect());
  await Promise.all(servers.map((server) => server.stop()));
});

describe('createRedisRoundStore (ioredis 6, a real redis-server)', () => {
  let shared: TestRedis;
  beforeAll(async () => {
    shared = await redisServer();
  }, 30_000);

  describeRoundStore('Redis', () => redisStore(shared));

  it('keeps applications apart by prefix', async () => {
    const claim = { token: 't', leaseMs: 60_000, takeOver: true, ttlMs: 60_000 };
    await redisStore(shared, 'app-a:').open('shared-id', 60_000);
    expect(await redisStore(shared, 'app-b:').claim('shared-id', claim)).toMatchObject({ kind: 'unknown' });
    expect(await redisStore(shared, 'app-a:').claim('shared-id', claim)).toEqual({ kind: 'claimed', attempt: 1 });
  });

  it('refuses at start-up a client an outage would hang: no commandTimeout, endless retries, no reconnection', () => {
    const unbounded = [
      [{}, /commandTimeout is undefined/],
      [{ commandTimeout: 60_000 }, /commandTimeout is 60000; without one \(at most 10000 ms\)/],
      [{ commandTimeout: 2_000, maxRetriesPerRequest: null }, /maxRetriesPerRequest is null/],
    ] as const;
    for (const [options, message] of unbounded) {
      const client = new Redis(shared.url, { ...options, lazyConnect: true });
      expect(() => createRedisRoundStore(client)).toThrow(message);
      client.disconnect();
    }
    const noReconnect = { eval: () => Promise.resolve(null), options: { commandTimeout: 2_000, retryStrategy: null } };
    expect(() => createRedisRoundStore(noReconnect)).toThrow(/no retryStrategy, so it would never reconnect/);
    expect(() =>
      createRedisRoundStore(new Redis(shared.url, { ...REDIS_CLIENT_OPTIONS, lazyConnect: true })),
    ).not.toThrow();
    // A client that does not expose its options is the kit's to bound (roundPolicy.storeTimeoutMs).
    expect(() => createRedisRoundStore({ eval: () => Promise.resolve(null) })).not.toThrow();
  });
});

/** A kit on `store` serving one export tool, a recorded client to it, and how often the operation ran. */
async function kitOn(store: RoundStore, policy: RoundPolicy = {}) {
  const records: OutcomeRecord[] = [];
  const runs: string[] = [];
  const tool = defineTool({
    name: 'export-data',
    description: 'Exports once per answered round.',
    questions: { export_options: exportOptions },
    accept: ({ export_options }, call) => {
      runs.push(call.idempotencyKey);
      return toolResult({ status: 'completed', maxRows: export_options.maxRows });
    },
  });
  const kit = createElicitationServer({
    requestState: { key: STATE_KEY },
    rounds: store,
    roundPolicy: policy,
    onOutcome: (record) => records.push(record),
  });
  const client = await connectRecorded(() => {
    const server = new McpServer({ name: 'redis-kit', version: '1.0.0' }, { requestState: kit.requestState });
    kit.register(server, [tool]);
    return server;
  });
  clients.push(client);
  const ask = async (): Promise<Record<string, unknown>> => {
    const round = JSON.parse(await client.call({ name: 'export-data', arguments: {} })) as { requestState: string };
    return { name: 'export-data', arguments: {}, inputResponses: ANSWER, requestState: round.requestState };
  };
  return { client, records, runs, ask };
}

const refused = (reason: keyof typeof REFUSAL_MESSAGES) => ({
  structuredContent: { status: 'refused', reason, message: REFUSAL_MESSAGES[reason] },
  isError: true,
});

/** Sends `retry` until the store answers again (a reconnecting client), then returns that answer. */
async function whenBack(client: RecordedClient, retry: Record<string, unknown>): Promise<unknown> {
  for (;;) {
    const answer = JSON.parse(await client.call(retry)) as { structuredContent?: { reason?: string } };
    if (answer.structuredContent?.reason !== 'store-unavailable') {
      return answer;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Redis faults, as the client sees them', () => {
  it('a restart without persistence: used and open rounds are forgotten, and the client is told to ask again', async () => {
    const server = await redisServer();
    const { client, records, runs, ask } = await kitOn(redisStore(server));
    const used = await ask();
    expect(JSON.parse(await client.call(used))).toMatchObject({ structuredContent: { status: 'completed' } });
    const pending = await ask();
    await server.restart();
    for (const retry of [used, pending]) {
      const answer = await whenBack(client, retry);
      expect(answer).toMatchObject(refused('round-forgotten'));
      expect(answer).toMatchObject({ structuredContent: { askAgain: true } });
    }
    expect(runs).toHaveLength(1);
    expect(records.filter((r) => r.action === 'round-refused')).toEqual([
      expect.objectContaining({ reason: 'round-forgotten' }),
      expect.objectContaining({ reason: 'round-forgotten' }),
    ]);
  }, 30_000);

  it('a restart with appendonly loses nothing: the replay gets the same bytes, the open round is answered', async () => {
    const server = await redisServer({ appendonly: true });
    const { client, runs, ask } = await kitOn(redisStore(server));
    const used = await ask();
    const first = await client.call(used);
    const pending = await ask();
    await server.restart();
    await whenBack(client, pending);
    expect(JSON.parse(client.results.at(-1) ?? '')).toMatchObject({ structuredContent: { status: 'completed' } });
    expect(await client.call(used)).toBe(first);
    expect(runs).toHaveLength(2);
  }, 30_000);

  it('Redis down: a tool error within seconds (never a hang), and the resend works once it is back', async () => {
    const server = await redisServer({ appendonly: true, appendfsync: 'always' });
    const { client, runs, ask, records } = await kitOn(redisStore(server));
    const retry = await ask();
    await server.kill();
    const started = Date.now();
    expect(JSON.parse(await client.call(retry))).toMatchObject(refused('store-unavailable'));
    expect(JSON.parse(await client.call({ name: 'export-data', arguments: {} }))).toMatchObject(
      refused('store-unavailable'),
    );
    // ioredis fails the commands (commandTimeout 2 s at most), well within the kit's own 5 s bound.
    expect(Date.now() - started).toBeLessThan(4_500);
    expect(records.filter((r) => r.action === 'round-refused').map((r) => r.cause)).toEqual([
      expect.stringMatching(/^round store: claim failed: /),
      expect.stringMatching(/^round store: open failed: /),
    ]);
    await server.start();
    expect(await whenBack(client, retry)).toMatchObject({ structuredContent: { status: 'completed' } });
    expect(runs).toHaveLength(1);
  }, 30_000);

  it('Redis stalled longer than the command timeout: told at once; the late claim is given back; one run', async () => {
    const server = await redisServer();
    const { client, runs, ask } = await kitOn(redisStore(server), { leaseMs: 5_000, storeTimeoutMs: 1_000 });
    const retry = await ask();
    server.pause();
    const started = Date.now();
    expect(JSON.parse(await client.call(retry))).toMatchObject(refused('store-unavailable'));
    expect(Date.now() - started).toBeLessThan(4_500);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    server.resume(); // the claim sent before the stall now lands; the kit gives it back
    const answer = await whenBack(client, retry);
    expect(answer).toMatchObject({ structuredContent: { status: 'completed' } });
    expect(runs).toHaveLength(1);
  }, 30_000);
});

describe('two replicas, one Redis', () => {
  it('asked on A, answered on B, the replay to A gets the same result and runs nothing', async () => {
    const server = await redisServer();
    const a = await kitOn(redisStore(server));
    const b = await kitOn(redisStore(server));
    const retry = await a.ask();
    const onB = await b.client.call(retry);
    expect(JSON.parse(onB)).toMatchObject({ structuredContent: { status: 'completed', maxRows: 3 } });
    expect(await a.client.call(retry)).toBe(onB);
    expect(a.runs.length + b.runs.length).toBe(1);
    expect(a.records.map((record) => record.action)).toEqual(['input-requested', 'replayed']);
    expect(b.records.map((record) => record.action)).toEqual(['accept']);
  }, 30_000);
});
