// Resource limits an attacker (or a broken network) cannot get around, each over real sockets on loopback: a browser
// that stops reading is dropped and its memory freed before its stream slot; the `ready` snapshot never exceeds what
// the page accepts; other origins' pages cannot take the user's stream slots; the origin check does not trust `Host`;
// keep-alives of streams opened together do not all fire at once; a slow, oversized or abandoned answer body is cut off without answering anything (through both Node entries).
import { once } from 'node:events';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect as connectSocket } from 'node:net';
import type { Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createElicitationQueue } from '@elicitation-kit/core';
import type { LocalElicitationQueue, ServerIdentity } from '@elicitation-kit/core';
import {
  cleanupsAfterEach,
  handMadeEntry,
  openBrowser,
  postRaw,
  readyOf,
  startBackend,
  waitForEvent,
  waitForQueue,
} from './test/bridge-host.js';
import type { TestBackend, TestBrowser } from './test/bridge-host.js';
import { toNodeListener } from './node.js';
import { bridgeStats, createElicitationBridge } from './backend.js';
import type { ElicitationBridgeEvent } from './bridge-types.js';
import { MAX_EVENT_LENGTH, TOKEN_HEADER } from './wire-format.js';

const cleanups = cleanupsAfterEach();

async function backend(...args: Parameters<typeof startBackend>): Promise<TestBackend> {
  const started = await startBackend(...args);
  cleanups.push(() => started.close());
  return started;
}

function browser(url: string, user: string, options?: Parameters<typeof openBrowser>[2]): TestBrowser {
  const opened = openBrowser(url, user, options);
  cleanups.push(() => opened.close());
  return opened;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const portOf = (url: string): number => Number(new URL(url).port);

/** A raw client socket that sent `head` and then never reads a byte (a stalled browser or a slow network). */
async function stalledClient(url: string, head: string): Promise<Socket> {
  const socket = connectSocket(portOf(url), '127.0.0.1');
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  socket.pause();
  socket.write(head);
  cleanups.push(() => {
    socket.destroy();
  });
  return socket;
}

const streamHead = (url: string, user: string): string =>
  `GET ${new URL(url).pathname} HTTP/1.1\r\nHost: ${new URL(url).host}\r\nCookie: user=${user}\r\n\r\n`;

const connections = (server: TestBackend['server']): Promise<number> =>
  new Promise((resolve, reject) => {
    server.getConnections((error, count) => (error === null ? resolve(count) : reject(error)));
  });

/** The garbage collector (these tests measure memory loosely). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const SCHEMA = { type: 'object', properties: { note: { type: 'string' } } };

/** Adds a question of about `bytes` bytes of JSON to `queue`. */
function ask(
  queue: LocalElicitationQueue,
  index: number,
  bytes: number,
  server: ServerIdentity = { id: 'acme', name: 'Acme' },
): void {
  const params = { mode: 'form', message: `question ${index} `.padEnd(bytes, 'x'), requestedSchema: SCHEMA };
  queue.openProducer().add(handMadeEntry(params, { id: `entry-${index}`, createdAt: index, server }), () => undefined);
}

const dropped = (events: ElicitationBridgeEvent[]): Extract<ElicitationBridgeEvent, { type: 'dropped' }>[] =>
  events.filter((event): event is Extract<ElicitationBridgeEvent, { type: 'dropped' }> => event.type === 'dropped');

describe('a browser that stops reading', () => {
  it('is dropped once its unread bytes pass the bound: the memory comes back, and the slot only with it', async () => {
    const gc = collector();
    const limit = 1024 * 1024;
    const { bridge, url, events, server } = await backend({
      maxStreamsPerOwner: 2,
      maxEntryBytes: 512 * 1024,
      maxStreamBytes: limit,
      maxOwnerBytes: limit,
    });
    const queue = createElicitationQueue({ maxPendingPerServer: 10_000 });
    bridge.expose('alice', queue);
    const stats = bridgeStats(bridge);
    // The owner's slot is never free while bytes of his are still queued.
    const violations: number[] = [];
    const sampler = setInterval(() => {
      if (stats.streams('alice') === 0 && stats.queuedBytes('alice') > 0) {
        violations.push(stats.queuedBytes('alice'));
      }
    }, 1);
    cleanups.push(() => clearInterval(sampler));
    gc();
    const before = process.memoryUsage().arrayBuffers;
    // Two tabs that stop reading (the reproduction held 267 MiB with two).
    await stalledClient(url, streamHead(url, 'alice'));
    await stalledClient(url, streamHead(url, 'alice'));
    await until(() => stats.streams('alice') === 2);
    let peak = 0;
    let index = 0;
    for (; index < 600 && dropped(events).length < 2; index += 1) {
      ask(queue, index, 200_000);
      await new Promise((resolve) => setImmediate(resolve));
      if (index % 10 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().arrayBuffers - before);
        expect(stats.queuedBytes('alice')).toBeLessThanOrEqual(limit + 256 * 1024);
      }
    }
    // Both dropped: the first one because the owner's bytes passed the bound.
    expect(dropped(events).map((event) => event.reason)).toEqual(['owner-bytes', expect.any(String)]);
    expect(dropped(events)[0]).toMatchObject({ owner: 'alice', queuedBytes: expect.any(Number) });
    expect(stats.queuedBytes('alice')).toBe(0);
    expect(stats.streams('alice')).toBe(0);
    expect(violations).toEqual([]);
    // Their sockets were destroyed (not ended politely behind bytes nobody reads).
    await until(async () => (await connections(server)) === 0);
    // Tens of megabytes went out; what stayed in memory at any time is about the bound (kernel buffers aside).
    expect(index * 200_000).toBeGreaterThan(4 * limit);
    expect(peak).toBeLessThan(24 * limit);
    gc();
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(8 * limit);
    // The slots are free again.
    const response = await fetch(url, { headers: { cookie: 'user=alice' } });
    expect(response.status).toBe(200);
    await response.body?.cancel();
  }, 30_000);

  it('is dropped when it takes nothing for stallTimeoutMs, even under the byte bound', async () => {
    const { bridge, url, events, server } = await backend({ stallTimeoutMs: 300, keepAliveMs: 50 });
    const queue = createElicitationQueue({ maxPendingPerServer: 10_000 });
    bridge.expose('alice', queue);
    const stats = bridgeStats(bridge);
    await stalledClient(url, streamHead(url, 'alice'));
    await until(() => stats.streams('alice') === 1);
    // Fill the kernel's buffers until the bridge itself holds bytes for it.
    for (let index = 0; stats.queuedBytes('alice') === 0 && index < 600; index += 1) {
      ask(queue, index, 100_000);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(stats.queuedBytes('alice')).toBeGreaterThan(0);
    const [drop] = await until(() => dropped(events));
    expect(drop).toMatchObject({ owner: 'alice', reason: 'stalled' });
    expect(stats.queuedBytes('alice')).toBe(0);
    expect(stats.streams('alice')).toBe(0);
    await until(async () => (await connections(server)) === 0);
  }, 30_000);

  it('toNodeListener: no drain within drainTimeoutMs cancels the body and destroys the socket', async () => {
    let cancelled = false;
    const chunk = new Uint8Array(64 * 1024);
    const server = createServer(
      toNodeListener(
        () =>
          Promise.resolve(
            new Response(
              new ReadableStream<Uint8Array>({
                pull(controller) {
                  controller.enqueue(chunk);
                },
                cancel() {
                  cancelled = true;
                },
              }),
            ),
          ),
        { drainTimeoutMs: 200 },
      ),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    cleanups.push(async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stream`;
    await stalledClient(url, `GET /stream HTTP/1.1\r\nHost: ${new URL(url).host}\r\n\r\n`);
    await until(() => cancelled);
    await until(
      async () =>
        (await new Promise<number>((resolve) => {
          server.getConnections((_error, count) => resolve(count));
        })) === 0,
    );
  }, 10_000);
});

describe('keep-alives', () => {
  it('of streams opened at once are spread over the period, each stream’s first within it', async () => {
    const keepAliveMs = 600;
    const { url } = await backend({ keepAliveMs });
    const opened = performance.now();
    /** When each stream's first keep-alive arrived, after they all opened together. */
    const firsts = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const controller = new AbortController();
        cleanups.push(() => controller.abort());
        const response = await fetch(url, { headers: { cookie: 'user=alice' }, signal: controller.signal });
        const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
        let text = '';
        while (!text.includes(': keepalive')) {
          text += (await reader.read()).value ?? '';
        }
        controller.abort();
        return performance.now() - opened;
      }),
    );
    expect(Math.max(...firsts)).toBeLessThan(keepAliveMs + 400);
    // Twelve draws from the period all within a quarter of it: about 1 in 10^6.
    expect(Math.max(...firsts) - Math.min(...firsts)).toBeGreaterThan(keepAliveMs / 4);
  });
});

describe('the ready snapshot', () => {
  it('never exceeds what the page reads: 5 × 900 kB and a small one from another server all arrive, without a reconnect', async () => {
    const { bridge, url } = await backend();
    const queue = createElicitationQueue({ maxPendingPerServer: 100 });
    bridge.expose('alice', queue);
    for (let index = 0; index < 5; index += 1) {
      ask(queue, index, 900_000, { id: 'big', name: 'Big' });
    }
    ask(queue, 5, 200, { id: 'small', name: 'Small' });
    const tab = browser(url, 'alice');
    const entries = await waitForQueue(tab.queue, (snapshot) => snapshot.length === 6);
    expect(entries.map((entry) => entry.server.id)).toEqual(['big', 'big', 'big', 'big', 'big', 'small']);
    await sleep(200);
    expect(tab.events.filter((event) => event.type === 'disconnected')).toEqual([]);
    expect(tab.events.filter((event) => event.type === 'connected')).toHaveLength(1);
    // On the wire: a ready within the page's limit, listing every pending id; the rest follow one event each.
    const ready = await readyOf(url, 'alice');
    expect(JSON.stringify(ready).length).toBeLessThanOrEqual(MAX_EVENT_LENGTH);
    expect(ready.entries.length).toBeLessThan(6);
    expect(ready.ids).toHaveLength(6);
  }, 20_000);

  it('a page reconnecting does not lose or flicker the questions that follow the ready', async () => {
    const { bridge, url, server } = await backend();
    const queue = createElicitationQueue({ maxPendingPerServer: 100 });
    bridge.expose('alice', queue);
    for (let index = 0; index < 6; index += 1) {
      ask(queue, index, 900_000);
    }
    const tab = browser(url, 'alice');
    const entries = await waitForQueue(tab.queue, (snapshot) => snapshot.length === 6);
    server.closeAllConnections();
    await waitForEvent(tab.events, (event) => event.type === 'disconnected');
    await waitForEvent(tab.events, () => tab.events.filter((event) => event.type === 'connected').length === 2);
    await waitForQueue(tab.queue, (snapshot) => snapshot.length === 6);
    // Not withdrawn by the ready and shown again: the same entry objects.
    expect(tab.queue.getSnapshot()).toEqual(entries);
    expect(tab.events.filter((event) => event.type === 'withdrawn')).toEqual([]);
  }, 20_000);

  it('the backend refuses limits the page could not read', () => {
    expect(() =>
      createElicitationBridge({
        authorize: () => 'alice',
        origins: ['http://app.example'],
        maxEntryBytes: MAX_EVENT_LENGTH,
      }),
    ).toThrow(RangeError);
    expect(() =>
      createElicitationBridge({
        authorize: () => 'alice',
        origins: ['http://app.example'],
        maxEntryBytes: 1024 * 1024,
        maxStreamBytes: 512 * 1024,
      }),
    ).toThrow(RangeError);
  });
});

describe('stream slots', () => {
  it('a same-site page (Sec-Fetch-Site: same-site) or a foreign Origin cannot take them; the user’s own tabs can', async () => {
    const { url, origin } = await backend({ maxStreamsPerOwner: 2 });
    for (let index = 0; index < 16; index += 1) {
      const headers = index % 2 === 0 ? { 'sec-fetch-site': 'same-site' } : { origin: 'https://shop.example.com' };
      const response = await fetch(url, { headers: { cookie: 'user=alice', ...headers } });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: 'bad-origin' });
    }
    // A same-site answer is refused too.
    const answer = await fetch(url, {
      method: 'POST',
      headers: { cookie: 'user=alice', 'content-type': 'application/json', 'sec-fetch-site': 'same-site' },
      body: '{}',
    });
    expect(answer.status).toBe(403);
    // The user's own pages (same-origin, or typed in the address bar: none), and a client that is not a browser.
    const own = [{ 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none', origin }];
    for (const headers of own) {
      const response = await fetch(url, { headers: { cookie: 'user=alice', ...headers } });
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
    const plain = await readyOf(url, 'alice');
    expect(plain.token).toEqual(expect.any(String));
  });
});

/** A request to the bridge as a DNS-rebinding page sends it: its own host name, resolved to this server. */
const rebound = (url: string, method: 'GET' | 'POST'): Promise<number> =>
  new Promise((resolve, reject) => {
    const host = `attacker.example:${portOf(url)}`;
    const outgoing = httpRequest(url, {
      method,
      headers: {
        host,
        origin: `http://${host}`,
        cookie: 'user=alice',
        ...(method === 'POST' && { 'content-type': 'application/json' }),
      },
    });
    outgoing.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
      outgoing.destroy();
    });
    outgoing.on('error', reject);
    outgoing.end(method === 'POST' ? '{}' : undefined);
  });

describe('the origin check', () => {
  it('does not follow Host: a rebinding page (Host and Origin attacker.example) gets no token (403)', async () => {
    const { url } = await backend();
    expect(await rebound(url, 'GET')).toBe(403);
    expect(await rebound(url, 'POST')).toBe(403);
  });

  it('`origins` is required; trusting Host is an explicit opt-in', async () => {
    expect(() => createElicitationBridge({ authorize: () => 'alice' } as never)).toThrow(
      /createElicitationBridge: `origins` is required/u,
    );
    expect(() => createElicitationBridge({ authorize: () => 'alice', origins: [] })).toThrow(TypeError);
    // A trailing slash is not an origin: it would refuse every answer.
    expect(() => createElicitationBridge({ authorize: () => 'alice', origins: ['http://localhost:5173/'] })).toThrow(
      'createElicitationBridge: `origins` must hold origins such as https://app.example.com (got "http://localhost:5173/")',
    );
    // The opt-in takes the origin the Host header names, as documented (with its DNS-rebinding risk).
    const { url } = await backend({ origins: 'trust-host-header' });
    expect(await rebound(url, 'GET')).toBe(200);
  });
});

/** A raw client socket, connected, that keeps what it receives (`received()`); destroyed after the test. */
async function rawClient(url: string): Promise<{ socket: Socket; received(): string }> {
  const socket = connectSocket(portOf(url), '127.0.0.1');
  socket.on('error', () => undefined);
  cleanups.push(() => {
    socket.destroy();
  });
  await once(socket, 'connect');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (text: string) => {
    received += text;
  });
  return { socket, received: () => received };
}

/** The head of alice's answer with `token`, its body's length declared (a number) or chunked. */
const answerHead = (url: string, token: string, length: number | 'chunked'): string =>
  `POST /api/elicitations HTTP/1.1\r\nHost: ${new URL(url).host}\r\nCookie: user=alice\r\n` +
  `Content-Type: application/json\r\n${TOKEN_HEADER}: ${token}\r\n` +
  `${length === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`}\r\n\r\n`;

/** Sends alice's answer head, then `pieces` of a chunked body `gapMs` apart; the raw reply once its JSON arrived. */
async function chunkedPost(url: string, token: string, pieces: string[], gapMs = 30): Promise<string> {
  const { socket, received } = await rawClient(url);
  socket.write(answerHead(url, token, 'chunked'));
  for (const piece of pieces) {
    await sleep(gapMs);
    if (received() !== '') {
      break;
    }
    socket.write(`${Buffer.byteLength(piece).toString(16)}\r\n${piece}\r\n`);
  }
  if (received() === '') {
    socket.write('0\r\n\r\n');
  }
  await until(() => /\r\n\r\n\{.*\}/su.test(received()));
  return received();
}

describe('answer bodies', () => {
  it('a body trickling in is cut off after bodyTimeoutMs (408), not held until Node’s own timeout', async () => {
    const { url } = await backend({ bodyTimeoutMs: 300 });
    const { token } = await readyOf(url, 'alice');
    const { socket, received } = await rawClient(url);
    const started = Date.now();
    socket.write(answerHead(url, token, 1000));
    const trickle = setInterval(() => socket.write('{'), 50);
    cleanups.push(() => clearInterval(trickle));
    await once(socket, 'close');
    clearInterval(trickle);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(received()).toMatch(/^HTTP\/1\.1 408 /u);
    expect(received()).toMatch(/connection: close/iu);
    expect(received()).toContain('"error":"slow-body"');
  }, 10_000);

  // Each served as a bridge on Node's own objects and through the Fetch handler: two ways of reading one body.
  describe.each(['bridge', 'fetch'] as const)('read through toNodeListener(%s)', (via) => {
    /** A backend with one question pending for alice: its wire id, alice's token, and what the queue was told. */
    async function oneQuestion(options: Parameters<typeof startBackend>[0] = {}) {
      const { url, bridge } = await backend(options, 0, { via });
      const queue = createElicitationQueue();
      bridge.expose('alice', queue);
      const results: unknown[] = [];
      queue.openProducer().add(handMadeEntry({ mode: 'form', message: 'Note?', requestedSchema: SCHEMA }), (result) => {
        results.push(result);
      });
      const { token, entries } = await readyOf(url, 'alice');
      return { url, queue, results, token, id: entries[0]!.id };
    }

    it('an answer arriving in pieces is read whole and applied once', async () => {
      const { url, results, token, id } = await oneQuestion();
      const body = JSON.stringify({ id, result: { action: 'accept', content: { note: 'in three pieces' } } });
      const reply = await chunkedPost(url, token, [body.slice(0, 10), body.slice(10, 30), body.slice(30)]);
      expect(reply).toMatch(/^HTTP\/1\.1 200 /u);
      expect(reply).toContain('{"ok":true}');
      await until(() => results.length === 1);
      expect(results).toEqual([{ action: 'accept', content: { note: 'in three pieces' } }]);
    });

    it('a body past maxBodyBytes with no Content-Length is refused 413 as it arrives; the question stays', async () => {
      const { url, queue, results, token } = await oneQuestion({ maxBodyBytes: 1024 });
      const reply = await chunkedPost(url, token, ['{"id":"', 'x'.repeat(600), 'x'.repeat(600), 'x'.repeat(600)]);
      expect(reply).toMatch(/^HTTP\/1\.1 413 /u);
      expect(reply).toMatch(/connection: close/iu);
      expect(reply).toContain('"error":"too-large"');
      expect(results).toEqual([]);
      expect(queue.getSnapshot()).toHaveLength(1);
    });

    it('a client gone mid-body answers nothing: the question stays, and the next answer is taken', async () => {
      const { url, queue, results, token, id } = await oneQuestion();
      const { socket } = await rawClient(url);
      const body = JSON.stringify({ id, result: { action: 'decline' } });
      socket.write(answerHead(url, token, body.length) + body.slice(0, -1));
      await sleep(50);
      socket.destroy();
      await sleep(50);
      expect(results).toEqual([]);
      expect(queue.getSnapshot()).toHaveLength(1);
      const answered = await postRaw(url, {
        user: 'alice',
        token,
        body: JSON.stringify({ id, result: { action: 'cancel' } }),
      });
      expect(answered).toEqual({ status: 200, body: { ok: true } });
      await until(() => results.length === 1);
      expect(results).toEqual([{ action: 'cancel' }]);
    });
  });
});

/** Polls `check` until it returns something truthy (the test's timeout bounds it). */
async function until<T>(check: () => T | Promise<T>): Promise<T> {
  for (;;) {
    const value = await check();
    if (value !== false && value !== undefined && !(Array.isArray(value) && value.length === 0)) {
      return value;
    }
    await sleep(10);
  }
}
