// Replay safety for 2026-07-28 rounds. A round is opened when the server returns it and claimed when a retry answers
// it: the claim succeeds once, so each answered round runs its operation at most once, whichever replica the retry
// reaches and however often it is replayed. A retry for a round the store never opened (another process's memory, an
// expired round) is refused too.

/** Where open rounds live. Both methods may be synchronous or asynchronous. */
export interface RoundStore {
  /** Records that round `id` was asked; it may be claimed once until `ttlMs` passes. */
  open(id: string, ttlMs: number): void | Promise<void>;
  /**
   * Claims round `id` for its one answer: `true` exactly once for an open round, `false` when it is unknown,
   * expired or already claimed. Must be atomic across every server that shares the store.
   */
  claim(id: string): boolean | Promise<boolean>;
}

/** Options of {@link createMemoryRoundStore}. */
export interface MemoryRoundStoreOptions {
  /** Most open rounds kept; beyond it the oldest is forgotten (and its retry refused). @default 50000 */
  capacity?: number;
  /** The clock, in milliseconds. @default Date.now */
  now?: () => number;
}

/**
 * Open rounds in this process's memory: right for one process, forgotten on restart (an open round's retry is then
 * refused). Several replicas need a shared store: {@link createRedisRoundStore}.
 */
export function createMemoryRoundStore(options: MemoryRoundStoreOptions = {}): RoundStore {
  const capacity = options.capacity ?? 50_000;
  const now = options.now ?? Date.now;
  /** Round id → expiry time. A Map keeps insertion order, so the first entry is the oldest. */
  const open = new Map<string, number>();
  return {
    open(id, ttlMs) {
      open.delete(id);
      open.set(id, now() + ttlMs);
      while (open.size > capacity) {
        const oldest = open.keys().next();
        if (oldest.done === true) {
          break;
        }
        open.delete(oldest.value);
      }
    },
    claim(id) {
      const expires = open.get(id);
      open.delete(id);
      return expires !== undefined && expires > now();
    },
  };
}

/**
 * The two Redis commands the Redis store uses, typed so that an `ioredis` client (6.x) fits as is; any client with
 * the same two methods works.
 */
export interface RedisRoundCommands {
  set(key: string, value: string, expiryMode: 'PX', milliseconds: number): Promise<unknown>;
  del(key: string): Promise<number>;
}

/** Options of {@link createRedisRoundStore}. */
export interface RedisRoundStoreOptions {
  /** Key prefix, so several applications can share one Redis. @default 'elicitation-kit:round:' */
  prefix?: string;
}

/**
 * Open rounds in Redis, shared by every replica that uses the same Redis (and the same request-state key):
 * `SET <prefix><id> 1 PX <ttl>` when a round is asked, `DEL` when it is answered (`1` exactly once: atomic).
 * @example
 * import { Redis } from 'ioredis';
 * const rounds = createRedisRoundStore(new Redis(process.env.REDIS_URL));
 */
export function createRedisRoundStore(redis: RedisRoundCommands, options: RedisRoundStoreOptions = {}): RoundStore {
  const prefix = options.prefix ?? 'elicitation-kit:round:';
  return {
    async open(id, ttlMs) {
      await redis.set(`${prefix}${id}`, '1', 'PX', Math.max(1, Math.ceil(ttlMs)));
    },
    async claim(id) {
      return (await redis.del(`${prefix}${id}`)) === 1;
    },
  };
}
