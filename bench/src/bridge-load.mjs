// The bridge under load: a backend process (bridge-backend.mjs: the bridge behind Node's `http`, one queue per owner,
// on the memory hub or a Redis hub from @elicitation-kit/test-redis) and, in this process, N simulated browsers, each
// the browser half (`connectElicitationBridge`) of a distinct owner over loopback, answering every question it shows
// with the serial its message carries. Counted on the backend: lost, doubled and wrong answers, ask → answer latency,
// and its CPU per question; here, the page half's CPU per question. The floor beside it: the same questions and
// answers through an in-process queue (no bridge, no HTTP). Also the memory a backend holds per open idle stream,
// and how it changes over an idle window.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createElicitationQueue, parseElicitation } from '@elicitation-kit/core';
import { bridgeModule } from './bridge-module.mjs';
import { kitchenSinkParams, kitchenSinkValues } from './forms.mjs';
import { percentile } from './stats.mjs';

const { connectElicitationBridge } = await bridgeModule('browser');

const BACKEND = fileURLToPath(new URL('./bridge-backend.mjs', import.meta.url));

/** The answer to question `serial`: the kitchen sink's valid values, its nickname naming the question. */
const answerOf = (serial) => ({ action: 'accept', content: { ...kitchenSinkValues, nickname: `q${serial}` } });

/** The serial a question's message carries (`Question 17` → 17). */
const serialOf = (entry) => Number(entry.request.message.slice('Question '.length));

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
  const child = fork(BACKEND, [], { execArgv, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const events = [];
  const replies = [];
  let waiting;
  child.on('message', (message) => {
    if (message.type === 'event') events.push(message.event);
    else if (waiting) {
      const resolve = waiting;
      waiting = undefined;
      resolve(message);
    } else replies.push(message);
  });
  const ask = (command) =>
    new Promise((resolve, reject) => {
      waiting = (message) => (message.type === 'error' ? reject(new Error(message.error)) : resolve(message));
      child.send(command);
    });
  const started = await ask({ cmd: 'start', ...options });
  return {
    url: started.url,
    events,
    ask,
    async stop() {
      const exited = once(child, 'exit');
      await ask({ cmd: 'stop' });
      await exited;
    },
  };
}

/** N browsers, owner `owner-<i>` each, answering every question they show. */
function openBrowsers(url, count) {
  const browsers = [];
  /** Each refused answer's status and code (`503 unavailable`), counted. */
  const refused = new Map();
  let connected = 0;
  for (let index = 0; index < count; index += 1) {
    const queue = connectElicitationBridge({
      url,
      headers: { 'x-bench-owner': `owner-${index}` },
      retryMs: 50,
      lingerMs: 0,
      onEvent: (event) => {
        if (event.type === 'refused') {
          const key = `${event.status} ${event.error.error}`;
          refused.set(key, (refused.get(key) ?? 0) + 1);
          if (process.env.BENCH_BRIDGE_DEBUG) console.error(event.error.message);
        } else if (event.type === 'connected') connected += 1;
        else if (event.type === 'disconnected' && process.env.BENCH_BRIDGE_DEBUG) console.error('disconnected', event);
      },
    });
    let scheduled = false;
    const answerShown = () => {
      scheduled = false;
      for (const entry of queue.getSnapshot()) queue.respond(entry.id, answerOf(serialOf(entry)));
    };
    // Answered outside the listener, as a dialog would be.
    const unsubscribe = queue.subscribe(() => {
      if (!scheduled) {
        scheduled = true;
        queueMicrotask(answerShown);
      }
    });
    browsers.push({
      close() {
        unsubscribe();
        queue.close();
      },
    });
  }
  return {
    /** `{ '503 unavailable': 2 }`. */
    get refused() {
      return Object.fromEntries(refused);
    },
    get connected() {
      return connected;
    },
    close() {
      for (const browser of browsers) browser.close();
    },
  };
}

async function until(predicate, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
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
  const browsers = openBrowsers(backend.url, owners);
  try {
    await until(() => browsers.connected >= owners, timeoutMs, `${owners} streams did not open`);
    if (warmupPerOwner > 0) await backend.ask({ cmd: 'run', perOwner: warmupPerOwner, pending, timeoutMs });
    const cpu = process.cpuUsage();
    const ran = await backend.ask({ cmd: 'run', perOwner, pending, ratePerSecond, timeoutMs });
    const used = process.cpuUsage(cpu);
    return {
      hub,
      owners,
      perOwner,
      // Not `pending`: that name marks a section not measured (report.mjs).
      pendingPerOwner: pending,
      warmupPerOwner,
      ratePerSecond,
      ...summarise(ran, (used.user + used.system) / 1000),
      refused: browsers.refused,
      backendEvents: backend.events.length,
    };
  } finally {
    browsers.close();
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
        request: { ...parsed.request, message: `Question ${mine}` },
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
    browsers = openBrowsers(backend.url, streams);
    await until(() => browsers.connected >= streams, 60_000, `${streams} streams did not open`);
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
    browsers?.close();
    await backend.stop();
  }
}
