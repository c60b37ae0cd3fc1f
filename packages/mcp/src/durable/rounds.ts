// Durable rounds (2026-07-28): what is written down about a round before its questions are shown, and the store it is
// written to. A round of the stateless era is everything needed to finish the call: any client that retries the same
// `tools/call` with the answers and the server's `requestState` completes it, so a round written here outlives the
// process that asked it. The store decides who holds a round (one holder at a time, by lease); the driver
// (./driver.ts) asks, retries and hands the outcome on.
import type { ElicitResult, JsonObject } from '@elicitation-kit/core';

/** Where a round's call goes again: the server's URL (a resuming process connects to it), and how it was shown. */
export interface DurableRoundServer {
  url: string;
  name?: string;
  title?: string;
}

/** The tool call a round belongs to: retried with the answers when they arrive. */
export interface DurableRoundTool {
  name: string;
  arguments: JsonObject;
}

/**
 * Where a round is in its life. `open`: its questions wait for the user. `answered`: the answers are written down and
 * the retry is (or was) on its way; it is retried again if its holder dies before `done`. `done` and `withdrawn` are
 * final.
 */
export type DurableRoundState = 'open' | 'answered' | 'done' | 'withdrawn';

/** Who holds a round, and until when (ms since the epoch): past `until`, any process may take it. */
export interface DurableRoundLease {
  holder: string;
  until: number;
}

/** Why a round ended without a result. */
export type DurableWithdrawalReason =
  /** Its `expiresAt` passed before it was answered: nothing was sent to the server. */
  | 'expired'
  /** A question of the round cannot be shown (refused by the kit's parser, or not an elicitation). */
  | 'refused';

/** How a durable call ended: what the caller gets, or what the resume handler receives. */
export type DurableOutcome =
  /** The call completed: the server's `CallToolResult` (which may itself be a tool error, `isError: true`). */
  | { type: 'result'; result: JsonObject }
  /** The retry failed (a JSON-RPC error, the network): the operation's effect is unknown unless the error says. */
  | { type: 'error'; error: { message: string; code?: number; data?: unknown } }
  /** Nothing more will happen: nothing was sent for this round. */
  | { type: 'withdrawn'; reason: DurableWithdrawalReason; message: string };

/** One round as written down: everything a process needs to show its questions again and finish the call. */
export interface DurableRound {
  /** This round's id. */
  id: string;
  /** The call's id: the same for every round of one tool call (what a resume handler de-duplicates by). */
  callId: string;
  /** 1 for the call's first `input_required`, 2 for the next, and so on. */
  round: number;
  server: DurableRoundServer;
  tool: DurableRoundTool;
  /** The server's `inputRequests`, exactly as received. */
  inputRequests: JsonObject;
  /** The server's opaque `requestState`, echoed byte for byte on the retry. */
  requestState?: string;
  /** The revision negotiated when the round was asked (its questions are parsed with its rules again). */
  protocolVersion: string;
  /** Whose round it is: the host's user (the bridge shows it to this owner's browser). */
  owner: string;
  /** The host's tag (e.g. the chat that asked), for its resume handler. */
  tag?: string;
  createdAt: number;
  /** After this (ms since the epoch) an unanswered round is withdrawn (`reason: 'expired'`). */
  expiresAt: number;
  state: DurableRoundState;
  lease: DurableRoundLease;
  /** Written when the user answered (`answered`): sent as `inputResponses` by whoever retries. */
  inputResponses?: Record<string, ElicitResult>;
  /** Written when the round ended (`done`, `withdrawn`); `done` with a further round has `next` instead. */
  outcome?: DurableOutcome;
  /** The id of the round the retry opened (a further `input_required`). */
  next?: string;
}

/** How a held round ends. */
export type DurableRoundEnd =
  | { state: 'done'; outcome: DurableOutcome }
  | { state: 'done'; next: string }
  | { state: 'withdrawn'; outcome: Extract<DurableOutcome, { type: 'withdrawn' }> };

/**
 * Where durable rounds are written. Every change but `open` names the holder making it and succeeds only while that
 * holder holds the lease, so a process that lost its round (it stalled past its lease and another took it) changes
 * nothing. `take` is the one way to become the holder of someone else's round: one taker wins. Leases are given as
 * durations and measured on the store's clock (a shared store's own, so that replicas whose clocks disagree still
 * agree on when a lease ran out).
 */
export interface DurableRoundStore {
  /** Writes a new round, held by `round.lease.holder` for `lease` ms. Rejects when the id exists. */
  open(round: DurableRound, lease: number): Promise<void>;
  /** The round, as last written; `undefined` when unknown (or pruned after it ended). */
  get(id: string): Promise<DurableRound | undefined>;
  /**
   * Extends `holder`'s lease to `lease` ms from now (`0` lets the round go at once); `false` when `holder` does not
   * hold the round or it ended.
   */
  renew(id: string, holder: string, lease: number): Promise<boolean>;
  /** `open` → `answered` with the user's answers; `false` when `holder` does not hold it or it is not `open`. */
  answer(id: string, holder: string, responses: Record<string, ElicitResult>): Promise<boolean>;
  /**
   * Makes `holder` the holder, for `lease` ms, of a round that is `open` or `answered` and whose lease ran out.
   * Returns the round as taken, or `undefined` when someone else holds it, took it first, or it ended.
   */
  take(id: string, holder: string, lease: number): Promise<DurableRound | undefined>;
  /** Rounds that are `open` or `answered` and whose lease ran out: their holder is gone. */
  orphans(): Promise<DurableRound[]>;
  /** Ends a round `holder` holds; `false` when it does not hold it or it already ended. */
  finish(id: string, holder: string, end: DurableRoundEnd): Promise<boolean>;
}

/** Whether a round is still in play (its questions wait, or its retry is owed). */
export function isLive(round: DurableRound): boolean {
  return round.state === 'open' || round.state === 'answered';
}

/** How long an ended round stays readable in the memory store after it ended (ms). */
const ENDED_KEPT_FOR = 10 * 60_000;

/**
 * A round store in this process's memory: for one backend process, and for tests. **A restart loses every round in
 * it**, and another process cannot see them: rounds survive the death of a call (its chat turn, its caller), not of
 * the process. Several replicas need a shared store (Redis: see the README, "Durable rounds").
 */
export function createMemoryDurableRoundStore(): DurableRoundStore {
  const rounds = new Map<string, { round: DurableRound; endedAt?: number }>();
  const copy = (round: DurableRound): DurableRound => structuredClone(round);
  const prune = (now: number): void => {
    for (const [id, kept] of rounds) {
      if (kept.endedAt !== undefined && now - kept.endedAt > ENDED_KEPT_FOR) {
        rounds.delete(id);
      }
    }
  };
  /** The live round `holder` holds, or `undefined`. */
  const held = (id: string, holder: string): DurableRound | undefined => {
    const round = rounds.get(id)?.round;
    return round !== undefined && isLive(round) && round.lease.holder === holder ? round : undefined;
  };

  return {
    async open(round, lease) {
      if (rounds.has(round.id)) {
        throw new Error(`DurableRoundStore.open: a round with id ${JSON.stringify(round.id)} already exists`);
      }
      const opened = copy(round);
      opened.lease = { holder: round.lease.holder, until: Date.now() + lease };
      rounds.set(round.id, { round: opened });
    },
    async get(id) {
      const round = rounds.get(id)?.round;
      return round === undefined ? undefined : copy(round);
    },
    async renew(id, holder, lease) {
      const round = held(id, holder);
      if (round === undefined) {
        return false;
      }
      round.lease = { holder, until: Date.now() + lease };
      return true;
    },
    async answer(id, holder, responses) {
      const round = held(id, holder);
      if (round?.state !== 'open') {
        return false;
      }
      round.state = 'answered';
      round.inputResponses = structuredClone(responses);
      return true;
    },
    async take(id, holder, lease) {
      const now = Date.now();
      const round = rounds.get(id)?.round;
      if (round === undefined || !isLive(round) || round.lease.until > now) {
        return undefined;
      }
      round.lease = { holder, until: now + lease };
      return copy(round);
    },
    async orphans() {
      const now = Date.now();
      prune(now);
      return Array.from(rounds.values(), (kept) => kept.round)
        .filter((round) => isLive(round) && round.lease.until <= now)
        .map(copy);
    },
    async finish(id, holder, end) {
      const round = held(id, holder);
      if (round === undefined) {
        return false;
      }
      round.state = end.state;
      if ('next' in end) {
        round.next = end.next;
      } else {
        round.outcome = structuredClone(end.outcome);
      }
      rounds.set(id, { round, endedAt: Date.now() });
      return true;
    },
  };
}
