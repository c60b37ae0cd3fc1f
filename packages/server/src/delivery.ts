// How a 2026-07-28 answer is used once and its result never lost, whichever replica each copy of the retry reaches:
// the retry claims its round with a lease (renewed while the operation runs), the result is stored in the round store
// before it is sent, and every later copy of the retry gets the stored result, byte for byte. A copy that arrives
// while the operation runs waits for it (then gets the result) or is told to send again shortly. A claim whose lease
// ran out (its replica died) is taken over by the next copy for `at-least-once` tools, or reported as "outcome
// unknown" for `at-most-once` ones. Every refusal says why (`reason`) and whether the user must be asked again.
import type { CallToolResult, InputRequiredResult } from '@modelcontextprotocol/server';
import { bounded, messageOf, sleep, unrefTimer } from './store-calls.js';
import { errorText } from './results.js';
import type { RoundRefusalReason } from './refusals.js';
import type { RoundClaim, RoundState } from './rounds.js';
import type { ToolCall } from './tool.js';
import { outcome, results, step } from './turn.js';
import type { KitContext, Turn } from './turn.js';

/** What a 2026 round's retry may end with. */
type RoundResult = CallToolResult | InputRequiredResult;

/** The first and the longest pause between two looks at a round another request is running. */
const FIRST_POLL_MS = 25;
const LONGEST_POLL_MS = 250;
/** How often, and how far apart, a result the store could not take is offered again. */
const FINISH_ATTEMPTS = 20;
const FINISH_RETRY_MS = 500;

/** Answers `reason`, with a final record that says why (and what the store said, for `store-unavailable`). */
export function refuse(
  turn: Turn,
  reason: RoundRefusalReason,
  round: string | undefined,
  cause?: unknown,
): CallToolResult {
  outcome(turn, 'round-refused', {
    reason,
    ...(round === undefined ? {} : { round }),
    ...(cause === undefined ? {} : { cause: messageOf(cause) }),
  });
  return results.refused(turn, reason);
}

/** The call as the operation of an answered round sees it: the round id is its idempotency key. */
function callOfRound(call: ToolCall<unknown>, round: string, attempt: number): ToolCall<unknown> {
  return Object.freeze({ ...call, idempotencyKey: round, attempt });
}

/**
 * Gives back a claim whose reply never came (a timeout): it may still land later (a stalled Redis executes it when it
 * wakes up), so the release is tried again, one store timeout apart, until it succeeds or the claim's lease is over.
 */
function abandon(kit: KitContext, id: string, token: string): void {
  const { storeTimeoutMs, leaseMs } = kit.policy;
  const giveUpAt = Date.now() + leaseMs;
  void (async () => {
    while (Date.now() < giveUpAt) {
      await sleep(storeTimeoutMs);
      try {
        if (await bounded(kit, 'release', (store) => store.release(id, token))) {
          return;
        }
      } catch {
        // Still unreachable: try again.
      }
    }
  })();
}

/** Claims the round, waiting (within the policy) while an earlier copy of the retry runs it. */
async function claimRound(
  turn: Turn,
  id: string,
  token: string,
  answers: string | undefined,
): Promise<Exclude<RoundClaim, { kind: 'running' }> | { kind: 'failed'; error: unknown } | { kind: 'busy' }> {
  const { kit, spec, call } = turn;
  const options = {
    token,
    leaseMs: kit.policy.leaseMs,
    takeOver: spec.delivery === 'at-least-once',
    ttlMs: kit.ttlMs,
    ...(answers === undefined ? {} : { answers }),
  };
  const giveUpAt = Date.now() + kit.policy.waitMs;
  let pause = FIRST_POLL_MS;
  for (;;) {
    let claim: RoundClaim;
    try {
      claim = await bounded(kit, 'claim', (store) => store.claim(id, options));
    } catch (error) {
      // The claim may still land (a stalled Redis answers late): give it back, so the round stays answerable.
      abandon(kit, id, token);
      return { kind: 'failed', error };
    }
    if (claim.kind !== 'running') {
      return claim;
    }
    const left = giveUpAt - Date.now();
    if (left <= 0 || call.signal.aborted) {
      return { kind: 'busy' };
    }
    await sleep(Math.min(pause, left, claim.leaseLeftMs + 1));
    pause = Math.min(pause * 2, LONGEST_POLL_MS);
  }
}

/** Keeps a claim alive while its operation runs. */
function keepLease(kit: KitContext, id: string, token: string): () => void {
  const timer = setInterval(
    () => {
      bounded(kit, 'renew', (store) => store.renew(id, token, kit.policy.leaseMs)).catch(() => undefined);
    },
    Math.max(1, Math.floor(kit.policy.leaseMs / 3)),
  );
  unrefTimer(timer);
  return () => clearInterval(timer);
}

/** Stores the result; when the store cannot take it now, keeps the lease and offers it again in the background. */
async function storeResult(turn: Turn, id: string, token: string, text: string, stopLease: () => void): Promise<void> {
  const { kit } = turn;
  const kept = new TextEncoder().encode(text).length <= kit.policy.maxResultBytes ? text : undefined;
  const finish = (): Promise<boolean> =>
    bounded(kit, 'finish', (store) => store.finish(id, token, kept, kit.policy.resultTtlMs));
  try {
    if (!(await finish())) {
      step(turn, 'store-failed', { round: id, cause: 'the claim lapsed and another request took the round over' });
    }
    stopLease();
    return;
  } catch (error) {
    step(turn, 'store-failed', { round: id, cause: messageOf(error) });
  }
  void (async () => {
    try {
      for (let attempt = 1; attempt <= FINISH_ATTEMPTS; attempt += 1) {
        await sleep(FINISH_RETRY_MS);
        try {
          await finish();
          return;
        } catch {
          // Still unreachable: try again.
        }
      }
    } finally {
      stopLease();
    }
  })();
}

/**
 * Serves the answering retry of round `state` once: `answer(turn)` runs only when this retry claimed the round, with
 * the round id as the call's idempotency key; its result is stored before it is returned. Every other copy of the
 * retry gets the stored result (or a refusal that says why). `answers` (a digest of the retry's answer) binds the
 * round to its first answer: a copy that carries another one is refused `other-answer`, never given the first's result.
 */
export async function deliver(
  turn: Turn,
  state: RoundState,
  answer: (turn: Turn) => Promise<RoundResult>,
  answers?: string,
): Promise<RoundResult> {
  const token = crypto.randomUUID();
  const claim = await claimRound(turn, state.id, token, answers);
  switch (claim.kind) {
    case 'other-answer':
      return refuse(turn, 'other-answer', state.id);
    case 'failed':
      return refuse(turn, 'store-unavailable', state.id, claim.error);
    case 'busy':
      return refuse(turn, 'round-in-progress', state.id);
    case 'unknown':
      return refuse(
        turn,
        state.epoch !== undefined && state.epoch !== claim.epoch ? 'round-forgotten' : 'round-unknown',
        state.id,
      );
    case 'lapsed':
      return refuse(turn, 'outcome-unknown', state.id);
    case 'done':
      if (claim.result === undefined) {
        return refuse(turn, 'result-not-kept', state.id);
      }
      outcome(turn, 'replayed', { round: state.id });
      return JSON.parse(claim.result) as RoundResult;
    case 'claimed':
      break;
  }
  const stopLease = keepLease(turn.kit, state.id, token);
  let result: RoundResult;
  try {
    result = await answer({ ...turn, call: callOfRound(turn.call, state.id, claim.attempt) });
  } catch (error) {
    // What the SDK would answer for a throwing handler, stored like any result so that replays get the same.
    result = errorText(messageOf(error));
  }
  const text = JSON.stringify(result);
  await storeResult(turn, state.id, token, text, stopLease);
  // The stored text is what every replay gets: send exactly that, not the object it was made from.
  return JSON.parse(text) as RoundResult;
}
