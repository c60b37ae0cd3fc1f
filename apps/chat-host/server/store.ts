// Where the chat host keeps what must outlive one process when it runs as several replicas: the sessions and the
// conversations, as JSON text under a key, each with a time to live. One process keeps them in its memory (a restart
// forgets them); replicas share a Redis (`CHAT_REDIS_URL`), so that any replica answers any request of any user.

/** Text under keys, each kept for a time. */
export interface ChatStore {
  /** The text under `key`, or `undefined` (never set, deleted, or past its time). */
  get(key: string): Promise<string | undefined>;
  /** Keeps `value` under `key` for `ttlMs` from now, replacing what was there. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

/** The most keys a memory store keeps: past it, the oldest written goes. */
const MAX_MEMORY_KEYS = 20_000;

/** A store in this process's memory, bounded: past `maxKeys`, setting a key forgets the oldest written. */
export function createMemoryChatStore({ maxKeys = MAX_MEMORY_KEYS }: { maxKeys?: number } = {}): ChatStore {
  /** Oldest written first. */
  const entries = new Map<string, { value: string; until: number }>();
  return {
    async get(key) {
      const entry = entries.get(key);
      if (entry === undefined || entry.until <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    async set(key, value, ttlMs) {
      entries.delete(key);
      for (const oldest of entries.keys()) {
        if (entries.size < maxKeys) {
          break;
        }
        entries.delete(oldest);
      }
      entries.set(key, { value, until: Date.now() + ttlMs });
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}

/** The Redis commands a Redis store uses (an ioredis client has them). */
export interface ChatRedis {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, px: 'PX', ttlMs: number): Promise<unknown>;
  del(key: string): Promise<number>;
}

/** A store in Redis, shared by every replica; each key under `prefix`, expiring on its own (`PX`). */
export function createRedisChatStore(redis: ChatRedis, prefix = 'elicitation-kit:chat:'): ChatStore {
  return {
    async get(key) {
      return (await redis.get(prefix + key)) ?? undefined;
    },
    async set(key, value, ttlMs) {
      await redis.set(prefix + key, value, 'PX', Math.max(1, Math.round(ttlMs)));
    },
    async delete(key) {
      await redis.del(prefix + key);
    },
  };
}
