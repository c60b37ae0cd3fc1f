// The bridge's browser half: an `ElicitationQueue` whose entries live on the backend. It reads the owner's stream of
// questions (fetch + Server-Sent Events, so a host's own headers can ride along), rebuilds each entry with core, and
// posts answers with the stream's token. The React hooks and `<ElicitationDialog entry>` take it as they take an
// in-page queue. Browser-safe: no Node built-ins, no MCP SDK.
import type { ElicitationModes, ElicitResult, PublicSuffixList } from '@elicitation-kit/core';
import { isJsonObject } from '@elicitation-kit/core';
import { BoundedMap } from '@elicitation-kit/core';
import type { ElicitationQueue, PendingElicitation } from '@elicitation-kit/core';
import { rehydrate } from './rehydrate.js';
import type { Rehydration } from './rehydrate.js';
import { createSseDecoder } from './sse-decoder.js';
import type { SseEvent } from './sse-decoder.js';
import { MAX_EVENT_LENGTH, TOKEN_HEADER, WITHDRAW_MESSAGES, WithdrawnError } from './wire-format.js';
import type { BridgeErrorBody, WireEntry, WithdrawReason } from './wire-format.js';

/** Options of {@link connectElicitationBridge}. */
export interface ElicitationBridgeClientOptions {
  /** The bridge's endpoint (`bridge.fetch` on the backend), e.g. `/api/elicitations`. */
  url: string | URL;
  /** Extra request headers (an `Authorization` header, when the host does not use cookies). */
  headers?: Record<string, string> | (() => Record<string, string>);
  /** Whether cookies go along. @default 'same-origin' */
  credentials?: RequestCredentials;
  /**
   * The modes this page can show. A question in another mode is not shown: it is answered `cancel` and reported
   * (`rejected`). @default { form: true, url: true }
   */
  modes?: ElicitationModes;
  /**
   * The Public Suffix List the page judges sites by when it parses each question again (`publicSuffixList` from
   * `@elicitation-kit/mcp/public-suffix`, as on the backend). @default core's built-in excerpt
   */
  publicSuffixList?: PublicSuffixList;
  /** The first reconnection delay; it doubles (with jitter) up to 30 s and resets once a stream opens. @default 1000 */
  retryMs?: number;
  /**
   * The longest event read from the stream, in characters. The backend never sends a longer one than
   * `MAX_EVENT_LENGTH` (4 MiB), so a lower value is raised to it; a longer event (a hostile or mismatched backend) is
   * skipped: a question is answered `cancel` and reported (`rejected`), and the stream goes on. @default 4194304
   */
  maxEventLength?: number;
  /** How long the stream stays open after the last subscriber left (React re-subscribes at once). @default 1000 */
  lingerMs?: number;
  /** The `fetch` to use. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Called for what the queue does, for status lines and logs. */
  onEvent?: (event: ElicitationBridgeClientEvent) => void;
}

/** What {@link connectElicitationBridge} reports. */
export type ElicitationBridgeClientEvent =
  /** A stream opened: the entries are the backend's. */
  | { type: 'connected' }
  /** The stream ended or could not open (`status` when the backend answered); it is retried in `retryInMs`. */
  | { type: 'disconnected'; status?: number; error?: unknown; retryInMs: number }
  /** An entry left: its `signal` aborted with a `WithdrawnError` naming the reason. */
  | { type: 'withdrawn'; entry: RemoteElicitation; reason: WithdrawReason }
  /** The backend took an answer. */
  | { type: 'answered'; entry: RemoteElicitation; result: ElicitResult }
  /**
   * The backend refused an answer (`error` says why). `kept`: the question is still pending and back in the queue
   * under a new id (a new dialog that starts from what was typed, its `refused` saying why); otherwise it is gone
   * (answered elsewhere, withdrawn, lost).
   */
  | { type: 'refused'; entry: RemoteElicitation; status: number; error: BridgeErrorBody; kept: boolean }
  /** A question the page cannot show (core refused its request, or its shape is unreadable); answered `cancel`. */
  | { type: 'rejected'; id?: string; error: Extract<Rehydration, { ok: false }>['error'] };

/**
 * The last answer the backend refused to a question that is still pending. `<ElicitationDialog entry>` shows
 * `message` and starts from `result`'s content instead of the defaults, so nothing typed is lost.
 */
export interface RefusedAnswer {
  /** The HTTP status; `0` when no response came (the network failed, or the page was not connected yet). */
  readonly status: number;
  /** The backend's refusal: its stable `error` code and its `message`. */
  readonly error: BridgeErrorBody;
  /** What the dialog tells the user: that the backend refused the answer, why, and whether answering again helps. */
  readonly message: string;
  /**
   * Whether answering again can succeed as things are: `false` for `401` (not signed in) and every `403` but
   * `bad-token` (e.g. `bad-origin`: the page's origin is not in the bridge's `origins`), which only a change of setup
   * fixes; `true` otherwise (invalid content the user can correct, an expired token the page renews, `503`, the
   * network).
   */
  readonly retryable: boolean;
  /** The answer that was refused. */
  readonly result: ElicitResult;
}

/** An entry of a {@link RemoteElicitationQueue}: a `PendingElicitation`, with the backend's tag when it set one. */
export interface RemoteElicitation extends PendingElicitation {
  /** What the backend tagged the queue with (`bridge.expose(owner, queue, { tag })`): which chat or call asked. */
  readonly tag?: string;
  /** Set when the backend refused this page's last answer to it: why, and what was sent (its typed values). */
  readonly refused?: RefusedAnswer;
}

/** An `ElicitationQueue` whose entries live on the backend. */
export interface RemoteElicitationQueue extends ElicitationQueue {
  /** The pending entries in arrival order. Same array identity until something changes. */
  getSnapshot(): readonly RemoteElicitation[];
  /**
   * Answers an entry: it leaves the queue at once and the answer is posted. Returns `false` when the entry is gone.
   * If the backend refuses the answer and the question is still pending, it comes back under a new id with
   * `entry.refused` (what was sent, and why it was refused), and `onEvent` gets `refused`. Nothing is sent again by
   * itself.
   */
  respond(id: string, result: ElicitResult): boolean;
  /** Ends the stream for good; the entries leave (`closed`), on the page only: they stay pending on the backend. */
  close(): void;
}

/** The id of a skipped `entry` event, from the start of its data (`{"entry":{"id":"…"`, as the backend writes it). */
const ENTRY_ID = /^\{"entry":\{"id":"([^"\\]{1,512})"/u; // 512: MAX_ID_LENGTH

/** The longest reconnection delay. */
const MAX_RETRY_MS = 30_000;
/** How many withdrawn ids the page remembers, so a late event cannot bring one back. */
const TOMBSTONES = 1024;

/** A question the page knows. */
interface Local {
  wire: WireEntry;
  /** The JSON of `wire`, to see whether an event changes it. */
  json: string;
  controller: AbortController;
  /** The entry the queue shows (a new object for each change, the same `signal`). */
  entry: RemoteElicitation;
  /** Bumped when a refused answer brings the question back: a new entry id, a new dialog (the old one answered). */
  presentation: number;
  /** The last refused answer, carried by every entry shown for it until it leaves. */
  refused: RefusedAnswer | undefined;
  /** An answer is being posted: not shown meanwhile. */
  inflight: boolean;
}

const isReason = (value: unknown): value is WithdrawReason =>
  typeof value === 'string' && Object.hasOwn(WITHDRAW_MESSAGES, value);

const errorBody = (value: unknown, status: number): BridgeErrorBody =>
  isJsonObject(value) && typeof value['error'] === 'string' && typeof value['message'] === 'string'
    ? (value as unknown as BridgeErrorBody)
    : { error: 'internal', message: `The backend answered HTTP ${status}.` };

/**
 * Whether answering again can succeed without a change of setup. A `401` or a `403` other than `bad-token` refuses
 * every answer of this page the same way (not signed in, the page's origin not allowed); a bad token is renewed by
 * the next stream, and everything else depends on the answer or on the moment.
 */
const isRetryable = (status: number, body: BridgeErrorBody): boolean =>
  status !== 401 && !(status === 403 && body.error !== 'bad-token');

/**
 * What the dialog says about a refused answer: the backend's code and sentence (for `bad-origin` it names the page's
 * origin and the bridge's `origins`), and whether answering again helps.
 */
const refusalMessage = (status: number, body: BridgeErrorBody, retryable: boolean): string => {
  const said =
    status === 0 ? body.message : `The backend refused this answer (${status} ${body.error}): ${body.message}`;
  const next = retryable
    ? 'What you typed is kept: answer again.'
    : 'Answering again will not help until that is fixed; what you typed is kept.';
  return `${said} ${next}`;
};

/** What a developer needs to fix a refusal that no answer can get past: said once per refusal, in the console. */
const setupHint = (body: BridgeErrorBody): string =>
  body.error === 'bad-origin'
    ? 'The backend judged this page’s Origin foreign: a proxy in front of it that rewrites Host (Vite’s server.proxy string form or changeOrigin: true, Next.js rewrites) makes the backend see its own origin in the URL. Pass createElicitationBridge({ origins: [<this page’s origin>] }), or keep the Host header; see "Mounting bridge.fetch" in the @elicitation-kit/bridge README.'
    : body.error === 'unauthorized'
      ? 'authorize returned no owner for this request: is the session cookie (or the Authorization header in `headers`) reaching the backend?'
      : 'The backend refuses every answer of this page the same way.';

/** The entry for a wire entry and its parsed request, with the question's one signal. */
const entryOf = (
  rehydrated: Extract<Rehydration, { ok: true }>,
  signal: AbortSignal,
  presentation: number,
  refused: RefusedAnswer | undefined,
): RemoteElicitation => {
  const { wire, request } = rehydrated;
  return Object.freeze({
    id: presentation === 0 ? wire.id : `${wire.id}#${presentation}`,
    request,
    server: wire.server,
    era: wire.era,
    signal,
    status: wire.status,
    kind: wire.kind,
    createdAt: wire.createdAt,
    ...(wire.askedAgain === true && { askedAgain: true as const }),
    ...(wire.tag !== undefined && { tag: wire.tag }),
    ...(refused !== undefined && { refused }),
  });
};

/**
 * Connects to a bridge (`createElicitationBridge` on the backend) and returns the queue of this user's questions.
 * The stream opens with the first `subscribe` (the React hooks subscribe) and reconnects by itself; after a reload or
 * a dropped connection the backend sends every pending question again, and an entry that did not change keeps its
 * object (an open dialog keeps what was typed).
 *
 * @example
 * ```tsx
 * const queue = connectElicitationBridge({ url: '/api/elicitations' });
 * function Elicitations() {
 *   const [entry] = useElicitationQueue(queue);
 *   return entry ? <ElicitationDialog entry={entry} onRespond={(result) => queue.respond(entry.id, result)} /> : null;
 * }
 * ```
 */
export function connectElicitationBridge(options: ElicitationBridgeClientOptions): RemoteElicitationQueue {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const url = String(options.url);
  const modes = options.modes ?? {};
  const credentials = options.credentials ?? 'same-origin';
  const retryMs = options.retryMs ?? 1_000;
  // The backend bounds every event by the same constant: a page that read less would miss questions or loop.
  const maxEventLength = Math.max(options.maxEventLength ?? MAX_EVENT_LENGTH, MAX_EVENT_LENGTH);
  const lingerMs = options.lingerMs ?? 1_000;
  const emit = (event: ElicitationBridgeClientEvent): void => {
    options.onEvent?.(event);
  };
  const extraHeaders = (): Record<string, string> =>
    typeof options.headers === 'function' ? options.headers() : (options.headers ?? {});

  /** By wire id, in arrival order. */
  const locals = new Map<string, Local>();
  /** By the id of the entry shown. */
  const byEntryId = new Map<string, Local>();
  const tombstones = new BoundedMap<string, true>(TOMBSTONES);
  const listeners = new Set<() => void>();
  let snapshot: readonly RemoteElicitation[] = Object.freeze([]);
  let token: string | undefined;
  let hubIdentity: string | undefined;
  let stream: AbortController | undefined;
  let linger: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const publish = (): void => {
    const next: RemoteElicitation[] = [];
    for (const local of locals.values()) {
      if (!local.inflight) {
        next.push(local.entry);
      }
    }
    snapshot = Object.freeze(next);
    for (const listener of listeners) {
      listener();
    }
  };

  /** Shows `entry` for `local` (replacing the entry it showed). */
  const show = (local: Local, entry: RemoteElicitation): void => {
    byEntryId.delete(local.entry.id);
    local.entry = entry;
    byEntryId.set(entry.id, local);
  };

  /** Takes a question off the page for good. */
  const withdraw = (id: string, reason: WithdrawReason): void => {
    tombstones.set(id, true);
    const local = locals.get(id);
    if (local === undefined) {
      return;
    }
    locals.delete(id);
    byEntryId.delete(local.entry.id);
    local.controller.abort(new WithdrawnError(reason));
    emit({ type: 'withdrawn', entry: local.entry, reason });
  };

  const post = async (id: string, result: ElicitResult): Promise<{ status: number; body?: BridgeErrorBody }> => {
    if (token === undefined) {
      return { status: 0, body: { error: 'unavailable', message: 'Not connected to the backend yet.' } };
    }
    try {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { ...extraHeaders(), 'Content-Type': 'application/json', [TOKEN_HEADER]: token },
        credentials,
        body: JSON.stringify({ id, result }),
      });
      if (response.ok) {
        await response.body?.cancel();
        return { status: response.status };
      }
      const body: unknown = await response.json().catch(() => undefined);
      return { status: response.status, body: errorBody(body, response.status) };
    } catch (error) {
      return {
        status: 0,
        body: { error: 'unavailable', message: `The answer could not be sent: ${String(error)}` },
      };
    }
  };

  /** Posts an answer and settles the question by the outcome. */
  const send = (local: Local, result: ElicitResult): void => {
    const answered = local.entry;
    void post(local.wire.id, result).then(({ status, body }) => {
      local.inflight = false;
      if (body === undefined) {
        locals.delete(local.wire.id);
        byEntryId.delete(answered.id);
        tombstones.set(local.wire.id, true);
        emit({ type: 'answered', entry: answered, result });
        return;
      }
      const gone = status === 404 || status === 410 || !locals.has(local.wire.id);
      if (gone) {
        withdraw(local.wire.id, status === 410 ? 'lost' : 'settled');
      } else {
        // Still pending on the backend: back in the queue under a new id, since the dialog that answered is done
        // (its session answered once). The entry carries the refused answer: the new dialog starts from what was
        // typed and says why, instead of coming back empty with no word.
        const retryable = isRetryable(status, body);
        const refused: RefusedAnswer = Object.freeze({
          status,
          error: body,
          message: refusalMessage(status, body, retryable),
          retryable,
          result,
        });
        local.presentation += 1;
        local.refused = refused;
        show(local, Object.freeze({ ...local.entry, id: `${local.wire.id}#${local.presentation}`, refused }));
        publish();
        if (!retryable) {
          // A setup problem, not the user's: the developer must see it even when no host code listens.
          console.error(`[elicitation-kit] ${url}: ${refused.message} ${setupHint(body)}`);
        }
      }
      emit({ type: 'refused', entry: answered, status, error: body, kept: !gone });
      if (status === 403 && body.error === 'bad-token') {
        // The token expired or the backend's secret changed: a new stream brings a new one.
        stream?.abort();
      }
    });
  };

  /** A question the page cannot show: the backend is told `cancel`, so that nobody waits for it. */
  const reject = (rehydrated: Extract<Rehydration, { ok: false }>): void => {
    emit({ type: 'rejected', ...(rehydrated.id !== undefined && { id: rehydrated.id }), error: rehydrated.error });
    if (rehydrated.id !== undefined && !tombstones.has(rehydrated.id)) {
      tombstones.set(rehydrated.id, true);
      void post(rehydrated.id, { action: 'cancel' });
    }
  };

  /** A question arrived or changed. Returns whether the snapshot changed. */
  const upsert = (value: unknown): boolean => {
    const id = isJsonObject(value) ? value['id'] : undefined;
    if (typeof id === 'string' && tombstones.has(id)) {
      return false;
    }
    const known = typeof id === 'string' ? locals.get(id) : undefined;
    const json = JSON.stringify(value);
    if (known !== undefined && known.json === json) {
      return false;
    }
    const rehydrated = rehydrate(value, modes, options.publicSuffixList);
    if (!rehydrated.ok) {
      if (known !== undefined) {
        withdraw(known.wire.id, 'settled');
      }
      reject(rehydrated);
      return known !== undefined;
    }
    if (known !== undefined) {
      known.wire = rehydrated.wire;
      known.json = json;
      show(known, entryOf(rehydrated, known.controller.signal, known.presentation, known.refused));
      return !known.inflight;
    }
    const controller = new AbortController();
    const local: Local = {
      wire: rehydrated.wire,
      json,
      controller,
      entry: entryOf(rehydrated, controller.signal, 0, undefined),
      presentation: 0,
      refused: undefined,
      inflight: false,
    };
    byEntryId.set(local.entry.id, local);
    locals.set(rehydrated.wire.id, local);
    return true;
  };

  const onReady = (data: unknown): void => {
    if (!isJsonObject(data) || typeof data['token'] !== 'string' || !Array.isArray(data['entries'])) {
      return;
    }
    token = data['token'];
    const hub = typeof data['hub'] === 'string' ? data['hub'] : undefined;
    // Gone while the page was away: a different hub means the backend restarted and lost what it held.
    const missing: WithdrawReason = hubIdentity !== undefined && hub !== hubIdentity ? 'lost' : 'settled';
    hubIdentity = hub;
    const listed = new Set<string>();
    for (const value of data['entries']) {
      upsert(value);
      if (isJsonObject(value) && typeof value['id'] === 'string') {
        listed.add(value['id']);
      }
    }
    // Questions that did not fit in the ready follow it, an event each: still pending, not gone.
    const ids = data['ids'];
    if (Array.isArray(ids)) {
      for (const id of ids) {
        if (typeof id === 'string') {
          listed.add(id);
        }
      }
    }
    for (const id of locals.keys()) {
      if (!listed.has(id)) {
        withdraw(id, missing);
      }
    }
    publish();
    emit({ type: 'connected' });
  };

  const onEvent = (event: SseEvent): void => {
    let data: unknown;
    try {
      data = JSON.parse(event.data) as unknown;
    } catch {
      return;
    }
    if (event.event === 'ready') {
      onReady(data);
    } else if (event.event === 'entry' && isJsonObject(data)) {
      if (upsert(data['entry'])) {
        publish();
      }
    } else if (event.event === 'withdrawn' && isJsonObject(data) && typeof data['id'] === 'string') {
      const shown = locals.get(data['id'])?.inflight === false;
      const reason = data['reason'];
      withdraw(data['id'], isReason(reason) ? reason : 'settled');
      if (shown) {
        publish();
      }
    }
  };

  /** Reads one stream to its end. Resolves with what ended it. */
  const readStream = async (signal: AbortSignal): Promise<{ status?: number; error?: unknown; opened: boolean }> => {
    let opened = false;
    try {
      const response = await fetchImpl(url, {
        method: 'GET',
        headers: { ...extraHeaders(), Accept: 'text/event-stream' },
        credentials,
        signal,
      });
      if (!response.ok || response.body === null) {
        await response.body?.cancel();
        return { status: response.status, opened };
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let readyTooLong = false;
      const decoder = createSseDecoder(
        maxEventLength,
        (event) => {
          opened ||= event.event === 'ready';
          onEvent(event);
        },
        (skipped) => {
          if (skipped.event === 'ready') {
            readyTooLong = true;
          } else if (skipped.event === 'entry') {
            // Say which question it was (the backend writes the id first), so that nobody waits for it.
            const id = ENTRY_ID.exec(skipped.start)?.[1];
            reject({
              ok: false,
              ...(id !== undefined && { id }),
              error: { message: `A question longer than this page reads (${maxEventLength} characters) was skipped.` },
            });
          }
        },
      );
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          return { opened };
        }
        decoder.push(value);
        if (readyTooLong) {
          // Without its ready the stream has no token: a backend that ignores MAX_EVENT_LENGTH.
          await reader.cancel();
          return { error: new RangeError(`a ready event longer than ${maxEventLength} characters`), opened };
        }
      }
    } catch (error) {
      return { error, opened };
    }
  };

  const run = async (signal: AbortSignal): Promise<void> => {
    let attempt = 0;
    while (!signal.aborted) {
      const ended = await readStream(signal);
      if (signal.aborted) {
        return;
      }
      attempt = ended.opened ? 0 : attempt + 1;
      const base = Math.min(MAX_RETRY_MS, retryMs * 2 ** Math.max(0, attempt - 1));
      const retryInMs = Math.round(base * (0.5 + Math.random() / 2));
      emit({
        type: 'disconnected',
        ...(ended.status !== undefined && { status: ended.status }),
        ...(ended.error !== undefined && { error: ended.error }),
        retryInMs,
      });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, retryInMs);
        signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      });
    }
  };

  /** Opens the stream (while someone listens); a new one after a bad token. */
  const open = (): void => {
    if (closed || (stream !== undefined && !stream.signal.aborted)) {
      return;
    }
    const controller = new AbortController();
    stream = controller;
    void run(controller.signal).then(() => {
      // Aborted for a fresh token while still listened to: open again.
      if (stream === controller && listeners.size > 0 && !closed) {
        stream = undefined;
        open();
      }
    });
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      clearTimeout(linger);
      open();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          clearTimeout(linger);
          linger = setTimeout(() => {
            if (listeners.size === 0) {
              const current = stream;
              stream = undefined;
              current?.abort();
            }
          }, lingerMs);
        }
      };
    },

    getSnapshot: () => snapshot,

    respond(id, result) {
      const local = byEntryId.get(id);
      if (local === undefined || local.inflight) {
        return false;
      }
      local.inflight = true;
      publish();
      send(local, result);
      return true;
    },

    respondAll(serverId, result) {
      const answered = [...locals.values()].filter(
        (local) => !local.inflight && local.entry.server.id === serverId && local.entry.status === 'pending',
      );
      if (answered.length === 0) {
        return 0;
      }
      for (const local of answered) {
        local.inflight = true;
      }
      publish();
      for (const local of answered) {
        send(local, { action: result.action });
      }
      return answered.length;
    },

    close() {
      if (closed) {
        return;
      }
      closed = true;
      clearTimeout(linger);
      stream?.abort();
      stream = undefined;
      for (const id of locals.keys()) {
        withdraw(id, 'closed');
      }
      publish();
    },
  };
}
