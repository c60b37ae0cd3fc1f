#!/usr/bin/env node
// Where the bridge's time goes: one load run (bridge-load.mjs) with the backend process and the browsers' process (the
// page half: N browsers; up to 250 owners, one process) under `node --cpu-prof`, then the functions with the most self
// time on each side, with the CPU per question. Reproduce from bench/:
//   node --conditions=@elicitation-kit/source --import tsx src/bridge-profile.mjs [--owners=100] [--per-owner=50]
//     [--hub=memory|redis] [--top=25] [--keep]   (--keep leaves the .cpuprofile files, for Chrome DevTools)
//     [--floor]   (the floor in place of the bridge: its wire protocol hand-written on node:http, bridge-floor.mjs)
// With --e2e, one end-to-end run (bridge-e2e.mjs) instead: the backend with the bridge, its no-bridge twin and the
// browsers' process, each under `--cpu-prof`, and this process (the demo server) under the profiler:
//   … src/bridge-profile.mjs --e2e [--sequential=500] [--users=200] [--per-user=3] [--top=25] [--keep]
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureBridgeEndToEnd } from './bridge-e2e.mjs';
import { runBridgeLoad } from './bridge-load.mjs';

const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const owners = Number(option('owners', '100'));
const perOwner = Number(option('per-owner', '50'));
const hub = option('hub', 'memory');
const top = Number(option('top', '25'));
const e2e = process.argv.includes('--e2e');
// Read by bridge-module.mjs in the backend process, which inherits it.
if (process.argv.includes('--floor')) process.env.BENCH_BRIDGE_FLOOR = '1';

/** Self time per function (name, file and line) of a `.cpuprofile`, most first. */
function selfTimes(profile) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map();
  let all = 0;
  for (let index = 0; index < profile.samples.length; index += 1) {
    const node = byNode.get(profile.samples[index]);
    const micros = profile.timeDeltas[index] ?? 0;
    all += micros;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^file:\/\//, '').replace(/^.*\/(packages|node_modules)\//, '$1/');
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    totals.set(key, (totals.get(key) ?? 0) + micros);
  }
  return { all, rows: [...totals].toSorted(([, a], [, b]) => b - a) };
}

function print(title, profile, questions, unit = 'q') {
  const { all, rows } = selfTimes(profile);
  console.log(
    `\n${title}: ${(all / 1000).toFixed(0)} ms sampled, ${questions} ${unit === 'q' ? 'questions' : 'calls'}`,
  );
  for (const [key, micros] of rows.slice(0, top)) {
    console.log(
      `${((100 * micros) / all).toFixed(1).padStart(5)}%  ${(micros / 1000 / questions).toFixed(4)} ms/${unit}  ${key}`,
    );
  }
}

/**
 * The main thread's `.cpuprofile` that `--cpu-prof` wrote in `folder` (`CPU.<date>.<time>.<pid>.0.<n>`; tsx's loader
 * thread writes its own, numbered 1), parsed.
 */
function readProfile(folder) {
  const file = readdirSync(folder).find((name) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(name));
  return JSON.parse(readFileSync(join(folder, file), 'utf8'));
}

/** The end-to-end run profiled: both backends (the bridge and its twin) and this process. */
async function profileEndToEnd(folder, stopPage) {
  const sequential = Number(option('sequential', '500'));
  const users = Number(option('users', '200'));
  const perUser = Number(option('per-user', '3'));
  const result = await measureBridgeEndToEnd({
    runs: 1,
    sequential,
    users,
    perUser,
    cpuProfileDir: folder,
    floor: false,
  });
  const page = await stopPage();
  // Each backend's profile includes its start (users connecting) and the warm-up: the per-call figures are upper
  // bounds; the shares, and the bridge's against its twin's, are what to read.
  const calls = result.sequential.bridge.calls + result.concurrent.bridge.calls;
  for (const volley of ['sequential', 'concurrent']) {
    const { bridge, twin, ratio } = result[volley];
    console.log(
      `${volley}: bridge ${bridge.perSecond.median.toFixed(1)} calls/s (p50 ${bridge.p50Ms.median.toFixed(1)} ms, p99 ${bridge.p99Ms.median.toFixed(1)} ms, ` +
        `question on the bridge p50 ${bridge.questionP50Ms.median.toFixed(1)} ms, ` +
        `backend ${bridge.backendCpuMsPerCall.median.toFixed(2)} ms CPU/call, browsers ${bridge.pageCpuMsPerCall.median.toFixed(2)}), twin ${twin.perSecond.median.toFixed(1)} calls/s ` +
        `(p50 ${twin.p50Ms.median.toFixed(1)} ms, p99 ${twin.p99Ms.median.toFixed(1)} ms, backend ${twin.backendCpuMsPerCall.median.toFixed(2)} ms CPU/call); ` +
        `${ratio.median.toFixed(2)}×; ${bridge.lost + twin.lost} lost, ${bridge.doubled + twin.doubled} doubled`,
    );
  }
  print('Backend with the bridge (self time, whole process)', readProfile(join(folder, 'bridge')), calls, 'call');
  print('Backend without it, the twin (self time, whole process)', readProfile(join(folder, 'direct')), calls, 'call');
  print(
    "The browsers of the bridge's run (self time, whole process)",
    readProfile(join(folder, 'browsers')),
    calls,
    'call',
  );
  print('Demo server, both modes (self time, this process)', page, 2 * calls, 'call');
}

const dir = mkdtempSync(join(tmpdir(), 'bridge-profile-'));
const redis = hub === 'redis' ? await (await import('@elicitation-kit/test-redis')).startRedis() : undefined;
const session = new Session();
session.connect();
try {
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  const stopPage = async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(dir, 'page.cpuprofile'), JSON.stringify(profile));
    return profile;
  };
  if (e2e) await profileEndToEnd(dir, stopPage);
  else await profileLoad(dir, stopPage);
  if (process.argv.includes('--keep')) console.log(`\nprofiles kept in ${dir}`);
} finally {
  session.disconnect();
  await redis?.stop();
  if (!process.argv.includes('--keep')) rmSync(dir, { recursive: true, force: true });
}

/** The load run profiled: the backend process and the browsers' process (the page half). */
async function profileLoad(folder, stopPage) {
  const result = await runBridgeLoad({
    hub,
    redisUrl: redis?.url,
    owners,
    perOwner,
    pending: 1,
    cpuProfileDir: folder,
  });
  await stopPage();
  const backend = readProfile(folder);
  const page = readProfile(join(folder, 'browsers'));
  const { questions } = result;
  console.log(
    `${process.env.BENCH_BRIDGE_FLOOR ? 'the floor (node:http by hand)' : `${hub} hub`}, ${owners} owners × ${perOwner} questions (13 fields): ${result.lost} lost, ${result.doubled} doubled, ${result.wrong} wrong; ` +
      `backend ${result.backendCpuMsPerQuestion.toFixed(3)} ms CPU/question, page half ${result.pageCpuMsPerQuestion.toFixed(3)} ms; ` +
      `${result.perSecond.toFixed(0)} questions/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms`,
  );
  // Both profiles include the warm-up run (2 questions per owner) and the start-up: the per-question figures are upper
  // bounds; the shares are what to read.
  print('Backend (self time, whole process)', backend, questions);
  print("Page half (self time, the browsers' process)", page, questions);
}
