// Questions that depend on earlier answers: inside its operation, a tool asks again with `call.ask(questions)` (e.g.
// choose a warehouse, then choose among that warehouse's formats). Each era asks its own way — a 2025 session gets
// another `elicitation/create` on the call's stream (push.ts), a 2026-07-28 client another `input_required` round
// whose sealed state carries the earlier answers (modern.ts) — and both use the same rules from here: form questions
// only, every answer re-validated, and a decline, a cancel or an invalid answer ends the call with the kit's result.
//
// `call.ask` ends the call by throwing a {@link FollowUpStop} through the operation; the kit catches it (settle.ts).
// An operation must let it through (a catch-all around `call.ask` would swallow the end of the call).
import type { CallToolResult } from './mcp-types.js';
import { ElicitationDefinitionError } from './question.js';
import type { FormQuestion } from './question.js';
import { validationIssues } from './settle.js';
import type { ReceivedAnswer } from './settle.js';
import { checkQuestions } from './tool.js';
import type { AcceptedContent, Questions } from './tool.js';
import { outcome, results } from './turn.js';
import type { Turn } from './turn.js';

/** The questions `call.ask` takes: form questions by key. */
export type FollowUpQuestions = Readonly<Record<string, FormQuestion<unknown>>>;

/**
 * How one era asks a follow-up round: resolves with the round's turn and its answers as received, or throws a
 * {@link FollowUpStop} (the call ended while waiting, or a 2026 round was returned to the client).
 */
export type FollowUpAsker = (
  questions: Questions,
) => Promise<{ turn: Turn; received: ReadonlyMap<string, ReceivedAnswer> }>;

/** Where a call's follow-ups are asked: set by the era once the tool's own questions are answered. */
export interface FollowUps {
  ask: FollowUpAsker | undefined;
  /** The client's `elicitation` capability for this call (a 2025 follow-up checks it before it asks). */
  readonly declared: () => unknown;
}

/** Thrown through the operation when a follow-up ends the call or suspends it; never seen by the client. */
export class FollowUpStop extends Error {
  constructor(reason: string) {
    super(`call.ask stopped the operation here (${reason}); the kit answers the call. Let this error through.`);
    this.name = 'FollowUpStop';
  }
}

/** A follow-up ended the call (a decline, a cancel, an invalid answer, …): `result` is the call's result. */
export class FollowUpEnded extends FollowUpStop {
  readonly result: CallToolResult;
  constructor(result: CallToolResult) {
    super('the follow-up ended the call');
    this.result = result;
  }
}

/** Checks a follow-up's questions: as a tool's questions are checked, and forms only. */
function checkFollowUps(tool: string, questions: unknown): Questions {
  const checked = checkQuestions(tool, questions);
  for (const [key, question] of Object.entries(checked)) {
    if (question.mode !== 'form') {
      throw new ElicitationDefinitionError(
        `${tool}: call.ask takes form questions; "${key}" is a URL question (put URL questions in the tool's \`questions\`)`,
        { problem: 'definition', property: key },
      );
    }
  }
  return checked;
}

/** The turn of one follow-up round: the call's, with the follow-up's questions. */
export function followUpTurn(turn: Turn, questions: Questions): Turn {
  return { ...turn, questions, keys: Object.keys(questions) };
}

/**
 * The content of an answered follow-up round, by key; every other ending throws {@link FollowUpEnded} with the kit's
 * result and writes the call's final record (a client error, cancel over decline, then each field and rule).
 */
function followUpContent(turn: Turn, received: ReadonlyMap<string, ReceivedAnswer>): Record<string, unknown> {
  const clientError = [...received.values()].find(
    (answer): answer is Extract<ReceivedAnswer, { kind: 'error' }> => answer.kind === 'error',
  );
  if (clientError !== undefined) {
    outcome(turn, 'client-error', { error: { code: clientError.code, message: clientError.message } });
    throw new FollowUpEnded(results.clientError(turn, clientError.code, clientError.message));
  }
  const actions = turn.keys.map((key) => {
    const answer = received.get(key);
    return answer?.kind === 'form' ? answer.result.action : 'cancel';
  });
  if (actions.includes('cancel')) {
    outcome(turn, 'cancel');
    throw new FollowUpEnded(results.cancelled(turn));
  }
  if (actions.includes('decline')) {
    outcome(turn, 'decline');
    throw new FollowUpEnded(results.declined(turn));
  }
  const { issues, contents } = validationIssues(turn, received);
  if (issues.length > 0) {
    outcome(turn, 'accept', { validation: 'failed', issues });
    throw new FollowUpEnded(results.invalid(turn, issues, 'answer'));
  }
  return Object.fromEntries(contents);
}

/** `call.ask` of one call: checks the questions, asks them the era's way, and gives back the accepted content. */
export function askFollowUp(
  tool: string,
  followUps: FollowUps,
): <const Qs extends FollowUpQuestions>(questions: Qs) => Promise<AcceptedContent<Qs>> {
  return async (questions) => {
    const checked = checkFollowUps(tool, questions);
    if (followUps.ask === undefined) {
      throw new Error(
        `${tool}: call.ask works in \`run\` and \`accept\` once the tool's own questions are answered (not in hooks, approvals or arguments that answer the form)`,
      );
    }
    const { turn, received } = await followUps.ask(checked);
    return followUpContent(turn, received) as AcceptedContent<typeof questions>;
  };
}
