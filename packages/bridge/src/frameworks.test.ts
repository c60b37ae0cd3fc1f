// The README's mounting recipes, run: the bridge in Express (through toNodeListener, before any body parser) and in
// Hono (on @hono/node-server, `c.req.raw`). Node's `http` is what every other bridge test runs on; a Next.js route
// handler is `bridge.fetch` itself (it is given the Request and returns the Response).
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import express from 'express';
import { Hono } from 'hono';
import { createElicitationQueue } from '@elicitation-kit/core';
import type { ElicitResult } from '@elicitation-kit/core';
import { describe, expect, it } from 'vitest';
import {
  cleanupsAfterEach,
  EXPORT_PARAMS,
  handMadeEntry,
  openBrowser,
  postRaw,
  readyOf,
  userOf,
  waitForQueue,
} from './test/bridge-host.js';
import { toNodeListener } from './node.js';
import { createElicitationBridge } from './backend.js';
import type { ElicitationBridge } from './bridge-types.js';

const cleanups = cleanupsAfterEach();

async function listening(server: Server): Promise<string> {
  if (!server.listening) {
    await once(server, 'listening');
  }
  cleanups.push(async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/elicitations`;
}

/**
 * Asks alice the export form through `bridge`, answers it from her browser at `url`, and returns the answer the queue's
 * producer got (what an MCP adapter would send its server).
 */
async function answerThrough(bridge: ElicitationBridge, url: string): Promise<ElicitResult> {
  const queue = createElicitationQueue();
  cleanups.push(bridge.expose('alice', queue));
  const call = new Promise<ElicitResult>((resolve) => {
    queue.openProducer().add(handMadeEntry(EXPORT_PARAMS), resolve);
  });
  const tab = openBrowser(url, 'alice');
  cleanups.push(() => tab.close());
  const [entry] = await waitForQueue(tab.queue, (snapshot) => snapshot.length > 0);
  tab.queue.respond(entry!.id, { action: 'accept', content: { format: 'json', maxRows: 7 } });
  return call;
}

function newBridge(): ElicitationBridge {
  // The port is only known once listening: these tests take the origin the Host header names (the pages are on it).
  const bridge = createElicitationBridge({ authorize: userOf, origins: 'trust-host-header' });
  cleanups.push(() => bridge.close());
  return bridge;
}

describe('mounted in a framework', () => {
  it('Express: app.all(path, toNodeListener(bridge)) before express.json()', async () => {
    const bridge = newBridge();
    const app = express();
    app.all('/api/elicitations', toNodeListener(bridge));
    app.use(express.json());
    const url = await listening(app.listen(0, '127.0.0.1'));
    expect(await answerThrough(bridge, url)).toEqual({ action: 'accept', content: { format: 'json', maxRows: 7 } });
  });

  it('Express through the Fetch handler: toNodeListener(bridge.fetch) serves the same endpoint', async () => {
    const bridge = newBridge();
    const app = express();
    app.all('/api/elicitations', toNodeListener(bridge.fetch));
    const url = await listening(app.listen(0, '127.0.0.1'));
    expect(await answerThrough(bridge, url)).toEqual({ action: 'accept', content: { format: 'json', maxRows: 7 } });
  });

  it('Express with a body parser first: the answer is refused with a sentence saying what to change', async () => {
    const bridge = newBridge();
    const app = express();
    app.use(express.json());
    app.all('/api/elicitations', toNodeListener(bridge));
    const url = await listening(app.listen(0, '127.0.0.1'));
    const { token } = await readyOf(url, 'alice');
    expect(await postRaw(url, { user: 'alice', token, body: '{"id":"x","result":{"action":"cancel"}}' })).toEqual({
      status: 500,
      body: {
        error: 'body-consumed',
        message:
          'The request body was read before the bridge (by a body parser): mount the bridge before express.json() and the like.',
      },
    });
  });

  it('Hono on @hono/node-server: app.on([GET, POST], path, (c) => bridge.fetch(c.req.raw))', async () => {
    const bridge = newBridge();
    const app = new Hono();
    app.on(['GET', 'POST'], '/api/elicitations', (c) => bridge.fetch(c.req.raw));
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    const url = await listening(server);
    expect(await answerThrough(bridge, url)).toEqual({ action: 'accept', content: { format: 'json', maxRows: 7 } });
  });
});
