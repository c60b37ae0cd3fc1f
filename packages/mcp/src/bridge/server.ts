// The bridge's HTTP endpoint: one Fetch API handler for every framework. `GET` opens a stream of the owner's
// questions (Server-Sent Events); `POST` takes one answer. Every request is scoped to the owner `authorize` names;
// an answer also needs the token its stream was given, comes from an allowed origin, is bounded in size, is read
// strictly, and is checked against its question by the replica holding it before the MCP server sees it.
import { BoundedMap } from '../bounded-map.js';
import { readAnswerBody } from './answer.js';
import { createExposures } from './exposure.js';
import { createMemoryHub, hubInternals } from './hub.js';
import type { AnswerOutcome, HubEvent, HubRecord, OwnerView } from './hub.js';
import { createTokenKeys, randomId } from './token.js';
import type { ElicitationBridge, ElicitationBridgeEvent, ElicitationBridgeOptions } from './types.js';
import { MAX_ID_LENGTH, TOKEN_HEADER } from './wire.js';
import type { BridgeErrorBody, BridgeErrorCode, ReadyEvent } from './wire.js';

/** Defaults of {@link ElicitationBridgeOptions}. */
const DEFAULTS = {
  maxBodyBytes: 256 * 1024,
  maxEntryBytes: 1024 * 1024,
  maxStreamsPerOwner: 16,
  keepAliveMs: 15_000,
  maxStreamMs: 3_600_000,
};

/** Events a stream may hold unread before it is ended (a stalled connection must not pile them up). */
const MAX_UNREAD_EVENTS = 256;

/** How long an answer token outlives its stream's end (an answer sent just before the reconnect still counts). */
const TOKEN_GRACE_MS = 5 * 60_000;

/** How many foreign origins the bridge remembers having written to the console about (once each, without `onEvent`). */
const WARNED_ORIGINS = 64;

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

function refusal(status: number, error: BridgeErrorCode, message: string): { status: number; body: BridgeErrorBody } {
  return { status, body: { error, message } };
}

const isOwnerId = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_LENGTH;

/** One Server-Sent Event: a name and one line of JSON (JSON text never contains a raw line break). */
const sseEvent = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Records in arrival order (a Redis hash has none of its own). */
const byArrival = (records: HubRecord[]): HubRecord[] =>
  records.toSorted((first, second) => first.entry.createdAt - second.entry.createdAt);

/** The body as text, or the refusal when it is larger than `limit` bytes or not UTF-8. Reads no more than that. */
async function readBody(
  request: Request,
  limit: number,
): Promise<{ ok: true; text: string } | { ok: false; status: number; body: BridgeErrorBody }> {
  const tooLarge = { ok: false as const, ...refusal(413, 'too-large', `The body is larger than ${limit} bytes.`) };
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) {
    return tooLarge;
  }
  if (request.body === null) {
    return { ok: true, text: '' };
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return tooLarge;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, ...refusal(400, 'malformed-json', 'The body is not UTF-8 text.') };
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Creates the bridge that carries a backend queue's questions to its owner's browser and the answers back. Expose
 * each queue under the user it belongs to, mount `bridge.fetch` on one path, and point the browser half
 * (`connectElicitationBridge` from `@elicitation-kit/mcp/browser`) at it.
 *
 * @example
 * ```ts
 * const bridge = createElicitationBridge({ authorize: async (request) => (await getSession(request))?.userId });
 * // Per chat turn (or per user's MCP client):
 * const queue = createElicitationQueue();
 * const stop = bridge.expose(userId, queue);
 * // …attach the queue to your MCP client, run the tool calls, then: stop();
 * // Route: GET and POST /api/elicitations → bridge.fetch(request)
 * ```
 * @throws {TypeError} when a Redis hub is given without `secret`, or the hub already serves a bridge.
 * @throws {RangeError} when `secret` has fewer than 32 bytes, or a limit is not a positive integer.
 */
export function createElicitationBridge(options: ElicitationBridgeOptions): ElicitationBridge {
  const hub = options.hub === undefined ? createMemoryHub() : hubInternals(options.hub);
  if (hub.shared && options.secret === undefined) {
    throw new TypeError(
      'createElicitationBridge: a shared hub needs `secret` (the same 32+ bytes on every replica), or tokens issued by one replica would be refused by the others',
    );
  }
  const limits = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[]) {
    const value = options[key] ?? DEFAULTS[key];
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(`createElicitationBridge: ${key} must be a positive integer (got ${String(value)})`);
    }
    limits[key] = value;
  }
  const keys = createTokenKeys(options.secret);
  const emit = (event: ElicitationBridgeEvent): void => {
    options.onEvent?.(event);
  };
  const exposures = createExposures({ hub, maxEntryBytes: limits.maxEntryBytes, emit });
  hub.start({
    answer: (owner, id, result) => exposures.answer(owner, id, result),
    lost: () => exposures.lost(),
    failed: (error, operation) => emit({ type: 'failed', operation, error }),
  });
  const streamsByOwner = new Map<string, number>();
  const openStreams = new Set<() => void>();
  let closed = false;

  const refuse = (
    status: number,
    body: BridgeErrorBody,
    owner?: string,
    headers?: Record<string, string>,
  ): Response => {
    emit({ type: 'refused', ...(owner !== undefined && { owner }), status, error: body });
    return jsonResponse(status, body, headers);
  };

  /** The owner `authorize` names, or the refusal. */
  const ownerOf = async (request: Request): Promise<string | Response> => {
    const owner = await options.authorize(request);
    if (owner === null || owner === undefined) {
      return refuse(401, refusal(401, 'unauthorized', 'Sign in first: this browser is not authorized.').body);
    }
    if (!isOwnerId(owner)) {
      throw new TypeError(
        `authorize must return the owner id (a string of 1 to ${MAX_ID_LENGTH} characters), or null to refuse`,
      );
    }
    return owner;
  };

  /** The origins a browser may use: `origins`, or the origin of the URL this request was made to. */
  const allowedOrigins = (request: Request): readonly string[] => options.origins ?? [new URL(request.url).origin];

  /** Foreign origins already written to the console (when no `onEvent` is given). */
  const warnedOrigins = new BoundedMap<string, true>(WARNED_ORIGINS);

  /**
   * The refusal of a request another site's page made the browser send (with the user's cookies): a foreign `Origin`
   * or `Sec-Fetch-Site: cross-site`. Such a page could not read the stream anyway; refusing it also keeps it from
   * taking the user's stream slots. The same refusal meets the application's own page behind a proxy that rewrites
   * `Host` (a dev server's proxy) when `origins` does not name it: the body names the origin and the event both, and
   * without `onEvent` the console says it once per origin, so that this setup mistake is never silent.
   */
  const crossSite = (request: Request): Response | undefined => {
    const origin = request.headers.get('origin');
    const expectedOrigins = allowedOrigins(request);
    const foreign = origin !== null && !expectedOrigins.includes(origin);
    if (!foreign && request.headers.get('sec-fetch-site') !== 'cross-site') {
      return undefined;
    }
    const { body } = refusal(
      403,
      'bad-origin',
      foreign
        ? `The page’s origin, ${origin}, is not in this bridge’s \`origins\`: questions are only shown to, and answers only taken from, this application’s own pages.`
        : 'The browser says another site’s page sent this request (Sec-Fetch-Site: cross-site): questions are only shown to, and answers only taken from, this application’s own pages.',
    );
    const event: ElicitationBridgeEvent = {
      type: 'refused',
      status: 403,
      error: body,
      ...(origin !== null && { origin }),
      expectedOrigins,
    };
    if (options.onEvent !== undefined) {
      emit(event);
    } else if (!warnedOrigins.has(origin ?? '')) {
      warnedOrigins.set(origin ?? '', true);
      console.warn(
        `[elicitation-kit] bridge: refused ${request.method} ${new URL(request.url).pathname} (403 bad-origin) from Origin ${origin ?? '(none, Sec-Fetch-Site: cross-site)'}; this bridge takes ${expectedOrigins.join(', ')}. If that is your page (behind a proxy that rewrites Host: Vite's server.proxy string form, Next.js rewrites), add it to createElicitationBridge({ origins }).`,
      );
    }
    return jsonResponse(403, body);
  };

  const countStream = (owner: string, delta: number): void => {
    const count = (streamsByOwner.get(owner) ?? 0) + delta;
    if (count > 0) {
      streamsByOwner.set(owner, count);
    } else {
      streamsByOwner.delete(owner);
    }
  };

  /** The owner of a request from one of this application's pages, or the refusal (cross-site, unauthorized). */
  const admit = async (request: Request): Promise<string | Response> => crossSite(request) ?? ownerOf(request);

  const stream = async (request: Request): Promise<Response> => {
    const owner = await admit(request);
    if (typeof owner !== 'string') {
      return owner;
    }
    if ((streamsByOwner.get(owner) ?? 0) >= limits.maxStreamsPerOwner) {
      return refuse(
        429,
        refusal(429, 'too-many-streams', `At most ${limits.maxStreamsPerOwner} streams per user; close a tab.`).body,
        owner,
      );
    }
    countStream(owner, 1);
    let view: OwnerView | undefined;
    let token: string;
    try {
      view = await hub.watch(owner);
      token = await keys.issue(owner, randomId(), Date.now() + limits.maxStreamMs + TOKEN_GRACE_MS);
    } catch (error) {
      view?.release();
      countStream(owner, -1);
      emit({ type: 'failed', operation: 'watch', error, owner });
      return refuse(503, refusal(503, 'unavailable', 'The questions cannot be read right now; try again.').body, owner);
    }
    const watching: OwnerView = view;
    const encoder = new TextEncoder();
    let ended = false;
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    const send = (text: string): void => {
      if (ended || controller === undefined) {
        return;
      }
      controller.enqueue(encoder.encode(text));
      if ((controller.desiredSize ?? 0) < -MAX_UNREAD_EVENTS) {
        // A browser that stopped reading (a stalled connection): end it; a reconnect gets a fresh snapshot.
        end();
      }
    };
    /** Releases what the stream holds; `close` also ends the response (not after the browser cancelled it). */
    const finish = (close: boolean): void => {
      if (ended) {
        return;
      }
      ended = true;
      clearInterval(keepAlive);
      clearTimeout(lifetime);
      unsubscribe();
      watching.release();
      countStream(owner, -1);
      openStreams.delete(end);
      request.signal.removeEventListener('abort', end);
      if (close) {
        controller?.close();
      }
    };
    const end = (): void => finish(true);
    const body = new ReadableStream<Uint8Array>({
      start(started) {
        controller = started;
      },
      cancel() {
        finish(false);
      },
    });
    const ready: ReadyEvent = {
      token,
      hub: hub.identity,
      entries: byArrival(watching.records()).map((record) => record.entry),
    };
    send(sseEvent('ready', ready));
    const unsubscribe = watching.subscribe((event: HubEvent) => {
      send(
        event.type === 'entry'
          ? sseEvent('entry', { entry: event.record.entry })
          : sseEvent('withdrawn', { id: event.id, reason: event.reason }),
      );
    });
    const keepAlive = setInterval(() => send(': keepalive\n\n'), limits.keepAliveMs);
    const lifetime = setTimeout(end, limits.maxStreamMs);
    openStreams.add(end);
    request.signal.addEventListener('abort', end, { once: true });
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        // nginx and similar proxies buffer responses unless told not to.
        'X-Accel-Buffering': 'no',
      },
    });
  };

  const answer = async (request: Request): Promise<Response> => {
    const media = (request.headers.get('content-type') ?? '').split(';', 1)[0]?.trim().toLowerCase();
    if (media !== 'application/json') {
      return refuse(415, refusal(415, 'unsupported-media-type', 'Send the answer as application/json.').body);
    }
    const owner = await admit(request);
    if (typeof owner !== 'string') {
      return owner;
    }
    const token = request.headers.get(TOKEN_HEADER);
    if (token === null || !(await keys.verify(owner, token, Date.now()))) {
      return refuse(
        403,
        refusal(403, 'bad-token', `The ${TOKEN_HEADER} header is missing, expired, or not this user’s stream’s.`).body,
        owner,
      );
    }
    const read = await readBody(request, limits.maxBodyBytes);
    if (!read.ok) {
      return refuse(read.status, read.body, owner);
    }
    const json = parseJson(read.text);
    if (!json.ok) {
      return refuse(400, refusal(400, 'malformed-json', 'The body is not JSON.').body, owner);
    }
    const shaped = readAnswerBody(json.value);
    if (!shaped.ok) {
      return refuse(400, shaped.body, owner);
    }
    let outcome: AnswerOutcome;
    try {
      outcome = await hub.answer(owner, shaped.answer.id, shaped.answer.result);
    } catch (error) {
      emit({ type: 'failed', operation: 'answer', error, owner, id: shaped.answer.id });
      return refuse(
        503,
        refusal(503, 'unavailable', 'The answer could not be delivered; the question is still pending. Try again.')
          .body,
        owner,
      );
    }
    return outcome.ok ? jsonResponse(200, { ok: true }) : refuse(outcome.status, outcome.body, owner);
  };

  return {
    async fetch(request) {
      if (closed) {
        return refuse(503, refusal(503, 'unavailable', 'This server is shutting down; try again.').body);
      }
      try {
        if (request.method === 'GET') {
          return await stream(request);
        }
        if (request.method === 'POST') {
          return await answer(request);
        }
        return refuse(
          405,
          refusal(405, 'method-not-allowed', 'GET opens the stream of questions; POST sends an answer.').body,
          undefined,
          { Allow: 'GET, POST' },
        );
      } catch (error) {
        emit({ type: 'failed', operation: 'request', error });
        return refuse(500, refusal(500, 'internal', 'The bridge could not handle this request.').body);
      }
    },

    expose(owner, queue, exposeOptions = {}) {
      if (closed) {
        throw new TypeError('expose: the bridge is closed');
      }
      if (!isOwnerId(owner)) {
        throw new TypeError(`expose: the owner id must be a string of 1 to ${MAX_ID_LENGTH} characters`);
      }
      const { tag } = exposeOptions;
      if (tag !== undefined && !isOwnerId(tag)) {
        throw new TypeError(`expose: the tag must be a string of 1 to ${MAX_ID_LENGTH} characters`);
      }
      return exposures.expose(owner, queue, tag);
    },

    async close() {
      if (closed) {
        return;
      }
      closed = true;
      exposures.stopAll();
      for (const end of openStreams) {
        end();
      }
      await hub.close();
    },
  };
}
