// What the Redis hub keeps in Redis, and how it writes it:
//
//   <prefix>owner:<owner>     hash, entry id → HubRecord JSON (the owner's pending questions); also the pub/sub
//                             channel of that owner's changes ({ type: 'entry', record } | { type: 'withdrawn', … })
//   <prefix>replica:<id>      "alive" key of a replica, renewed every heartbeat, expiring `3 × heartbeatMs` after
//                             its last one; also the channel of the answers routed to that replica and their outcomes
//   <prefix>changes           stream, one entry `{ o: owner }` per stored change (the last ~10,000 kept): what a
//                             replica's heartbeat reads to know which watched owners changed since its last one
//
// A question is written, logged and announced in one Lua script (HSET + XADD + PUBLISH), withdrawn the same way
// (HDEL, then XADD + PUBLISH only when HDEL removed it), so each change is announced once and after it is stored. A
// withdrawal Redis refused is kept and sent again at every heartbeat.
import { isJsonObject } from '@elicitation-kit/core';
import type { HubRecord } from './hub.js';
import { entryJson } from './ready-event.js';
import type { RedisBridgeClient } from './redis-hub.js';
import type { WireEntry } from './wire-format.js';

/** A record's JSON (`HubRecord`), with its entry's JSON as made when it was published, not made again. */
const recordJson = (record: HubRecord): string =>
  `{"entry":${entryJson(record.entry)},"replica":${JSON.stringify(record.replica)},"rev":${JSON.stringify(record.rev)}}`;

/** How many entries the change stream keeps (about: trimmed whole nodes at a time, never below this). */
const CHANGES_KEPT = 10_000;

/** Appends to the change stream `stream` an entry for `owner` (Lua expressions); returns its id. */
const logChange = (stream: string, owner: string): string =>
  `redis.call('XADD', ${stream}, 'MAXLEN', '~', '${CHANGES_KEPT}', '*', 'o', ${owner})`;

/**
 * Stores, logs and announces a question. KEYS = owner hash (and channel), change stream; ARGV = id, record, message,
 * ttl, owner.
 */
const UPSERT_SCRIPT = `redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
${logChange('KEYS[2]', 'ARGV[5]')}
redis.call('PUBLISH', KEYS[1], ARGV[3])
return 1`;

/**
 * Removes, logs and announces a question, once. KEYS = owner hash (and channel), change stream; ARGV = id, message,
 * owner.
 */
const WITHDRAW_SCRIPT = `if redis.call('HDEL', KEYS[1], ARGV[1]) == 1 then
  ${logChange('KEYS[2]', 'ARGV[3]')}
  redis.call('PUBLISH', KEYS[1], ARGV[2])
  return 1
end
return 0`;

/**
 * The change stream after a cursor. KEYS[1] = change stream; ARGV = cursor (`''`: none), count. Returns the stream's
 * first and last ids, then id, owner, id, owner… of up to `count` entries after the cursor. A missing stream (a new or
 * emptied Redis) is started with an entry of no owner, so that a cursor always points into it.
 */
const CHANGES_SCRIPT = `local first = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', 1)
if not first[1] then
  local id = ${logChange('KEYS[1]', "''")}
  return { id, id }
end
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
local result = { first[1][1], last[1][1] }
if ARGV[1] ~= '' then
  local read = redis.call('XREAD', 'COUNT', ARGV[2], 'STREAMS', KEYS[1], ARGV[1])
  if read then
    for _, entry in ipairs(read[1][2]) do
      result[#result + 1] = entry[1]
      result[#result + 1] = entry[2][2]
    end
  end
end
return result`;

/** Every hash in KEYS, as HGETALL gives each (field, value, field, value…), in one round trip. */
const READ_SCRIPT = `local result = {}
for i, key in ipairs(KEYS) do
  result[i] = redis.call('HGETALL', key)
end
return result`;

/** The names of a hub's keys (and channels). */
export interface RedisKeys {
  owner(owner: string): string;
  replica(id: string): string;
  readonly changes: string;
}

export const redisKeys = (prefix: string): RedisKeys => ({
  owner: (owner) => `${prefix}owner:${owner}`,
  replica: (id) => `${prefix}replica:${id}`,
  changes: `${prefix}changes`,
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
    registered().then(() => redis.eval(WITHDRAW_SCRIPT, 2, keys.owner(owner), keys.changes, id, message, owner));
  return {
    upsert(owner, record) {
      // Made once: the entry's JSON is the one made when it was published (its size checked), the message wraps it.
      const text = recordJson(record);
      const message = `{"type":"entry","record":${text}}`;
      return registered()
        .then(() =>
          redis.eval(
            UPSERT_SCRIPT,
            2,
            keys.owner(owner),
            keys.changes,
            record.entry.id,
            text,
            message,
            String(recordTtlMs),
            owner,
          ),
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

/** What the change stream says after a cursor. */
export interface ChangesRead {
  /** The stream's first and last ids. */
  first: string;
  last: string;
  /** The entries after the cursor, oldest first. */
  entries: Array<{ id: string; owner: string }>;
}

/** Up to `count` entries of the change stream after `cursor` (none when `cursor` is `''`), in one round trip. */
export async function readChanges(
  redis: RedisBridgeClient,
  keys: RedisKeys,
  cursor: string,
  count: number,
): Promise<ChangesRead> {
  const reply = await redis.eval(CHANGES_SCRIPT, 1, keys.changes, cursor, String(count));
  const items = Array.isArray(reply) ? reply.map(String) : [];
  const entries: ChangesRead['entries'] = [];
  for (let index = 2; index + 1 < items.length; index += 2) {
    entries.push({ id: items[index]!, owner: items[index + 1]! });
  }
  return { first: items[0] ?? '', last: items[1] ?? '', entries };
}

/** Orders two stream ids (`<ms>-<seq>`): negative, zero or positive. */
export function compareIds(a: string, b: string): number {
  const [aMs = 0, aSeq = 0] = a.split('-').map(Number);
  const [bMs = 0, bSeq = 0] = b.split('-').map(Number);
  return aMs === bMs ? aSeq - bSeq : aMs - bMs;
}

/** Several owners' hashes in one round trip, in the order of `owners`: each as its (id, text) pairs. */
export async function readOwners(
  redis: RedisBridgeClient,
  keys: RedisKeys,
  owners: readonly string[],
): Promise<Array<Array<[string, string]>>> {
  const reply = await redis.eval(READ_SCRIPT, owners.length, ...owners.map((owner) => keys.owner(owner)));
  const hashes = Array.isArray(reply) ? reply : [];
  return owners.map((_, index) => {
    const flat: unknown = hashes[index];
    const fields: Array<[string, string]> = [];
    if (Array.isArray(flat)) {
      for (let field = 0; field + 1 < flat.length; field += 2) {
        fields.push([String(flat[field]), String(flat[field + 1])]);
      }
    }
    return fields;
  });
}
