// Where 2026-07-28 rounds live between the request that asks and the retry that answers, so that an answer is used
// once and its result is never lost. A round is opened when it is asked; the retry that answers it claims it with a
// lease, runs the operation (renewing the lease while it runs) and stores the result; every later copy of that retry
// gets the stored result, on whichever replica it lands. A claim whose lease runs out (its replica died) may be taken
// over by a resend. The store's epoch changes when it loses its data (a Redis restart without persistence), so a
// retry for a forgotten round is told "ask again" rather than "already used".
/** What a sealed round state says. Readable by the client (signed, not encrypted): never put secrets here. */
export interface RoundState {
  /** The tool that asked. */
  tool: string;
  /** The `inputRequests` keys of the round, in order. */
  keys: string[];
  /** A fresh id per round: its key in the round store (see rounds.ts) and the operation's idempotency key. */
  id: string;
  /** The round store's epoch when the round was asked: a different one later means the store lost the round. */
  epoch?: string;
  /** URL questions: the flow each key sent the user to. */
  flows?: Record<string, string>;
  /** When the server withdraws the question (ms since the epoch): a later answer is not used. */
  deadline?: number;
  /** A digest of the tool's arguments: a retry with other arguments answers nothing. */
  args?: string;
  /**
   * A follow-up round (`call.ask`): every earlier round of the call with its answers as the client sent them, the
   * tool's own questions first. Sealed with the rest, so a client cannot alter an answer it gave before.
   */
  answered?: AnsweredRound[];
}

/** One earlier round of a call, as a follow-up round's state carries it. */
export interface AnsweredRound {
  /** The round's `inputRequests` keys, in order. */
  keys: string[];
  /** The client's `inputResponses` for those keys. */
  responses: Record<string, unknown>;
  /** URL questions of the tool's own round: the flow each key completed. */
  flows?: Record<string, string>;
}

/** A value or a promise of it: a store may be synchronous (memory) or asynchronous (Redis). */
type MaybePromise<T> = T | Promise<T>;

/** How the kit runs rounds against its store. */
export interface RoundPolicy {
  /**
   * How long a claim holds without being renewed, in milliseconds (it is renewed every third of it while the
   * operation runs). When the replica running an answer dies, a resend after this long runs it again
   * (`at-least-once`) or learns that the outcome is unknown (`at-most-once`). @default 10000
   */
  leaseMs?: number;
  /** How long a resend waits for an earlier copy still running before it is told to send again. @default 10000 */
  waitMs?: number;
  /** The largest result kept for replays, in bytes of its JSON text. @default 262144 (256 KiB) */
  maxResultBytes?: number;
  /** How long a finished round's result is kept, in milliseconds. @default the round lifetime (20 minutes) */
  resultTtlMs?: number;
  /** The longest one round-store operation may take before the call gets `store-unavailable`. @default 5000 */
  storeTimeoutMs?: number;
}

/** The defaults of {@link RoundPolicy}, except `resultTtlMs` (the round lifetime). */
export const DEFAULT_ROUND_POLICY = Object.freeze({
  leaseMs: 10_000,
  waitMs: 10_000,
  maxResultBytes: 256 * 1024,
  storeTimeoutMs: 5_000,
});

/** What {@link RoundStore.open} reports: the store's epoch, sealed into the round's state. */
export interface OpenedRound {
  /** Changes whenever the store lost its rounds (a restart without persistence, another process's memory). */
  epoch: string;
}

/** How a retry claims its round. */
export interface RoundClaimOptions {
  /** Who claims: a fresh token per attempt; {@link RoundStore.renew}, `finish` and `release` must present it. */
  token: string;
  /** How long the claim holds without a renewal, in milliseconds. */
  leaseMs: number;
  /** Take over a claim whose lease ran out (`true` for operations that may run again). */
  takeOver: boolean;
  /** How long the round's record lives from now on, in milliseconds (at least until its result is stored). */
  ttlMs: number;
  /**
   * A digest of the answer this retry carries (canonical JSON of its `inputResponses`). The first claim records it;
   * a later claim with another digest gets `other-answer` whatever state the round is in, and changes nothing.
   */
  answers?: string;
}

/**
 * What the store says when a retry claims a round.
 * - `claimed`: the round is this retry's to run. `attempt` is 1, or more when a lapsed claim was taken over.
 * - `running`: another request holds the claim; its lease ends in `leaseLeftMs`.
 * - `lapsed`: a claim's lease ran out without a result and `takeOver` was `false`: whether it ran is unknown.
 * - `done`: the round finished; `result` is the stored JSON text of its result (`undefined`: too large to keep).
 * - `unknown`: the store has no such round (never opened here, expired, or lost); `epoch` is the store's epoch now.
 * - `other-answer`: the round was claimed with another `answers` digest: this answer is never used.
 */
export type RoundClaim =
  | { kind: 'claimed'; attempt: number }
  | { kind: 'running'; attempt: number; leaseLeftMs: number }
  | { kind: 'lapsed'; attempt: number }
  | { kind: 'done'; result: string | undefined }
  | { kind: 'unknown'; epoch: string }
  | { kind: 'other-answer' };

/**
 * Where rounds live. Every method may be synchronous or asynchronous; `claim`, `renew`, `finish` and `release` must
 * each be atomic across every server that shares the store. A method that throws (or times out) is reported to the
 * client as `store-unavailable`.
 */
export interface RoundStore {
  /** Records that round `id` was asked; it lives `ttlMs`. Returns the store's epoch. */
  open(id: string, ttlMs: number): MaybePromise<OpenedRound>;
  /** Claims round `id` for its answer, or reports why not (see {@link RoundClaim}). */
  claim(id: string, options: RoundClaimOptions): MaybePromise<RoundClaim>;
  /** Extends a claim held with `token` by `leaseMs`; `false` when the claim is no longer `token`'s. */
  renew(id: string, token: string, leaseMs: number): MaybePromise<boolean>;
  /**
   * Stores the result of a claim held with `token` (`undefined`: the round finished but its result is not kept) and
   * keeps it `ttlMs`; `false` when the claim is no longer `token`'s (it lapsed and another request took it over).
   */
  finish(id: string, token: string, result: string | undefined, ttlMs: number): MaybePromise<boolean>;
  /** Gives a claim held with `token` back (the round is open again): its claimer never started the operation. */
  release(id: string, token: string): MaybePromise<boolean>;
}

/** Options of {@link createMemoryRoundStore}. */
export interface MemoryRoundStoreOptions {
  /** Most rounds kept (open, running or finished); beyond it the oldest is forgotten. @default 50000 */
  capacity?: number;
  /** Most bytes of stored results kept; beyond it the oldest rounds are forgotten. @default 67108864 (64 MiB) */
  maxResultBytes?: number;
  /** The clock, in milliseconds. @default Date.now */
  now?: () => number;
}

/** One round in memory. */
interface MemoryRound {
  state: 'open' | 'running' | 'done';
  expires: number;
  attempt: number;
  token?: string;
  leaseEnds?: number;
  result?: string;
  /** The digest of the answer the round was first claimed with. */
  answers?: string;
}

/**
 * Rounds in this process's memory: right for one process. Its epoch is new in every process, so a retry that
 * reaches another process (or this one after a restart) is told the round was forgotten and the user must be asked
 * again. Several replicas need a shared store: {@link createRedisRoundStore}.
 */
export function createMemoryRoundStore(options: MemoryRoundStoreOptions = {}): RoundStore {
  const capacity = options.capacity ?? 50_000;
  const maxResultBytes = options.maxResultBytes ?? 64 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const epoch = crypto.randomUUID();
  /** Round id → round. A Map keeps insertion order, so the first entry is the oldest. */
  const rounds = new Map<string, MemoryRound>();
  let resultBytes = 0;

  const forget = (id: string): void => {
    const round = rounds.get(id);
    if (round !== undefined) {
      resultBytes -= round.result?.length ?? 0;
      rounds.delete(id);
    }
  };
  const trim = (): void => {
    for (const id of rounds.keys()) {
      if (rounds.size <= capacity && resultBytes <= maxResultBytes) {
        return;
      }
      forget(id);
    }
  };
  /** The live round `id`, or `undefined` once it expired (an expired round is forgotten). */
  const live = (id: string): MemoryRound | undefined => {
    const round = rounds.get(id);
    if (round !== undefined && round.expires <= now()) {
      forget(id);
      return undefined;
    }
    return round;
  };
  const heldBy = (id: string, token: string): MemoryRound | undefined => {
    const round = live(id);
    return round?.state === 'running' && round.token === token ? round : undefined;
  };

  return {
    open(id, ttlMs) {
      forget(id);
      rounds.set(id, { state: 'open', expires: now() + ttlMs, attempt: 0 });
      trim();
      return { epoch };
    },
    claim(id, { token, leaseMs, takeOver, ttlMs, answers }) {
      const round = live(id);
      if (round === undefined) {
        return { kind: 'unknown', epoch };
      }
      if (answers !== undefined && round.answers !== undefined && round.answers !== answers) {
        return { kind: 'other-answer' };
      }
      if (round.state === 'done') {
        return { kind: 'done', result: round.result };
      }
      if (round.state === 'running') {
        const leaseLeftMs = (round.leaseEnds ?? 0) - now();
        if (leaseLeftMs > 0) {
          return { kind: 'running', attempt: round.attempt, leaseLeftMs };
        }
        if (!takeOver) {
          return { kind: 'lapsed', attempt: round.attempt };
        }
      }
      round.state = 'running';
      round.attempt += 1;
      round.token = token;
      round.leaseEnds = now() + leaseMs;
      round.expires = Math.max(round.expires, now() + ttlMs);
      if (round.answers === undefined && answers !== undefined) {
        round.answers = answers;
      }
      return { kind: 'claimed', attempt: round.attempt };
    },
    renew(id, token, leaseMs) {
      const round = heldBy(id, token);
      if (round === undefined) {
        return false;
      }
      round.leaseEnds = now() + leaseMs;
      return true;
    },
    finish(id, token, result, ttlMs) {
      const round = heldBy(id, token);
      if (round === undefined) {
        return false;
      }
      round.state = 'done';
      round.expires = now() + ttlMs;
      delete round.token;
      delete round.leaseEnds;
      if (result !== undefined) {
        round.result = result;
        resultBytes += result.length;
        trim();
      }
      return true;
    },
    release(id, token) {
      const round = heldBy(id, token);
      if (round === undefined) {
        return false;
      }
      round.state = 'open';
      round.attempt -= 1;
      if (round.attempt === 0) {
        // Nothing ran with it: the round is as if never claimed.
        delete round.answers;
      }
      delete round.token;
      delete round.leaseEnds;
      return true;
    },
  };
}
