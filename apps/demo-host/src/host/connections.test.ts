// @vitest-environment node
// The host's connection store against the real demo server over Streamable HTTP, in both eras and through the relay:
// the same code path the browser runs, minus React.
import { startDemoServer, type DemoServer } from '@elicitation-kit/demo-server';
import { createElicitationQueue, type ElicitationQueue, type PendingElicitation } from '@elicitation-kit/core';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelay } from '../../relay/relay.mjs';
import { createConnectionStore, type ConnectionStore, type EraChoice } from './connections.js';
import { describeError } from './events.js';

let demo: DemoServer;
let relay: http.Server;
let relayOrigin = '';

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, silent: true });
  const handle = createRelay({ allow: [] });
  relay = http.createServer((req, res) => {
    if (!handle(req, res)) {
      res.writeHead(404);
      res.end();
    }
  });
  relay.listen(0, '127.0.0.1');
  await once(relay, 'listening');
  relayOrigin = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
});

afterAll(async () => {
  relay.closeAllConnections();
  await new Promise((resolve) => relay.close(resolve));
  await demo.close();
});

/** Resolves with the first pending entry the queue shows. */
function nextPending(queue: ElicitationQueue): Promise<PendingElicitation> {
  return new Promise((resolve) => {
    const check = (): boolean => {
      const entry = queue.getSnapshot().find((candidate) => candidate.status === 'pending');
      if (entry !== undefined) {
        resolve(entry);
        return true;
      }
      return false;
    };
    if (!check()) {
      const unsubscribe = queue.subscribe(() => {
        if (check()) {
          unsubscribe();
        }
      });
    }
  });
}

function textOf(result: { content: readonly { type: string; text?: string }[] }): string {
  return result.content.map((item) => (item.type === 'text' ? (item.text ?? '') : '')).join('\n');
}

const cases: { era: EraChoice; viaRelay: boolean; expectedEra: 'modern' | 'legacy' }[] = [
  { era: 'auto', viaRelay: false, expectedEra: 'modern' },
  { era: 'legacy', viaRelay: false, expectedEra: 'legacy' },
  { era: 'auto', viaRelay: true, expectedEra: 'modern' },
  { era: 'legacy', viaRelay: true, expectedEra: 'legacy' },
];

describe.each(cases)('the connection store ($era era, relay: $viaRelay)', ({ era, viaRelay, expectedEra }) => {
  let queue: ElicitationQueue;
  let store: ConnectionStore;
  let id = '';

  beforeAll(async () => {
    queue = createElicitationQueue();
    store = createConnectionStore(queue, { relayOrigin });
    const server = await store.connect(demo.url, { era, viaRelay });
    id = server.id;
  });

  afterAll(async () => {
    await store.disconnect(id);
  });

  it('connects, shows the era, the negotiated version, the server name and its tools', () => {
    const [server] = store.getSnapshot();
    expect(server).toMatchObject({
      status: 'connected',
      era: expectedEra,
      protocolVersion: expectedEra === 'modern' ? '2026-07-28' : '2025-11-25',
      name: 'elicitation-kit-demo',
      title: 'Elicitation Kit demo server',
      viaRelay,
    });
    expect(server?.tools.map((tool) => tool.name)).toContain('export-data');
  });

  it('queues the elicitation of a tool call, sends the answer, and logs the outcome', async () => {
    const call = store.callTool(id, 'export-data', {});
    const entry = await nextPending(queue);
    expect(entry).toMatchObject({ era: expectedEra, kind: 'request', request: { mode: 'form' } });
    expect(
      queue.respond(entry.id, { action: 'accept', content: { format: 'json', maxRows: 2, includeHeaders: true } }),
    ).toBe(true);
    const result = await call;
    expect(result.isError).not.toBe(true);
    expect(textOf(result)).toContain('"format":"json"');

    const log = store.getLog().map((line) => `${line.kind}:${line.outcome ?? line.label}`);
    expect(log).toEqual([
      'connection:connected',
      'tool:call',
      'elicitation:shown',
      'elicitation:accept',
      'tool:result',
    ]);
  });

  it('gives each log line the raw JSON-RPC that crossed the wire since the line before', () => {
    const lines = store.getLog();
    const methods = (label: string): string[] =>
      (lines.find((line) => line.label === label)?.wire ?? []).map(
        (entry) => `${entry.direction} ${'method' in entry.message ? entry.message.method : 'reply'}`,
      );
    // The handshake (legacy: initialize; modern: server/discover) is on the "connected" line.
    expect(methods('connected')).toContain(expectedEra === 'legacy' ? 'sent initialize' : 'sent server/discover');
    expect(methods('connected')).toContain('received reply');
    // The tool's result, as received, is on the "result" line; the call itself went out before it.
    const result = lines.find((line) => line.label === 'result');
    const received = result?.wire?.filter((entry) => entry.direction === 'received') ?? [];
    expect(JSON.stringify(received.at(-1)?.message)).toContain('\\"format\\":\\"json\\"');
    expect(
      lines.flatMap((line) => line.wire ?? []).some((entry) => JSON.stringify(entry.message).includes('tools/call')),
    ).toBe(true);
  });

  it('refuses a request outside the restricted schema with -32602 and logs it as rejected, showing nothing', async () => {
    const before = store.getLog().length;
    const outcome = await store.callTool(id, 'unsupported-schema', {}).then(
      (result) => `result: ${textOf(result)}`,
      (error: unknown) => `error: ${describeError(error)}`,
    );
    // Legacy: the error goes back to the server, which reports it in its tool result; modern: the call fails here.
    expect(outcome).toContain('-32602');
    const lines = store.getLog().slice(before);
    expect(lines).toContainEqual(
      expect.objectContaining({ kind: 'elicitation', outcome: 'rejected', label: 'rejected as invalid' }),
    );
    expect(lines.some((line) => line.outcome === 'shown')).toBe(false);
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('offers no second try to resend an answer the kit does not keep', async () => {
    expect(await store.resend(id, 'elicitation-kit-0-0')).toBe(false);
    const line = store.getLog().at(-1);
    expect(line).toMatchObject({ kind: 'error', label: 'resend' });
    expect(line?.notice).toBeUndefined();
    expect(line?.resend).toBeUndefined();
  });

  it('passes a decline on to the server', async () => {
    const call = store.callTool(id, 'export-data', {});
    const entry = await nextPending(queue);
    queue.respond(entry.id, { action: 'decline' });
    expect(textOf(await call)).toContain('declined');
    expect(store.getLog().at(-2)).toMatchObject({ kind: 'elicitation', outcome: 'decline', label: 'decline' });
  });
});

/** A loopback HTTP server that answers every request with `status`, `contentType` and `body`. */
async function answering(
  status: number,
  contentType: string,
  body: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(status, { 'Content-Type': contentType });
    res.end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('the connection store, failures', () => {
  it('says nothing answers when the server is down, and a URL that is not one', async () => {
    const store = createConnectionStore(createElicitationQueue(), { relayOrigin });
    const closed = http.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    const connecting = store.connect(`http://127.0.0.1:${port}/mcp`);
    // The card is listed, last, before connect returns (the host page focuses it at once).
    expect(store.getSnapshot().at(-1)).toMatchObject({ status: 'connecting', url: `http://127.0.0.1:${port}/mcp` });
    const down = await connecting;
    const garbage = await store.connect('not a url');
    expect(down).toMatchObject({
      status: 'failed',
      error: `Nothing answers at http://127.0.0.1:${port}: the server is not running, or the address or port is wrong.`,
    });
    expect(garbage).toMatchObject({ status: 'failed', error: expect.stringContaining('Not a valid URL') });
    // The log has the sentence and the SDK's own words, for developers.
    expect(store.getLog().find((line) => line.label === 'connect')?.text).toMatch(
      /^Nothing answers at .*\(.*fetch failed.*\)$/,
    );
  });

  it.each([
    {
      status: 404,
      type: 'text/plain',
      body: 'Not found',
      expected: /^Nothing is served at \/mcp on http:\/\/127\.0\.0\.1:\d+ \(HTTP 404\)\. Check the path/,
    },
    { status: 401, type: 'text/plain', body: '', expected: /^The server requires authorization \(HTTP 401\)/ },
    {
      status: 403,
      type: 'text/plain',
      body: 'Go away',
      expected: /^The server refused access \(HTTP 403\)\. It said: “Go away”$/,
    },
    {
      status: 200,
      type: 'text/html',
      body: '<html></html>',
      expected: /answered, but not as an MCP server: it sent text\/html/,
    },
    { status: 200, type: 'application/json', body: '{"hello":1}', expected: /answered with JSON that is not JSON-RPC/ },
  ])('names the cause when the server answers HTTP $status $type', async ({ status, type, body, expected }) => {
    const target = await answering(status, type, body);
    try {
      const store = createConnectionStore(createElicitationQueue(), { relayOrigin });
      for (const era of ['auto', 'legacy'] as const) {
        const failed = await store.connect(target.url, { era });
        expect(failed.status).toBe('failed');
        expect(failed.error).toMatch(expected);
      }
    } finally {
      await target.close();
    }
  });

  it('quotes a hostile 100,000-character error body cut to a readable length', async () => {
    const target = await answering(403, 'text/plain', 'x'.repeat(100_000));
    try {
      const store = createConnectionStore(createElicitationQueue(), { relayOrigin });
      const failed = await store.connect(target.url);
      expect(failed.error?.length).toBeLessThan(400);
      expect(failed.error).toMatch(/^The server refused access \(HTTP 403\)\. It said: “x+…”$/);
    } finally {
      await target.close();
    }
  });

  it('quotes the relay’s own reason when it refuses a non-loopback target', async () => {
    const store = createConnectionStore(createElicitationQueue(), { relayOrigin });
    const refused = await store.connect('http://192.0.2.10/mcp', { viaRelay: true });
    expect(refused.status).toBe('failed');
    expect(refused.error).toMatch(
      /^The local relay did not forward the request \(HTTP 403\)\. It said: “Relay refused http:\/\/192\.0\.2\.10: only loopback targets/,
    );
  });

  it('says the relay does not answer when the page’s relay is gone', async () => {
    const gone = http.createServer();
    gone.listen(0, '127.0.0.1');
    await once(gone, 'listening');
    const origin = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
    await new Promise((resolve) => gone.close(resolve));
    const store = createConnectionStore(createElicitationQueue(), { relayOrigin: origin });
    const failed = await store.connect(demo.url, { viaRelay: true });
    expect(failed.error).toBe(
      `The local relay at ${origin} does not answer: is the demo host's server (npm run demo) still running?`,
    );
  });
});
