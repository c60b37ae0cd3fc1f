// The Redis hub: replicas of one bridge share its questions through one Redis. This module assembles it: what it
// keeps and writes (redis-scripts.ts), the owners it watches (redis-watch.ts), its heartbeat (redis-heartbeat.ts) and
// the answers it routes between replicas (redis-routing.ts).
import type { ElicitationBridgeHub, HubHandlers, HubInternals } from './hub.js';
import { registerHub } from './hub.js';
import { aliveness, createHeartbeat } from './redis-heartbeat.js';
import { createRedisRouting } from './redis-routing.js';
import { createRedisWrites, redisKeys } from './redis-scripts.js';
import { createRedisWatches } from './redis-watch.js';
import { randomId } from './token.js';
import type { WithdrawReason } from './wire-format.js';

/**
 * The Redis commands the hub sends, typed so that an `ioredis` client (6.x) fits as is. Pub/sub needs a connection
 * of its own: the hub makes it with `duplicate()` and closes it in `bridge.close()`; the client you pass stays yours.
 */
export interface RedisBridgeClient {
  /**
   * Redis's `EVAL` command (a Lua script run inside Redis), not JavaScript's `eval`: the scripts are this module's
   * constants, and every key and value goes in as `KEYS` / `ARGV`, never into the script's text.
   */
  eval(script: string, numKeys: number, ...args: string[]): Promise<unknown>;
  hgetall(key: string): Promise<Record<string, string>>;
  hget(key: string, field: string): Promise<string | null>;
  set(key: string, value: string, millisecondsToken: 'PX', milliseconds: number): Promise<unknown>;
  set(key: string, value: string, millisecondsToken: 'PX', milliseconds: number, xx: 'XX'): Promise<'OK' | null>;
  exists(key: string): Promise<number>;
  del(key: string): Promise<number>;
  publish(channel: string, message: string): Promise<number>;
  duplicate(): RedisBridgeSubscriber;
}

/** The subscriber connection `duplicate()` returns (an `ioredis` client fits). */
export interface RedisBridgeSubscriber {
  /** Subscribes to every channel given (many in one command). */
  subscribe(...channels: string[]): Promise<unknown>;
  unsubscribe(...channels: string[]): Promise<unknown>;
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  quit(): Promise<unknown>;
}

/** Options of {@link createRedisBridgeHub}. */
export interface RedisBridgeHubOptions {
  /** Prefix of every key and channel, so several applications can share one Redis. @default 'elicitation-kit:bridge:' */
  prefix?: string;
  /**
   * How often a replica renews its "alive" key and checks the others'. A replica silent for three heartbeats is
   * gone: its questions are withdrawn as `lost` (within `4 × heartbeatMs` of a crash). Each heartbeat costs a few
   * commands whatever the number of idle owners watched. @default 2000
   */
  heartbeatMs?: number;
  /** How long an answer routed to another replica may wait for its outcome before it is refused. @default 10000 */
  answerTimeoutMs?: number;
  /** How long an owner's hash lives after its last change (stale questions of crashed replicas expire). @default 1 day */
  recordTtlMs?: number;
}

/**
 * A hub that lets several replicas of a backend serve one bridge through one Redis: a browser's stream and its
 * answers may reach any replica, whichever holds the question. Give every replica the same `prefix` and the bridge
 * the same `secret`.
 * @example
 * import { Redis } from 'ioredis';
 * const bridge = createElicitationBridge({
 *   authorize,
 *   origins: ['https://app.example.com'],
 *   hub: createRedisBridgeHub(new Redis(process.env.REDIS_URL)),
 *   secret: process.env.ELICITATION_BRIDGE_SECRET, // 32+ bytes, the same on every replica
 * });
 */
export function createRedisBridgeHub(
  redis: RedisBridgeClient,
  options: RedisBridgeHubOptions = {},
): ElicitationBridgeHub {
  const prefix = options.prefix ?? 'elicitation-kit:bridge:';
  const heartbeatMs = options.heartbeatMs ?? 2_000;
  const lapseMs = heartbeatMs * 3;
  const answerTimeoutMs = options.answerTimeoutMs ?? 10_000;
  const recordTtlMs = options.recordTtlMs ?? 86_400_000;
  for (const [name, value] of Object.entries({ heartbeatMs, answerTimeoutMs, recordTtlMs })) {
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(`createRedisBridgeHub: ${name} must be a positive integer (got ${String(value)})`);
    }
  }
  const replica = randomId();
  const keys = redisKeys(prefix);
  const ownChannel = keys.replica(replica);
  const subscriber = redis.duplicate();
  let handlers: HubHandlers | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let closed = false;
  /** Every command waits for the registration, then goes out in call order (one connection keeps that order). */
  let registered: Promise<unknown> = Promise.resolve();

  const failed = (error: unknown, operation: string): void => {
    handlers?.failed(error, operation);
  };
  const writes = createRedisWrites(redis, keys, recordTtlMs, () => registered, failed);
  const withdraw = (owner: string, id: string, reason: WithdrawReason): void => {
    watches.remove(owner, id, reason);
    writes.withdraw(owner, id, JSON.stringify({ type: 'withdrawn', id, reason }));
  };
  const watches = createRedisWatches({
    redis,
    subscriber,
    keys,
    aliveness: () => aliveness(redis, keys, replica),
    withdraw,
    failed,
  });
  const routing = createRedisRouting({
    redis,
    keys,
    replica,
    answerTimeoutMs,
    handlers: () => handlers,
    withdraw,
    failed,
  });
  const heartbeat = createHeartbeat({
    redis,
    keys,
    replica,
    lapseMs,
    lost: () => {
      // Redis forgot this replica: what the change stream says since the last heartbeat may be incomplete too.
      watches.resync();
      handlers?.lost();
    },
    retry: () => writes.retry(),
    reconcileAll: (isAlive) => watches.reconcileAll(isAlive),
    failed,
  });

  const internals: HubInternals = {
    shared: true,
    identity: `redis:${prefix}`,
    replica,

    start(given) {
      if (handlers !== undefined) {
        throw new TypeError('createElicitationBridge: this hub already serves another bridge');
      }
      handlers = given;
      subscriber.on('message', (channel, text) => {
        if (!watches.onMessage(channel, text) && channel === ownChannel) {
          routing.onMessage(text);
        }
      });
      registered = Promise.all([
        redis.set(keys.replica(replica), '1', 'PX', lapseMs),
        subscriber.subscribe(ownChannel),
      ]).catch((error: unknown) => failed(error, 'register'));
      timer = setInterval(() => {
        if (!closed) {
          // The renewal first, on its own: a long reconciliation never holds it back.
          void heartbeat.renew();
          void heartbeat.sweep();
        }
      }, heartbeatMs);
    },

    upsert(owner, record) {
      watches.put(owner, record);
      return writes.upsert(owner, record);
    },

    withdraw,

    watch: (owner) => watches.watch(owner),

    answer: (owner, id, result) => routing.answer(owner, id, result),

    async close() {
      if (closed) {
        return;
      }
      closed = true;
      clearInterval(timer);
      routing.close();
      await registered;
      await redis.del(keys.replica(replica)).catch((error: unknown) => failed(error, 'close'));
      await subscriber.quit().catch((error: unknown) => failed(error, 'close'));
    },
  };
  return registerHub('redis', internals);
}
