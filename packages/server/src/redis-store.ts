// The round store in Redis, shared by every replica. Each operation is one Lua script, so it is atomic however many
// replicas race on the same round; leases are measured on the Redis server's clock (TIME), so replicas whose clocks
// disagree still agree on when a lease ran out. An epoch key (no expiry) tells a Redis that lost its data (a restart
// without persistence, a flush) from one that merely let a round expire.
import type { OpenedRound, RoundClaim, RoundStore } from './rounds.js';

/**
 * What the Redis store needs of a client: `eval`, typed so that an `ioredis` 6 client fits as is. When the client
 * exposes its `options` (ioredis does), {@link createRedisRoundStore} checks them.
 */
export interface RedisRoundCommands {
  /**
   * Redis's `EVAL` command (a Lua script run inside Redis), not JavaScript's `eval`: the scripts are this module's
   * constants, and every key and value goes in as `KEYS` / `ARGV`, never into the script's text.
   */
  eval(...args: [script: string, numkeys: number, ...args: (string | number)[]]): Promise<unknown>;
  /** The client's options (ioredis): checked at start-up so that an outage fails fast instead of hanging. */
  readonly options?: {
    readonly commandTimeout?: number | undefined;
    readonly maxRetriesPerRequest?: number | null | undefined;
    readonly retryStrategy?: unknown;
  };
}

/** Options of {@link createRedisRoundStore}. */
export interface RedisRoundStoreOptions {
  /** Key prefix, so several applications can share one Redis. @default 'elicitation-kit:' */
  prefix?: string;
}

/** The longest `commandTimeout` the store accepts: a Redis outage must become a tool error within seconds. */
export const MAX_REDIS_COMMAND_TIMEOUT_MS = 10_000;

/**
 * ioredis options for the round store's client: every command fails after 2 s when Redis does not answer (down,
 * stalled, unreachable), is retried at most once across a reconnect, and the client keeps reconnecting (at most 1 s
 * apart) so the store comes back by itself when Redis does.
 * @example new Redis(process.env.REDIS_URL, REDIS_CLIENT_OPTIONS)
 */
export const REDIS_CLIENT_OPTIONS = Object.freeze({
  commandTimeout: 2_000,
  connectTimeout: 2_000,
  maxRetriesPerRequest: 1,
  retryStrategy: (times: number): number => Math.min(times * 100, 1_000),
});

/** Reads the epoch (creating it when the Redis has none: it is new or lost its data). `ARGV[1]`: a fresh epoch. */
const EPOCH = `
local epoch = redis.call('GET', KEYS[2])
if not epoch then
  epoch = ARGV[1]
  redis.call('SET', KEYS[2], epoch)
end`;

/** `now`: the Redis server's clock in milliseconds. */
const NOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)`;

/** Whether the round is running under the token in `ARGV[1]`. */
const HELD = `
local held = redis.call('HMGET', KEYS[1], 'state', 'token')
if held[1] ~= 'running' or held[2] ~= ARGV[1] then
  return 0
end`;

/** KEYS: round, epoch. ARGV: fresh epoch, ttl. Returns the epoch. */
const OPEN = `${EPOCH}
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'state', 'open', 'attempt', '0')
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return epoch`;

/** KEYS: round, epoch. ARGV: fresh epoch, token, lease, take over ('1'), ttl, answers digest ('' none). */
const CLAIM = `${EPOCH}
local round = redis.call('HMGET', KEYS[1], 'state', 'attempt', 'lease', 'result', 'answers')
local state = round[1]
if not state then
  return {'unknown', epoch}
end
if ARGV[6] ~= '' and round[5] and round[5] ~= ARGV[6] then
  return {'other-answer'}
end
if state == 'done' then
  if round[4] then
    return {'done', round[4]}
  end
  return {'done'}
end
local attempt = tonumber(round[2]) or 0
${NOW}
if state == 'running' then
  local left = (tonumber(round[3]) or 0) - now
  if left > 0 then
    return {'running', tostring(attempt), tostring(left)}
  end
  if ARGV[4] ~= '1' then
    return {'lapsed', tostring(attempt)}
  end
end
attempt = attempt + 1
redis.call('HSET', KEYS[1], 'state', 'running', 'attempt', tostring(attempt), 'token', ARGV[2], 'lease', tostring(now + tonumber(ARGV[3])))
if ARGV[6] ~= '' and not round[5] then
  redis.call('HSET', KEYS[1], 'answers', ARGV[6])
end
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[5]) then
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
end
return {'claimed', tostring(attempt)}`;

/** KEYS: round. ARGV: token, lease. */
const RENEW = `${HELD}
${NOW}
redis.call('HSET', KEYS[1], 'lease', tostring(now + tonumber(ARGV[2])))
return 1`;

/** KEYS: round. ARGV: token, ttl, kept ('1'), result. */
const FINISH = `${HELD}
redis.call('HDEL', KEYS[1], 'token', 'lease')
redis.call('HSET', KEYS[1], 'state', 'done')
if ARGV[3] == '1' then
  redis.call('HSET', KEYS[1], 'result', ARGV[4])
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/** KEYS: round. ARGV: token. */
const RELEASE = `${HELD}
local attempt = tonumber(redis.call('HGET', KEYS[1], 'attempt')) or 1
redis.call('HDEL', KEYS[1], 'token', 'lease')
redis.call('HSET', KEYS[1], 'state', 'open', 'attempt', tostring(attempt - 1))
if attempt - 1 == 0 then
  redis.call('HDEL', KEYS[1], 'answers')
end
return 1`;

/** Throws when an ioredis client's options would let a Redis outage hang calls. */
function checkClientOptions(options: RedisRoundCommands['options']): void {
  if (options === undefined) {
    return;
  }
  const advice = 'create the client with new Redis(url, REDIS_CLIENT_OPTIONS) from @elicitation-kit/server';
  const timeout = options.commandTimeout;
  if (typeof timeout !== 'number' || !(timeout > 0) || timeout > MAX_REDIS_COMMAND_TIMEOUT_MS) {
    throw new TypeError(
      `createRedisRoundStore: the Redis client's commandTimeout is ${String(timeout)}; without one (at most ${MAX_REDIS_COMMAND_TIMEOUT_MS} ms) a Redis outage hangs every answer until the client gives up. Set commandTimeout, or ${advice}.`,
    );
  }
  if (options.maxRetriesPerRequest === null) {
    throw new TypeError(
      `createRedisRoundStore: the Redis client's maxRetriesPerRequest is null (retry forever); set a small number (1), or ${advice}.`,
    );
  }
  if (typeof options.retryStrategy !== 'function') {
    throw new TypeError(
      `createRedisRoundStore: the Redis client has no retryStrategy, so it would never reconnect after an outage; give it one, or ${advice}.`,
    );
  }
}

/** The strings of a script's array reply (ioredis returns bulk strings as strings). */
function strings(reply: unknown): string[] {
  return Array.isArray(reply) ? reply.map((item) => String(item)) : [];
}

function toClaim(reply: unknown): RoundClaim {
  const [kind, first, second] = strings(reply);
  switch (kind) {
    case 'unknown':
      return { kind, epoch: first ?? '' };
    case 'done':
      return { kind, result: first };
    case 'running':
      return { kind, attempt: Number(first), leaseLeftMs: Number(second) };
    case 'lapsed':
    case 'claimed':
      return { kind, attempt: Number(first) };
    case 'other-answer':
      return { kind };
    default:
      throw new Error(`The round store's Redis answered a claim with ${JSON.stringify(reply)}`);
  }
}

/** A whole number of milliseconds Redis accepts (at least 1). */
function millis(ms: number): number {
  return Math.max(1, Math.ceil(ms));
}

/**
 * Rounds in Redis, shared by every replica that uses the same Redis (and the same request-state key). Each round is a
 * hash under `<prefix>round:<id>` that expires with the round; `<prefix>epoch` (no expiry) tells a Redis that lost its data.
 * Throws at once when an ioredis client is configured so that an outage would hang (no `commandTimeout`, unbounded
 * retries, no reconnection): use {@link REDIS_CLIENT_OPTIONS}.
 *
 * Redis set-up: with `appendonly yes` (and the default `appendfsync everysec`) a restart keeps open rounds, claims and
 * stored results; without persistence a restart forgets them (the epoch changes and their retries are told to ask the
 * user again). Use `maxmemory-policy noeviction` or a `volatile-*` policy, so the epoch key is never evicted.
 * @example
 * import { Redis } from 'ioredis';
 * const rounds = createRedisRoundStore(new Redis(process.env.REDIS_URL, REDIS_CLIENT_OPTIONS));
 */
export function createRedisRoundStore(redis: RedisRoundCommands, options: RedisRoundStoreOptions = {}): RoundStore {
  checkClientOptions(redis.options);
  const prefix = options.prefix ?? 'elicitation-kit:';
  const epochKey = `${prefix}epoch`;
  const key = (id: string): string => `${prefix}round:${id}`;
  return {
    async open(id, ttlMs): Promise<OpenedRound> {
      const epoch = await redis.eval(OPEN, 2, key(id), epochKey, crypto.randomUUID(), millis(ttlMs));
      return { epoch: String(epoch) };
    },
    async claim(id, { token, leaseMs, takeOver, ttlMs, answers }) {
      return toClaim(
        await redis.eval(
          CLAIM,
          2,
          key(id),
          epochKey,
          crypto.randomUUID(),
          token,
          millis(leaseMs),
          takeOver ? '1' : '0',
          millis(ttlMs),
          answers ?? '',
        ),
      );
    },
    async renew(id, token, leaseMs) {
      return Number(await redis.eval(RENEW, 1, key(id), token, millis(leaseMs))) === 1;
    },
    async finish(id, token, result, ttlMs) {
      const kept = result === undefined ? ['0', ''] : ['1', result];
      return Number(await redis.eval(FINISH, 1, key(id), token, millis(ttlMs), ...kept)) === 1;
    },
    async release(id, token) {
      return Number(await redis.eval(RELEASE, 1, key(id), token)) === 1;
    },
  };
}
