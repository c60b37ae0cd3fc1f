// The Redis hub's heartbeat: every `heartbeatMs` a replica renews its "alive" key (expiring `3 × heartbeatMs` after),
// sends again the withdrawals Redis refused, and reconciles what it watches, checking that the holders of what it
// shows are alive. A replica that finds its own key gone was given up by the others (killed, crashed, cut off): they
// told the users its questions were lost, and it cancels them with their MCP servers too.
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

/** What a heartbeat does besides renewing the key. */
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
  /** Reconciles every watched owner. */
  reconcileAll(isAlive: Aliveness): Promise<void>;
  failed(error: unknown, operation: string): void;
}

/** One heartbeat (skipped while the last one runs). */
export function createHeartbeat(options: HeartbeatOptions): () => Promise<void> {
  const { redis, keys, replica, lapseMs } = options;
  let beating = false;
  return async () => {
    if (beating) {
      return;
    }
    beating = true;
    try {
      const kept = await redis.set(keys.replica(replica), '1', 'PX', lapseMs, 'XX');
      if (kept === null) {
        // Given up by the others (or Redis restarted empty): they told the users; cancel with the servers too.
        options.lost();
        await redis.set(keys.replica(replica), '1', 'PX', lapseMs);
      }
      await options.retry();
      await options.reconcileAll(aliveness(redis, keys, replica));
    } catch (error) {
      options.failed(error, 'heartbeat');
    } finally {
      beating = false;
    }
  };
}
