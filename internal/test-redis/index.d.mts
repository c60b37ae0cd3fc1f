/** A running throwaway Redis (see `startRedis`). */
export interface TestRedis {
  /** The loopback port it listens on. */
  port: number;
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  /** Stops it (SIGTERM: an append-only file is flushed) and starts it again on the same port and directory. */
  restart(): Promise<void>;
  /** `kill -9`: ends it at once, flushing nothing. */
  kill(): Promise<void>;
  /** Starts it again after `kill()` (same port and directory); does nothing while it runs. */
  start(): Promise<void>;
  /** Stalls it (SIGSTOP): connections stay open, nothing is answered. */
  pause(): void;
  /** Wakes a paused server (SIGCONT). */
  resume(): void;
  /** Ends the server (SIGTERM) and resolves when it has exited; removes its directory. Safe to call twice. */
  stop(): Promise<void>;
}

/** Options of {@link startRedis}. */
export interface TestRedisOptions {
  /** Keep an append-only file (`appendonly yes`), so a restart keeps every key. @default false */
  appendonly?: boolean;
  /** With `appendonly`: when the file is flushed to disk (`always`: a kill -9 loses nothing either). @default 'everysec' */
  appendfsync?: 'always' | 'everysec';
}

/** The `redis-server` command to run (`REDIS_SERVER` overrides it). */
export function redisServerBinary(): string;

/** Whether `redis-server` can be run here. */
export function hasRedisServer(): boolean;

/** Starts `redis-server` on 127.0.0.1 with a free port (persistence off unless `appendonly`). */
export function startRedis(options?: TestRedisOptions): Promise<TestRedis>;
