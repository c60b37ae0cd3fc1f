// The Redis hub's heartbeat: every `heartbeatMs` a replica renews its "alive" key (expiring `3 × heartbeatMs` after)
// on its own: one command, sent whatever the reconciliation is doing (on the shared connection it waits behind one
// batch of reads at most). Apart from it, and skipped while the last one runs, the heartbeat sends again the
// withdrawals Redis refused and reconciles the watched owners that changed, checking that the holders of what it shows
// are alive. A replica that finds its own key gone was given up by the others (killed, crashed, cut off): they told
// the users its questions were lost, and it cancels them with their MCP servers too.
import type { RedisBridgeClient } from './redis-hub.js';
import type { RedisKeys } from './redis-scripts.js';
import type { Aliveness } from './redis-watch.js';

/** Whether each replica is alive, asked once per sweep (this one always is). */
export function aliveness(redis: RedisBridgeClient, keys: RedisKeys, replica: string): Aliveness {
  const asked = new Map<string, Promise<boolean>>();
  return (id) => {
    if (id === replica) {
      return Promise.resolve(true);
    }
    let alive = asked.get(id);
    if (alive === undefined) {
      alive = redis.exists(keys.replica(id)).then((count) => count === 1);
      asked.set(id, alive);
    }
    return alive;
  };
}

/** What a heartbeat does. */
export interface HeartbeatOptions {
  redis: RedisBridgeClient;
  keys: RedisKeys;
  replica: string;
  /** How long the alive key outlives its last renewal. */
  lapseMs: number;
  /** The others gave this replica up. */
  lost(): void;
  /** Sends the refused withdrawals again. */
  retry(): Promise<void>;
  /** Reconciles the watched owners that changed. */
  reconcileAll(isAlive: Aliveness): Promise<void>;
  failed(error: unknown, operation: string): void;
}

/** A replica's heartbeat: its two halves, each skipped while its last run is still going. */
export interface Heartbeat {
  /** Renews the alive key (registers again, and says `lost`, when the others gave this replica up). */
  renew(): Promise<void>;
  /** Sends the refused withdrawals again and reconciles the watched owners. */
  sweep(): Promise<void>;
}

/** A skip-while-running wrapper: a call while the last one runs does nothing. */
function single(run: () => Promise<void>): () => Promise<void> {
  let running = false;
  return async () => {
    if (running) {
      return;
    }
    running = true;
    try {
      await run();
    } finally {
      running = false;
    }
  };
}

/** The heartbeat of `replica`. */
export function createHeartbeat(options: HeartbeatOptions): Heartbeat {
  const { redis, keys, replica, lapseMs } = options;
  return {
    renew: single(async () => {
      try {
        const kept = await redis.set(keys.replica(replica), '1', 'PX', lapseMs, 'XX');
        if (kept === null) {
          // Given up by the others (or Redis restarted empty): they told the users; cancel with the servers too.
          options.lost();
          await redis.set(keys.replica(replica), '1', 'PX', lapseMs);
        }
      } catch (error) {
        options.failed(error, 'heartbeat');
      }
    }),
    sweep: single(async () => {
      try {
        await options.retry();
        await options.reconcileAll(aliveness(redis, keys, replica));
      } catch (error) {
        options.failed(error, 'heartbeat');
      }
    }),
  };
}
