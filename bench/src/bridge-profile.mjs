#!/usr/bin/env node
// Where the bridge's time goes: one load run (bridge-load.mjs) with the backend process under `node --cpu-prof` and
// this process (the page half: N browsers) under the inspector's profiler, then the functions with the most self time
// on each side, with the CPU per question. Reproduce from bench/:
//   node --conditions=@elicitation-kit/source --import tsx src/bridge-profile.mjs [--owners=100] [--per-owner=50]
//     [--hub=memory|redis] [--top=25] [--keep]   (--keep leaves the .cpuprofile files, for Chrome DevTools)
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBridgeLoad } from './bridge-load.mjs';

const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const owners = Number(option('owners', '100'));
const perOwner = Number(option('per-owner', '50'));
const hub = option('hub', 'memory');
const top = Number(option('top', '25'));

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

function print(title, profile, questions) {
  const { all, rows } = selfTimes(profile);
  console.log(`\n${title}: ${(all / 1000).toFixed(0)} ms sampled, ${questions} questions`);
  for (const [key, micros] of rows.slice(0, top)) {
    console.log(
      `${((100 * micros) / all).toFixed(1).padStart(5)}%  ${(micros / 1000 / questions).toFixed(4)} ms/q  ${key}`,
    );
  }
}

const dir = mkdtempSync(join(tmpdir(), 'bridge-profile-'));
const redis = hub === 'redis' ? await (await import('@elicitation-kit/test-redis')).startRedis() : undefined;
const session = new Session();
session.connect();
try {
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  const result = await runBridgeLoad({ hub, redisUrl: redis?.url, owners, perOwner, pending: 1, cpuProfileDir: dir });
  const { profile: page } = await session.post('Profiler.stop');
  writeFileSync(join(dir, 'page.cpuprofile'), JSON.stringify(page));
  const backendFile = readdirSync(dir).find((name) => name.startsWith('CPU.'));
  const backend = JSON.parse(readFileSync(join(dir, backendFile), 'utf8'));
  const { questions } = result;
  console.log(
    `${hub} hub, ${owners} owners × ${perOwner} questions (13 fields): ${result.lost} lost, ${result.doubled} doubled, ${result.wrong} wrong; ` +
      `backend ${result.backendCpuMsPerQuestion.toFixed(3)} ms CPU/question, page half ${result.pageCpuMsPerQuestion.toFixed(3)} ms; ` +
      `${result.perSecond.toFixed(0)} questions/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms`,
  );
  // Both profiles include the warm-up run (2 questions per owner) and the start-up: the per-question figures are upper
  // bounds; the shares are what to read.
  print('Backend (self time, whole process)', backend, questions);
  print('Page half (self time, this process)', page, questions);
  if (process.argv.includes('--keep')) console.log(`\nprofiles kept in ${dir}`);
} finally {
  session.disconnect();
  await redis?.stop();
  if (!process.argv.includes('--keep')) rmSync(dir, { recursive: true, force: true });
}
