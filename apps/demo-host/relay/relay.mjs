// @ts-check
// The demo host's relay: lets the browser reach MCP servers that send no CORS headers.
//
// It forwards Streamable HTTP (POST, GET and DELETE, SSE responses streamed chunk by chunk, every MCP header) to a
// target named in the path, `/relay/<target>`, where <target> is either the URL as is
// (`/relay/http://127.0.0.1:3901/mcp`) or percent-encoded (`/relay/http%3A%2F%2F127.0.0.1%3A3901%2Fmcp`).
//
// It is never an open proxy:
// - targets must be loopback (localhost, 127.0.0.0/8, ::1) unless their origin is listed in ELICITATION_RELAY_ALLOW;
// - the relay itself only answers requests whose Host is loopback (DNS rebinding) and whose Origin, when present, is a
//   loopback origin, so an unrelated web page cannot drive it;
// - cookies, Origin and Referer are not forwarded, Set-Cookie and redirects are not passed back;
// - a request that already went through a relay is refused (no loops).
// Plain node:http with the kit's own rules (core's loopback check and MCP CORS headers: one home each), read from their
// TypeScript sources: it runs from `serve.mjs` and on its own under tsx with the `@elicitation-kit/source` condition
// (the package scripts say how), from the Vite dev and preview servers (whose config Node loads natively under that
// same condition and tsx: the host's `dev`, `build` and `preview` scripts, never a `dist/` that a fresh clone lacks)
// and from tests. On its own, for another host page on loopback:
// `pnpm --filter @elicitation-kit/demo-host relay [--port 4174] [--host 127.0.0.1]`.

import { isLoopbackHost, mcpCorsHeaders } from '@elicitation-kit/core';
import http from 'node:http';
import https from 'node:https';
import { pathToFileURL } from 'node:url';
import { argument, listen } from './listen.mjs';
import { createRelaySignIn, SIGN_IN_PREFIX } from './sign-in.mjs';

/** The path prefix the relay answers under. */
const RELAY_PREFIX = '/relay/';

/** The environment variable listing extra target origins the relay may reach, comma separated. */
export const RELAY_ALLOW_ENV = 'ELICITATION_RELAY_ALLOW';

/** The largest request body the relay forwards (JSON-RPC messages are small). */
const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

const LOOP_HEADER = 'x-elicitation-kit-relay';

const FORWARDED_REQUEST_HEADERS = new Set([
  'content-type',
  'accept',
  'authorization',
  'last-event-id',
  'content-length',
]);

const DROPPED_RESPONSE_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
  'set-cookie',
  'location',
  'vary',
]);

/**
 * Parses the allow-list variable: origins separated by commas (`https://mcp.example.com,http://10.0.0.5:8080`).
 * @param {string | undefined} value
 * @returns {string[]} normalised origins; entries that are not http(s) origins are ignored
 */
export function parseAllowList(value) {
  if (!value) {
    return [];
  }
  /** @type {string[]} */
  const origins = [];
  for (const entry of value.split(',')) {
    const trimmed = entry.trim();
    if (trimmed === '') {
      continue;
    }
    try {
      const url = new URL(trimmed);
      if (url.protocol === 'http:' || url.protocol === 'https:') {
        origins.push(url.origin);
      }
    } catch {
      // not a URL: ignored, the relay stays loopback-only for it
    }
  }
  return origins;
}

/**
 * Reads the target URL out of a relay request path.
 * @param {string} requestUrl the request's path and query, e.g. `/relay/http://127.0.0.1:3901/mcp`
 * @param {readonly string[]} allow extra origins allowed besides loopback
 * @returns {{ ok: true; target: URL } | { ok: false; status: number; message: string }}
 */
export function resolveTarget(requestUrl, allow = []) {
  if (!requestUrl.startsWith(RELAY_PREFIX)) {
    return { ok: false, status: 404, message: `Relay requests look like ${RELAY_PREFIX}<target URL>.` };
  }
  let raw = requestUrl.slice(RELAY_PREFIX.length);
  if (/^https?%3a/i.test(raw)) {
    const queryAt = raw.indexOf('?');
    const encoded = queryAt === -1 ? raw : raw.slice(0, queryAt);
    const outerQuery = queryAt === -1 ? '' : raw.slice(queryAt + 1);
    try {
      raw = decodeURIComponent(encoded);
    } catch {
      return { ok: false, status: 400, message: 'Relay target is not valid percent-encoding.' };
    }
    if (outerQuery !== '') {
      raw += (raw.includes('?') ? '&' : '?') + outerQuery;
    }
  }
  /** @type {URL} */
  let target;
  try {
    target = new URL(raw);
  } catch {
    return { ok: false, status: 400, message: `Relay target is not a URL: ${JSON.stringify(raw.slice(0, 200))}.` };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return { ok: false, status: 400, message: `Relay only forwards http: and https: targets, not ${target.protocol}` };
  }
  if (target.username !== '' || target.password !== '') {
    return { ok: false, status: 400, message: 'Relay targets must not carry credentials in the URL.' };
  }
  if (!isLoopbackHost(target.hostname) && !allow.includes(target.origin)) {
    return {
      ok: false,
      status: 403,
      message:
        `Relay refused ${target.origin}: only loopback targets (localhost, 127.0.0.0/8, ::1) are relayed. ` +
        `To relay to this server, restart the demo with ${RELAY_ALLOW_ENV}=${target.origin}`,
    };
  }
  return { ok: true, target };
}

/**
 * Whether an Origin header value is a loopback origin (the host app's own pages).
 * @param {string} origin
 */
function isLoopbackOrigin(origin) {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

/**
 * @param {http.ServerResponse} res
 * @param {string | undefined} origin
 */
function setCors(res, origin) {
  if (origin !== undefined) {
    for (const [name, value] of Object.entries(mcpCorsHeaders(origin))) {
      res.setHeader(name, value);
    }
  }
}

/**
 * @param {http.ServerResponse} res
 * @param {number} status
 * @param {string} message
 * @param {string | undefined} origin
 */
function refuse(res, status, message, origin) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  setCors(res, origin);
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(message);
}

/**
 * @typedef {object} RelayOptions
 * @property {readonly string[]} [allow] extra target origins; defaults to the ELICITATION_RELAY_ALLOW variable
 * @property {(line: string) => void} [log] called once per relayed or refused request
 * @property {import('./sign-in.mjs').RelaySignIn} [signIn] the sign-in routes and token custody; one of its own by
 *   default
 */

/**
 * Creates the relay as a request handler. It handles requests under {@link RELAY_PREFIX} and returns `true`;
 * for any other path it returns `false` and leaves the response alone (so it composes with other handlers).
 * @param {RelayOptions} [options]
 * @returns {(req: http.IncomingMessage, res: http.ServerResponse) => boolean}
 */
export function createRelay(options = {}) {
  const allow = options.allow ?? parseAllowList(process.env[RELAY_ALLOW_ENV]);
  const log = options.log ?? (() => {});
  const signIn =
    options.signIn ??
    createRelaySignIn({ allowed: (target) => isLoopbackHost(target.hostname) || allow.includes(target.origin) });

  return (req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith(RELAY_PREFIX) && !url.startsWith(SIGN_IN_PREFIX)) {
      return false;
    }
    const method = req.method ?? 'GET';
    const originHeader = req.headers.origin;
    const corsOrigin = originHeader !== undefined && isLoopbackOrigin(originHeader) ? originHeader : undefined;

    const host = req.headers.host ?? '';
    let hostname = '';
    try {
      hostname = new URL(`http://${host}`).hostname;
    } catch {
      hostname = '';
    }
    if (!isLoopbackHost(hostname)) {
      log(`relay 403 ${method} (Host ${host})`);
      refuse(res, 403, `Relay refused: it only answers on loopback hosts, not ${JSON.stringify(host)}.`, undefined);
      return true;
    }
    if (originHeader !== undefined && corsOrigin === undefined) {
      log(`relay 403 ${method} (Origin ${originHeader})`);
      refuse(res, 403, `Relay refused: requests from the origin ${originHeader} are not relayed.`, undefined);
      return true;
    }
    if (url.startsWith(SIGN_IN_PREFIX)) {
      return signIn.handle(req, res);
    }
    if (req.headers[LOOP_HEADER] !== undefined) {
      refuse(res, 508, 'Relay refused: the request already went through a relay.', corsOrigin);
      return true;
    }

    const resolved = resolveTarget(url, allow);
    if (!resolved.ok) {
      log(`relay ${resolved.status} ${method} ${url}`);
      refuse(res, resolved.status, resolved.message, corsOrigin);
      return true;
    }
    const { target } = resolved;

    if (method === 'OPTIONS') {
      // The preflight: the MCP headers of both eras (and any other Mcp-* one it names) for a loopback page.
      const requested = req.headers['access-control-request-headers'];
      res.writeHead(204, corsOrigin === undefined ? {} : mcpCorsHeaders(corsOrigin, requested));
      res.end();
      return true;
    }
    if (method !== 'GET' && method !== 'POST' && method !== 'DELETE') {
      refuse(res, 405, `Relay forwards GET, POST and DELETE, not ${method}.`, corsOrigin);
      return true;
    }

    /** @type {http.OutgoingHttpHeaders} */
    const headers = { [LOOP_HEADER]: '1' };
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && (FORWARDED_REQUEST_HEADERS.has(name) || name.startsWith('mcp-'))) {
        headers[name] = value;
      }
    }

    // The request body waits (paused) while the session's token is looked up.
    req.pause();
    signIn.authorization(req, target).then(
      (authorization) => {
        if (authorization !== undefined) {
          headers.authorization = authorization;
        }
        forward(req, res, target, headers, corsOrigin, log);
      },
      () => refuse(res, 500, 'Relay could not read the sign-in for this server.', corsOrigin),
    );
    return true;
  };
}

/**
 * Sends the request on to `target` and streams the answer back.
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {URL} target
 * @param {http.OutgoingHttpHeaders} headers
 * @param {string | undefined} corsOrigin
 * @param {(line: string) => void} log
 */
function forward(req, res, target, headers, corsOrigin, log) {
  const method = req.method ?? 'GET';
  const client = target.protocol === 'https:' ? https : http;
  const upstream = client.request(target, { method, headers });
  let finished = false;

  upstream.on('response', (incoming) => {
    /** @type {http.OutgoingHttpHeaders} */
    const out = {};
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (value !== undefined && !DROPPED_RESPONSE_HEADERS.has(name) && !name.startsWith('access-control-')) {
        out[name] = value;
      }
    }
    setCors(res, corsOrigin);
    res.writeHead(incoming.statusCode ?? 502, out);
    // Send the headers now: an SSE response may not carry a first event for a while.
    res.flushHeaders();
    incoming.on('data', (chunk) => {
      res.write(chunk);
    });
    incoming.on('end', () => {
      finished = true;
      res.end();
    });
    incoming.on('error', () => {
      res.destroy();
    });
    log(`relay ${incoming.statusCode ?? 502} ${method} ${target.href}`);
  });

  upstream.on('error', (error) => {
    if (finished || res.destroyed) {
      return;
    }
    const code = /** @type {NodeJS.ErrnoException} */ (error).code ?? error.message;
    log(`relay 502 ${method} ${target.href} (${code})`);
    refuse(res, 502, `Relay could not reach ${target.origin}: ${code}.`, corsOrigin);
  });

  // The browser closing its side (an aborted fetch, a closed SSE stream) cancels the upstream request too:
  // over Streamable HTTP that is how an in-flight call is cancelled.
  res.on('close', () => {
    if (!finished) {
      upstream.destroy();
    }
  });

  let size = 0;
  req.on('data', (chunk) => {
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) {
      upstream.destroy();
      finished = true;
      refuse(res, 413, `Relay refused: request bodies are limited to ${MAX_REQUEST_BYTES} bytes.`, corsOrigin);
      req.destroy();
      return;
    }
    upstream.write(chunk);
  });
  req.on('end', () => {
    upstream.end();
  });
  req.resume();
}

/**
 * Starts the relay on its own server (nothing but `/relay/…`; 404 elsewhere), for a host page served from another
 * loopback origin.
 * @param {{ port?: number; host?: string; log?: (line: string) => void }} [options]
 * @returns {Promise<{ url: string; port: number; close(): Promise<void> }>}
 */
export async function startRelayServer(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const relay = createRelay({ log: options.log ?? (() => {}) });
  const server = http.createServer((req, res) => {
    if (!relay(req, res)) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`Only ${RELAY_PREFIX}<target URL> is served here.`);
    }
  });
  const { port, close } = await listen(server, options.port ?? 4174, host);
  return { url: `http://${host}:${port}${RELAY_PREFIX}`, port, close };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(argument('port') ?? process.env.PORT ?? 4174);
  const host = argument('host') ?? process.env.HOST ?? '127.0.0.1';
  startRelayServer({ port, host, log: (line) => console.log(line) }).then(
    ({ url }) => {
      console.log(`relay at ${url}<target URL> (loopback targets only; more origins: ${RELAY_ALLOW_ENV})`);
    },
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
