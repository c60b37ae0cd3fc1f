// The bridge under load: a backend process (bridge-backend.mjs: the bridge behind Node's `http`, one queue per owner,
// on the memory hub or a Redis hub from @elicitation-kit/test-redis) and N simulated browsers, each the browser half
// (`connectElicitationBridge`) of a distinct owner over loopback, answering every question it shows with the serial
// its message carries, in processes of their own (bridge-load-browsers.mjs, up to 250 browsers each). Counted on the
// backend: lost, doubled and wrong answers, ask → answer latency, and its CPU per question; in the browsers'
// processes, the page half's CPU per question. The floor beside it: the same questions and answers through an
// in-process queue (no bridge, no HTTP). Also the memory a backend holds per open idle stream, and how it changes
// over an idle window.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createElicitationQueue, parseElicitation } from '@elicitation-kit/core';
import { answerOf, messageOf, serialOf } from './bridge-serials.mjs';
import { kitchenSinkParams } from './forms.mjs';
import { percentile } from './stats.mjs';

const BACKEND = fileURLToPath(new URL('./bridge-backend.mjs', import.meta.url));
const BROWSERS = fileURLToPath(new URL('./bridge-load-browsers.mjs', import.meta.url));

/** The most browsers one process simulates (users' browsers do not share a heap, nor its collections' pauses). */
const BROWSERS_PER_PROCESS = 250;

/**
 * A child process running `file`, told `start` with `options` over IPC; `env` and `execArgv` for its `node`. Returns
 * what `start` replied, `ask` (one command, its reply), the events it sent, and `stop`.
 */
async function startChild(file, options, { env = process.env, execArgv = process.execArgv } = {}) {
  const child = fork(file, [], { execArgv, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const events = [];
  let waiting;
  child.on('message', (message) => {
    if (message.type === 'event') events.push(message.event);
    else if (waiting) {
      const resolve = waiting;
      waiting = undefined;
      resolve(message);
    }
  });
  const ask = (command) =>
    new Promise((resolve, reject) => {
      waiting = (message) => (message.type === 'error' ? reject(new Error(message.error)) : resolve(message));
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

/**
 * A backend process; `options.cpuProfileDir` runs it under `--cpu-prof`, `options.httpFloor` serves the floor
 * (bridge-floor.mjs: the wire protocol hand-written on node:http) in place of the bridge.
 */
async function startBackend(options) {
  const execArgv = [
    ...process.execArgv.filter((arg) => !arg.startsWith('--cpu-prof')),
    '--expose-gc',
    ...(options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : []),
  ];
  const env = options.httpFloor ? { ...process.env, BENCH_BRIDGE_FLOOR: '1' } : process.env;
  const child = await startChild(BACKEND, options, { env, execArgv });
  return { ...child, url: child.started.url };
}

/**
 * `count` browsers, owner `owner-<i>` each, answering every question they show, in processes of at most
 * {@link BROWSERS_PER_PROCESS}; `cpuProfileDir` runs each under `--cpu-prof`.
 */
async function openBrowsers(url, count, { cpuProfileDir } = {}) {
  const execArgv = [
    ...process.execArgv.filter((arg) => !arg.startsWith('--cpu-prof')),
    ...(cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : []),
  ];
  const processes = [];
  for (let from = 0; from < count; from += BROWSERS_PER_PROCESS) {
    processes.push(
      startChild(BROWSERS, { url, from, count: Math.min(BROWSERS_PER_PROCESS, count - from) }, { execArgv }),
    );
  }
  const children = await Promise.all(processes);
  /** Every process's state: connected streams, refusals (`{ '503 unavailable': 2 }`), CPU since the last mark. */
  const state = async () => {
    const states = await Promise.all(children.map((child) => child.ask({ cmd: 'state' })));
    const refused = {};
    for (const { refused: each } of states) {
      for (const [key, n] of Object.entries(each)) refused[key] = (refused[key] ?? 0) + n;
    }
    return {
      connected: states.reduce((sum, each) => sum + each.connected, 0),
      refused,
      cpuMs: states.reduce((sum, each) => sum + each.cpuMs, 0),
    };
  };
  return {
    state,
    /** Starts counting the CPU anew. */
    mark: () => Promise.all(children.map((child) => child.ask({ cmd: 'mark' }))),
    close: () => Promise.all(children.map((child) => child.stop())),
  };
}

async function until(predicate, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The tally of one run, summarised (latencies as p50/p99, CPU per question). */
function summarise(ran, pageCpuMs) {
  const { latencies } = ran;
  return {
    questions: ran.total,
    answered: ran.answered,
    lost: ran.lost,
    doubled: ran.doubled,
    wrong: ran.wrong,
    elapsedMs: ran.elapsedMs,
    perSecond: (ran.answered * 1000) / ran.elapsedMs,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    backendCpuMsPerQuestion: ran.cpuMs / Math.max(1, ran.answered),
    ...(pageCpuMs !== undefined && { pageCpuMsPerQuestion: pageCpuMs / Math.max(1, ran.answered) }),
  };
}

/**
 * One load run: `owners` browsers, each owner kept at `pending` open questions until asked `perOwner` (as fast as
 * answers come back, or paced at `ratePerSecond` in all), on `hub` (`memory`, or `redis` at `redisUrl`), after
 * `warmupPerOwner` questions per owner asked as fast as answers come and not measured (the JIT's warm-up: a backend
 * runs warm); `httpFloor` serves the node:http floor in place of the bridge.
 */
export async function runBridgeLoad({
  hub = 'memory',
  redisUrl,
  owners,
  perOwner,
  pending = 1,
  ratePerSecond = 0,
  warmupPerOwner = 2,
  timeoutMs = 60_000,
  cpuProfileDir,
  httpFloor = false,
}) {
  const backend = await startBackend({ hub, redisUrl, owners, cpuProfileDir, httpFloor });
  const browsers = await openBrowsers(backend.url, owners, {
    cpuProfileDir: cpuProfileDir && join(cpuProfileDir, 'browsers'),
  });
  try {
    await until(async () => (await browsers.state()).connected >= owners, timeoutMs, `${owners} streams did not open`);
    if (warmupPerOwner > 0) await backend.ask({ cmd: 'run', perOwner: warmupPerOwner, pending, timeoutMs });
    await browsers.mark();
    const ran = await backend.ask({ cmd: 'run', perOwner, pending, ratePerSecond, timeoutMs });
    const { cpuMs, refused } = await browsers.state();
    return {
      hub,
      owners,
      perOwner,
      // Not `pending`: that name marks a section not measured (report.mjs).
      pendingPerOwner: pending,
      warmupPerOwner,
      ratePerSecond,
      ...summarise(ran, cpuMs),
      refused,
      backendEvents: backend.events.length,
    };
  } finally {
    await browsers.close();
    await backend.stop();
  }
}

/** The floor: the same questions and answers through an in-process queue (no bridge, no HTTP), same pacing. */
export async function runQueueFloor({ owners, perOwner, pending = 1 }) {
  const parsed = parseElicitation(kitchenSinkParams);
  const server = { id: 'bench-server', name: 'Bench server' };
  const total = owners * perOwner;
  const latencies = [];
  let answered = 0;
  let doubled = 0;
  let wrong = 0;
  let serial = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await new Promise((resolve) => {
    const ask = (owner) => {
      if (owner.asked >= perOwner) return;
      owner.asked += 1;
      serial += 1;
      const mine = serial;
      const made = owner.producer.create({
        request: { ...parsed.request, message: messageOf(mine) },
        server,
        era: 'modern',
        kind: 'request',
      });
      const at = performance.now();
      let settled = false;
      owner.producer.add(made.entry, (result) => {
        if (settled) {
          doubled += 1;
          return;
        }
        settled = true;
        if (result.content?.nickname !== `q${mine}`) wrong += 1;
        answered += 1;
        latencies.push(performance.now() - at);
        ask(owner);
        if (answered === total) resolve();
      });
    };
    const list = [];
    for (let index = 0; index < owners; index += 1) {
      const queue = createElicitationQueue({ maxPendingPerServer: 10_000 });
      let scheduled = false;
      queue.subscribe(() => {
        if (scheduled) return;
        scheduled = true;
        queueMicrotask(() => {
          scheduled = false;
          for (const entry of queue.getSnapshot()) queue.respond(entry.id, answerOf(serialOf(entry)));
        });
      });
      list.push({ producer: queue.openProducer(), asked: 0 });
    }
    for (const owner of list) for (let k = 0; k < pending; k += 1) ask(owner);
  });
  const used = process.cpuUsage(cpu);
  return summarise({
    total,
    answered,
    lost: total - answered,
    doubled,
    wrong,
    elapsedMs: performance.now() - started,
    cpuMs: (used.user + used.system) / 1000,
    latencies,
  });
}

/** What a process holds that grows with its streams: its heap and the memory outside it (buffers). */
const held = (memory) => memory.heapUsed + memory.external;

/**
 * The memory a backend holds per open idle stream: a fresh backend, its heap + external memory (after a full
 * collection) before `streams` browsers connect, once all have, and after `idleMs` more of keep-alives every
 * `keepAliveMs`. Returns bytes per stream for each, and the change over the idle window.
 */
export async function measureIdleStreams({ streams, idleMs, keepAliveMs = 100, hub = 'memory', redisUrl }) {
  const backend = await startBackend({ hub, redisUrl, owners: streams, keepAliveMs });
  let browsers;
  try {
    const before = await backend.ask({ cmd: 'memory' });
    browsers = await openBrowsers(backend.url, streams);
    await until(async () => (await browsers.state()).connected >= streams, 60_000, `${streams} streams did not open`);
    // Let the first keep-alives go by: what every stream holds once settled.
    await new Promise((resolve) => setTimeout(resolve, Math.max(1_000, keepAliveMs * 3)));
    const open = await backend.ask({ cmd: 'memory' });
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const after = await backend.ask({ cmd: 'memory' });
    return {
      hub,
      streams,
      idleMs,
      keepAliveMs,
      keepAlivesPerStream: Math.floor(idleMs / keepAliveMs),
      bytesPerStream: (held(open) - held(before)) / streams,
      growthPerStream: (held(after) - held(open)) / streams,
      dropped: backend.events.length,
    };
  } finally {
    await browsers?.close();
    await backend.stop();
  }
}
