// The bridge's HTTP endpoint: one Fetch API handler for every framework. `GET` opens a stream of the owner's
// questions (Server-Sent Events); `POST` takes one answer. Every request is scoped to the owner `authorize` names;
// an answer also needs the token its stream was given, comes from an allowed origin, is bounded in size and time, is
// read strictly, and is checked against its question by the replica holding it before the MCP server sees it. A stream
// holds at most so many bytes its browser has not taken (per stream and per owner) and is dropped when it stalls.
import { BoundedMap } from '@elicitation-kit/core';
import { readAnswerBody } from './answer.js';
import { createExposures } from './exposure.js';
import { createMemoryHub, hubInternals } from './hub.js';
import type { AnswerOutcome, HubEvent, HubRecord, OwnerView } from './hub.js';
import { createTokenKeys, randomId } from './token.js';
import type { ElicitationBridge, ElicitationBridgeEvent, ElicitationBridgeOptions } from './bridge-types.js';
import { MAX_EVENT_LENGTH, MAX_ID_LENGTH, TOKEN_HEADER } from './wire-format.js';
import type { BridgeErrorBody, BridgeErrorCode, ReadyEvent, WireEntry } from './wire-format.js';

/** Defaults of {@link ElicitationBridgeOptions}. */
const DEFAULTS = {
  maxBodyBytes: 256 * 1024,
  maxEntryBytes: 1024 * 1024,
  maxStreamsPerOwner: 16,
  keepAliveMs: 15_000,
  maxStreamMs: 3_600_000,
  bodyTimeoutMs: 10_000,
  maxStreamBytes: 8 * 1024 * 1024,
  maxOwnerBytes: 16 * 1024 * 1024,
  stallTimeoutMs: 30_000,
};

/** Room for what surrounds a question in its event (`event: entry`, `data: {"entry":…}`), with plenty to spare. */
const EVENT_ROOM = 64 * 1024;

/** What the bridge holds for each owner, for tests: open streams, and the bytes they hold that no browser took. */
export interface BridgeStats {
  streams(owner: string): number;
  queuedBytes(owner: string): number;
}

const statsByBridge = new WeakMap<ElicitationBridge, BridgeStats>();

/** The {@link BridgeStats} of a bridge this module made. */
export function bridgeStats(bridge: ElicitationBridge): BridgeStats {
  const stats = statsByBridge.get(bridge);
  if (stats === undefined) {
    throw new TypeError('bridgeStats: not a bridge made by createElicitationBridge');
  }
  return stats;
}

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

/** Throws the RangeError of a limit that does not fit the others. */
function bound(ok: boolean, message: string): void {
  if (!ok) {
    throw new RangeError(`createElicitationBridge: ${message}`);
  }
}

/** Adds `delta` to `owner`'s count (an owner at zero is forgotten). */
function count(counts: Map<string, number>, owner: string, delta: number): void {
  const total = (counts.get(owner) ?? 0) + delta;
  if (total > 0) {
    counts.set(owner, total);
  } else {
    counts.delete(owner);
  }
}

/** The bytes of `text` in UTF-8, without encoding it (JSON text: surrogates come in pairs, 4 bytes a pair). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    bytes += unit < 0x80 ? 1 : unit < 0x800 || (unit >= 0xd800 && unit <= 0xdfff) ? 2 : 3;
  }
  return bytes;
}

/**
 * The body as text, or the refusal when it is larger than `limit` bytes, has not all arrived within `timeoutMs`, or
 * is not UTF-8. Reads no more than that.
 */
async function readBody(
  request: Request,
  limit: number,
  timeoutMs: number,
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
  // A body trickling in (a byte now and then, with a valid token) must not hold the request open for minutes.
  let late = false;
  const deadline = setTimeout(() => {
    late = true;
    reader.cancel().catch(() => undefined);
  }, timeoutMs);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || late) {
        break;
      }
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel();
        return tooLarge;
      }
      chunks.push(value);
    }
  } finally {
    clearTimeout(deadline);
  }
  if (late) {
    return { ok: false, ...refusal(408, 'slow-body', `The body did not arrive within ${timeoutMs} ms.`) };
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
 * (`connectElicitationBridge` from `@elicitation-kit/bridge/browser`) at it.
 *
 * @example
 * ```ts
 * const bridge = createElicitationBridge({
 *   authorize: async (request) => (await getSession(request))?.userId,
 *   origins: ['https://app.example.com'],
 * });
 * // Per chat turn (or per user's MCP client):
 * const queue = createElicitationQueue();
 * const stop = bridge.expose(userId, queue);
 * // …attach the queue to your MCP client, run the tool calls, then: stop();
 * // Route: GET and POST /api/elicitations → bridge.fetch(request)
 * ```
 * @throws {TypeError} when `origins` is missing or holds something that is not an origin, when a Redis hub is given
 * without `secret`, or the hub already serves a bridge.
 * @throws {RangeError} when `secret` has fewer than 32 bytes, or a limit is not a positive integer or does not fit
 * the others (`maxEntryBytes` within what the page reads, `maxStreamBytes` above it, `maxOwnerBytes` above that).
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
  bound(
    limits.maxEntryBytes <= MAX_EVENT_LENGTH - EVENT_ROOM,
    `maxEntryBytes must be at most ${MAX_EVENT_LENGTH - EVENT_ROOM} (what the page reads, MAX_EVENT_LENGTH, less room for the event)`,
  );
  bound(
    limits.maxStreamBytes >= limits.maxEntryBytes + EVENT_ROOM,
    `maxStreamBytes must be at least maxEntryBytes + ${EVENT_ROOM} (one question always fits)`,
  );
  bound(limits.maxOwnerBytes >= limits.maxStreamBytes, 'maxOwnerBytes must be at least maxStreamBytes');
  const { origins } = options;
  if (origins === undefined) {
    throw new TypeError(
      "createElicitationBridge: `origins` is required: the origins of your pages (['https://app.example.com']), or 'trust-host-header' for a server that checks the Host header itself (see DNS rebinding in the @elicitation-kit/bridge README)",
    );
  }
  if (origins !== 'trust-host-header') {
    if (typeof origins === 'string' || origins.length === 0) {
      throw new TypeError(
        "createElicitationBridge: `origins` must list your pages' origins, or be 'trust-host-header'",
      );
    }
    for (const origin of origins) {
      if (typeof origin !== 'string' || !URL.canParse(origin) || new URL(origin).origin !== origin) {
        throw new TypeError(
          `createElicitationBridge: \`origins\` must hold origins such as https://app.example.com (got ${JSON.stringify(origin)})`,
        );
      }
    }
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
  /** The bytes each owner's streams hold that their browsers have not taken yet. */
  const bytesByOwner = new Map<string, number>();
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

  /** The origins a browser may use: `origins`, or (`'trust-host-header'`) the origin of the URL `Host` named. */
  const allowedOrigins = (request: Request): readonly string[] =>
    origins === 'trust-host-header' ? [new URL(request.url).origin] : origins;

  /** Foreign origins already written to the console (when no `onEvent` is given). */
  const warnedOrigins = new BoundedMap<string, true>(WARNED_ORIGINS);

  /**
   * The refusal of a request another origin's page made the browser send (with the user's cookies): a foreign
   * `Origin`, or a `Sec-Fetch-Site` other than `same-origin` or `none` (a same-site page carries the user's cookies
   * too). Such a page could not read the stream anyway; refusing it also keeps it from taking the user's stream
   * slots. A request without `Sec-Fetch-Site` (not a browser, or an old one) is judged by its `Origin` alone. The same refusal meets the application's own page behind a proxy that rewrites
   * `Host` (a dev server's proxy) when `origins` does not name it: the body names the origin and the event both, and
   * without `onEvent` the console says it once per origin, so that this setup mistake is never silent.
   */
  const crossSite = (request: Request): Response | undefined => {
    const origin = request.headers.get('origin');
    const expectedOrigins = allowedOrigins(request);
    const foreign = origin !== null && !expectedOrigins.includes(origin);
    const site = request.headers.get('sec-fetch-site');
    if (!foreign && (site === null || site === 'same-origin' || site === 'none')) {
      return undefined;
    }
    const sent = `Sec-Fetch-Site: ${String(site).slice(0, 32)}`;
    const { body } = refusal(
      403,
      'bad-origin',
      foreign
        ? `The page’s origin, ${origin}, is not in this bridge’s \`origins\`: questions are only shown to, and answers only taken from, this application’s own pages.`
        : `The browser says ${site === 'cross-site' ? 'another site’s page' : 'a page of another origin'} sent this request (${sent}): questions are only shown to, and answers only taken from, this application’s own pages.`,
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
        `[elicitation-kit] bridge: refused ${request.method} ${new URL(request.url).pathname} (403 bad-origin) from Origin ${origin ?? `(none, ${sent})`}; this bridge takes ${expectedOrigins.join(', ')}. If that is your page (behind a proxy that rewrites Host: Vite's server.proxy string form, Next.js rewrites), add it to createElicitationBridge({ origins }).`,
      );
    }
    return jsonResponse(403, body);
  };

  const countStream = (owner: string, delta: number): void => count(streamsByOwner, owner, delta);

  /** The largest `ready` sent: what the page reads, and half of what a stream may hold. */
  const readyBudget = Math.min(MAX_EVENT_LENGTH, Math.floor(limits.maxStreamBytes / 2)) - EVENT_ROOM;

  /**
   * The `ready` event: the questions that fit in {@link readyBudget}, in arrival order; the others go to `backlog`
   * (sent one event each as the browser reads) and `ids` lists them all, so the page does not take them for gone.
   * One server's large questions never hide another's: every question reaches the page, only later.
   */
  const readyEvent = (token: string, records: HubRecord[], backlog: Map<string, HubRecord>): ReadyEvent => {
    const base = { token, hub: hub.identity };
    let ids: string[] | undefined = records.map((record) => record.entry.id);
    let size = utf8Length(JSON.stringify({ ...base, entries: [], ids }));
    if (size > readyBudget) {
      // Too many to even list (hundreds of thousands): those that follow will be shown again, not lost.
      ids = undefined;
      size = utf8Length(JSON.stringify({ ...base, entries: [] }));
    }
    const entries: WireEntry[] = [];
    for (const record of records) {
      // In arrival order: once one does not fit, it and all after it follow the ready.
      if (backlog.size === 0) {
        const bytes = utf8Length(JSON.stringify(record.entry)) + 1;
        if (size + bytes <= readyBudget) {
          size += bytes;
          entries.push(record.entry);
          continue;
        }
      }
      backlog.set(record.entry.id, record);
    }
    return { ...base, entries, ...(backlog.size > 0 && ids !== undefined && { ids }) };
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
    /** Bytes for the browser it has not taken yet, oldest first from `head` (the rest were handed over). */
    const outbox: (Uint8Array | undefined)[] = [];
    let head = 0;
    let queued = 0;
    /** The snapshot's questions that did not fit in `ready`, by id: each sent as an event when the browser reads. */
    const backlog = new Map<string, HubRecord>();
    /** When the browser last took bytes. */
    let lastTaken = Date.now();
    /** The browser asked for bytes and none were there: the next ones go to it at once. */
    let waiting = false;
    let ended = false;
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    let unsubscribe: (() => void) | undefined;
    let keepAlive: ReturnType<typeof setInterval> | undefined;
    let lifetime: ReturnType<typeof setTimeout> | undefined;

    const account = (delta: number): void => {
      queued += delta;
      count(bytesByOwner, owner, delta);
    };
    /** Releases what the stream holds (its bytes first, then its slot) and ends the response as `how` says. */
    const finish = (how: 'close' | 'error' | 'cancelled'): void => {
      if (ended) {
        return;
      }
      ended = true;
      clearInterval(keepAlive);
      clearTimeout(lifetime);
      unsubscribe?.();
      watching.release();
      outbox.length = 0;
      head = 0;
      backlog.clear();
      account(-queued);
      countStream(owner, -1);
      openStreams.delete(end);
      request.signal.removeEventListener('abort', end);
      if (how === 'close') {
        controller?.close();
      } else if (how === 'error') {
        // Errored, not closed: whoever serves the response aborts the connection instead of flushing it politely.
        controller?.error(new Error('elicitation bridge: stream dropped'));
      }
    };
    const end = (): void => finish('close');
    const drop = (reason: 'stream-bytes' | 'owner-bytes' | 'stalled'): void => {
      const queuedBytes = queued;
      finish('error');
      emit({ type: 'dropped', owner, reason, queuedBytes });
    };
    const stalled = (): boolean => queued > 0 && Date.now() - lastTaken > limits.stallTimeoutMs;
    const send = (text: string): void => {
      if (ended || controller === undefined) {
        return;
      }
      const chunk = encoder.encode(text);
      if (waiting) {
        waiting = false;
        lastTaken = Date.now();
        controller.enqueue(chunk);
        return;
      }
      outbox.push(chunk);
      account(chunk.byteLength);
      // A browser that stopped reading (a stalled connection): drop it and free its bytes; a reconnect gets a fresh
      // snapshot.
      if (queued > limits.maxStreamBytes) {
        drop('stream-bytes');
      } else if ((bytesByOwner.get(owner) ?? 0) > limits.maxOwnerBytes) {
        drop('owner-bytes');
      } else if (stalled()) {
        drop('stalled');
      }
    };
    /** The event of one question, or nothing when it is longer than a page reads (another replica's limits). */
    const entryText = (record: HubRecord): string | undefined => {
      const text = sseEvent('entry', { entry: record.entry });
      if (text.length <= MAX_EVENT_LENGTH) {
        return text;
      }
      const error = new RangeError(`the question is ${text.length} characters, above MAX_EVENT_LENGTH`);
      emit({ type: 'failed', operation: 'stream', error, owner, id: record.entry.id });
      return undefined;
    };
    /** The next bytes for the browser: the oldest unsent, else the next question of the snapshot. */
    const next = (): Uint8Array | undefined => {
      const chunk = outbox[head];
      if (chunk !== undefined) {
        outbox[head] = undefined;
        head += 1;
        if (head === outbox.length || (head > 1024 && head * 2 > outbox.length)) {
          outbox.splice(0, head);
          head = 0;
        }
        account(-chunk.byteLength);
        return chunk;
      }
      for (const [id, record] of backlog) {
        backlog.delete(id);
        const text = entryText(record);
        if (text !== undefined) {
          return encoder.encode(text);
        }
      }
      return undefined;
    };
    const body = new ReadableStream<Uint8Array>(
      {
        start(started) {
          controller = started;
        },
        // Called each time the browser's side reads (the queue inside the stream holds nothing: highWaterMark 0).
        pull(given) {
          lastTaken = Date.now();
          const chunk = next();
          if (chunk === undefined) {
            waiting = true;
          } else {
            given.enqueue(chunk);
          }
        },
        cancel() {
          finish('cancelled');
        },
      },
      { highWaterMark: 0 },
    );
    unsubscribe = watching.subscribe((event: HubEvent) => {
      if (event.type === 'entry') {
        backlog.delete(event.record.entry.id);
        const text = entryText(event.record);
        if (text !== undefined) {
          send(text);
        }
      } else {
        backlog.delete(event.id);
        send(sseEvent('withdrawn', { id: event.id, reason: event.reason }));
      }
    });
    keepAlive = setInterval(() => {
      if (stalled()) {
        drop('stalled');
      } else if (head === outbox.length) {
        send(': keepalive\n\n');
      }
    }, limits.keepAliveMs);
    lifetime = setTimeout(end, limits.maxStreamMs);
    openStreams.add(end);
    request.signal.addEventListener('abort', end, { once: true });
    send(sseEvent('ready', readyEvent(token, byArrival(watching.records()), backlog)));
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
    const read = await readBody(request, limits.maxBodyBytes, limits.bodyTimeoutMs);
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

  const bridge: ElicitationBridge = {
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
  statsByBridge.set(bridge, {
    streams: (owner) => streamsByOwner.get(owner) ?? 0,
    queuedBytes: (owner) => bytesByOwner.get(owner) ?? 0,
  });
  return bridge;
}
