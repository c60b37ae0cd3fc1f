// What the Redis hub keeps in Redis, and how it writes it:
//
//   <prefix>owner:<owner>     hash, entry id → HubRecord JSON (the owner's pending questions); also the pub/sub
//                             channel of that owner's changes ({ type: 'entry', record } | { type: 'withdrawn', … })
//   <prefix>replica:<id>      "alive" key of a replica, renewed every heartbeat, expiring `3 × heartbeatMs` after
//                             its last one; also the channel of the answers routed to that replica and their outcomes
//
// A question is written and announced in one Lua script (HSET + PUBLISH), withdrawn the same way (HDEL + PUBLISH only
// when HDEL removed it), so each change is announced once and after it is stored. A withdrawal Redis refused is kept
// and sent again at every heartbeat.
import { isJsonObject } from '@elicitation-kit/core';
import type { HubRecord } from './hub.js';
import type { RedisBridgeClient } from './redis-hub.js';
import type { WireEntry } from './wire-format.js';

/** Stores and announces a question. KEYS[1] = owner hash (and channel); ARGV = id, record, message, ttl. */
const UPSERT_SCRIPT = `redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PUBLISH', KEYS[1], ARGV[3])
return 1`;

/** Removes and announces a question, once. KEYS[1] = owner hash (and channel); ARGV = id, message. */
const WITHDRAW_SCRIPT = `if redis.call('HDEL', KEYS[1], ARGV[1]) == 1 then
  redis.call('PUBLISH', KEYS[1], ARGV[2])
  return 1
end
return 0`;

/** The names of a hub's keys (and channels). */
export interface RedisKeys {
  owner(owner: string): string;
  replica(id: string): string;
}

export const redisKeys = (prefix: string): RedisKeys => ({
  owner: (owner) => `${prefix}owner:${owner}`,
  replica: (id) => `${prefix}replica:${id}`,
});

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A record read back from Redis, or `undefined` when it is not one (another writer, another version). */
export function readRecord(value: unknown): HubRecord | undefined {
  if (!isJsonObject(value) || typeof value['replica'] !== 'string' || typeof value['rev'] !== 'number') {
    return undefined;
  }
  const entry = value['entry'];
  if (!isJsonObject(entry) || typeof entry['id'] !== 'string') {
    return undefined;
  }
  return { entry: entry as unknown as WireEntry, replica: value['replica'], rev: value['rev'] };
}

/** The hub's writes of owners' questions. */
export interface RedisWrites {
  /** Stores and announces a question. */
  upsert(owner: string, record: HubRecord): Promise<void>;
  /** Removes and announces a question; kept for {@link RedisWrites.retry} when Redis refuses. Never rejects. */
  withdraw(owner: string, id: string, message: string): void;
  /** Sends the withdrawals Redis refused again. */
  retry(): Promise<void>;
}

/** The writes of a hub. Every command waits for `registered()`, then goes out in call order. */
export function createRedisWrites(
  redis: RedisBridgeClient,
  keys: RedisKeys,
  recordTtlMs: number,
  registered: () => Promise<unknown>,
  failed: (error: unknown, operation: string) => void,
): RedisWrites {
  /** Withdrawals Redis refused (down): retried every heartbeat, so no stale question outlives an outage. */
  const retries = new Map<string, { owner: string; id: string; message: string }>();
  const send = (owner: string, id: string, message: string): Promise<unknown> =>
    registered().then(() => redis.eval(WITHDRAW_SCRIPT, 1, keys.owner(owner), id, message));
  return {
    upsert(owner, record) {
      const text = JSON.stringify(record);
      const message = JSON.stringify({ type: 'entry', record });
      return registered()
        .then(() =>
          redis.eval(UPSERT_SCRIPT, 1, keys.owner(owner), record.entry.id, text, message, String(recordTtlMs)),
        )
        .then(() => undefined);
    },
    withdraw(owner, id, message) {
      send(owner, id, message).catch((error: unknown) => {
        retries.set(`${owner}\n${id}`, { owner, id, message });
        failed(error, 'withdraw');
      });
    },
    async retry() {
      const retrying = Array.from(retries);
      retries.clear();
      for (const [key, again] of retrying) {
        await send(again.owner, again.id, again.message).catch((error: unknown) => {
          retries.set(key, again);
          failed(error, 'withdraw');
        });
      }
    },
  };
}
