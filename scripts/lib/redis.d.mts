/** A running throwaway Redis (see `startRedis`). */
export interface TestRedis {
  /** The loopback port it listens on. */
  port: number;
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  /** Ends the server (SIGTERM) and resolves when it has exited. Safe to call twice. */
  stop(): Promise<void>;
}

/** The `redis-server` command to run (`REDIS_SERVER` overrides it). */
export function redisServerBinary(): string;

/** Whether `redis-server` can be run here. */
export function hasRedisServer(): boolean;

/** Starts `redis-server` on 127.0.0.1 with a free port, persistence off. */
export function startRedis(): Promise<TestRedis>;
