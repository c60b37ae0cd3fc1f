// The bridge the load run measures: the workspace package, or (BENCH_BRIDGE_DIR=<dir>) the `src` of another copy of
// it, to measure a before and an after on the same machine in the same hour (its `@elicitation-kit/core` must resolve
// from there). `entry`: `index` (backend), `browser` (page half) or `redis` (hub). BENCH_BRIDGE_FLOOR=1 puts the
// floor (bridge-floor.mjs: the same wire protocol hand-written on node:http) in place of the backend, memory only.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

export function bridgeModule(entry) {
  if (process.env.BENCH_BRIDGE_FLOOR && entry === 'index') return import('./bridge-floor.mjs');
  const dir = process.env.BENCH_BRIDGE_DIR;
  if (dir) return import(pathToFileURL(join(dir, 'src', `${entry}.ts`)).href);
  if (entry === 'browser') return import('@elicitation-kit/bridge/browser');
  if (entry === 'redis') return import('@elicitation-kit/bridge/redis');
  return import('@elicitation-kit/bridge');
}
