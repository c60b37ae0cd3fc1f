// The queue of pending elicitations: the contract between what produces entries (the MCP adapters of
// @elicitation-kit/mcp, one producer per attached client) and what shows them (a host's UI, @elicitation-kit/react).
// Every id is made by the queue itself, per queue: no module state, nothing shared between two queues.
import { isJsonObject } from './json.js';
import { INVALID_PARAMS } from './protocol.js';
import type { ProtocolEra } from './protocol.js';
import type { ElicitResult, ParsedElicitation, ProtocolVersion } from './types.js';

/**
 * Prefix of every id a queue makes up: a producer's id (the default server id) is `elicitation-kit-<queue>-<n>`, its
 * entries `elicitation-kit-<queue>-<n>-<m>`, where `<queue>` is a random name the queue picks when it is made, `n`
 * counts its producers and `m` a producer's entries. A host's own ids (`server-1`, a UUID) never start with it, so a
 * default server id cannot merge two servers' limits with one the host chose.
 */
const ID_PREFIX = 'elicitation-kit-';

/**
 * A queue's name in the ids it makes: random, so that the ids of two queues differ wherever their entries are shown
 * together (the bridge carries a queue per chat turn, from any replica, to one page) and nothing has to rewrite them.
 * Not a secret (ids are shown and echoed): `Math.random` is enough; eight base-36 digits make a clash negligible.
 */
function queueName(): string {
  return Math.random().toString(36).slice(2, 10).padEnd(8, '0');
}

/** `data.reason` of the refusal of a request beyond the queue's per-server limit. */
const TOO_MANY_PENDING = 'too-many-pending';

/** Default of {@link ElicitationQueueOptions.maxPendingPerServer}. */
export const DEFAULT_MAX_PENDING_PER_SERVER = 20;

/** Who is asking. Shown to the user (the spec requires the client to make clear which server asks). */
export interface ServerIdentity {
  /**
   * Stable key of the connection (the per-server pending limit counts by it). The kit's default is
   * `elicitation-kit-<queue>-<n>`, unique to the attachment and, by the queue's random name, across queues; a host's
   * own ids must not start with `elicitation-kit-`.
   */
  id: string;
  /** The host-provided name, else `serverInfo.name`, else the host of {@link ServerIdentity.url}, else `MCP server`. */
  name: string;
  title?: string;
  version?: string;
  /**
   * Where the server lives, when the host knows it: shown to the user, and the site a URL-mode link is compared with
   * (a link on another site gets the `different-site` warning: "a different site than the server asking").
   */
  url?: string;
}

/**
 * What a UI needs of one request to show it: what `<ElicitationDialog entry>` of `@elicitation-kit/react` takes. Every
 * {@link PendingElicitation} is one; a host that queues requests its own way may make these by hand.
 */
export interface ElicitationEntry {
  /** The request's identity: a new id is a new dialog. */
  id: string;
  /** The request as core parsed it (form fields or URL analysis). */
  request: ParsedElicitation;
  /** Who asks, as shown in the dialog. */
  server: Pick<ServerIdentity, 'name' | 'title' | 'url'>;
  /** Decides whether URL mode waits for "I'm done" (2025 eras). */
  era?: ProtocolEra;
  /** Aborted when the request is withdrawn: the dialog closes. */
  signal?: AbortSignal;
  /**
   * URL mode: the server asks for a page the user already accepted on this connection: the dialog says the server
   * does not count the step as finished yet. See {@link PendingElicitation.askedAgain}.
   */
  askedAgain?: boolean;
  /**
   * An earlier answer to this question was refused and the question still waits (the bridge of
   * `@elicitation-kit/bridge/browser` sets it when its backend refuses an answer): the dialog shows `message` and
   * starts from the refused answer's content instead of the defaults, so nothing typed is lost. Not a field of
   * {@link PendingElicitation}: a queue made by {@link createElicitationQueue} never refuses an answer.
   */
  refused?: { message: string; result: ElicitResult };
}

/**
 * One request waiting for the user. Entries are immutable: a change produces a new object and a new snapshot. An
 * {@link ElicitationEntry} without `refused` (the bridge's browser entries add it, with more about the refusal).
 */
export interface PendingElicitation extends Omit<ElicitationEntry, 'refused'> {
  /** Unique id (`elicitation-kit-<queue>-<n>-<m>`); pass it to {@link ElicitationQueue.respond}. */
  id: string;
  server: ServerIdentity;
  era: ProtocolEra;
  /**
   * The revision `request` was parsed with (the negotiated one, or the one a `-32042` error belongs to). Absent when
   * none was known (the request was read with every era's rules).
   */
  protocolVersion?: ProtocolVersion;
  /** Aborted when the server or the caller cancels, or the connection closes: close the UI then. */
  signal: AbortSignal;
  /**
   * `completed` once `notifications/elicitation/complete` named this URL elicitation (2025-11-25 only) and the
   * attachment leaves it to the host (`settleCompletedUrl: false`): the out-of-band step is done, answer or dismiss it.
   */
  status: 'pending' | 'completed';
  /**
   * `request`: an `elicitation/create` the server is waiting on (answer it with accept/decline/cancel).
   * `url-required`: a URL elicitation surfaced from a `-32042` tool error; nothing is sent back, `respond` only
   * dismisses it and the host retries the tool call.
   */
  kind: 'request' | 'url-required';
  /** `Date.now()` when it was queued. */
  createdAt: number;
  /**
   * URL mode: this connection already answered `accept` to a request for the same URL, and the server asks again:
   * it does not count the step as finished (2026-07-28: the user chose "I'm done" before finishing on the page).
   * Absent otherwise. `@elicitation-kit/react` says so in the dialog.
   */
  askedAgain?: true;
  /**
   * The durable round this question belongs to (`@elicitation-kit/mcp/durable`): the same on every process that shows
   * it again after its caller went away (a new `id` each time), so a page keeps what was typed across the move.
   * Absent for other questions.
   */
  roundKey?: string;
}

/**
 * A framework-free store of pending elicitations (works with React's `useSyncExternalStore`): what a UI renders and
 * answers. {@link createElicitationQueue} makes one; the bridge's browser half (`@elicitation-kit/bridge/browser`) is
 * another, whose entries say more (`Entry`).
 */
export interface ElicitationQueue<Entry extends PendingElicitation = PendingElicitation> {
  /** Calls `listener` after every change. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The pending entries in arrival order. Same array identity until something changes. */
  getSnapshot(): readonly Entry[];
  /**
   * Answers an entry and removes it from the queue. Returns `false` when the entry is gone (already answered,
   * cancelled by the server, or its connection closed); nothing is sent then.
   */
  respond(id: string, result: ElicitResult): boolean;
  /**
   * Declines or cancels every pending entry of one server at once (a flood, or "dismiss all from this server"), in
   * arrival order, with one snapshot change. Entries of other servers and completed URL entries are left alone.
   * Returns how many were answered.
   */
  respondAll(serverId: string, result: { action: 'decline' | 'cancel' }): number;
}

/** Options of {@link createElicitationQueue}. */
export interface ElicitationQueueOptions {
  /**
   * How many entries one server may have pending at once. A request beyond it is refused with `-32602`
   * (`data.reason: 'too-many-pending'`, see {@link isTooManyPending}) and never shown.
   * @default 20
   */
  maxPendingPerServer?: number;
}

/** What a producer makes an entry from. */
export interface PendingElicitationInit {
  request: ParsedElicitation;
  server: ServerIdentity;
  era: ProtocolEra;
  /** See {@link PendingElicitation.protocolVersion}. */
  protocolVersion?: ProtocolVersion | undefined;
  kind: PendingElicitation['kind'];
  /** See {@link PendingElicitation.askedAgain}. @default false */
  askedAgain?: boolean;
  /** See {@link PendingElicitation.roundKey}. */
  roundKey?: string | undefined;
}

/** The refusal of a request beyond the queue's per-server limit, as sent to the server. */
export interface TooManyPendingError {
  code: -32602;
  message: string;
  data: { reason: 'too-many-pending'; limit: number };
}

/** A new entry and the controller of its `signal`, or the refusal to send when its server is at the limit. */
export type CreatedElicitation =
  | { ok: true; entry: PendingElicitation; controller: AbortController }
  | { ok: false; error: TooManyPendingError };

/**
 * The producer side of a queue: what puts entries in (each `attachElicitation` of `@elicitation-kit/mcp` opens one
 * with {@link LocalElicitationQueue.openProducer}). A UI never needs it.
 */
export interface ElicitationQueueProducer {
  /** The producer's id (`elicitation-kit-<queue>-<n>`): the default {@link ServerIdentity.id}. */
  readonly id: string;
  /** The queue's {@link ElicitationQueueOptions.maxPendingPerServer}. */
  readonly maxPendingPerServer: number;
  /**
   * A new pending entry (id `<producer id>-<m>`), or a `-32602` refusal when `init.server` already has
   * `maxPendingPerServer` entries in the queue (`data.reason: 'too-many-pending'`). The entry is not queued yet.
   */
  create(init: PendingElicitationInit): CreatedElicitation;
  /** Appends an entry; `onRespond` runs once when the host answers it. */
  add(entry: PendingElicitation, onRespond: (result: ElicitResult) => void): void;
  /** Removes an entry without answering it. Returns it, or `undefined` when it is gone. */
  remove(id: string): PendingElicitation | undefined;
  /** Replaces an entry with an updated copy (same id). Returns `false` when it is gone. */
  replace(entry: PendingElicitation): boolean;
  get(id: string): PendingElicitation | undefined;
  /** The queue's entries of one server, in order. */
  byServer(serverId: string): PendingElicitation[];
}

/** A queue made by {@link createElicitationQueue}: the {@link ElicitationQueue} a UI renders, and its producer side. */
export interface LocalElicitationQueue extends ElicitationQueue {
  /** A new producer for this queue, with an id no other producer of this queue has. */
  openProducer(): ElicitationQueueProducer;
}

/**
 * Whether `error` is the kit's refusal of a request beyond the queue's per-server limit (`-32602`,
 * `data.reason: 'too-many-pending'`): the `error` of a `rejected` event, the `ProtocolError` a 2026-07-28 tool call
 * fails with, or the `detail` of the `cancelled` events of the other questions of that round. Hosts use it to word
 * one notice for the round instead of one per question.
 */
export function isTooManyPending(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('data' in error)) {
    return false;
  }
  const { data } = error;
  return isJsonObject(data) && data['reason'] === TOO_MANY_PENDING;
}

/**
 * Creates a framework-free queue of pending elicitations. Attach it to one or more clients with
 * `attachElicitation` (`@elicitation-kit/mcp`), render `getSnapshot()` and call `respond` with the user's answer.
 *
 * @example
 * ```ts
 * const queue = createElicitationQueue({ maxPendingPerServer: 5 });
 * queue.subscribe(() => render(queue.getSnapshot()));
 * ```
 */
export function createElicitationQueue(options: ElicitationQueueOptions = {}): LocalElicitationQueue {
  const maxPendingPerServer = options.maxPendingPerServer ?? DEFAULT_MAX_PENDING_PER_SERVER;
  if (!Number.isInteger(maxPendingPerServer) || maxPendingPerServer < 1) {
    throw new RangeError(`maxPendingPerServer must be a positive integer (got ${String(maxPendingPerServer)})`);
  }
  let snapshot: readonly PendingElicitation[] = Object.freeze([]);
  const hooks = new Map<string, (result: ElicitResult) => void>();
  const listeners = new Set<() => void>();
  const name = queueName();
  let producerCount = 0;

  const publish = (next: PendingElicitation[]): void => {
    snapshot = Object.freeze(next);
    for (const listener of listeners) {
      listener();
    }
  };
  const remove = (id: string): PendingElicitation | undefined => {
    const entry = snapshot.find((candidate) => candidate.id === id);
    if (entry === undefined) {
      return undefined;
    }
    hooks.delete(id);
    publish(snapshot.filter((candidate) => candidate.id !== id));
    return entry;
  };
  const byServer = (serverId: string): PendingElicitation[] =>
    snapshot.filter((candidate) => candidate.server.id === serverId);

  const openProducer = (): ElicitationQueueProducer => {
    producerCount += 1;
    const id = `${ID_PREFIX}${name}-${producerCount}`;
    let entryCount = 0;
    return {
      id,
      maxPendingPerServer,
      create({ request, server, era, protocolVersion, kind, askedAgain = false, roundKey }) {
        if (byServer(server.id).length >= maxPendingPerServer) {
          return {
            ok: false,
            error: {
              code: INVALID_PARAMS,
              message: `Too many pending elicitations from ${server.name}: the limit is ${maxPendingPerServer}. Answer or cancel one first.`,
              data: { reason: TOO_MANY_PENDING, limit: maxPendingPerServer },
            },
          };
        }
        entryCount += 1;
        const controller = new AbortController();
        const entry: PendingElicitation = {
          id: `${id}-${entryCount}`,
          request,
          server,
          era,
          ...(protocolVersion !== undefined ? { protocolVersion } : {}),
          signal: controller.signal,
          status: 'pending',
          kind,
          createdAt: Date.now(),
          ...(askedAgain ? { askedAgain: true as const } : {}),
          ...(roundKey !== undefined ? { roundKey } : {}),
        };
        return { ok: true, entry, controller };
      },
      add(entry, onRespond) {
        hooks.set(entry.id, onRespond);
        publish([...snapshot, entry]);
      },
      remove,
      replace(entry) {
        const index = snapshot.findIndex((candidate) => candidate.id === entry.id);
        if (index === -1) {
          return false;
        }
        const next = [...snapshot];
        next[index] = entry;
        publish(next);
        return true;
      },
      get: (entryId) => snapshot.find((candidate) => candidate.id === entryId),
      byServer,
    };
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot() {
      return snapshot;
    },
    respond(id, result) {
      const hook = hooks.get(id);
      if (hook === undefined || remove(id) === undefined) {
        return false;
      }
      hook(result);
      return true;
    },
    respondAll(serverId, result) {
      const answered = snapshot.filter((entry) => entry.server.id === serverId && entry.status === 'pending');
      if (answered.length === 0) {
        return 0;
      }
      const calls = answered.map((entry) => hooks.get(entry.id));
      for (const entry of answered) {
        hooks.delete(entry.id);
      }
      publish(snapshot.filter((entry) => !answered.includes(entry)));
      for (const hook of calls) {
        hook?.({ action: result.action });
      }
      return answered.length;
    },
    openProducer,
  };
}
