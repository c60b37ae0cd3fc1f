// The Redis hub: replicas of one bridge share its questions through one Redis.
//
//   <prefix>owner:<owner>     hash, entry id → HubRecord JSON (the owner's pending questions); also the pub/sub
//                             channel of that owner's changes ({ type: 'entry', record } | { type: 'withdrawn', … })
//   <prefix>replica:<id>      "alive" key of a replica, renewed every heartbeat, expiring `3 × heartbeatMs` after
//                             its last one; also the channel of the answers routed to that replica and their outcomes
//
// A question is written and announced in one Lua script (HSET + PUBLISH), withdrawn the same way (HDEL + PUBLISH only
// when HDEL removed it), so each change is announced once and after it is stored. A replica watching an owner
// subscribes to the owner's channel, then reads the hash; every heartbeat it reads it again (nothing published while
// a subscriber was reconnecting stays missed) and checks that the holders of what it shows are alive: the questions
// of a replica whose key expired (killed, crashed, cut off) are withdrawn as `lost` for everyone. The holder learns it
// was given up at its next heartbeat (its key is gone) and cancels those questions with their MCP servers.
import type { ElicitResult } from '@elicitation-kit/core';
import { isJsonObject } from '@elicitation-kit/core';
import { BoundedMap } from '@elicitation-kit/core';
import { readResult } from './answer.js';
import { NOT_PENDING, OwnerRecords, registerHub } from './hub.js';
import type { AnswerOutcome, ElicitationBridgeHub, HubHandlers, HubInternals, HubRecord, OwnerView } from './hub.js';
import { randomId } from './token.js';
import { WITHDRAW_MESSAGES } from './wire-format.js';
import type { WireEntry, WithdrawReason } from './wire-format.js';

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
  subscribe(channel: string): Promise<unknown>;
  unsubscribe(channel: string): Promise<unknown>;
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  quit(): Promise<unknown>;
}

/** Options of {@link createRedisBridgeHub}. */
export interface RedisBridgeHubOptions {
  /** Prefix of every key and channel, so several applications can share one Redis. @default 'elicitation-kit:bridge:' */
  prefix?: string;
  /**
   * How often a replica renews its "alive" key and checks the others'. A replica silent for three heartbeats is
   * gone: its questions are withdrawn as `lost` (within `4 × heartbeatMs` of a crash). @default 2000
   */
  heartbeatMs?: number;
  /** How long an answer routed to another replica may wait for its outcome before it is refused. @default 10000 */
  answerTimeoutMs?: number;
  /** How long an owner's hash lives after its last change (stale questions of crashed replicas expire). @default 1 day */
  recordTtlMs?: number;
}

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

/** How many withdrawn ids each watched owner remembers, so a late announcement cannot bring one back. */
const TOMBSTONES = 1024;

const LOST: AnswerOutcome = {
  ok: false,
  status: 410,
  body: { error: 'lost', message: WITHDRAW_MESSAGES.lost },
};

const UNAVAILABLE: AnswerOutcome = {
  ok: false,
  status: 503,
  body: {
    error: 'unavailable',
    message: 'The server holding this question could not be reached in time; the question is still pending. Try again.',
  },
};

/** A watched owner. */
interface Watched {
  owner: string;
  records: OwnerRecords;
  /** Ids withdrawn while watched: never shown again. */
  tombstones: BoundedMap<string, true>;
  /** When (on the hub's logical clock) each record was last announced. */
  touched: Map<string, number>;
  refs: number;
  ready: Promise<void>;
}

/** A message on a replica's channel. */
type ReplicaMessage =
  | { type: 'answer'; corr: string; from: string; owner: string; id: string; result: ElicitResult }
  | { type: 'outcome'; corr: string; outcome: AnswerOutcome };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A record read back from Redis, or `undefined` when it is not one (another writer, another version). */
function readRecord(value: unknown): HubRecord | undefined {
  if (!isJsonObject(value) || typeof value['replica'] !== 'string' || typeof value['rev'] !== 'number') {
    return undefined;
  }
  const entry = value['entry'];
  if (!isJsonObject(entry) || typeof entry['id'] !== 'string') {
    return undefined;
  }
  return { entry: entry as unknown as WireEntry, replica: value['replica'], rev: value['rev'] };
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
  const ownerKey = (owner: string): string => `${prefix}owner:${owner}`;
  const replicaKey = (id: string): string => `${prefix}replica:${id}`;
  const ownChannel = replicaKey(replica);

  const subscriber = redis.duplicate();
  const watched = new Map<string, Watched>();
  const byChannel = new Map<string, Watched>();
  const waiting = new Map<string, (outcome: AnswerOutcome) => void>();
  /** Withdrawals Redis refused (down): retried every heartbeat, so no stale question outlives an outage. */
  const retries = new Map<string, { owner: string; id: string; message: string }>();
  let handlers: HubHandlers | undefined;
  let clock = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let beating = false;
  let closed = false;
  /** Every command waits for the registration, then goes out in call order (one connection keeps that order). */
  let registered: Promise<unknown> = Promise.resolve();

  const failed = (error: unknown, operation: string): void => {
    handlers?.failed(error, operation);
  };

  const sendWithdraw = (owner: string, id: string, message: string): Promise<unknown> =>
    registered.then(() => redis.eval(WITHDRAW_SCRIPT, 1, ownerKey(owner), id, message));

  const withdraw = (owner: string, id: string, reason: WithdrawReason): void => {
    const message = JSON.stringify({ type: 'withdrawn', id, reason });
    const view = watched.get(owner);
    if (view !== undefined) {
      view.tombstones.set(id, true);
      view.records.remove(id, reason);
    }
    sendWithdraw(owner, id, message).catch((error: unknown) => {
      retries.set(`${owner}\n${id}`, { owner, id, message });
      failed(error, 'withdraw');
    });
  };

  /** Applies an announcement to a watched owner. */
  const apply = (view: Watched, event: unknown): void => {
    if (!isJsonObject(event)) {
      return;
    }
    if (event['type'] === 'withdrawn' && typeof event['id'] === 'string') {
      view.tombstones.set(event['id'], true);
      view.touched.delete(event['id']);
      view.records.remove(event['id'], event['reason'] as WithdrawReason);
      return;
    }
    const record = event['type'] === 'entry' ? readRecord(event['record']) : undefined;
    if (record !== undefined && !view.tombstones.has(record.entry.id)) {
      clock += 1;
      view.touched.set(record.entry.id, clock);
      view.records.put(record);
    }
  };

  /** Whether each replica is alive, asked once per sweep. */
  const aliveness = (): ((id: string) => Promise<boolean>) => {
    const asked = new Map<string, Promise<boolean>>();
    return (id) => {
      if (id === replica) {
        return Promise.resolve(true);
      }
      let alive = asked.get(id);
      if (alive === undefined) {
        alive = redis.exists(replicaKey(id)).then((count) => count === 1);
        asked.set(id, alive);
      }
      return alive;
    };
  };

  /** Brings a watched owner in line with its hash, and withdraws the questions of replicas that are gone. */
  const reconcile = async (view: Watched, isAlive: (id: string) => Promise<boolean>): Promise<void> => {
    clock += 1;
    const issued = clock;
    const stored = await redis.hgetall(ownerKey(view.owner));
    const present = new Set<string>();
    for (const [id, text] of Object.entries(stored)) {
      const record = readRecord(parseJson(text));
      if (record === undefined || record.entry.id !== id || view.tombstones.has(id)) {
        continue;
      }
      present.add(id);
      view.records.put(record);
    }
    for (const record of view.records.records()) {
      const { id } = record.entry;
      // Announced after the read was sent: newer than what it returned.
      if (!present.has(id) && (view.touched.get(id) ?? 0) < issued) {
        view.tombstones.set(id, true);
        view.touched.delete(id);
        view.records.remove(id, 'settled');
      }
    }
    for (const record of view.records.records()) {
      if (!(await isAlive(record.replica))) {
        withdraw(view.owner, record.entry.id, 'lost');
      }
    }
  };

  const onMessage = (channel: string, text: string): void => {
    const message = parseJson(text);
    const view = byChannel.get(channel);
    if (view !== undefined) {
      apply(view, message);
      return;
    }
    if (channel !== ownChannel || !isJsonObject(message)) {
      return;
    }
    const routed = message as unknown as ReplicaMessage;
    if (routed.type === 'outcome') {
      waiting.get(routed.corr)?.(routed.outcome);
      waiting.delete(routed.corr);
      return;
    }
    if (routed.type === 'answer' && handlers !== undefined) {
      const result = readResult(routed.result);
      const outcome: AnswerOutcome = result.ok
        ? handlers.answer(routed.owner, routed.id, result.result)
        : { ok: false, status: 400, body: result.body };
      redis
        .publish(replicaKey(routed.from), JSON.stringify({ type: 'outcome', corr: routed.corr, outcome }))
        .catch((error: unknown) => failed(error, 'answer outcome'));
    }
  };

  const heartbeat = async (): Promise<void> => {
    if (beating || closed) {
      return;
    }
    beating = true;
    try {
      const kept = await redis.set(replicaKey(replica), '1', 'PX', lapseMs, 'XX');
      if (kept === null) {
        // Given up by the others (or Redis restarted empty): they told the users; cancel with the servers too.
        handlers?.lost();
        await redis.set(replicaKey(replica), '1', 'PX', lapseMs);
      }
      const retrying = Array.from(retries);
      retries.clear();
      for (const [key, retry] of retrying) {
        await sendWithdraw(retry.owner, retry.id, retry.message).catch((error: unknown) => {
          retries.set(key, retry);
          failed(error, 'withdraw');
        });
      }
      const isAlive = aliveness();
      for (const view of watched.values()) {
        await reconcile(view, isAlive);
      }
    } catch (error) {
      failed(error, 'heartbeat');
    } finally {
      beating = false;
    }
  };

  const internals: HubInternals = {
    shared: true,
    identity: `redis:${prefix}`,
    replica,

    start(given) {
      if (handlers !== undefined) {
        throw new TypeError('createElicitationBridge: this hub already serves another bridge');
      }
      handlers = given;
      subscriber.on('message', onMessage);
      registered = Promise.all([
        redis.set(replicaKey(replica), '1', 'PX', lapseMs),
        subscriber.subscribe(ownChannel),
      ]).catch((error: unknown) => failed(error, 'register'));
      timer = setInterval(() => void heartbeat(), heartbeatMs);
    },

    upsert(owner, record) {
      const view = watched.get(owner);
      if (view !== undefined && !view.tombstones.has(record.entry.id)) {
        clock += 1;
        view.touched.set(record.entry.id, clock);
        view.records.put(record);
      }
      const text = JSON.stringify(record);
      const message = JSON.stringify({ type: 'entry', record });
      return registered
        .then(() => redis.eval(UPSERT_SCRIPT, 1, ownerKey(owner), record.entry.id, text, message, String(recordTtlMs)))
        .then(() => undefined);
    },

    withdraw,

    async watch(owner) {
      let view = watched.get(owner);
      if (view === undefined) {
        const created: Watched = {
          owner,
          records: new OwnerRecords(),
          tombstones: new BoundedMap(TOMBSTONES),
          touched: new Map(),
          refs: 0,
          ready: Promise.resolve(),
        };
        watched.set(owner, created);
        byChannel.set(ownerKey(owner), created);
        created.ready = subscriber.subscribe(ownerKey(owner)).then(() => reconcile(created, aliveness()));
        view = created;
      }
      const current = view;
      current.refs += 1;
      const unsubscribers = new Set<() => void>();
      let released = false;
      const release = (): void => {
        if (released) {
          return;
        }
        released = true;
        for (const unsubscribe of unsubscribers) {
          unsubscribe();
        }
        current.refs -= 1;
        if (current.refs === 0 && watched.get(owner) === current) {
          watched.delete(owner);
          byChannel.delete(ownerKey(owner));
          subscriber.unsubscribe(ownerKey(owner)).catch((error: unknown) => failed(error, 'unsubscribe'));
        }
      };
      try {
        await current.ready;
      } catch (error) {
        release();
        throw error;
      }
      const handle: OwnerView = {
        records: () => current.records.records(),
        subscribe(listener) {
          const unsubscribe = current.records.subscribe(listener);
          unsubscribers.add(unsubscribe);
          return unsubscribe;
        },
        release,
      };
      return handle;
    },

    async answer(owner, id, result) {
      const record = readRecord(parseJson((await redis.hget(ownerKey(owner), id)) ?? ''));
      if (record === undefined || handlers === undefined) {
        return NOT_PENDING;
      }
      if (record.replica === replica) {
        return handlers.answer(owner, id, result);
      }
      const corr = randomId();
      let expire: ReturnType<typeof setTimeout> | undefined;
      const reply = new Promise<AnswerOutcome | undefined>((resolve) => {
        waiting.set(corr, resolve);
        expire = setTimeout(() => resolve(undefined), answerTimeoutMs);
      });
      const message: ReplicaMessage = { type: 'answer', corr, from: replica, owner, id, result };
      const receivers = await redis.publish(replicaKey(record.replica), JSON.stringify(message));
      const outcome = receivers === 0 ? undefined : await reply;
      clearTimeout(expire);
      waiting.delete(corr);
      if (outcome !== undefined) {
        return outcome;
      }
      // Nobody listens on the holder's channel (its connection is gone), or it did not answer in time: gone or slow?
      if (receivers === 0 || !(await redis.exists(replicaKey(record.replica)).then((count) => count === 1))) {
        withdraw(owner, id, 'lost');
        return LOST;
      }
      return UNAVAILABLE;
    },

    async close() {
      if (closed) {
        return;
      }
      closed = true;
      clearInterval(timer);
      for (const resolve of waiting.values()) {
        resolve(UNAVAILABLE);
      }
      waiting.clear();
      await registered;
      await redis.del(replicaKey(replica)).catch((error: unknown) => failed(error, 'close'));
      await subscriber.quit().catch((error: unknown) => failed(error, 'close'));
    },
  };
  return registerHub('redis', internals);
}
