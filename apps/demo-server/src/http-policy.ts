// The demo server's HTTP policy: loopback only (Host and Origin checks against DNS rebinding) and CORS for the
// demo host, which runs on another loopback origin.
import { isLoopbackHost, mcpCorsHeaders } from '@elicitation-kit/core';
import type { IncomingMessage, ServerResponse } from 'node:http';

const OWN_DONE_FORM = /^\/connect\/[0-9a-f-]{36}\/done$/;

/** `localhost`, `127.0.0.1` (and the rest of 127/8) or `[::1]`, any port: core's rule (one home). */
export function isLoopbackHostname(hostname: string): boolean {
  return isLoopbackHost(hostname);
}

/** The host name of a `Host` header, or `undefined` when it is missing or malformed. */
export function hostnameOfHostHeader(host: string | undefined): string | undefined {
  if (host === undefined || host === '') {
    return undefined;
  }
  const candidate = `http://${host}`;
  return URL.canParse(candidate) ? new URL(candidate).hostname : undefined;
}

/** The loopback `Origin` to reflect, `null` when absent, `false` when present and not allowed. */
export function checkOrigin(origin: string | undefined): string | null | false {
  if (origin === undefined) {
    return null;
  }
  if (!URL.canParse(origin)) {
    return false;
  }
  const parsed = new URL(origin);
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && isLoopbackHostname(parsed.hostname)
    ? parsed.origin
    : false;
}

/**
 * The connect page's own "Done" form POST from a browser that sends `Origin: null` (a page served with
 * `Referrer-Policy: no-referrer`, or a cached copy of one). Allowed only for `POST /connect/<id>/done` and only
 * when the browser itself vouches for it with `Sec-Fetch-Site: same-origin` (a header pages cannot set); `/mcp`
 * keeps refusing `Origin: null`.
 */
export function isOwnDoneForm(req: IncomingMessage, path: string): boolean {
  return (
    req.method === 'POST' &&
    req.headers.origin === 'null' &&
    req.headers['sec-fetch-site'] === 'same-origin' &&
    OWN_DONE_FORM.test(path)
  );
}

/** Answers `403` with a JSON-RPC error body. */
export function forbidden(res: ServerResponse, message: string): void {
  res.writeHead(403, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** CORS for a (loopback) origin: the server package's rule (every MCP header of both eras, never `*`). */
export function setCorsHeaders(req: IncomingMessage, res: ServerResponse, origin: string): void {
  for (const [name, value] of Object.entries(mcpCorsHeaders(origin, req.headers['access-control-request-headers']))) {
    res.setHeader(name, value);
  }
}

/** The connect pages are static HTML with a form: no script, nothing embedded, never framed. */
export const CONNECT_PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  // `same-origin`, not `no-referrer`: with no-referrer, browsers send `Origin: null` on the page's own form POST.
  'Referrer-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};
