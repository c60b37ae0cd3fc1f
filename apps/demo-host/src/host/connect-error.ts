// Why a connection failed, in a sentence that names the real cause and what to do. A browser reports a server that is
// down and a server that sends no CORS headers with the same bare `TypeError: Failed to fetch` (and the SDK, pinned
// to 2026-07-28, with only "the server did not offer pinned protocol version"); two plain GETs tell them apart: a
// `no-cors` one gets an opaque answer from any server that answers at all, a `cors` one only from a server that
// allows this page. HTTP failures carry their status; the relay's own refusals carry its reason, quoted.

/** How much of a server's or the relay's reply text is quoted (the rest is cut: it is server-controlled). */
const QUOTE_LIMIT = 300;

/** How long the reachability probe waits for any answer. */
const PROBE_TIMEOUT_MS = 3000;

/** The SDK's code (`SdkErrorCode.EraNegotiationFailed`) when the era could not be agreed. */
const ERA_NEGOTIATION_FAILED = 'ERA_NEGOTIATION_FAILED';

/** How deep to follow `cause` (the SDK wraps a negotiation failure around the transport's error). */
const CAUSE_DEPTH = 4;

/** Where the host tried to connect. */
export interface ConnectTarget {
  /** The server URL the user typed. */
  url: string;
  /** Whether the page went through its relay. */
  viaRelay: boolean;
  /** The relay's origin (the page's own). */
  relayOrigin: string;
  /** Whether the user pinned the 2026-07-28 era (no fallback to 2025 sessions). */
  pinnedModern: boolean;
}

/**
 * What the probes found ({@link probeReachability}): nothing answers (`silent`), it answers but not to this page
 * (`blocked`: no CORS headers), it answers this page (`open`), or no probe was made (`unknown`).
 */
export type Reachability = 'silent' | 'blocked' | 'open' | 'unknown';

interface HttpFailure {
  status: number;
  statusText: string;
  text: string;
}

/** `error` and its causes, outermost first. */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && chain.length < CAUSE_DEPTH) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

/** The HTTP status, status text and body text the SDK's `SdkHttpError` carries in `data`. */
function httpFailure(error: unknown): HttpFailure | undefined {
  for (const link of causes(error)) {
    const data: unknown = typeof link === 'object' && link !== null && 'data' in link ? link.data : undefined;
    if (typeof data === 'object' && data !== null && 'status' in data && typeof data.status === 'number') {
      const statusText = 'statusText' in data && typeof data.statusText === 'string' ? data.statusText : '';
      const text = 'text' in data && typeof data.text === 'string' ? data.text : '';
      return { status: data.status, statusText, text };
    }
  }
  return undefined;
}

/** The HTTP status behind a connection failure, if the server (or the relay) answered one. */
export function httpStatusOf(error: unknown): number | undefined {
  return httpFailure(error)?.status;
}

/** The content type the SDK refused (`CLIENT_HTTP_UNEXPECTED_CONTENT`), if that is what failed. */
function unexpectedContentType(error: unknown): string | undefined {
  for (const link of causes(error)) {
    if (typeof link !== 'object' || link === null || !('code' in link) || !('data' in link)) {
      continue;
    }
    const { code, data } = link;
    if (code === 'CLIENT_HTTP_UNEXPECTED_CONTENT' && typeof data === 'object' && data !== null) {
      return 'contentType' in data && typeof data.contentType === 'string' ? data.contentType : 'an unknown type';
    }
  }
  return undefined;
}

/** Whether the reply was not JSON-RPC at all (the SDK's schema check failed: a zod error). */
function notJsonRpc(error: unknown): boolean {
  return causes(error).some((link) => link instanceof Error && link.name === 'ZodError');
}

/**
 * Whether `error` is the bare network failure of `fetch` (a `TypeError`: "Failed to fetch" in browsers, "fetch
 * failed" in Node), the only thing a browser says when nothing answers or the reply was blocked by CORS.
 */
export function isNetworkFailure(error: unknown): boolean {
  return causes(error).some((link) => link instanceof TypeError);
}

/**
 * `text` on one line, cut to {@link QUOTE_LIMIT} characters (server- or SDK-controlled text: a zod dump can run to
 * pages). Linear in its length.
 */
export function quote(text: string): string {
  const flat = text.replaceAll('\n', ' ').replaceAll('\r', ' ').trim();
  return flat.length > QUOTE_LIMIT ? `${flat.slice(0, QUOTE_LIMIT)}…` : flat;
}

function originOf(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : url;
}

function pathOf(url: string): string {
  return URL.canParse(url) ? new URL(url).pathname : url;
}

/** Whether a plain GET of `url` in `mode` gets any response; the response is dropped at once. */
async function answersGet(url: string, mode: 'cors' | 'no-cors'): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  try {
    await fetch(url, { mode, cache: 'no-store', credentials: 'omit', signal: controller.signal });
    return true;
  } catch {
    // fetch says "no response" (down, refused, blocked by CORS, timed out) only by rejecting.
    return false;
  } finally {
    clearTimeout(timer);
    // A 2025 server may keep a GET open as an event stream: end it.
    controller.abort();
  }
}

/**
 * Asks `url` with two plain GETs (no custom headers, so no preflight): `no-cors` gets an opaque response from any
 * server that answers, whatever its status or headers; `cors` gets one only when the server allows this page.
 */
export async function probeReachability(url: string): Promise<Reachability> {
  if (!(await answersGet(url, 'no-cors'))) {
    return 'silent';
  }
  return (await answersGet(url, 'cors')) ? 'open' : 'blocked';
}

/**
 * Whether the failure may hide an unreachable server, so the probes should be asked: the bare network failure of
 * `fetch`, or a negotiation failure with no HTTP reply behind it (the SDK, finding no 2026-07-28 answer because the
 * fetch failed, reads it as a 2025 server, and pinned to 2026-07-28 it says only that the version was not offered).
 */
export function needsProbe(error: unknown): boolean {
  if (isNetworkFailure(error)) {
    return true;
  }
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return (
    code === ERA_NEGOTIATION_FAILED &&
    httpFailure(error) === undefined &&
    unexpectedContentType(error) === undefined &&
    !notJsonRpc(error)
  );
}

/**
 * A sentence for an HTTP failure. Through the relay, a reply whose text starts with "Relay" is the relay's own refusal
 * (relay.mjs words every refusal so), quoted as such.
 */
function describeHttp(failure: HttpFailure, target: ConnectTarget): string {
  const { status, statusText, text } = failure;
  if (target.viaRelay && text.startsWith('Relay')) {
    return `The local relay did not forward the request (HTTP ${status}). It said: “${quote(text)}”`;
  }
  const said = text.trim() === '' ? '' : ` It said: “${quote(text)}”`;
  switch (status) {
    case 401:
      // The relay signs in and keeps the tokens (relay/sign-in.mjs); a page alone would have to hold them.
      return target.viaRelay
        ? `The server requires authorization (HTTP 401): sign in to it below.`
        : `The server requires authorization (HTTP 401). This host signs in through its local relay, which keeps the tokens off this page: tick “Connect through the local relay” and connect again.${said}`;
    case 403:
      return `The server refused access (HTTP 403).${said}`;
    case 404:
      return `Nothing is served at ${pathOf(target.url)} on ${originOf(target.url)} (HTTP 404). Check the path: MCP servers usually listen on /mcp.`;
    case 405:
      return `The server at ${target.url} does not take MCP requests there (HTTP 405 Method Not Allowed). Check the path.${said}`;
    default:
      return `The server answered HTTP ${status}${statusText === '' ? '' : ` ${statusText}`} instead of an MCP reply.${said}`;
  }
}

/**
 * The sentence the host shows when connecting failed: what happened, from the user's side, and what to try. `reach`
 * is the probe's finding for a network failure ({@link probeReachability}); `unknown` elsewhere. Returns `undefined`
 * when the error is none of the known kinds (the caller shows the error's own message).
 */
export function explainConnectError(error: unknown, target: ConnectTarget, reach: Reachability): string | undefined {
  const http = httpFailure(error);
  if (http !== undefined) {
    return describeHttp(http, target);
  }
  const contentType = unexpectedContentType(error);
  if (contentType !== undefined) {
    return `${originOf(target.url)} answered, but not as an MCP server: it sent ${contentType} where MCP sends JSON or an event stream. Check the URL.`;
  }
  if (notJsonRpc(error)) {
    return `${originOf(target.url)} answered with JSON that is not JSON-RPC, so it is not an MCP endpoint. Check the URL.`;
  }
  if (!needsProbe(error)) {
    return undefined;
  }
  if (target.viaRelay && isNetworkFailure(error)) {
    return `The local relay at ${target.relayOrigin} does not answer: is the demo host's server (npm run demo) still running?`;
  }
  switch (reach) {
    case 'silent':
      return `Nothing answers at ${originOf(target.url)}: the server is not running, or the address or port is wrong.`;
    case 'blocked':
      return `${originOf(target.url)} answers, but sends no CORS headers for this page, so the browser blocked its replies. Tick “Connect through the local relay”, or allow this page’s origin on the server.`;
    case 'open':
      // The server answers this page: what failed is MCP itself.
      return target.pinnedModern && !isNetworkFailure(error)
        ? `${originOf(target.url)} does not speak the 2026-07-28 protocol this host was set to (Protocol options). Choose “Negotiate (auto)” or “Legacy (2025-11-25)”.`
        : undefined;
    case 'unknown':
      return isNetworkFailure(error)
        ? `Could not reach ${originOf(target.url)}: the server may be down, or it sends no CORS headers for this page.`
        : undefined;
    default:
      return reach satisfies never;
  }
}
