// The ways a 2026-07-28 retry can go unanswered by a result, each with its own reason, its own words, and whether the
// user must be asked again. A refusal never says "nothing was done" unless that is known to be true.

/**
 * Why a 2026-07-28 retry was not answered with a result (`reason` in the result's `structuredContent`):
 * - `round-unknown`: the store does not know the round (it expired, or was never recorded). Ask the user again.
 * - `round-forgotten`: the store lost its rounds since the round was asked (a restart without persistence, or
 *   another process's memory store). Ask the user again.
 * - `store-unavailable`: the round store did not answer in time, so this request ran nothing. Send it again later.
 * - `round-in-progress`: an earlier copy of this retry is still running. Send it again shortly for its result.
 * - `outcome-unknown`: the server running this answer stopped before it finished, and the tool is `at-most-once`:
 *   whether the operation took effect is unknown.
 * - `result-not-kept`: the round finished, but its result was too large to keep for a second delivery.
 * - `other-answer`: the round was already answered with another answer (its state is an idempotency key: one answer
 *   each). This answer was not used; the first one's result stands.
 */
export type RoundRefusalReason =
  | 'round-unknown'
  | 'round-forgotten'
  | 'store-unavailable'
  | 'round-in-progress'
  | 'outcome-unknown'
  | 'result-not-kept'
  | 'other-answer';

/** Whether the user must be asked again after each refusal (`askAgain` in the result). */
export const ASK_AGAIN: Readonly<Record<RoundRefusalReason, boolean>> = Object.freeze({
  'round-unknown': true,
  'round-forgotten': true,
  'store-unavailable': false,
  'round-in-progress': false,
  'outcome-unknown': false,
  'result-not-kept': false,
  'other-answer': false,
});

/** The default words of each refusal (a tool overrides them with `messages.refused`). */
export const REFUSAL_MESSAGES: Readonly<Record<RoundRefusalReason, string>> = Object.freeze({
  'round-unknown':
    'This answer belongs to a question this server does not know (it expired, or was never recorded); nothing was done. Ask the user again.',
  'round-forgotten':
    "This answer belongs to a question the server's round store lost (it restarted without keeping its data); nothing was done. Ask the user again.",
  'store-unavailable':
    'The server could not reach its round store, so this request ran nothing. Send the same request again later; the user need not be asked again.',
  'round-in-progress':
    'This answer is still being worked on by an earlier copy of this request; nothing new was started. Send the same request again shortly to get its result; the user need not be asked again.',
  'outcome-unknown':
    'The server working on this answer stopped before it finished, and this tool never runs twice: whether it took effect is unknown. Check before asking the user again.',
  'result-not-kept':
    'This answer was already used; its result was too large to keep, so it cannot be sent again. Nothing was done again; the user need not be asked again.',
  'other-answer':
    "This question was already answered with a different answer: a question's requestState carries one answer only. This answer was not used and nothing was done; the first answer's result stands. To answer differently, call the tool again without this requestState.",
});

/**
 * Why an approval argument was refused (`reason` of the `refused` result and of the `approval-refused` record):
 * - `approval-invalid`: not an approval this server signed (forged, altered, malformed, or another server's key).
 * - `approval-expired`: its expiry passed.
 * - `approval-other-tool`: it was minted for another tool.
 * - `approval-other-arguments`: it was minted for other arguments of this tool.
 * - `approval-used`: it was used already (approvals are single-use).
 * - `approval-unknown`: the round store does not know it (its store lost it, or another server minted it).
 */
export type ApprovalRefusalReason =
  | 'approval-invalid'
  | 'approval-expired'
  | 'approval-other-tool'
  | 'approval-other-arguments'
  | 'approval-used'
  | 'approval-unknown';

/** The words of each approval refusal. */
export const APPROVAL_REFUSAL_MESSAGES: Readonly<Record<ApprovalRefusalReason, string>> = Object.freeze({
  'approval-invalid': 'The approval is not one this server issued (forged, altered or malformed). Nothing was done.',
  'approval-expired': 'The approval expired. Nothing was done; a new approval is needed.',
  'approval-other-tool': 'The approval was issued for another tool. Nothing was done.',
  'approval-other-arguments':
    'The approval was issued for other arguments of this tool. Nothing was done; call it with the approved arguments, or get an approval for these.',
  'approval-used': 'The approval was used already; an approval is good for one call. Nothing was done.',
  'approval-unknown':
    'The server has no record of this approval (its store lost it, or another server issued it). Nothing was done; a new approval is needed.',
});
