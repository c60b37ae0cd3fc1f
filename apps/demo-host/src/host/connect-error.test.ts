// @vitest-environment node
// The sentences for what a browser alone cannot tell apart: the probe's finding decides between "down" and "CORS".
// (The store's test drives the HTTP kinds against real loopback servers; e2e/specs/connect-errors.spec.ts runs the
// CORS case in Chromium.)
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { explainConnectError, isNetworkFailure, needsProbe, probeReachability } from './connect-error.js';

const target = {
  url: 'http://127.0.0.1:4100/mcp',
  viaRelay: false,
  relayOrigin: 'http://127.0.0.1:5173',
  pinnedModern: false,
};
const failedToFetch = new TypeError('Failed to fetch');

describe('explainConnectError', () => {
  it('tells CORS from a server that is down by what the probe found', () => {
    expect(explainConnectError(failedToFetch, target, 'blocked')).toBe(
      'http://127.0.0.1:4100 answers, but sends no CORS headers for this page, so the browser blocked its replies. Tick “Connect through the local relay”, or allow this page’s origin on the server.',
    );
    expect(explainConnectError(failedToFetch, target, 'silent')).toBe(
      'Nothing answers at http://127.0.0.1:4100: the server is not running, or the address or port is wrong.',
    );
  });

  it('finds the network failure the SDK wraps in its negotiation error', () => {
    const wrapped = new Error('Version negotiation probe failed: Failed to fetch', { cause: failedToFetch });
    expect(isNetworkFailure(wrapped)).toBe(true);
    expect(explainConnectError(wrapped, target, 'silent')).toMatch(/^Nothing answers at /);
    expect(isNetworkFailure(new Error('other'))).toBe(false);
    expect(explainConnectError(new Error('other'), target, 'unknown')).toBeUndefined();
  });

  it('reads a pinned-era failure with no HTTP reply behind it through the probes', () => {
    // What the SDK throws in a browser pinned to 2026-07-28 when the fetch failed: no cause, no status.
    const pinned = Object.assign(
      new Error(
        'Version negotiation failed: the server did not offer pinned protocol version 2026-07-28 via server/discover (no fallback in pin mode)',
      ),
      { code: 'ERA_NEGOTIATION_FAILED' },
    );
    const pinnedTarget = { ...target, pinnedModern: true };
    expect(needsProbe(pinned)).toBe(true);
    expect(explainConnectError(pinned, pinnedTarget, 'silent')).toMatch(/^Nothing answers at /);
    expect(explainConnectError(pinned, pinnedTarget, 'blocked')).toMatch(/sends no CORS headers for this page/);
    // It answers this page, so it is a 2025-only server.
    expect(explainConnectError(pinned, pinnedTarget, 'open')).toBe(
      'http://127.0.0.1:4100 does not speak the 2026-07-28 protocol this host was set to (Protocol options). Choose “Negotiate (auto)” or “Legacy (2025-11-25)”.',
    );
    // A negotiation failure with an HTTP reply behind it is that reply's.
    const http404 = Object.assign(new Error('probe failed'), {
      code: 'ERA_NEGOTIATION_FAILED',
      data: { status: 404, statusText: 'Not Found', text: '' },
    });
    expect(needsProbe(http404)).toBe(false);
  });

  it('blames the relay, not the server, when the relay itself does not answer', () => {
    expect(explainConnectError(failedToFetch, { ...target, viaRelay: true }, 'unknown')).toBe(
      "The local relay at http://127.0.0.1:5173 does not answer: is the demo host's server (npm run demo) still running?",
    );
  });

  it('quotes a server’s text on one line, cut short, in linear time', () => {
    const hostile = Object.assign(new Error('Error POSTing'), {
      data: { status: 500, statusText: 'Internal Server Error', text: `${'\n'.repeat(50_000)}${'a'.repeat(50_000)}` },
    });
    const sentence = explainConnectError(hostile, target, 'unknown') ?? '';
    expect(sentence).toMatch(
      /^The server answered HTTP 500 Internal Server Error instead of an MCP reply\. It said: “a+…”$/,
    );
    expect(sentence.length).toBeLessThan(400);
  });
});

describe('probeReachability', () => {
  it('finds a server that answers whatever its status, and none on a closed port', async () => {
    // (Node's fetch applies no CORS, so `blocked` is only seen in a browser: e2e/specs/connect-errors.spec.ts.)
    const server = http.createServer((_req, res) => {
      res.writeHead(405);
      res.end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    expect(await probeReachability(url)).toBe('open');
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    expect(await probeReachability(url)).toBe('silent');
  });
});
