// The bridge's browser half, its public face: an `ElicitationQueue` whose entries live on the backend (subscribe,
// getSnapshot, respond, respondAll, close), wired from the stream (client-stream.ts), the page's copy of the questions
// (remote-entries.ts) and the answers' posting (answer-post.ts). The React hooks and `<ElicitationDialog entry>` take
// it as they take an in-page queue. Browser-safe: no Node built-ins, no MCP SDK.
import type { ElicitationModes, ElicitResult, JsonObject, PublicSuffixListSource } from '@elicitation-kit/core';
import type { ElicitationQueue, PendingElicitation } from '@elicitation-kit/core';
import { postAnswer } from './answer-post.js';
import { createEventStream } from './client-stream.js';
import type { Rehydration } from './rehydrate.js';
import { createRemoteEntries } from './remote-entries.js';
import { createSiteListGate } from './site-list-gate.js';
import { MAX_EVENT_LENGTH } from './wire-format.js';
import type { BridgeErrorBody, WithdrawReason } from './wire-format.js';

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
   *
   * Or a loader of it, `() => import('@elicitation-kit/mcp/public-suffix').then((m) => m.publicSuffixList)`, so the
   * page does not pay for it (~137 KB min) at start-up: the first URL-mode question loads it (a form never does), and
   * is shown once judged by it. A failed load refuses that question (answered `cancel`, reported `rejected`; never
   * judged by the excerpt instead), and the next URL-mode question loads again.
   */
  publicSuffixList?: PublicSuffixListSource;
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
  /**
   * What was typed for this question before it moved (a durable round handed over to another process, withdrawn
   * `moved`): the content the page kept with `keepDraft` for the entry of the same `roundKey`. Start the dialog from it.
   */
  readonly draft?: JsonObject;
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
  /**
   * Keeps what the user typed so far for the entry shown as `id` (the answer's `content`, e.g. `toContent(fields,
   * values)` from the dialog's `onValuesChange`; leave out secret-looking fields): if the question moves to another
   * process (withdrawn `moved`), the entry that comes back for the same round (`roundKey`) carries it as `draft`.
   * Returns `false` when the entry is not shown. Kept in memory only, until the entry leaves.
   */
  keepDraft(id: string, content: JsonObject): boolean;
  /** Ends the stream for good; the entries leave (`closed`), on the page only: they stay pending on the backend. */
  close(): void;
}

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

  const listeners = new Set<() => void>();
  let snapshot: readonly RemoteElicitation[] = Object.freeze([]);
  let linger: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const publish = (): void => {
    snapshot = Object.freeze(entries.shown());
    for (const listener of listeners) {
      listener();
    }
  };

  const transport = { fetch: fetchImpl, url, credentials, headers: extraHeaders };
  const stream = createEventStream({
    ...transport,
    retryMs,
    maxEventLength,
    wanted: () => listeners.size > 0 && !closed,
    onEvent: (event) => gate.apply(event),
    onSkippedEntry: (id) => entries.skipped(id, maxEventLength),
    onDisconnected: (ended) => emit({ type: 'disconnected', ...ended }),
  });
  // Events wait here while the host's Public Suffix List loads for a URL-mode question (none are passed once closed).
  const gate = createSiteListGate(options.publicSuffixList, modes, (event) => {
    if (!closed) {
      entries.apply(event);
    }
  });
  const entries = createRemoteEntries({
    url,
    read: (value) => gate.read(value),
    post: (token, id, result) => postAnswer(transport, token, id, result),
    emit,
    changed: publish,
    renewToken: () => stream.restart(),
  });

  return {
    subscribe(listener) {
      listeners.add(listener);
      clearTimeout(linger);
      if (!closed) {
        stream.open();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          clearTimeout(linger);
          linger = setTimeout(() => {
            if (listeners.size === 0) {
              stream.stop();
            }
          }, lingerMs);
        }
      };
    },

    getSnapshot: () => snapshot,

    respond(id, result) {
      const local = entries.take(id);
      if (local === undefined) {
        return false;
      }
      publish();
      entries.send(local, result);
      return true;
    },

    keepDraft: (id, content) => entries.keepDraft(id, content),

    respondAll(serverId, result) {
      const answered = entries.takeAll(serverId);
      if (answered.length === 0) {
        return 0;
      }
      publish();
      for (const local of answered) {
        entries.send(local, { action: result.action });
      }
      return answered.length;
    },

    close() {
      if (closed) {
        return;
      }
      closed = true;
      clearTimeout(linger);
      stream.stop();
      entries.withdrawAll('closed');
      publish();
    },
  };
}
