// The bridge end to end, beside its no-bridge twin: the demo server (startDemoServer on 127.0.0.1, in this process, as
// round-trips.mjs runs it) and a backend process (bridge-e2e-backend.mjs) whose hosts call its `export-data` tool
// with a Node SDK v2 client and the kit's adapter (`attachElicitation` + `kit.callTool`, 2026-07-28 era). Twin
// (`direct`): each question answered on the backend, straight from its queue. Bridge (`bridge`): each queue exposed
// under its user by `createElicitationBridge` + `toNodeListener`, and every user's scripted browser in a third process
// (bridge-e2e-browsers.mjs: the remote queue of `@elicitation-kit/bridge/browser`, browser-fetch.mjs) answering each
// question as it arrives. Each answer carries a serial in `maxRows`: the demo server's log, its ledger of answers on
// the wire and the tool results must each name every serial exactly once (0 lost, 0 doubled).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemoServer } from '@elicitation-kit/demo-server';
import { acceptedSerials, tally, wireCount } from './round-trips.mjs';
import { percentile, spread } from './stats.mjs';

const BACKEND = fileURLToPath(new URL('./bridge-e2e-backend.mjs', import.meta.url));
const BROWSERS = fileURLToPath(new URL('./bridge-e2e-browsers.mjs', import.meta.url));

/** Serials start above the demo table's 120 rows (every export the same document); `maxRows` allows up to 10,000. */
const SERIAL_BASE = 1000;
const MAX_ROWS = 10_000;

/**
 * A child process running `file` (bridge-e2e-backend.mjs or bridge-e2e-browsers.mjs), started with `options`;
 * `cpuProfileDir` runs it under `--cpu-prof` (a `.cpuprofile` per thread in that folder).
 */
async function startChild(file, { cpuProfileDir, env = process.env, ...options }) {
  const execArgv = [
    ...process.execArgv.filter((arg) => !arg.startsWith('--cpu-prof')),
    ...(cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : []),
  ];
  const child = fork(file, [], { execArgv, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const events = [];
  let waiting;
  child.on('message', (message) => {
    if (message.type === 'event') events.push(message.event);
    else waiting?.(message);
  });
  const ask = (command) =>
    new Promise((resolve, reject) => {
      waiting = (message) => {
        waiting = undefined;
        if (message.type === 'error') reject(new Error(message.error));
        else resolve(message);
      };
      child.send(command);
    });
  const started = await ask({ cmd: 'start', ...options });
  return {
    started,
    events,
    ask,
    async stop() {
      const exited = once(child, 'exit');
      await ask({ cmd: 'stop' });
      await exited;
    },
  };
}

/** The median time from each mark of `from` to the mark of `to` at the same place (ms). */
const step = (from, to) =>
  percentile(
    from.map((at, index) => to[index] - at),
    50,
  );

/**
 * A sequential volley's questions, step by step (p50 of each, ms), from the marks of both sides (one question at a
 * time, so the k-th mark of each kind is the k-th question's): the backend's queue to the page's (the question
 * published, sent, read and shown), the page's own work up to the answer handed to `fetch`, the answer's way to the
 * backend's server, and from its arrival to the question leaving the backend's queue. `undefined` when the marks do not
 * pair up (a refused answer posted again, say).
 */
function pathOf(backend, page, calls) {
  const { shown, arrived, answered } = backend;
  const lengths = [shown, arrived, answered, page.shown, page.posted].map((marks) => marks.length);
  if (lengths.some((length) => length !== calls)) return undefined;
  return {
    toPageMs: step(shown, page.shown),
    inPageMs: step(page.shown, page.posted),
    toBackendMs: step(page.posted, arrived),
    inBackendMs: step(arrived, answered),
  };
}

/** One volley on `backend`, checked against the demo server's log and ledger and the tool results. */
async function volley(demo, backend, browsers, { calls, concurrent, timeoutMs }) {
  const from = demo.log.length;
  demo.answers.reset();
  await browsers?.ask({ cmd: 'reset', serial: SERIAL_BASE });
  const cpu = process.cpuUsage();
  const ran = await backend.ask({ cmd: 'volley', calls, concurrent, timeoutMs, serialFrom: SERIAL_BASE });
  const used = process.cpuUsage(cpu);
  const page = await browsers?.ask({ cmd: 'state' });
  const last = page ? page.serial : ran.lastSerial;
  const done = Math.max(1, ran.latencies.length);
  const count = ran.latencies.length + ran.errors.length;
  const logged = tally(acceptedSerials(demo.log, from), SERIAL_BASE, last);
  const results = tally(ran.returned, SERIAL_BASE, last);
  const wire = wireCount(demo.answers.report(), 'modern');
  const lost = Math.max(logged.lost, results.lost, count - logged.received);
  const doubled = Math.max(logged.duplicated, results.duplicated, wire.duplicates);
  return {
    calls: count,
    perSecond: (ran.latencies.length * 1000) / ran.elapsedMs,
    p50Ms: percentile(ran.latencies, 50),
    p99Ms: percentile(ran.latencies, 99),
    /** The question's time in the backend's queue, shown → answered (the bridge's share of a call; ~0 in the twin). */
    questionP50Ms: percentile(ran.waits, 50),
    questionP99Ms: percentile(ran.waits, 99),
    backendCpuMsPerCall: ran.cpuMs / done,
    /** This process: the demo server (and the IPC of the run). */
    serverCpuMsPerCall: (used.user + used.system) / 1000 / done,
    ...(page && { pageCpuMsPerCall: page.cpuMs / done }),
    ...(page && !concurrent && { path: pathOf(ran.marks, page.marks, count) }),
    lost,
    doubled,
    failures: ran.errors.length,
    firstError: ran.errors[0],
    ok:
      ran.errors.length === 0 &&
      ran.refused === 0 &&
      lost === 0 &&
      doubled === 0 &&
      logged.foreign === 0 &&
      results.foreign === 0 &&
      logged.answered === count &&
      wire.answers === count,
  };
}

/**
 * One mode's run: a fresh backend (and, for `bridge` and `floor`, the browsers' process), a warm-up, then each volley.
 * `floor`: the bridge's wire protocol hand-written on node:http (bridge-floor.mjs) in the bridge's place.
 */
async function runMode(demo, mode, { sequential, users, perUser, timeoutMs, cpuProfileDir }) {
  const backend = await startChild(BACKEND, {
    mode: mode === 'direct' ? 'direct' : 'bridge',
    demoUrl: demo.url,
    users,
    cpuProfileDir: cpuProfileDir && join(cpuProfileDir, mode),
    ...(mode === 'floor' && { env: { ...process.env, BENCH_BRIDGE_FLOOR: '1' } }),
  });
  let browsers;
  try {
    if (mode !== 'direct') {
      browsers = await startChild(BROWSERS, {
        url: backend.started.url,
        users,
        timeoutMs,
        cpuProfileDir: cpuProfileDir && join(cpuProfileDir, mode === 'bridge' ? 'browsers' : 'floor-browsers'),
      });
    }
    // Warm-up (not counted), each volley once in a smaller shape: the code paths compiled in every process (a
    // backend runs warm; so do its users' pages), every user's connection used.
    await volley(demo, backend, browsers, { calls: Math.ceil(sequential / 4), concurrent: false, timeoutMs });
    await volley(demo, backend, browsers, { calls: 1, concurrent: true, timeoutMs });
    const seq = await volley(demo, backend, browsers, { calls: sequential, concurrent: false, timeoutMs });
    const con = await volley(demo, backend, browsers, { calls: perUser, concurrent: true, timeoutMs });
    const refusals = (await browsers?.ask({ cmd: 'state' }))?.refused ?? {};
    return { sequential: seq, concurrent: con, refusals, backendEvents: backend.events.length };
  } finally {
    await browsers?.stop();
    await backend.stop();
  }
}

/** The spread over runs of one volley's figures, and its totals. */
function summarise(runs, pick) {
  const volleys = runs.map(pick);
  /** The sequential volleys' steps (the ones whose marks paired up). */
  const paths = volleys.map((v) => v.path).filter((path) => path !== undefined);
  return {
    calls: volleys[0]?.calls,
    perSecond: spread(volleys.map((v) => v.perSecond)),
    p50Ms: spread(volleys.map((v) => v.p50Ms)),
    p99Ms: spread(volleys.map((v) => v.p99Ms)),
    questionP50Ms: spread(volleys.map((v) => v.questionP50Ms)),
    questionP99Ms: spread(volleys.map((v) => v.questionP99Ms)),
    backendCpuMsPerCall: spread(volleys.map((v) => v.backendCpuMsPerCall)),
    serverCpuMsPerCall: spread(volleys.map((v) => v.serverCpuMsPerCall)),
    pageCpuMsPerCall: spread(volleys.map((v) => v.pageCpuMsPerCall)),
    ...(paths.length > 0 && {
      path: Object.fromEntries(
        ['toPageMs', 'inPageMs', 'toBackendMs', 'inBackendMs'].map((key) => [
          key,
          spread(paths.map((path) => path[key])),
        ]),
      ),
    }),
    lost: volleys.reduce((sum, v) => sum + v.lost, 0),
    doubled: volleys.reduce((sum, v) => sum + v.doubled, 0),
    failures: volleys.reduce((sum, v) => sum + v.failures, 0),
    firstError: volleys.find((v) => v.firstError)?.firstError,
    ok: volleys.every((v) => v.ok),
  };
}

/**
 * End to end with and without the bridge: after a twin run that warms the demo server and is not counted, `runs`
 * rounds, each a fresh backend per mode (each mode first in turn), each mode `sequential` calls by one user then
 * `perUser` calls by each of `users` users at once. Returns per volley the spread of calls/s, p50 and p99 over runs
 * for both modes and the ratio bridge ÷ twin of calls/s, run by run; with
 * `floor`, the same for the node:http floor in the bridge's place (what any bridge on Node's `http` gets), and the
 * bridge's calls/s ÷ the floor's, run by run (`floorShare`).
 * `cpuProfileDir`: each backend under `--cpu-prof`, in `<dir>/direct` and `<dir>/bridge` (bridge-profile.mjs --e2e).
 */
export async function measureBridgeEndToEnd({
  runs = 3,
  sequential = 500,
  users = 200,
  perUser = 3,
  timeoutMs = 120_000,
  cpuProfileDir,
  floor = true,
} = {}) {
  if (sequential > MAX_ROWS - SERIAL_BASE || users * perUser > MAX_ROWS - SERIAL_BASE)
    throw new Error(`sequential and users × perUser must each be ≤ ${MAX_ROWS - SERIAL_BASE} (maxRows ≤ ${MAX_ROWS})`);
  const demo = await startDemoServer({ port: 0, host: '127.0.0.1', silent: true });
  const twin = [];
  const bridged = [];
  const floored = [];
  const refusals = {};
  let backendEvents = 0;
  try {
    const shape = { sequential, users, perUser, timeoutMs, cpuProfileDir };
    // The demo server is one process for every run: warmed first by a twin run that is not counted, so that its JIT's
    // warm-up is not charged to whichever mode comes first (it was the bridge's, in two rounds of three: its calls/s
    // read ~15 % under the floor's, and ~3 % once the server was warm).
    await runMode(demo, 'direct', { ...shape, cpuProfileDir: undefined });
    const modes = floor ? ['bridge', 'direct', 'floor'] : ['bridge', 'direct'];
    for (let round = 0; round < runs; round += 1) {
      // Each mode first in turn: the machine's noise, and what the server holds by then, hit all alike.
      for (const mode of [...modes.slice(round % modes.length), ...modes.slice(0, round % modes.length)]) {
        const run = await runMode(demo, mode, shape);
        if (mode === 'direct') twin.push(run);
        else if (mode === 'floor') floored.push(run);
        else {
          bridged.push(run);
          for (const [key, n] of Object.entries(run.refusals)) refusals[key] = (refusals[key] ?? 0) + n;
          backendEvents += run.backendEvents;
        }
      }
    }
  } finally {
    await demo.close();
  }
  const entry = (pick) => ({
    bridge: summarise(bridged, pick),
    twin: summarise(twin, pick),
    ratio: spread(bridged.map((run, index) => pick(run).perSecond / pick(twin[index]).perSecond)),
    ...(floor && {
      floor: summarise(floored, pick),
      floorRatio: spread(floored.map((run, index) => pick(run).perSecond / pick(twin[index]).perSecond)),
      // The bridge's calls/s ÷ the floor's, round by round: what the bridge costs over any bridge on node:http.
      floorShare: spread(bridged.map((run, index) => pick(run).perSecond / pick(floored[index]).perSecond)),
    }),
  });
  return {
    runs,
    users,
    perUser,
    era: 'modern',
    sequential: entry((run) => run.sequential),
    concurrent: entry((run) => run.concurrent),
    refusals,
    backendEvents,
  };
}
