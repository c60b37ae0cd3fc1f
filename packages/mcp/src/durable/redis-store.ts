// Durable rounds in Redis, shared by every replica of a host. Each change is one Lua script, so it is atomic however
// many replicas race on one round (one `take` wins); leases are measured on the Redis server's clock (TIME), so
// replicas whose clocks disagree still agree on when a lease ran out. A round is a hash: its unchanging part as one
// JSON string (never decoded in Lua: the tool's arguments go back byte for byte), and the fields the scripts change
// (`state`, `holder`, `until`, the answers, the outcome). A sorted set of the live rounds, by lease end, finds orphans.
// No Redis client is imported: anything with ioredis's `eval` fits.
import type { ElicitResult } from '@elicitation-kit/core';
import type { DurableOutcome, DurableRound, DurableRoundState, DurableRoundStore } from './rounds.js';

/** What the store needs of a Redis client: `EVAL`, typed so that an `ioredis` 6 client fits as is. */
export interface DurableRedisCommands {
  /**
   * Redis's `EVAL` command (a Lua script run inside Redis): the scripts are this module's constants, and every key and
   * value goes in as `KEYS` / `ARGV`, never into the script's text.
   */
  eval(...args: [script: string, numkeys: number, ...args: (string | number)[]]): Promise<unknown>;
}

/** Options of {@link createRedisDurableRoundStore}. */
export interface RedisDurableRoundStoreOptions {
  /** Key prefix, so that several applications can share one Redis. @default 'elicitation-kit:durable:' */
  prefix?: string;
  /**
   * How long a round stays in Redis after its `expiresAt` while it is not ended (an answered round is still retried
   * after it; a crash of every replica leaves it to be found again), in ms. @default 24 hours
   */
  keepLive?: number;
  /** How long an ended round stays readable (`get`), in ms. @default 10 minutes */
  keepEnded?: number;
}

/** `now`: the Redis server's clock in milliseconds. */
const NOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)`;

/** Returns 0 unless the round is live and held by `ARGV[1]`; `state` is its state then. */
const HELD = `
local held = redis.call('HMGET', KEYS[1], 'state', 'holder')
local state = held[1]
if (state ~= 'open' and state ~= 'answered') or held[2] ~= ARGV[1] then
  return 0
end`;

/** KEYS: round, live set. ARGV: id, body, holder, lease, keep (ms). 1 when written, 0 when the id exists. */
const OPEN = `${NOW}
if redis.call('EXISTS', KEYS[1]) == 1 then
  return 0
end
local ends = now + tonumber(ARGV[4])
redis.call('HSET', KEYS[1], 'body', ARGV[2], 'state', 'open', 'holder', ARGV[3], 'until', ends)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('ZADD', KEYS[2], ends, ARGV[1])
return 1`;

/** KEYS: round, live set. ARGV: holder, lease, id. */
const RENEW = `${HELD}${NOW}
local ends = now + tonumber(ARGV[2])
redis.call('HSET', KEYS[1], 'until', ends)
redis.call('ZADD', KEYS[2], ends, ARGV[3])
return 1`;

/** KEYS: round. ARGV: holder, answers (JSON). */
const ANSWER = `${HELD}
if state ~= 'open' then
  return 0
end
redis.call('HSET', KEYS[1], 'state', 'answered', 'responses', ARGV[2])
return 1`;

/** KEYS: round, live set. ARGV: holder, lease, id. The round's fields when taken, else 0. */
const TAKE = `${NOW}
local round = redis.call('HMGET', KEYS[1], 'state', 'until')
if (round[1] ~= 'open' and round[1] ~= 'answered') or tonumber(round[2]) > now then
  return 0
end
local ends = now + tonumber(ARGV[2])
redis.call('HSET', KEYS[1], 'holder', ARGV[1], 'until', ends)
redis.call('ZADD', KEYS[2], ends, ARGV[3])
return redis.call('HGETALL', KEYS[1])`;

/** KEYS: live set. ARGV: how many at most. The ids whose lease ran out. */
const ORPHANS = `${NOW}
return redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, tonumber(ARGV[1]))`;

/** KEYS: round, live set. ARGV: holder, state, outcome (JSON or ''), next ('' none), keep (ms), id. */
const FINISH = `${HELD}
redis.call('HSET', KEYS[1], 'state', ARGV[2])
if ARGV[3] ~= '' then
  redis.call('HSET', KEYS[1], 'outcome', ARGV[3])
end
if ARGV[4] ~= '' then
  redis.call('HSET', KEYS[1], 'next', ARGV[4])
end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('ZREM', KEYS[2], ARGV[6])
return 1`;

/** KEYS: round, live set. ARGV: id. The round's fields, or 0 (a live-set member whose round is gone leaves the set). */
const GET = `
local fields = redis.call('HGETALL', KEYS[1])
if #fields == 0 then
  redis.call('ZREM', KEYS[2], ARGV[1])
  return 0
end
return fields`;

/** How many orphans one `orphans()` returns at most (the next scan finds the rest). */
const ORPHANS_PER_SCAN = 100;

/** The part of a round that never changes once it is written. */
type RoundBody = Omit<DurableRound, 'state' | 'lease' | 'inputResponses' | 'outcome' | 'next'>;

/** A round from the flat `HGETALL` reply of its hash. */
function fromFields(reply: unknown): DurableRound | undefined {
  if (!Array.isArray(reply) || reply.length === 0) {
    return undefined;
  }
  const fields = new Map<string, string>();
  for (let index = 0; index + 1 < reply.length; index += 2) {
    fields.set(String(reply[index]), String(reply[index + 1]));
  }
  const body = JSON.parse(fields.get('body') ?? '{}') as RoundBody;
  const responses = fields.get('responses');
  const outcome = fields.get('outcome');
  const next = fields.get('next');
  return {
    ...body,
    state: fields.get('state') as DurableRoundState,
    lease: { holder: fields.get('holder') ?? '', until: Number(fields.get('until')) },
    ...(responses !== undefined ? { inputResponses: JSON.parse(responses) as Record<string, ElicitResult> } : {}),
    ...(outcome !== undefined ? { outcome: JSON.parse(outcome) as DurableOutcome } : {}),
    ...(next !== undefined ? { next } : {}),
  };
}

/** A lease as Redis takes it: whole milliseconds, never negative. */
function lease(ms: number): number {
  return Math.max(0, Math.ceil(ms));
}

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) {
    throw new RangeError(`createRedisDurableRoundStore: \`${name}\` must be a positive number of ms (got ${value})`);
  }
  return value;
}

/**
 * A durable round store in Redis: what several replicas share, so that a round asked by one is finished by another
 * when the first is killed or redeployed. With persistence (AOF) a Redis restart keeps the rounds; without it, the
 * rounds open at the restart are gone, and their questions with them (their callers, if alive, are told: their
 * renewals fail and their rounds cannot be answered).
 * @example createRedisDurableRoundStore(new Redis(process.env.REDIS_URL))
 */
export function createRedisDurableRoundStore(
  redis: DurableRedisCommands,
  options: RedisDurableRoundStoreOptions = {},
): DurableRoundStore {
  const prefix = options.prefix ?? 'elicitation-kit:durable:';
  const keepLive = positive('keepLive', options.keepLive ?? 24 * 60 * 60_000);
  const keepEnded = positive('keepEnded', options.keepEnded ?? 10 * 60_000);
  const live = `${prefix}live`;
  const key = (id: string): string => `${prefix}round:${id}`;

  return {
    async open(round, leaseMs) {
      const { state: _state, lease: held, inputResponses: _responses, outcome: _outcome, next: _next, ...body } = round;
      const keep = Math.max(round.expiresAt - Date.now(), 0) + keepLive;
      const opened = await redis.eval(
        OPEN,
        2,
        key(round.id),
        live,
        round.id,
        JSON.stringify(body),
        held.holder,
        lease(leaseMs),
        Math.ceil(keep),
      );
      if (opened !== 1) {
        throw new Error(`DurableRoundStore.open: a round with id ${JSON.stringify(round.id)} already exists`);
      }
    },
    async get(id) {
      return fromFields(await redis.eval(GET, 2, key(id), live, id));
    },
    async renew(id, holder, leaseMs) {
      return (await redis.eval(RENEW, 2, key(id), live, holder, lease(leaseMs), id)) === 1;
    },
    async answer(id, holder, responses) {
      return (await redis.eval(ANSWER, 1, key(id), holder, JSON.stringify(responses))) === 1;
    },
    async take(id, holder, leaseMs) {
      return fromFields(await redis.eval(TAKE, 2, key(id), live, holder, lease(leaseMs), id));
    },
    async orphans() {
      const ids = await redis.eval(ORPHANS, 1, live, ORPHANS_PER_SCAN);
      const found: DurableRound[] = [];
      for (const id of Array.isArray(ids) ? ids : []) {
        const round = fromFields(await redis.eval(GET, 2, key(String(id)), live, String(id)));
        if (round !== undefined) {
          found.push(round);
        }
      }
      return found;
    },
    async finish(id, holder, end) {
      return (
        (await redis.eval(
          FINISH,
          2,
          key(id),
          live,
          holder,
          end.state,
          'outcome' in end ? JSON.stringify(end.outcome) : '',
          'next' in end ? end.next : '',
          keepEnded,
          id,
        )) === 1
      );
    },
  };
}
