// From answers to a result, the same in both eras: client errors first, then (for `accept` tools) cancel before
// decline, and no accepted content reaches the operation before it passed the re-validation.
import type { ElicitResult } from '@elicitation-kit/core';
import { FollowUpEnded, FollowUpStop } from './follow-up.js';
import type { CallToolResult } from './mcp-types.js';
import type { OutcomeAction, OutcomeIssue } from './records.js';
import type { ClientErrorAnswer } from './tool.js';
import { outcome, results } from './turn.js';
import type { Turn } from './turn.js';

/** An answer as received, before validation. */
export type ReceivedAnswer =
  | { kind: 'form'; result: ElicitResult }
  | { kind: 'url'; action: ElicitResult['action']; flowId: string }
  | { kind: 'error'; code: number | string; message: string };

/** Message of an issue when a question's schema was never checked. */
const UNCHECKED_MESSAGE = 'This question uses a schema outside the restricted schema; its answer cannot be checked.';

/** Every issue of the accepted form answers, in key order, and the content of those that passed. */
export function validationIssues(
  turn: Turn,
  received: ReadonlyMap<string, ReceivedAnswer>,
): {
  issues: OutcomeIssue[];
  contents: Map<string, Record<string, unknown>>;
} {
  const issues: OutcomeIssue[] = [];
  const contents = new Map<string, Record<string, unknown>>();
  for (const key of turn.keys) {
    const answer = received.get(key);
    const question = turn.questions[key];
    if (answer?.kind !== 'form' || answer.result.action !== 'accept' || question?.mode !== 'form') {
      continue;
    }
    if (question.validate === undefined) {
      issues.push({ key, field: '', code: 'type', message: UNCHECKED_MESSAGE });
      continue;
    }
    const checked = question.validate(answer.result.content ?? {});
    if (checked.ok) {
      contents.set(key, checked.content);
    } else {
      for (const { field, code, message } of checked.issues) {
        issues.push({ key, field, code, message });
      }
    }
  }
  return { issues, contents };
}

function actionOf(answer: ReceivedAnswer): string {
  if (answer.kind === 'error') {
    return 'error';
  }
  return answer.kind === 'form' ? answer.result.action : answer.action;
}

/** The one action that sums up a round: `cancel` over `decline` over `accept`. */
function overallAction(actions: readonly string[]): 'accept' | 'decline' | 'cancel' {
  if (actions.includes('cancel')) {
    return 'cancel';
  }
  return actions.includes('decline') ? 'decline' : 'accept';
}

/** `completed` when every question was a URL one (its flow is done), else `accept`. */
function acceptAction(turn: Turn): OutcomeAction {
  return turn.keys.every((key) => turn.questions[key]?.mode === 'url') ? 'completed' : 'accept';
}

/**
 * Runs the operation and writes the final record after it (so the record carries what the operation noted). A
 * follow-up that ended the call (`call.ask`) wrote its own record and gives the result; one that suspended it (a 2026
 * round returned) goes on up to the era that asked it.
 */
async function runOperation(
  turn: Turn,
  action: OutcomeAction,
  extra: Parameters<typeof outcome>[2],
  operation: () => CallToolResult | Promise<CallToolResult>,
): Promise<CallToolResult> {
  let stopped = false;
  try {
    return await operation();
  } catch (error) {
    stopped = error instanceof FollowUpStop;
    if (error instanceof FollowUpEnded) {
      return error.result;
    }
    throw error;
  } finally {
    if (!stopped) {
      outcome(turn, action, extra);
    }
  }
}

/**
 * Turns the answers of a round into the call's result: the operation's, or one of the kit's (`refused` for a client
 * error, `cancelled` / `not_started`, `invalid` with every field and rule).
 */
export async function settle(
  turn: Turn,
  received: ReadonlyMap<string, ReceivedAnswer>,
  round?: string,
): Promise<CallToolResult> {
  const spec = turn.spec;
  const actions: Record<string, string> = {};
  for (const key of turn.keys) {
    const answer = received.get(key);
    if (answer !== undefined) {
      actions[key] = actionOf(answer);
    }
  }
  const several = turn.keys.length > 1 ? { actions } : {};
  const base = { ...several, ...(round === undefined ? {} : { round }) };

  const clientError = [...received.values()].find(
    (answer): answer is Extract<ReceivedAnswer, { kind: 'error' }> => answer.kind === 'error',
  );
  if (clientError !== undefined && (spec.handler.style === 'accept' || spec.clientErrors === 'fail')) {
    outcome(turn, 'client-error', { ...base, error: { code: clientError.code, message: clientError.message } });
    return results.clientError(turn, clientError.code, clientError.message);
  }

  const overall = overallAction(Object.values(actions).filter((action) => action !== 'error'));
  if (spec.handler.style === 'accept' && overall !== 'accept') {
    outcome(turn, overall, base);
    return overall === 'cancel' ? results.cancelled(turn) : results.declined(turn);
  }

  const { issues, contents } = validationIssues(turn, received);
  if (issues.length > 0) {
    outcome(turn, 'accept', { ...base, validation: 'failed', issues });
    return results.invalid(turn, issues, 'answer');
  }

  const anyForm = turn.keys.some((key) => turn.questions[key]?.mode === 'form');
  const validation = anyForm ? { validation: 'passed' as const } : {};
  if (spec.handler.style === 'accept') {
    const content: Record<string, unknown> = {};
    for (const key of turn.keys) {
      const answer = received.get(key);
      content[key] = answer?.kind === 'url' ? { flowId: answer.flowId } : (contents.get(key) ?? {});
    }
    const accept = spec.handler.accept;
    return runOperation(turn, acceptAction(turn), { ...base, ...validation }, () => accept(content, turn.call));
  }

  const answers: Record<string, unknown> = {};
  for (const key of turn.keys) {
    const answer = received.get(key);
    if (answer === undefined) {
      continue;
    }
    if (answer.kind === 'error') {
      answers[key] = { action: 'error', code: answer.code, message: answer.message } satisfies ClientErrorAnswer;
    } else if (answer.kind === 'url') {
      answers[key] = { action: answer.action, flowId: answer.flowId };
    } else if (answer.result.action === 'accept') {
      answers[key] = { action: 'accept', content: contents.get(key) ?? {} };
    } else {
      answers[key] = { action: answer.result.action };
    }
  }
  const run = spec.handler.run;
  const recorded: OutcomeAction = overall === 'accept' ? acceptAction(turn) : overall;
  return runOperation(turn, recorded, { ...base, ...(overall === 'accept' ? validation : {}) }, () =>
    run(answers, turn.call),
  );
}
