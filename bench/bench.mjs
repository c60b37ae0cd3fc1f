#!/usr/bin/env node
// `pnpm --filter @elicitation-kit/bench bench` (root: `npm run bench`): measures Elicitation Kit against plain rjsf +
// validator-ajv8, ajv 8 (compiling, or from a schema cache) and @cfworker/json-schema (CSP-safe) in the same run,
// prints the results table (every timing as median (min–max) over runs), writes results.json and RESULTS.md.
// Options: --quick (fewer runs; writes results.local.json only), --only=cost,dialog,bundle,rt,replicas,durable,bridge
//   --bridge-idle-long: the bridge's idle streams as in issue 38 (3,000 streams, 10 minutes of 15 s keep-alives)
//   instead of the default 1,000 streams for 10 s of keep-alives every 100 ms (100 each)
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { root } from './src/forms.mjs';
import { renderMarkdown } from './src/report.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const wanted = (name) => !only || only.includes(name);

/** Module-not-found for a workspace package that has not landed yet → the section is pending, not failed. */
function pendingReason(error) {
  const text = String(error?.message ?? error);
  if (error?.code === 'ERR_MODULE_NOT_FOUND' || /Cannot find (module|package)|does not provide an export/.test(text))
    return text.split('\n')[0];
  return undefined;
}

let failed = false;
async function section(name, title, fn) {
  if (!wanted(name)) return undefined;
  const started = Date.now();
  process.stdout.write(`› ${title} … `);
  try {
    const result = await fn();
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  } catch (error) {
    const reason = pendingReason(error);
    if (reason) {
      console.log(`pending (${reason})`);
      return { pending: reason };
    }
    failed = true;
    console.log('failed');
    console.error(error);
    return { error: String(error?.stack ?? error) };
  }
}

/** The commit measured, marked `+dirty` when the kit's sources differ from it (a shared tree: others may be mid-edit). */
function commit() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'packages', 'apps/demo-server', 'bench'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .some((line) => line.trim() !== '' && !/ bench\/(results\.json|RESULTS\.md)$/.test(line));
    return dirty ? `${head}+dirty` : head;
  } catch {
    return undefined;
  }
}

const results = {
  environment: {
    date: new Date().toISOString(),
    node: process.versions.node,
    cpu: cpus()[0]?.model?.trim() ?? 'unknown CPU',
    cpus: cpus().length,
    platform: `${process.platform}-${process.arch}`,
    commit: commit(),
    /** 1-minute load average before and after: these machines are shared, and the ratios are what to compare. */
    loadBefore: loadavg()[0],
  },
  options: { quick },
};

results.bundle = await section('bundle', 'bundle sizes (esbuild, min+gz)', async () => {
  const { measureBundles } = await import('./src/bundle.mjs');
  return measureBundles();
});

results.clientCost = await section(
  'cost',
  'per-request client cost (core vs ajv 8 and @cfworker/json-schema)',
  async () => {
    const { loadShippedCore } = await import('./src/shipped.mjs');
    const core = await loadShippedCore();
    const { measureClientCost } = await import('./src/client-cost.mjs');
    return measureClientCost(core, quick ? { runs: 7, scale: 0.25 } : { runs: 21, scale: 1 });
  },
);

results.roundTrips = await section('rt', 'round trips (demo server over loopback, both eras)', async () => {
  const { measureRoundTrips } = await import('./src/round-trips.mjs');
  return measureRoundTrips(
    quick ? { sequential: 100, concurrent: 20, samples: 20 } : { sequential: 1000, concurrent: 100, samples: 100 },
  );
});

results.replicas = await section(
  'replicas',
  'replicas (two processes, a proxy, Redis; kill -9 and restart)',
  async () => {
    const { measureReplicas } = await import('./src/replicas.mjs');
    return measureReplicas(quick ? { sequential: 1000, concurrent: 100 } : { sequential: 10_000, concurrent: 1000 });
  },
);

results.durable = await section(
  'durable',
  'durable questions across a rolling restart (two replicas, Redis rounds)',
  async () => {
    const { measureDurable } = await import('./src/durable.mjs');
    return measureDurable({ questions: quick ? 100 : 1000 });
  },
);

results.bridge = await section(
  'bridge',
  'bridge under load (memory and Redis hubs, idle streams, end to end)',
  async () => {
    const { measureBridge } = await import('./src/bridge.mjs');
    const idle = args.includes('--bridge-idle-long')
      ? { idleStreams: 3000, idleMs: 600_000, keepAliveMs: 15_000 }
      : { idleStreams: quick ? 300 : 1000, idleMs: quick ? 3000 : 10_000, keepAliveMs: 100 };
    // Five rounds end to end: one round's ratio moves by ±0.1 on a shared 2-core machine (three processes on it).
    const endToEnd = quick ? { runs: 1, sequential: 100, users: 20, perUser: 2 } : { runs: 5 };
    return measureBridge(
      quick
        ? { runs: 1, perOwner: 10, warmupPerOwner: 2, pacedPerOwner: 1, ...idle, endToEnd }
        : { runs: 3, ...idle, endToEnd },
    );
  },
);

results.dialog = await section('dialog', 'dialog readiness in Chromium (kit vs rjsf)', async () => {
  const { measureDialog } = await import('./src/dialog.mjs');
  return measureDialog(quick ? { mounts: 8, keystrokes: 20 } : { mounts: 30, keystrokes: 60 });
});

results.environment.loadAfter = loadavg()[0];
const markdown = renderMarkdown(results);
console.log(`\n${markdown}`);
const out = quick || only ? 'results.local.json' : 'results.json';
writeFileSync(join(root, 'bench', out), `${JSON.stringify(results, null, 2)}\n`);
if (!quick && !only) writeFileSync(join(root, 'bench', 'RESULTS.md'), markdown);
console.log(`wrote bench/${out}${!quick && !only ? ' and bench/RESULTS.md' : ''}`);
if (failed) process.exit(1);
