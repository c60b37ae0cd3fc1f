// The hub: where a bridge's replicas meet. The replica that holds a question (its MCP client asked it) publishes it
// to the hub under its owner; a replica serving that owner's stream watches the owner in the hub; an answer posted to
// any replica is routed through the hub to the holder, which checks it and answers the MCP server. One process uses
// the memory hub (the default); several use the Redis hub (redis-hub.ts). The bridge speaks to both the same way.
import type { ElicitResult } from '@elicitation-kit/core';
import { randomId } from './token.js';
import type { BridgeErrorBody, WireEntry, WithdrawReason } from './wire-format.js';

/**
 * Where the replicas of one bridge meet: the memory hub of one process (the default), or a Redis hub shared by
 * several ({@link createRedisBridgeHub}). Opaque: pass it to `createElicitationBridge({ hub })`; one hub serves one
 * bridge.
 */
export interface ElicitationBridgeHub {
  /** `memory` (one process) or `redis` (replicas). */
  readonly kind: 'memory' | 'redis';
}

/** A question in the hub: the entry as it travels, which replica holds it, and its revision. */
export interface HubRecord {
  entry: WireEntry;
  /** The holder's replica id. */
  replica: string;
  /** Grows with each change of the entry (a `completed` status): the highest wins. */
  rev: number;
}

/** A change of one owner's questions. */
export type HubEvent = { type: 'entry'; record: HubRecord } | { type: 'withdrawn'; id: string; reason: WithdrawReason };

/** One owner's questions as this replica sees them, kept current while it is watched. */
export interface OwnerView {
  /** The questions, in arrival order. */
  records(): HubRecord[];
  /** Calls `listener` for every change. Returns the unsubscribe function. */
  subscribe(listener: (event: HubEvent) => void): () => void;
  /** Stops watching (the view is shared by the streams of one owner: the last release ends it). */
  release(): void;
}

/** How an answer went. */
export type AnswerOutcome = { ok: true } | { ok: false; status: number; body: BridgeErrorBody };

/** What the bridge gives its hub when it starts. */
export interface HubHandlers {
  /** Applies an answer to a question this replica holds (checked against its request first). */
  answer(owner: string, id: string, result: ElicitResult): AnswerOutcome;
  /**
   * The other replicas consider this one gone (its heartbeat lapsed): they told the users its questions were lost,
   * so it must cancel them with the MCP servers too.
   */
  lost(): void;
  /** A hub operation failed (logged by the bridge; the hub retries what it can). */
  failed(error: unknown, operation: string): void;
}

/** The hub as the bridge drives it. */
export interface HubInternals {
  /** Several processes share it: tokens need a shared secret. */
  readonly shared: boolean;
  /** Told to browsers in `ready`: a different value after a reconnect means the backend restarted. */
  readonly identity: string;
  /** This replica's id. */
  readonly replica: string;
  start(handlers: HubHandlers): void;
  /** Publishes a question (new, or changed with a higher `rev`). Rejects when it could not be published. */
  upsert(owner: string, record: HubRecord): Promise<void>;
  /** Withdraws a question for everyone (once: a second withdrawal of the same id does nothing). Never rejects. */
  withdraw(owner: string, id: string, reason: WithdrawReason): void;
  /** Starts (or joins) watching one owner. */
  watch(owner: string): Promise<OwnerView>;
  /** Routes an answer to the replica holding the question. */
  answer(owner: string, id: string, result: ElicitResult): Promise<AnswerOutcome>;
  close(): Promise<void>;
}

const internalsByHub = new WeakMap<ElicitationBridgeHub, HubInternals>();

/** Makes the public handle of a hub. */
export function registerHub(kind: ElicitationBridgeHub['kind'], internals: HubInternals): ElicitationBridgeHub {
  const hub: ElicitationBridgeHub = Object.freeze({ kind });
  internalsByHub.set(hub, internals);
  return hub;
}

/** The internals of a hub made by the kit. */
export function hubInternals(hub: ElicitationBridgeHub): HubInternals {
  const internals = internalsByHub.get(hub);
  if (internals === undefined) {
    throw new TypeError('createElicitationBridge: `hub` must come from createRedisBridgeHub()');
  }
  return internals;
}

/** The refusal of an answer to a question that is not (or no longer, or not this owner's) pending. */
export const NOT_PENDING: AnswerOutcome = {
  ok: false,
  status: 404,
  body: {
    error: 'not-pending',
    message: 'This question is not pending: it was answered or withdrawn, or it is not yours.',
  },
};

/** An owner's live questions and their watchers: the one view shape both hubs keep. */
export class OwnerRecords {
  readonly #records = new Map<string, HubRecord>();
  readonly #listeners = new Set<(event: HubEvent) => void>();

  records(): HubRecord[] {
    return [...this.#records.values()];
  }

  get(id: string): HubRecord | undefined {
    return this.#records.get(id);
  }

  get watched(): boolean {
    return this.#listeners.size > 0;
  }

  /** Keeps `record` when it is new or newer than the one kept; tells the watchers. */
  put(record: HubRecord): void {
    const kept = this.#records.get(record.entry.id);
    if (kept !== undefined && kept.rev >= record.rev) {
      return;
    }
    this.#records.set(record.entry.id, record);
    this.#emit({ type: 'entry', record });
  }

  /** Removes a record; tells the watchers. `false` when it was not there. */
  remove(id: string, reason: WithdrawReason): boolean {
    if (!this.#records.delete(id)) {
      return false;
    }
    this.#emit({ type: 'withdrawn', id, reason });
    return true;
  }

  subscribe(listener: (event: HubEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  #emit(event: HubEvent): void {
    for (const listener of this.#listeners) {
      listener(event);
    }
  }
}

/** The hub of one process: questions in memory, answers applied directly. */
export function createMemoryHub(): HubInternals {
  const replica = randomId();
  const owners = new Map<string, OwnerRecords>();
  let handlers: HubHandlers | undefined;

  const ownerRecords = (owner: string): OwnerRecords => {
    let records = owners.get(owner);
    if (records === undefined) {
      records = new OwnerRecords();
      owners.set(owner, records);
    }
    return records;
  };
  /** Forgets an owner with nothing pending and nobody watching. */
  const tidy = (owner: string): void => {
    const records = owners.get(owner);
    if (records !== undefined && !records.watched && records.records().length === 0) {
      owners.delete(owner);
    }
  };

  return {
    shared: false,
    identity: `memory:${replica}`,
    replica,
    start(given) {
      handlers = given;
    },
    upsert(owner, record) {
      ownerRecords(owner).put(record);
      return Promise.resolve();
    },
    withdraw(owner, id, reason) {
      owners.get(owner)?.remove(id, reason);
      tidy(owner);
    },
    watch(owner) {
      const records = ownerRecords(owner);
      const unsubscribers = new Set<() => void>();
      return Promise.resolve({
        records: () => records.records(),
        subscribe(listener) {
          const unsubscribe = records.subscribe(listener);
          unsubscribers.add(unsubscribe);
          return unsubscribe;
        },
        release() {
          for (const unsubscribe of unsubscribers) {
            unsubscribe();
          }
          unsubscribers.clear();
          tidy(owner);
        },
      });
    },
    answer(owner, id, result) {
      if (handlers === undefined || owners.get(owner)?.get(id) === undefined) {
        return Promise.resolve(NOT_PENDING);
      }
      return Promise.resolve(handlers.answer(owner, id, result));
    },
    close() {
      owners.clear();
      return Promise.resolve();
    },
  };
}
