// The Redis hub against a real Redis (Debian's redis-server on a free loopback port, started by
// @elicitation-kit/test-redis; `node scripts/ensure-redis.mjs` installs it), its replicas in this process. At scale:
// 10,000 idle owners watched by one replica with Redis 1–5 ms away each way (a delaying proxy, src/test/delay-proxy.ts,
// which also counts the commands), another replica beside it: a heartbeat costs a few commands whatever the number of
// owners, the alive key never lapses, nobody is declared lost. A reconciliation that hangs does not hold the renewal
// back. And what the heartbeat still finds: an announcement the subscriber missed, a question of a replica that is
// gone, a Redis that lost its data.
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRedis } from '@elicitation-kit/test-redis';
import type { TestRedis } from '@elicitation-kit/test-redis';
import { hubInternals, NOT_PENDING } from './hub.js';
import type { HubEvent, HubInternals, HubRecord, OwnerView } from './hub.js';
import { createRedisBridgeHub } from './redis-hub.js';
import type { RedisBridgeClient } from './redis-hub.js';
import { startDelayProxy } from './test/delay-proxy.js';
import type { DelayProxy } from './test/delay-proxy.js';

const OWNERS = 10_000;
/** How many owners' hashes the hub reads per command when it must read them all. */
const READ_BATCH = 256;

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
}, 30_000);
afterAll(async () => {
  await redis?.stop();
});

/** What each test opened, closed after it in reverse order. */
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).toReversed()) {
    await cleanup().catch(() => undefined);
  }
});

function connection(url: string): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  client.on('error', () => undefined); // each command reports its own failure
  cleanups.push(() => client.quit());
  return client;
}

async function proxy(): Promise<DelayProxy> {
  const started = await startDelayProxy(redis.port, { minMs: 1, maxMs: 5 });
  cleanups.push(() => started.close());
  return started;
}

/** A started replica's hub, and what it told its bridge. */
interface Replica {
  hub: HubInternals;
  /** How many times the others gave it up. */
  lost: number;
  failures: Array<{ operation: string; error: unknown }>;
}

function replica(client: RedisBridgeClient, prefix: string, heartbeatMs: number): Replica {
  const hub = hubInternals(createRedisBridgeHub(client, { prefix, heartbeatMs }));
  const started: Replica = { hub, lost: 0, failures: [] };
  hub.start({
    answer: () => NOT_PENDING,
    lost: () => {
      started.lost += 1;
    },
    failed: (error, operation) => started.failures.push({ operation, error }),
  });
  cleanups.push(() => hub.close());
  return started;
}

const record = (id: string, holder: string): HubRecord => ({
  entry: {
    id,
    params: { mode: 'form', message: 'Export?', requestedSchema: { type: 'object', properties: {} } },
    server: { id: 'acme', name: 'Acme' },
    era: 'legacy',
    status: 'pending',
    kind: 'request',
    createdAt: 1,
  },
  replica: holder,
  rev: 1,
});

/** Watches `owner` on `hub`, keeping every change it tells. */
async function watched(hub: HubInternals, owner: string): Promise<{ view: OwnerView; events: HubEvent[] }> {
  const view = await hub.watch(owner);
  const events: HubEvent[] = [];
  view.subscribe((event) => events.push(event));
  return { view, events };
}

/** Resolves once `check` holds, polling; fails after `timeoutMs`. */
async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) {
      throw new Error(`not within ${timeoutMs} ms`);
    }
    await sleep(10);
  }
}

/** Samples the PTTL of `key` every 10 ms until stopped: the lowest seen (-2: the key was gone). */
function watchTtl(client: Redis, key: string): () => Promise<number> {
  let lowest = Number.POSITIVE_INFINITY;
  const stop = new AbortController();
  const sampled = (async () => {
    while (!stop.signal.aborted) {
      lowest = Math.min(lowest, await client.pttl(key));
      await sleep(10);
    }
  })();
  return async () => {
    stop.abort();
    await sampled;
    return lowest;
  };
}

/** The commands sent between two counts of the proxy, by name. */
function spentBetween(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  const spent = new Map<string, number>();
  for (const [name, count] of after) {
    const more = count - (before.get(name) ?? 0);
    if (more > 0) {
      spent.set(name, more);
    }
  }
  return spent;
}

const sum = (counts: Map<string, number>): number => [...counts.values()].reduce((total, count) => total + count, 0);

describe('the Redis hub at scale: 10,000 idle owners on one replica, Redis 1–5 ms away', () => {
  it('a heartbeat costs a few commands, not one per owner; the alive key never lapses; nobody is lost', async () => {
    const heartbeatMs = 400;
    const prefix = 'scale:';
    const delayed = await proxy();
    const side = connection(redis.url);
    const a = replica(connection(delayed.url), prefix, heartbeatMs);
    const b = replica(connection(redis.url), prefix, heartbeatMs);

    // A holds a question of `held`, which B shows: B would withdraw it as lost if it gave A up.
    await a.hub.upsert('held', record('held-1', a.hub.replica));
    // A registered before its first write: its alive key is there from now on.
    const lowestTtl = watchTtl(side, `${prefix}replica:${a.hub.replica}`);
    const onB = await watched(b.hub, 'held');
    expect(onB.view.records()).toHaveLength(1);

    // The streams of 10,000 owners arrive, a few hundred at a time (one tick of 10,000 would hold the event loop).
    const views: OwnerView[] = [];
    cleanups.push(async () => views.forEach((view) => view.release()));
    while (views.length < OWNERS) {
      const next = Array.from({ length: 250 }, (_, index) => a.hub.watch(`idle-${views.length + index}`));
      views.push(...(await Promise.all(next)));
    }
    // The first heartbeats after the watches began read every owner once (nothing read yet): let them pass.
    await sleep(heartbeatMs * 4);

    // Idle, then 40 of the owners get a question from B midway: only those are read again, many per command.
    const idle = delayed.commands();
    await sleep(heartbeatMs * 6);
    const changing = Array.from({ length: 40 }, (_, index) => index * 250);
    await Promise.all(changing.map((index) => b.hub.upsert(`idle-${index}`, record(`q-${index}`, b.hub.replica))));
    await until(() => changing.every((index) => views[index]!.records().length === 1));
    await sleep(heartbeatMs * 6);
    const spent = spentBetween(idle, delayed.commands());
    const heartbeats = spent.get('SET') ?? 0; // one renewal each
    expect(heartbeats).toBeGreaterThanOrEqual(8);
    expect(spent.get('HGETALL') ?? 0).toBe(0);
    // A renewal, one read of the change stream, one aliveness check of B once A shows B's questions, and a read of
    // the changed owners when there are some: a bound that does not depend on OWNERS (one command per owner would be
    // 10,000 per heartbeat).
    expect(sum(spent)).toBeLessThanOrEqual(heartbeats * 4 + 4);

    // Redis loses the change stream: the next heartbeat reads every owner, READ_BATCH per command, once.
    const beforeLoss = delayed.commands();
    await side.del(`${prefix}changes`);
    await sleep(heartbeatMs * 5);
    const resynced = spentBetween(beforeLoss, delayed.commands());
    const resyncBeats = resynced.get('SET') ?? 0;
    const fullRead = Math.ceil(OWNERS / READ_BATCH);
    expect(resynced.get('HGETALL') ?? 0).toBe(0);
    expect(resynced.get('EVAL') ?? 0).toBeGreaterThanOrEqual(fullRead);
    expect(sum(resynced)).toBeLessThanOrEqual(fullRead + resyncBeats * 4 + 4);

    expect(await lowestTtl()).toBeGreaterThan(0);
    expect(a.lost).toBe(0);
    expect(b.lost).toBe(0);
    expect(onB.view.records()).toHaveLength(1);
    expect(onB.events).toEqual([]);
    expect([...a.failures, ...b.failures]).toEqual([]);
    expect(changing.every((index) => views[index]!.records()[0]?.replica === b.hub.replica)).toBe(true);
  }, 60_000);
});

describe('the Redis hub heartbeat', () => {
  const heartbeatMs = 200;

  it('renews the alive key while a reconciliation hangs for many heartbeats', async () => {
    const prefix = 'hanging:';
    const client = connection(redis.url);
    let hanging = false;
    // The same client, whose reads (what a reconciliation sends) hang while `hanging`: only SET goes through.
    const stalled = new Proxy(client, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property);
        if (typeof value !== 'function') {
          return value;
        }
        const method = (value as (...args: unknown[]) => unknown).bind(target);
        if (property !== 'eval' && property !== 'hgetall' && property !== 'exists') {
          return method;
        }
        return async (...args: unknown[]) => {
          await until(() => !hanging, 30_000);
          return method(...args);
        };
      },
    });
    const a = replica(stalled as unknown as RedisBridgeClient, prefix, heartbeatMs);
    const b = replica(connection(redis.url), prefix, heartbeatMs);
    // A shows B's question of `held`; B shows A's of `alice`, and would withdraw it as lost if it gave A up.
    await b.hub.upsert('held', record('held-1', b.hub.replica));
    await a.hub.upsert('alice', record('alice-1', a.hub.replica));
    const onA = await watched(a.hub, 'held');
    const onB = await watched(b.hub, 'alice');
    const lowestTtl = watchTtl(connection(redis.url), `${prefix}replica:${a.hub.replica}`);
    hanging = true;
    await sleep(heartbeatMs * 10);
    hanging = false;
    await sleep(heartbeatMs * 2);
    expect(await lowestTtl()).toBeGreaterThan(0);
    expect(a.lost).toBe(0);
    expect(onB.view.records()).toHaveLength(1);
    expect(onB.events).toEqual([]);
    expect(onA.view.records()).toHaveLength(1);
  }, 20_000);

  it('finds what a subscriber missed, withdraws the questions of gone replicas, and reads all again when Redis lost its data', async () => {
    const prefix = 'finds:';
    const side = connection(redis.url);
    const a = replica(connection(redis.url), prefix, heartbeatMs);
    const b = replica(connection(redis.url), prefix, heartbeatMs);
    const alice = await watched(a.hub, 'alice');
    await Promise.all(Array.from({ length: 300 }, (_, index) => a.hub.watch(`idle-${index}`)));

    // B's question, stored and logged but never announced (as if A's subscriber was reconnecting).
    const missed = record('missed-1', b.hub.replica);
    await side.hset(`${prefix}owner:alice`, 'missed-1', JSON.stringify(missed));
    await side.xadd(`${prefix}changes`, '*', 'o', 'alice');
    await until(() => alice.view.records().length === 1);
    expect(alice.events).toEqual([{ type: 'entry', record: missed }]);

    // A question of a replica whose alive key is gone: withdrawn as lost, for everyone (out of Redis too).
    await side.hset(`${prefix}owner:alice`, 'ghost-1', JSON.stringify(record('ghost-1', 'gone-replica')));
    await side.xadd(`${prefix}changes`, '*', 'o', 'alice');
    await until(() => alice.events.some((event) => event.type === 'withdrawn' && event.id === 'ghost-1'));
    expect(alice.events.at(-1)).toEqual({ type: 'withdrawn', id: 'ghost-1', reason: 'lost' });
    await until(() => alice.view.records().length === 1);
    expect(await side.hexists(`${prefix}owner:alice`, 'ghost-1')).toBe(0);

    // Redis emptied (restarted without persistence): every replica registers again, and A reads every owner again.
    await side.flushdb();
    await until(() => alice.view.records().length === 0);
    expect(alice.events.at(-1)).toEqual({ type: 'withdrawn', id: 'missed-1', reason: 'settled' });
    expect(a.lost).toBeGreaterThanOrEqual(1);
    expect([...a.failures, ...b.failures]).toEqual([]);
  }, 20_000);
});
