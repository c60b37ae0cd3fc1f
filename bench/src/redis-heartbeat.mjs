// The Redis hub's heartbeat at scale (issue 38): one replica watching N idle owners, Redis 1–5 ms away each way
// (packages/bridge/src/test/delay-proxy.ts, which also counts the commands), a second replica beside it showing a
// question of the first, one `redis-server` (@elicitation-kit/test-redis). Measured over idle heartbeats: the commands
// the watching replica sent, and the lowest margin left on its alive key (its PTTL, sampled every 10 ms); then the
// commands of the one heartbeat that reads every owner again after the change stream is lost, and the CPU this process
// (both replicas and the proxy) spends on idle heartbeats, the sampling stopped. At the hub's default `heartbeatMs`
// (2000), 5 heartbeats per window; about 35 s per size. Run alone, from bench/:
//   pnpm exec node --conditions=@elicitation-kit/source --import tsx src/redis-heartbeat.mjs [owners…]
// (default: 1000 10000). Prints a table; exits 1 when a replica was declared lost or an alive key lapsed.
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { startRedis } from '@elicitation-kit/test-redis';
import { hubInternals, NOT_PENDING } from '../../packages/bridge/src/hub.ts';
import { createRedisBridgeHub } from '../../packages/bridge/src/redis-hub.ts';
import { startDelayProxy } from '../../packages/bridge/src/test/delay-proxy.ts';

const sum = (counts) => [...counts.values()].reduce((total, count) => total + count, 0);
const spentBetween = (before, after) =>
  new Map([...after].map(([name, count]) => [name, count - (before.get(name) ?? 0)]).filter(([, count]) => count > 0));

/** A started hub on `client`, counting the times it was given up. */
function replica(client, prefix, heartbeatMs) {
  const hub = hubInternals(createRedisBridgeHub(client, { prefix, heartbeatMs }));
  const started = { hub, lost: 0 };
  hub.start({
    answer: () => NOT_PENDING,
    lost: () => {
      started.lost += 1;
    },
    failed: () => undefined,
  });
  return started;
}

/** One size: `owners` idle owners watched, `beats` idle heartbeats measured. */
async function measureOwners(redis, owners, { heartbeatMs, beats }) {
  const proxy = await startDelayProxy(redis.port, { minMs: 1, maxMs: 5 });
  const clients = [new Redis(proxy.url), new Redis(redis.url), new Redis(redis.url)];
  const [viaProxy, direct, side] = clients;
  const prefix = `bench-${owners}:`;
  const a = replica(viaProxy, prefix, heartbeatMs);
  const b = replica(direct, prefix, heartbeatMs);
  await a.hub.upsert('held', {
    entry: { id: 'held-1', params: {}, server: { id: 's', name: 's' }, era: 'legacy', status: 'pending' },
    replica: a.hub.replica,
    rev: 1,
  });
  const onB = await b.hub.watch('held');
  let lowestTtl = Number.POSITIVE_INFINITY;
  const stopSampling = new AbortController();
  const sampled = (async () => {
    while (!stopSampling.signal.aborted) {
      lowestTtl = Math.min(lowestTtl, await side.pttl(`${prefix}replica:${a.hub.replica}`));
      await sleep(10);
    }
  })();

  const watchStarted = performance.now();
  const views = [];
  while (views.length < owners) {
    const next = Array.from({ length: Math.min(250, owners - views.length) }, (_, index) =>
      a.hub.watch(`idle-${views.length + index}`),
    );
    views.push(...(await Promise.all(next)));
  }
  const watchMs = performance.now() - watchStarted;
  await sleep(heartbeatMs * 3);

  const before = proxy.commands();
  const wallBefore = performance.now();
  await sleep(heartbeatMs * beats);
  const idle = spentBetween(before, proxy.commands());
  const idleMs = performance.now() - wallBefore;
  const heartbeats = idle.get('SET') ?? 0;

  const beforeLoss = proxy.commands();
  await side.del(`${prefix}changes`);
  await sleep(heartbeatMs * 3);
  const resync = spentBetween(beforeLoss, proxy.commands());

  stopSampling.abort();
  await sampled;
  // The CPU of idle heartbeats, without the sampling.
  await sleep(heartbeatMs);
  const cpuBefore = process.cpuUsage();
  const cpuWallBefore = performance.now();
  await sleep(heartbeatMs * beats);
  const cpu = process.cpuUsage(cpuBefore);
  const cpuWallMs = performance.now() - cpuWallBefore;
  const row = {
    owners,
    heartbeatMs,
    watchMs: Math.round(watchMs),
    heartbeats,
    commandsPerHeartbeat: heartbeats === 0 ? null : Number((sum(idle) / heartbeats).toFixed(2)),
    commandsPerSecond: Number(((sum(idle) * 1000) / idleMs).toFixed(1)),
    cpuPercent: Number((((cpu.user + cpu.system) / 1000 / cpuWallMs) * 100).toFixed(2)),
    resyncEvals: resync.get('EVAL') ?? 0,
    lowestTtlMs: lowestTtl,
    lapseMs: heartbeatMs * 3,
    lost: a.lost + b.lost,
    withdrawnOnB: onB.records().length === 1 ? 0 : 1,
  };
  views.forEach((view) => view.release());
  onB.release();
  await Promise.all([a.hub.close(), b.hub.close()]);
  await Promise.all(clients.map((client) => client.quit()));
  await proxy.close();
  return row;
}

/** Every size in `owners`, one `redis-server` each. */
export async function measureRedisHeartbeat({ owners = [1000, 10_000], heartbeatMs = 2000, beats = 5 } = {}) {
  const rows = [];
  for (const count of owners) {
    const redis = await startRedis();
    try {
      rows.push(await measureOwners(redis, count, { heartbeatMs, beats }));
    } finally {
      await redis.stop();
    }
  }
  return { rows, ok: rows.every((row) => row.lost === 0 && row.withdrawnOnB === 0 && row.lowestTtlMs > 0) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = process.argv.slice(2).map(Number).filter(Number.isInteger);
  const result = await measureRedisHeartbeat(sizes.length > 0 ? { owners: sizes } : {});
  console.table(result.rows);
  console.log(result.ok ? '✓ no replica declared lost, no alive key lapsed' : '✗ a replica was declared lost');
  process.exit(result.ok ? 0 : 1);
}
