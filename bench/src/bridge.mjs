// 6. The bridge (@elicitation-kit/bridge) under load, with its floor beside it (bridge-load.mjs has the harness):
//  - throughput: N browsers, each a distinct owner kept at `pending` open questions of the kitchen sink (13 fields),
//    as fast as answers come back, on the memory hub, measured after a warm-up; backend and page-half CPU per
//    question; beside it, the same wire protocol hand-written on node:http (bridge-floor.mjs) and the floor, the same
//    questions and answers through an in-process queue;
//  - paced: 1,000 owners, 200 questions/s in all, on the memory hub and on a Redis hub (a real redis-server from
//    @elicitation-kit/test-redis), `runs` times each: p99 ask → answer, refusals; the memory hub beside the node:http
//    floor paced alike;
//  - saturated Redis hub: as fast as answers come back, refusals counted (the page answers a kept question again);
//  - idle streams: the memory a backend holds per open stream, and its change over an idle window of keep-alives;
//  - end to end (bridge-e2e.mjs): the demo server called by SDK v2 clients with the kit's adapter on a backend, the
//    questions carried to scripted browsers by the bridge, beside the same calls answered on the backend (its twin)
//    and the same with the node:http floor in the bridge's place.
// Every run counts lost, doubled and wrong answers (0 each is the budget).
import { measureBridgeEndToEnd } from './bridge-e2e.mjs';
import { measureIdleStreams, runBridgeLoad, runQueueFloor } from './bridge-load.mjs';
import { spread } from './stats.mjs';

/** The Redis the Redis-hub runs use, or why there is none (no redis-server on this machine). */
async function startTestRedis() {
  const { hasRedisServer, startRedis } = await import('@elicitation-kit/test-redis');
  if (!hasRedisServer()) return { missing: 'redis-server not found (REDIS_SERVER)' };
  return { redis: await startRedis() };
}

/** A failed measurement, as its row reports it. */
const failed = (error) => ({ error: String(error?.stack ?? error) });

const tally = (runs) => ({
  lost: runs.reduce((sum, run) => sum + run.lost, 0),
  doubled: runs.reduce((sum, run) => sum + run.doubled, 0),
  wrong: runs.reduce((sum, run) => sum + run.wrong, 0),
  refused: runs.reduce((sum, run) => sum + Object.values(run.refused ?? {}).reduce((a, b) => a + b, 0), 0),
  refusals: Object.assign({}, ...runs.map((run) => run.refused ?? {})),
});

/**
 * The bridge measurements. `runs`: rounds of the throughput run (each against its floor, back to back);
 * `idleMs`/`idleStreams`/`keepAliveMs`: the idle-stream window (the long run: 600,000 ms, 3,000 streams, 15,000 ms);
 * `endToEnd`: the options of the end-to-end run (bridge-e2e.mjs: runs, sequential, users, perUser).
 */
export async function measureBridge({
  runs = 3,
  owners = 100,
  perOwner = 100,
  warmupPerOwner = 20,
  pending = 2,
  pacedOwners = 1000,
  pacedPerOwner = 2,
  ratePerSecond = 200,
  idleStreams = 1000,
  idleMs = 10_000,
  keepAliveMs = 100,
  endToEnd = {},
} = {}) {
  const { redis, missing } = await startTestRedis();
  try {
    const load = { owners, perOwner, pending };
    const bridgeRuns = [];
    const httpFloorRuns = [];
    const floorRuns = [];
    for (let round = 0; round < runs; round += 1) {
      // Alternating order: the machine's noise hits all alike.
      if (round % 2 === 1) floorRuns.push(await runQueueFloor(load));
      if (round % 2 === 1) httpFloorRuns.push(await runBridgeLoad({ ...load, warmupPerOwner, httpFloor: true }));
      bridgeRuns.push(await runBridgeLoad({ ...load, warmupPerOwner, hub: 'memory' }));
      if (round % 2 === 0) httpFloorRuns.push(await runBridgeLoad({ ...load, warmupPerOwner, httpFloor: true }));
      if (round % 2 === 0) floorRuns.push(await runQueueFloor(load));
    }
    const throughput = {
      owners,
      perOwner,
      warmupPerOwner,
      pendingPerOwner: pending,
      fields: 13,
      runs,
      ...tally([...bridgeRuns, ...httpFloorRuns]),
      backendCpuMs: spread(bridgeRuns.map((run) => run.backendCpuMsPerQuestion)),
      pageCpuMs: spread(bridgeRuns.map((run) => run.pageCpuMsPerQuestion)),
      perSecond: spread(bridgeRuns.map((run) => run.perSecond)),
      p99Ms: spread(bridgeRuns.map((run) => run.p99Ms)),
      httpFloor: {
        cpuMs: spread(httpFloorRuns.map((run) => run.backendCpuMsPerQuestion)),
        perSecond: spread(httpFloorRuns.map((run) => run.perSecond)),
      },
      floor: {
        ...tally(floorRuns),
        cpuMs: spread(floorRuns.map((run) => run.backendCpuMsPerQuestion)),
        perSecond: spread(floorRuns.map((run) => run.perSecond)),
        p99Ms: spread(floorRuns.map((run) => run.p99Ms)),
      },
      ratio: spread(bridgeRuns.map((run, index) => run.perSecond / floorRuns[index].perSecond)),
    };

    const paced = {};
    const pacedShape = { owners: pacedOwners, perOwner: pacedPerOwner, ratePerSecond };
    /** The paced figures of `hubRuns`, over runs. */
    const pacedOf = (hubRuns) => ({
      owners: pacedOwners,
      ratePerSecond,
      questions: hubRuns[0].questions,
      runs,
      ...tally(hubRuns),
      p50Ms: spread(hubRuns.map((run) => run.p50Ms)),
      p99Ms: spread(hubRuns.map((run) => run.p99Ms)),
    });
    // The memory hub beside the node:http floor paced alike (the same browsers' processes, the same backend process):
    // what the machine itself adds to the tail, with no bridge in it. Alternating order, as above.
    const memoryRuns = [];
    const pacedFloorRuns = [];
    for (let round = 0; round < runs; round += 1) {
      if (round % 2 === 1) pacedFloorRuns.push(await runBridgeLoad({ ...pacedShape, httpFloor: true }));
      memoryRuns.push(await runBridgeLoad({ ...pacedShape, hub: 'memory' }));
      if (round % 2 === 0) pacedFloorRuns.push(await runBridgeLoad({ ...pacedShape, httpFloor: true }));
    }
    paced.memory = { ...pacedOf(memoryRuns), httpFloor: pacedOf(pacedFloorRuns) };
    if (missing) paced.redis = { pending: missing };
    else {
      const redisRuns = [];
      for (let round = 0; round < runs; round += 1) {
        redisRuns.push(await runBridgeLoad({ ...pacedShape, hub: 'redis', redisUrl: redis.url }));
      }
      paced.redis = pacedOf(redisRuns);
    }

    let saturated;
    if (missing) saturated = { pending: missing };
    else {
      const run = await runBridgeLoad({ hub: 'redis', redisUrl: redis.url, owners, perOwner, pending: pending * 2 });
      saturated = { ...run, ...tally([run]) };
    }

    const idle = await measureIdleStreams({ streams: idleStreams, idleMs, keepAliveMs });
    // A failure here is reported in its own row, not as the loss of the rows above.
    const e2e = await measureBridgeEndToEnd(endToEnd).catch(failed);
    return { throughput, paced, saturated, idle, endToEnd: e2e };
  } finally {
    await redis?.stop();
  }
}

/**
 * The small load check of the budgets: `owners` browsers × `perOwner` questions on the memory hub and on a Redis hub,
 * each with 0 lost, 0 doubled, 0 wrong. Returns one line and verdict per hub.
 */
export async function checkBridgeLoad({ owners = 100, perOwner = 3 } = {}) {
  const { redis, missing } = await startTestRedis();
  const checks = [];
  try {
    for (const hub of ['memory', 'redis']) {
      if (hub === 'redis' && missing) {
        checks.push({ ok: false, text: `bridge, Redis hub: ${missing}` });
        continue;
      }
      const run = await runBridgeLoad({ hub, redisUrl: redis?.url, owners, perOwner, warmupPerOwner: 0 });
      const { refused } = tally([run]);
      checks.push({
        ok: run.answered === run.questions && run.lost === 0 && run.doubled === 0 && run.wrong === 0,
        text:
          `bridge, ${hub} hub: ${owners} browsers × ${perOwner} questions (13 fields) → ${run.answered} of ${run.questions} answered, ` +
          `${run.lost} lost, ${run.doubled} doubled, ${run.wrong} wrong` +
          `${refused > 0 ? `, ${refused} refused and answered again (${JSON.stringify(run.refused)})` : ''} (${Math.round(run.elapsedMs)} ms)`,
      });
    }
  } finally {
    await redis?.stop();
  }
  return checks;
}
