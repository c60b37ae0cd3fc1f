// The Redis hub's watched owners: a replica serving an owner's streams subscribes to the owner's channel, then reads
// the hash, and applies every announcement after. At each heartbeat it reads the hash again (nothing published while
// a subscriber was reconnecting stays missed) and withdraws, as `lost` for everyone, the questions of replicas that
// are gone.
import { BoundedMap, isJsonObject } from '@elicitation-kit/core';
import { OwnerRecords } from './hub.js';
import type { HubRecord, OwnerView } from './hub.js';
import type { RedisBridgeClient, RedisBridgeSubscriber } from './redis-hub.js';
import { parseJson, readRecord } from './redis-scripts.js';
import type { RedisKeys } from './redis-scripts.js';
import type { WithdrawReason } from './wire-format.js';

/** How many withdrawn ids each watched owner remembers, so a late announcement cannot bring one back. */
const TOMBSTONES = 1024;

/** A watched owner. */
interface Watched {
  owner: string;
  records: OwnerRecords;
  /** Ids withdrawn while watched: never shown again. */
  tombstones: BoundedMap<string, true>;
  /** When (on the hub's logical clock) each record was last announced. */
  touched: Map<string, number>;
  refs: number;
  ready: Promise<void>;
}

/** Whether a replica is alive (asked once per sweep). */
export type Aliveness = (replica: string) => Promise<boolean>;

/** What the watches need. */
export interface RedisWatchOptions {
  redis: RedisBridgeClient;
  subscriber: RedisBridgeSubscriber;
  keys: RedisKeys;
  /** A fresh aliveness check. */
  aliveness(): Aliveness;
  /** Withdraws a question for everyone. */
  withdraw(owner: string, id: string, reason: WithdrawReason): void;
  failed(error: unknown, operation: string): void;
}

/** The owners a replica watches. */
export interface RedisWatches {
  watch(owner: string): Promise<OwnerView>;
  /** A question this replica published: shown to its own watchers at once. */
  put(owner: string, record: HubRecord): void;
  /** A question withdrawn by this replica: gone for its own watchers at once, never shown again. */
  remove(owner: string, id: string, reason: WithdrawReason): void;
  /** Applies a message on an owner's channel. Returns `false` when the channel is no watched owner's. */
  onMessage(channel: string, text: string): boolean;
  /** Brings every watched owner in line with Redis. */
  reconcileAll(isAlive: Aliveness): Promise<void>;
}

/** The watches of one hub. */
export function createRedisWatches(options: RedisWatchOptions): RedisWatches {
  const { redis, subscriber, keys, failed } = options;
  const watched = new Map<string, Watched>();
  const byChannel = new Map<string, Watched>();
  let clock = 0;

  const touch = (view: Watched, record: HubRecord): void => {
    clock += 1;
    view.touched.set(record.entry.id, clock);
    view.records.put(record);
  };

  /** Applies an announcement to a watched owner. */
  const apply = (view: Watched, event: unknown): void => {
    if (!isJsonObject(event)) {
      return;
    }
    if (event['type'] === 'withdrawn' && typeof event['id'] === 'string') {
      view.tombstones.set(event['id'], true);
      view.touched.delete(event['id']);
      view.records.remove(event['id'], event['reason'] as WithdrawReason);
      return;
    }
    const record = event['type'] === 'entry' ? readRecord(event['record']) : undefined;
    if (record !== undefined && !view.tombstones.has(record.entry.id)) {
      touch(view, record);
    }
  };

  /** Brings a watched owner in line with its hash, and withdraws the questions of replicas that are gone. */
  const reconcile = async (view: Watched, isAlive: Aliveness): Promise<void> => {
    clock += 1;
    const issued = clock;
    const stored = await redis.hgetall(keys.owner(view.owner));
    const present = new Set<string>();
    for (const [id, text] of Object.entries(stored)) {
      const record = readRecord(parseJson(text));
      if (record === undefined || record.entry.id !== id || view.tombstones.has(id)) {
        continue;
      }
      present.add(id);
      view.records.put(record);
    }
    for (const record of view.records.records()) {
      const { id } = record.entry;
      // Announced after the read was sent: newer than what it returned.
      if (!present.has(id) && (view.touched.get(id) ?? 0) < issued) {
        view.tombstones.set(id, true);
        view.touched.delete(id);
        view.records.remove(id, 'settled');
      }
    }
    for (const record of view.records.records()) {
      if (!(await isAlive(record.replica))) {
        options.withdraw(view.owner, record.entry.id, 'lost');
      }
    }
  };

  return {
    async watch(owner) {
      let view = watched.get(owner);
      if (view === undefined) {
        const created: Watched = {
          owner,
          records: new OwnerRecords(),
          tombstones: new BoundedMap(TOMBSTONES),
          touched: new Map(),
          refs: 0,
          ready: Promise.resolve(),
        };
        watched.set(owner, created);
        byChannel.set(keys.owner(owner), created);
        created.ready = subscriber.subscribe(keys.owner(owner)).then(() => reconcile(created, options.aliveness()));
        view = created;
      }
      const current = view;
      current.refs += 1;
      const unsubscribers = new Set<() => void>();
      let released = false;
      const release = (): void => {
        if (released) {
          return;
        }
        released = true;
        for (const unsubscribe of unsubscribers) {
          unsubscribe();
        }
        current.refs -= 1;
        if (current.refs === 0 && watched.get(owner) === current) {
          watched.delete(owner);
          byChannel.delete(keys.owner(owner));
          subscriber.unsubscribe(keys.owner(owner)).catch((error: unknown) => failed(error, 'unsubscribe'));
        }
      };
      try {
        await current.ready;
      } catch (error) {
        release();
        throw error;
      }
      const handle: OwnerView = {
        records: () => current.records.records(),
        subscribe(listener) {
          const unsubscribe = current.records.subscribe(listener);
          unsubscribers.add(unsubscribe);
          return unsubscribe;
        },
        release,
      };
      return handle;
    },

    put(owner, record) {
      const view = watched.get(owner);
      if (view !== undefined && !view.tombstones.has(record.entry.id)) {
        touch(view, record);
      }
    },

    remove(owner, id, reason) {
      const view = watched.get(owner);
      if (view !== undefined) {
        view.tombstones.set(id, true);
        view.records.remove(id, reason);
      }
    },

    onMessage(channel, text) {
      const view = byChannel.get(channel);
      if (view === undefined) {
        return false;
      }
      apply(view, parseJson(text));
      return true;
    },

    async reconcileAll(isAlive) {
      for (const view of watched.values()) {
        await reconcile(view, isAlive);
      }
    },
  };
}
