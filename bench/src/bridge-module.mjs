// The bridge the load run measures: the workspace package, or (BENCH_BRIDGE_DIR=<dir>) the `src` of another copy of
// it, to measure a before and an after on the same machine in the same hour (its `@elicitation-kit/core` must resolve
// from there). `entry`: `index` (backend), `browser` (page half) or `redis` (hub). BENCH_BRIDGE_FLOOR=1 puts the
// floor (bridge-floor.mjs: the same wire protocol hand-written on node:http) in place of the backend, memory only.
import { createServer } from 'node:http';
import { once } from 'node:events';
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

/**
 * The bridge (`bridgeModule('index')`) behind Node's `http` on 127.0.0.1, a free port, as the bench's backends serve
 * it: each browser names its owner in `x-bench-owner`; `options` go to `createElicitationBridge` as well.
 */
export async function serveBridge(options) {
  const { createElicitationBridge, toNodeListener } = await bridgeModule('index');
  let listener;
  const server = createServer((request, response) => listener(request, response));
  // Longer than the browser's (undici's 4 s): an idle connection is closed by the client, never under a request it
  // is sending (Node's 5 s default loses that race now and then on a loaded machine: `fetch failed`).
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${server.address().port}`;
  const bridge = createElicitationBridge({
    authorize: (request) => request.headers.get('x-bench-owner'),
    origins: [origin],
    ...options,
  });
  listener = toNodeListener(bridge);
  return { server, bridge, url: `${origin}/api/elicitations` };
}
