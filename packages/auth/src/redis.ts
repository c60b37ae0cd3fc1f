/**
 * @elicitation-kit/auth/redis: token custody for several replicas of one backend, on Redis (`ioredis` 6, an optional
 * peer dependency: the client is typed structurally, nothing here imports it). Pass the store to `createMcpSignIn({
 * store })` of `@elicitation-kit/auth`; a host on one process never imports this entry.
 * @packageDocumentation
 */
import type { McpAuthStore } from './store.js';

/** The commands the Redis store uses, as `ioredis` 6's `Redis` client has them (a `Cluster` works too). */
export interface RedisAuthClient {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<unknown>;
  set(key: string, value: string, millisecondsToken: 'PX', milliseconds: number): Promise<unknown>;
  /** `GETDEL` (Redis 6.2 or later): reads and deletes in one step. */
  getdel(key: string): Promise<string | null>;
  del(key: string): Promise<number>;
}

/** Options of {@link createRedisAuthStore}. */
export interface RedisAuthStoreOptions {
  /** Put before every key, so several apps can share one Redis. @default 'elicitation-kit:auth:' */
  prefix?: string;
}

/**
 * An {@link McpAuthStore} on Redis: every replica sees the same tokens, client registrations and pending sign-ins,
 * so the callback may reach another replica than the one that started the sign-in. Tokens are stored as plain JSON:
 * protect the Redis as you protect the tokens (network, ACL, TLS, encryption at rest).
 */
export function createRedisAuthStore(redis: RedisAuthClient, options: RedisAuthStoreOptions = {}): McpAuthStore {
  const prefix = options.prefix ?? 'elicitation-kit:auth:';
  return {
    async get(key) {
      return (await redis.get(prefix + key)) ?? undefined;
    },
    async set(key, value, ttlMs) {
      if (ttlMs === undefined) {
        await redis.set(prefix + key, value);
      } else {
        await redis.set(prefix + key, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
      }
    },
    async take(key) {
      return (await redis.getdel(prefix + key)) ?? undefined;
    },
    async delete(key) {
      await redis.del(prefix + key);
    },
  };
}

export type { McpAuthStore } from './store.js';
