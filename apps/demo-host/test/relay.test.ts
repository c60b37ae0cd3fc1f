// @vitest-environment node
import { once } from 'node:events';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAY_ALLOW_ENV, createRelay, parseAllowList, resolveTarget, startRelayServer } from '../relay/relay.mjs';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let upstream: http.Server;
let relay: http.Server;
let upstreamUrl = '';
let relayPort = 0;
const seen: Seen[] = [];
let releaseSecondEvent: () => void = () => {};
let upstreamStreamClosed: Promise<void> = Promise.resolve();

async function listen(server: http.Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A raw request to the relay (node:http, so Host and Origin can be set freely). */
function request(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Reply>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: relayPort, path, method: options.method ?? 'GET', headers: options.headers ?? {} },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url === '/sse') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Mcp-Session-Id': 'session-sse' });
        res.write('event: message\ndata: {"n":1}\n\n');
        upstreamStreamClosed = new Promise((resolve) => res.on('close', () => resolve()));
        const waitForRelease = new Promise<void>((resolve) => {
          releaseSecondEvent = resolve;
        });
        void waitForRelease.then(() => {
          res.end('event: message\ndata: {"n":2}\n\n');
        });
        return;
      }
      if (req.url === '/hang') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write(': open\n\n');
        upstreamStreamClosed = new Promise((resolve) => res.on('close', () => resolve()));
        return;
      }
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Mcp-Session-Id': 'session-1',
        'Mcp-Protocol-Version': '2025-11-25',
        'Set-Cookie': 'secret=1',
        'Access-Control-Allow-Origin': '*',
      });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { echoed: body } }));
    });
  });
  upstreamUrl = `http://127.0.0.1:${await listen(upstream)}`;
  const handle = createRelay({ allow: [] });
  relay = http.createServer((req, res) => {
    if (!handle(req, res)) {
      res.writeHead(404);
      res.end('not the relay');
    }
  });
  relayPort = await listen(relay);
});

afterAll(async () => {
  relay.closeAllConnections();
  upstream.closeAllConnections();
  await Promise.all([
    new Promise((resolve) => relay.close(resolve)),
    new Promise((resolve) => upstream.close(resolve)),
  ]);
});

describe('resolveTarget', () => {
  it('reads a raw target and a percent-encoded one', () => {
    const raw = resolveTarget('/relay/http://127.0.0.1:3901/mcp?x=1');
    const encoded = resolveTarget(`/relay/${encodeURIComponent('http://localhost:3901/mcp')}`);
    expect(raw.ok && raw.target.href).toBe('http://127.0.0.1:3901/mcp?x=1');
    expect(encoded.ok && encoded.target.href).toBe('http://localhost:3901/mcp');
  });

  it('refuses non-loopback targets with 403 and says how to allow them', () => {
    const result = resolveTarget('/relay/https://mcp.example.com/mcp');
    expect(result).toEqual({
      ok: false,
      status: 403,
      message: expect.stringContaining(`${RELAY_ALLOW_ENV}=https://mcp.example.com`),
    });
  });

  it('lets an allow-listed origin through, and only that origin', () => {
    const allow = parseAllowList(' https://mcp.example.com/ , not a url, ftp://x.example ');
    expect(allow).toEqual(['https://mcp.example.com']);
    expect(resolveTarget('/relay/https://mcp.example.com/mcp', allow).ok).toBe(true);
    expect(resolveTarget('/relay/https://other.example.com/mcp', allow).ok).toBe(false);
    expect(resolveTarget('/relay/http://mcp.example.com/mcp', allow).ok).toBe(false);
  });

  it('refuses other schemes, credentials in the URL and garbage', () => {
    expect(resolveTarget('/relay/file:///etc/passwd')).toMatchObject({ ok: false, status: 400 });
    expect(resolveTarget('/relay/http://user:pw@127.0.0.1/mcp')).toMatchObject({ ok: false, status: 400 });
    expect(resolveTarget('/relay/not-a-url')).toMatchObject({ ok: false, status: 400 });
  });

  it('relays to loopback hosts only, by core’s rule', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'app.localhost']) {
      expect(resolveTarget(`/relay/http://${host}:3901/mcp`).ok, host).toBe(true);
    }
    for (const host of ['10.0.0.1', '128.0.0.1', 'localhost.example.com', '[::2]', '0.0.0.0']) {
      expect(resolveTarget(`/relay/http://${host}:3901/mcp`), host).toMatchObject({ ok: false, status: 403 });
    }
  });
});

describe('the relay over HTTP', () => {
  it('forwards a POST with its MCP headers and body, and passes the MCP response headers back with CORS', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const reply = await request(`/relay/${encodeURIComponent(`${upstreamUrl}/mcp`)}`, {
      method: 'POST',
      body,
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        Origin: 'http://127.0.0.1:5173',
        'Mcp-Protocol-Version': '2026-07-28',
        'Mcp-Method': 'tools/list',
        'Mcp-Session-Id': 'abc',
        Cookie: 'host-cookie=1',
      },
    });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ jsonrpc: '2.0', id: 1, result: { echoed: body } });
    expect(reply.headers['mcp-session-id']).toBe('session-1');
    expect(reply.headers['mcp-protocol-version']).toBe('2025-11-25');
    expect(reply.headers['access-control-allow-origin']).toBe('http://127.0.0.1:5173');
    expect(reply.headers['access-control-expose-headers']).toContain('Mcp-Session-Id');
    expect(reply.headers['set-cookie']).toBeUndefined();

    const forwarded = seen.at(-1);
    expect(forwarded).toMatchObject({ method: 'POST', url: '/mcp', body });
    expect(forwarded?.headers).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/list',
      'mcp-session-id': 'abc',
    });
    expect(forwarded?.headers.cookie).toBeUndefined();
    expect(forwarded?.headers.origin).toBeUndefined();
  });

  it('answers a preflight itself, allowing the 2026 headers the SDK sends', async () => {
    const reply = await request(`/relay/${upstreamUrl}/mcp`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, mcp-method, mcp-name, mcp-param-region',
      },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const allowed = String(reply.headers['access-control-allow-headers']).toLowerCase();
    for (const header of [
      'mcp-method',
      'mcp-name',
      'mcp-protocol-version',
      'mcp-session-id',
      'last-event-id',
      'mcp-param-region',
    ]) {
      expect(allowed).toContain(header);
    }
  });

  it('refuses a non-loopback target with 403 without contacting it', async () => {
    const before = seen.length;
    const reply = await request('/relay/http://192.0.2.10/mcp', { method: 'POST', body: '{}' });
    expect(reply.status).toBe(403);
    expect(reply.body).toContain('only loopback targets');
    expect(seen.length).toBe(before);
  });

  it('refuses pages from other origins and non-loopback Host headers (DNS rebinding)', async () => {
    const fromEvil = await request(`/relay/${upstreamUrl}/mcp`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
    });
    const rebound = await request(`/relay/${upstreamUrl}/mcp`, {
      method: 'POST',
      headers: { Host: 'evil.example:5173' },
    });
    expect(fromEvil.status).toBe(403);
    expect(fromEvil.headers['access-control-allow-origin']).toBeUndefined();
    expect(rebound.status).toBe(403);
  });

  it('refuses requests that already went through a relay', async () => {
    const reply = await request(`/relay/${upstreamUrl}/mcp`, { headers: { 'x-elicitation-kit-relay': '1' } });
    expect(reply.status).toBe(508);
  });

  it('says so when the target is down', async () => {
    const closed = http.createServer();
    const port = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const reply = await request(`/relay/http://127.0.0.1:${port}/mcp`, { method: 'POST', body: '{}' });
    expect(reply.status).toBe(502);
    expect(reply.body).toContain('could not reach');
  });

  it('leaves other paths to the next handler', async () => {
    const reply = await request('/index.html');
    expect(reply).toMatchObject({ status: 404, body: 'not the relay' });
  });

  it('streams SSE event by event: the first event arrives while the upstream stream is still open', async () => {
    const res = await fetch(`http://127.0.0.1:${relayPort}/relay/${upstreamUrl}/sse`, {
      headers: { Accept: 'text/event-stream', 'Last-Event-ID': '7' },
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('mcp-session-id')).toBe('session-sse');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    while (!received.includes('{"n":1}')) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      received += decoder.decode(value, { stream: true });
    }
    // Only now does the upstream send its second event and end the stream.
    expect(received).not.toContain('{"n":2}');
    releaseSecondEvent();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        break;
      }
      received += decoder.decode(value, { stream: true });
    }
    expect(received).toBe('event: message\ndata: {"n":1}\n\nevent: message\ndata: {"n":2}\n\n');
    expect(seen.at(-1)?.headers['last-event-id']).toBe('7');
  });

  it('closes the upstream stream when the browser aborts (how an in-flight call is cancelled)', async () => {
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${relayPort}/relay/${upstreamUrl}/hang`, { signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read();
    const closed = upstreamStreamClosed;
    controller.abort();
    await expect(closed).resolves.toBeUndefined();
  });
});

describe('the relay on its own server (`pnpm --filter @elicitation-kit/demo-host relay`)', () => {
  it('relays under /relay/ and answers 404 for anything else', async () => {
    const lines: string[] = [];
    const standalone = await startRelayServer({ port: 0, log: (line) => lines.push(line) });
    try {
      expect(standalone.url).toBe(`http://127.0.0.1:${standalone.port}/relay/`);
      const relayed = await fetch(`${standalone.url}${upstreamUrl}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
      });
      expect(relayed.status).toBe(200);
      expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/mcp' });
      const other = await fetch(`http://127.0.0.1:${standalone.port}/index.html`);
      expect(other.status).toBe(404);
      expect(await other.text()).toContain('/relay/<target URL>');
      expect(lines.some((line) => line.includes('POST'))).toBe(true);
    } finally {
      await standalone.close();
    }
  });
});
