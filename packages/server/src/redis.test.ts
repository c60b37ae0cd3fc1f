// Replay safety across replicas: two servers with the same request-state key and one Redis (Debian's redis-server,
// started on loopback by scripts/lib/redis.mjs; `node scripts/ensure-redis.mjs` installs it). A round asked by
// replica A is answered on replica B, and the same retry replayed to A afterwards does not run the operation again.
import type { Client } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis } from '../../../scripts/lib/redis.mjs';
import type { TestRedis } from '../../../scripts/lib/redis.mjs';
import { createRedisRoundStore, defineTool, toolResult } from './index.js';
import type { RoundStore } from './index.js';
import { exportOptions } from './test/export-tool.js';
import { connectHttp, startEndpoint } from './test/http.js';
import type { TestEndpoint } from './test/http.js';

const STATE_KEY = 'replicas share this key: 32 bytes or more';

let redis: TestRedis;
const connections: Redis[] = [];
beforeAll(async () => {
  redis = await startRedis();
}, 30_000);
afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.quit()));
  await redis?.stop();
});

function redisStore(prefix?: string): RoundStore {
  const connection = new Redis(redis.url, { lazyConnect: false, maxRetriesPerRequest: 1 });
  connections.push(connection);
  return createRedisRoundStore(connection, prefix === undefined ? {} : { prefix });
}

describe('createRedisRoundStore (ioredis 6)', () => {
  it('claims an open round exactly once, across connections', async () => {
    const [one, two] = [redisStore(), redisStore()];
    await one.open('round-1', 60_000);
    expect(await two.claim('round-1')).toBe(true);
    expect(await one.claim('round-1')).toBe(false);
    expect(await two.claim('never-opened')).toBe(false);
  });

  it('lets a round expire on its own (PX)', async () => {
    const store = redisStore();
    await store.open('short', 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await store.claim('short')).toBe(false);
  });

  it('keeps applications apart by prefix', async () => {
    await redisStore('app-a:').open('shared-id', 60_000);
    expect(await redisStore('app-b:').claim('shared-id')).toBe(false);
    expect(await redisStore('app-a:').claim('shared-id')).toBe(true);
  });
});

describe('two replicas, one Redis', () => {
  let runs = 0;
  const confirm = defineTool({
    name: 'export-data',
    description: 'Exports once per answered round.',
    questions: { export_options: exportOptions },
    accept: ({ export_options }) => {
      runs += 1;
      return toolResult({ status: 'completed', maxRows: export_options.maxRows });
    },
  });
  let replicaA: TestEndpoint;
  let replicaB: TestEndpoint;
  const clients: Client[] = [];
  beforeAll(async () => {
    replicaA = await startEndpoint([confirm], { requestState: { key: STATE_KEY }, rounds: redisStore() });
    replicaB = await startEndpoint([confirm], { requestState: { key: STATE_KEY }, rounds: redisStore() });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await replicaA.close();
    await replicaB.close();
  });

  it('asked on A, answered on B, the replay to A runs nothing', async () => {
    const toA = await connectHttp(replicaA.url, 'modern', { manualRounds: true });
    const toB = await connectHttp(replicaB.url, 'modern', { manualRounds: true });
    clients.push(toA, toB);
    const round = (await toA.callTool(
      { name: 'export-data', arguments: {} },
      { allowInputRequired: true },
    )) as unknown as {
      resultType: string;
      requestState: string;
    };
    expect(round.resultType).toBe('input_required');
    const answer = {
      name: 'export-data',
      arguments: {},
      inputResponses: { export_options: { action: 'accept', content: { format: 'csv', maxRows: 3 } } },
      requestState: round.requestState,
    } as Parameters<Client['callTool']>[0];

    const onB = (await toB.callTool(answer)) as CallToolResult;
    expect(onB.structuredContent).toEqual({ status: 'completed', maxRows: 3 });
    expect(runs).toBe(1);

    const replayedToA = (await toA.callTool(answer)) as CallToolResult;
    expect(replayedToA.isError).toBe(true);
    expect(replayedToA.structuredContent).toMatchObject({ status: 'refused' });
    expect(runs).toBe(1);

    expect(replicaA.records.map((record) => record.action)).toEqual(['input-requested', 'replay-refused']);
    expect(replicaB.records.map((record) => record.action)).toEqual(['accept']);
  });
});
