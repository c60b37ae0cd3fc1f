import type { ElicitResult } from '@elicitation-kit/core';
import type { ElicitationQueue, ElicitationQueueOptions, PendingElicitation } from './types.js';

/** Default of {@link ElicitationQueueOptions.maxPendingPerServer}. */
export const DEFAULT_MAX_PENDING_PER_SERVER = 20;

/** What the queue calls when the host answers an entry. */
export type RespondHook = (result: ElicitResult) => void;

/** The producer side of a queue, used by attachments. Not public API. */
export interface QueueInternals {
  readonly maxPendingPerServer: number;
  /** Appends an entry; `onRespond` runs once when the host answers it. */
  add(entry: PendingElicitation, onRespond: RespondHook): void;
  /** Removes an entry without answering it. Returns it, or `undefined` when it is gone. */
  remove(id: string): PendingElicitation | undefined;
  /** Replaces an entry with an updated copy (same id). Returns `false` when it is gone. */
  replace(entry: PendingElicitation): boolean;
  get(id: string): PendingElicitation | undefined;
  /** Entries of one server, in order. */
  byServer(serverId: string): PendingElicitation[];
}

const internalsByQueue = new WeakMap<ElicitationQueue, QueueInternals>();

/** The producer side of a queue made by {@link createElicitationQueue}. */
export function queueInternals(queue: ElicitationQueue): QueueInternals {
  const internals = internalsByQueue.get(queue);
  if (internals === undefined) {
    throw new TypeError('attachElicitation: `queue` must come from createElicitationQueue()');
  }
  return internals;
}

/**
 * Creates a framework-free queue of pending elicitations. Attach it to one or more clients with
 * `attachElicitation`, render `getSnapshot()` and call `respond` with the user's answer.
 *
 * @example
 * ```ts
 * const queue = createElicitationQueue({ maxPendingPerServer: 5 });
 * queue.subscribe(() => render(queue.getSnapshot()));
 * ```
 */
export function createElicitationQueue(options: ElicitationQueueOptions = {}): ElicitationQueue {
  const maxPendingPerServer = options.maxPendingPerServer ?? DEFAULT_MAX_PENDING_PER_SERVER;
  if (!Number.isInteger(maxPendingPerServer) || maxPendingPerServer < 1) {
    throw new RangeError(`maxPendingPerServer must be a positive integer (got ${String(maxPendingPerServer)})`);
  }
  let snapshot: readonly PendingElicitation[] = Object.freeze([]);
  const hooks = new Map<string, RespondHook>();
  const listeners = new Set<() => void>();

  const publish = (next: PendingElicitation[]): void => {
    snapshot = Object.freeze(next);
    for (const listener of listeners) {
      listener();
    }
  };

  const internals: QueueInternals = {
    maxPendingPerServer,
    add(entry, onRespond) {
      hooks.set(entry.id, onRespond);
      publish([...snapshot, entry]);
    },
    remove(id) {
      const entry = snapshot.find((candidate) => candidate.id === id);
      if (entry === undefined) {
        return undefined;
      }
      hooks.delete(id);
      publish(snapshot.filter((candidate) => candidate.id !== id));
      return entry;
    },
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
    get(id) {
      return snapshot.find((candidate) => candidate.id === id);
    },
    byServer(serverId) {
      return snapshot.filter((candidate) => candidate.server.id === serverId);
    },
  };

  const queue: ElicitationQueue = {
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
      if (hook === undefined || internals.remove(id) === undefined) {
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
  };
  internalsByQueue.set(queue, internals);
  return queue;
}
