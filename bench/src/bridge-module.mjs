// The bridge the load run measures: the workspace package, or (BENCH_BRIDGE_DIR=<dir>) the `src` of another copy of
// it, to measure a before and an after on the same machine in the same hour (its `@elicitation-kit/core` must resolve
// from there). `entry`: `index` (backend), `browser` (page half) or `redis` (hub).
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

export function bridgeModule(entry) {
  const dir = process.env.BENCH_BRIDGE_DIR;
  if (dir) return import(pathToFileURL(join(dir, 'src', `${entry}.ts`)).href);
  if (entry === 'browser') return import('@elicitation-kit/bridge/browser');
  if (entry === 'redis') return import('@elicitation-kit/bridge/redis');
  return import('@elicitation-kit/bridge');
}
