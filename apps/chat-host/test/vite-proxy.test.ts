// The bridge behind Vite's dev proxy, as a newcomer runs it: the page on Vite's dev server, `server.proxy:
// { '/api': backendOrigin }` (the string form, which sets `changeOrigin` and so rewrites `Host` to the backend's),
// and the bridge on Node's `http` behind it, its questions asked by the demo server through a real SDK v2 client.
// The browser half runs in Node against the Vite origin, sending what a browser sends on that page. Without
// `origins` the backend sees an `Origin` (the page's) that is not the origin of the URL it was asked for (the
// backend's own, from the rewritten `Host`): every answer is refused `403 bad-origin`. The page must say so, keep
// what was typed, and never loop. With `origins: [viteOrigin]`, or with the object form and `changeOrigin: false`
// (the page's `Host` goes through), the answer goes through.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoServer } from '@elicitation-kit/demo-server';
import type { DemoServer } from '@elicitation-kit/demo-server';
import { createElicitationQueue } from '@elicitation-kit/core';
import { createElicitationBridge, toNodeListener } from '@elicitation-kit/bridge';
import type { ElicitationBridge, ElicitationBridgeEvent } from '@elicitation-kit/bridge';
import { connectElicitationBridge } from '@elicitation-kit/bridge/browser';
import type { ElicitationBridgeClientEvent, RemoteElicitationQueue } from '@elicitation-kit/bridge/browser';
import { attachElicitation } from '@elicitation-kit/mcp/sdk-v2';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createServer as createViteServer } from 'vite';
import type { ViteDevServer } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

let demo: DemoServer;
let viteRoot: string;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, silent: true });
  // Vite serves nothing from it: the page's requests in these tests all go to the proxy.
  viteRoot = await mkdtemp(join(tmpdir(), 'vite-proxy-'));
});
afterAll(async () => {
  await demo.close();
  await rm(viteRoot, { recursive: true, force: true });
});

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.toReversed()) {
    await cleanup();
  }
  cleanups = [];
  vi.restoreAllMocks();
});

/**
 * The backend: Node's `http` on a free port, counting the answers (POSTs) that reach it. The bridge is mounted once
 * the Vite origin, which `origins` may name, is known.
 */
interface Backend {
  origin: string;
  posts: () => number;
  /** Creates the bridge (with `origins` when given) and serves it; returns it and what it reports. */
  mount(origins?: readonly string[]): { bridge: ElicitationBridge; events: ElicitationBridgeEvent[] };
}

async function startBackend(): Promise<Backend> {
  let listener: ReturnType<typeof toNodeListener> | undefined;
  let posts = 0;
  const server: Server = createServer((request, response) => {
    if (request.method === 'POST') {
      posts += 1;
    }
    if (listener === undefined) {
      response.statusCode = 503;
      response.end();
    } else {
      listener(request, response);
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const closers: (() => Promise<void>)[] = [];
  cleanups.push(async () => {
    await Promise.all(closers.map((close) => close()));
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    posts: () => posts,
    mount(origins) {
      const events: ElicitationBridgeEvent[] = [];
      const bridge = createElicitationBridge({
        // The user a `user` cookie names (what a host reads from its session).
        authorize: (request) => /(?:^|;\s*)user=([^;]+)/u.exec(request.headers.get('cookie') ?? '')?.[1],
        // Without `origins`: the origin the Host header names (what a proxy that rewrites Host gets wrong).
        origins: origins ?? 'trust-host-header',
        onEvent: (event) => events.push(event),
      });
      listener = toNodeListener(bridge);
      closers.push(() => bridge.close());
      return { bridge, events };
    },
  };
}

/**
 * Vite's dev server proxying `/api` to the backend: the newcomer's string form (`changeOrigin: true`, the backend
 * sees its own Host), or the object form with `changeOrigin: false` (the page's Host goes through). Resolves with its
 * origin.
 */
async function startVite(backendOrigin: string, form: 'string' | 'keep-host' = 'string'): Promise<string> {
  const vite: ViteDevServer = await createViteServer({
    configFile: false,
    root: viteRoot,
    logLevel: 'silent',
    optimizeDeps: { noDiscovery: true, include: [] },
    server: {
      host: '127.0.0.1',
      port: 0,
      hmr: false,
      watch: null,
      proxy: { '/api': form === 'string' ? backendOrigin : { target: backendOrigin, changeOrigin: false } },
    },
  });
  await vite.listen();
  cleanups.push(() => vite.close());
  return `http://127.0.0.1:${(vite.httpServer!.address() as AddressInfo).port}`;
}

/** One tool call of alice's: the demo server's export form, asked through the kit on the backend. */
function askExport(bridge: ElicitationBridge): Promise<unknown> {
  const queue = createElicitationQueue();
  const stop = bridge.expose('alice', queue);
  const client = new Client({ name: 'vite-proxy-test', version: '1.0.0' });
  const kit = attachElicitation(client, { queue, server: { url: demo.url } });
  const call = (async () => {
    await client.connect(new StreamableHTTPClientTransport(new URL(demo.url)));
    return kit.callTool({ name: 'export-data', arguments: {} });
  })();
  cleanups.push(async () => {
    stop();
    await client.close();
    await call.catch(() => undefined);
  });
  return call;
}

/** Alice's tab on the Vite page: the browser half, subscribed, and what it reported. */
interface Tab {
  queue: RemoteElicitationQueue;
  events: ElicitationBridgeClientEvent[];
}

function openTab(pageOrigin: string): Tab {
  /**
   * `fetch` as a browser sends it from the page: same-origin requests, so `Sec-Fetch-Site: same-origin`, and an
   * `Origin` header on every request that is not a GET (browsers add it to a same-origin POST, not to a GET).
   */
  const pageFetch: typeof fetch = (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('sec-fetch-site', 'same-origin');
    if (init.method !== undefined && init.method !== 'GET') {
      headers.set('origin', pageOrigin);
    }
    return fetch(input, { ...init, headers });
  };
  const events: ElicitationBridgeClientEvent[] = [];
  const queue = connectElicitationBridge({
    url: `${pageOrigin}/api/elicitations`,
    headers: { cookie: 'user=alice' },
    fetch: pageFetch,
    retryMs: 20,
    lingerMs: 0,
    onEvent: (event) => events.push(event),
  });
  const unsubscribe = queue.subscribe(() => undefined);
  cleanups.push(() => {
    unsubscribe();
    queue.close();
  });
  return { queue, events };
}

async function until<T>(read: () => T | undefined): Promise<T> {
  for (;;) {
    const value = read();
    if (value !== undefined) {
      return value;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const ANSWER = { action: 'accept', content: { format: 'json', maxRows: 2, includeHeaders: true } } as const;

describe('the bridge behind Vite’s dev proxy (server.proxy)', () => {
  it('without `origins`: the answer is refused 403 bad-origin, said in the page and the backend, typed values kept, no loop', async () => {
    const backend = await startBackend();
    const viteOrigin = await startVite(backend.origin);
    const { bridge, events } = backend.mount();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    void askExport(bridge);
    const tab = openTab(viteOrigin);
    // The stream works through the proxy: a same-origin GET carries no `Origin`.
    const entry = await until(() => tab.queue.getSnapshot()[0]);
    expect(entry.request).toMatchObject({ mode: 'form', message: 'How should the orders export be produced?' });

    expect(tab.queue.respond(entry.id, ANSWER)).toBe(true);
    const refused = await until(() => tab.events.find((event) => event.type === 'refused'));
    expect(refused).toMatchObject({
      status: 403,
      kept: true,
      error: { error: 'bad-origin', message: expect.stringContaining(viteOrigin) as string },
    });

    // Still pending, shown again with what was typed and why it was refused: never a fresh empty dialog.
    const kept = await until(() => tab.queue.getSnapshot()[0]);
    expect(kept.signal).toBe(entry.signal);
    expect(kept.refused).toMatchObject({ status: 403, retryable: false, result: ANSWER });
    expect(kept.refused?.error.error).toBe('bad-origin');
    expect(kept.refused?.message).toContain('403 bad-origin');
    expect(kept.refused?.message).toContain(viteOrigin);
    expect(kept.refused?.message).toContain('origins');
    // A developer sees it in the page's console…
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0]?.[0])).toMatch(/bad-origin[\s\S]*origins/u);
    // …and in the backend's log: the Origin it got and the origins it takes.
    expect(events.filter((event) => event.type === 'refused')).toEqual([
      {
        type: 'refused',
        status: 403,
        error: { error: 'bad-origin', message: expect.any(String) as string },
        origin: viteOrigin,
        expectedOrigins: [backend.origin],
      },
    ]);

    // Nothing answers again by itself: one POST reached the backend, and the queue holds the one question.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(backend.posts()).toBe(1);
    expect(tab.queue.getSnapshot()).toEqual([kept]);
    expect(tab.events.filter((event) => event.type === 'refused')).toHaveLength(1);
  });

  it('with `origins: [viteOrigin]`: the answer goes through the proxy to the MCP server', async () => {
    const backend = await startBackend();
    const viteOrigin = await startVite(backend.origin);
    const { bridge } = backend.mount([viteOrigin]);
    const call = askExport(bridge);
    const tab = openTab(viteOrigin);
    const entry = await until(() => tab.queue.getSnapshot()[0]);
    expect(tab.queue.respond(entry.id, ANSWER)).toBe(true);
    expect(await call).toMatchObject({ structuredContent: { status: 'completed', format: 'json', maxRows: 2 } });
    expect(tab.events.filter((event) => event.type === 'refused')).toEqual([]);
    expect(backend.posts()).toBe(1);
  });

  it('the object form with `changeOrigin: false`: the page’s Host reaches the bridge, no `origins` needed', async () => {
    const backend = await startBackend();
    const viteOrigin = await startVite(backend.origin, 'keep-host');
    const { bridge } = backend.mount();
    const call = askExport(bridge);
    const tab = openTab(viteOrigin);
    const entry = await until(() => tab.queue.getSnapshot()[0]);
    expect(tab.queue.respond(entry.id, ANSWER)).toBe(true);
    expect(await call).toMatchObject({ structuredContent: { status: 'completed', format: 'json', maxRows: 2 } });
    expect(tab.events.filter((event) => event.type === 'refused')).toEqual([]);
  });
});
