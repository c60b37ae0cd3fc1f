// The Redis hub's watched owners: a replica serving an owner's streams subscribes to the owner's channel, then reads
// the hash, and applies every announcement after. At each heartbeat it reads the change stream since its last one and
// reads again, many per round trip, the hashes of the watched owners that changed (an announcement missed while a
// subscriber was reconnecting stays missed no longer than a heartbeat); idle owners cost no command. When the stream
// cannot say what changed (its entries after the cursor trimmed, Redis restarted or emptied, this replica given up),
// every watched owner is read, still many per round trip. Then it withdraws, as `lost` for everyone, the questions of
// replicas that are gone.
import { BoundedMap, isJsonObject } from '@elicitation-kit/core';
import { OwnerRecords } from './hub.js';
import type { HubRecord, OwnerView } from './hub.js';
import type { RedisBridgeClient, RedisBridgeSubscriber } from './redis-hub.js';
import { compareIds, parseJson, readChanges, readOwners, readRecord } from './redis-scripts.js';
import type { RedisKeys } from './redis-scripts.js';
import type { WithdrawReason } from './wire-format.js';

/** How many withdrawn ids each watched owner remembers, so a late announcement cannot bring one back. */
const TOMBSTONES = 1024;
/** How many owners' hashes one command reads. */
const READ_BATCH = 256;
/** How many change stream entries one command reads, and how many such pages one heartbeat reads at most. */
const CHANGES_PAGE = 1_000;
const CHANGES_PAGES = 16;

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
  /** Brings the watched owners that changed (every one after {@link RedisWatches.resync}) in line with Redis. */
  reconcileAll(isAlive: Aliveness): Promise<void>;
  /** The change stream cannot be trusted (Redis lost this replica's key): the next heartbeat reads every owner. */
  resync(): void;
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

  /** Brings a watched owner in line with its hash, read after the clock was at `issued`. */
  const settle = (view: Watched, stored: Iterable<[string, string]>, issued: number): void => {
    const present = new Set<string>();
    for (const [id, text] of stored) {
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
  };

  /** Withdraws the questions of a watched owner whose replicas are gone. */
  const withdrawLost = async (view: Watched, isAlive: Aliveness): Promise<void> => {
    for (const record of view.records.records()) {
      if (!(await isAlive(record.replica))) {
        options.withdraw(view.owner, record.entry.id, 'lost');
      }
    }
  };

  /** Newly watched owners waiting for their first read, and the channels of owners no longer watched. */
  const starting: Array<{ view: Watched; resolve(): void; reject(error: unknown): void }> = [];
  const leaving = new Set<string>();
  let flushing = false;

  /**
   * Subscribes the newly watched owners and reads their hashes, many per command (one batch in flight at a time, so
   * that a burst of new streams neither floods Redis nor holds a renewal of the alive key back), and unsubscribes the
   * owners no longer watched, many per command.
   */
  const flush = async (): Promise<void> => {
    try {
      while (starting.length > 0 || leaving.size > 0) {
        const channels = Array.from(leaving).slice(0, READ_BATCH);
        channels.forEach((channel) => leaving.delete(channel));
        if (channels.length > 0) {
          await subscriber.unsubscribe(...channels).catch((error: unknown) => failed(error, 'unsubscribe'));
        }
        const batch = starting.splice(0, READ_BATCH);
        if (batch.length === 0) {
          continue;
        }
        try {
          await subscriber.subscribe(...batch.map(({ view }) => keys.owner(view.owner)));
          clock += 1;
          const issued = clock;
          const hashes = await readOwners(
            redis,
            keys,
            batch.map(({ view }) => view.owner),
          );
          batch.forEach(({ view }, index) => settle(view, hashes[index] ?? [], issued));
          const isAlive = options.aliveness();
          await Promise.all(batch.map(({ view }) => withdrawLost(view, isAlive)));
          batch.forEach(({ resolve }) => resolve());
        } catch (error) {
          batch.forEach(({ reject }) => reject(error));
        }
      }
    } finally {
      flushing = false;
    }
  };
  const schedule = (): void => {
    if (!flushing) {
      flushing = true;
      setTimeout(() => void flush(), 0);
    }
  };

  /** How far this replica read the change stream (`undefined`: not yet, or what it read can no longer be trusted). */
  let cursor: string | undefined;
  /** Bumped by every resync, so that a heartbeat running meanwhile does not move the cursor on. */
  let resyncs = 0;

  /**
   * The owners changed since `from` and the cursor to keep once they are read, or `changed: undefined` when the
   * stream cannot say (nothing read yet, its entries after `from` trimmed, or Redis lost it): then every owner is read.
   */
  const changedSince = async (from: string | undefined): Promise<{ next: string; changed?: Set<string> }> => {
    if (from === undefined) {
      return { next: (await readChanges(redis, keys, '', 0)).last };
    }
    const changed = new Set<string>();
    let at = from;
    for (let page = 0; page < CHANGES_PAGES; page += 1) {
      const read = await readChanges(redis, keys, at, CHANGES_PAGE);
      // A first entry after the cursor (those between may be trimmed, or the stream started again), or a last one
      // before it (Redis went back to older data): what changed is unknown.
      if (compareIds(read.first, at) > 0 || compareIds(read.last, at) < 0) {
        return { next: read.last };
      }
      for (const entry of read.entries) {
        changed.add(entry.owner);
        at = entry.id;
      }
      if (read.entries.length < CHANGES_PAGE) {
        break;
      }
    }
    return { next: at, changed };
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
        // Still subscribed if its last watcher just left: it stays so.
        leaving.delete(keys.owner(owner));
        created.ready = new Promise((resolve, reject) => {
          starting.push({ view: created, resolve, reject });
          schedule();
        });
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
          leaving.add(keys.owner(owner));
          schedule();
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
      const since = resyncs;
      const { next, changed } = await changedSince(cursor);
      const views =
        changed === undefined
          ? Array.from(watched.values())
          : Array.from(changed, (owner) => watched.get(owner)).filter((view) => view !== undefined);
      // One batch in flight at a time: a renewal of the alive key waits behind one read at most.
      for (let start = 0; start < views.length; start += READ_BATCH) {
        const batch = views.slice(start, start + READ_BATCH);
        clock += 1;
        const issued = clock;
        const hashes = await readOwners(
          redis,
          keys,
          batch.map((view) => view.owner),
        );
        batch.forEach((view, index) => settle(view, hashes[index] ?? [], issued));
      }
      if (since === resyncs) {
        cursor = next;
      }
      for (const view of watched.values()) {
        await withdrawLost(view, isAlive);
      }
    },

    resync() {
      cursor = undefined;
      resyncs += 1;
    },
  };
}
