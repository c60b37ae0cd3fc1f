// SDK v1: a 2025 session's round, as ../legacy.ts serves it on SDK v2 (one `elicitation/create` per question on the
// `tools/call` stream, all at once, then the same settlement), written against v1's request API. v1 has no
// 2026-07-28 revision, so this is the only flow there is.
//
// The request goes out through v1's `extra.sendRequest` (related to the tool call, so it rides the call's POST
// stream) rather than `server.elicitInput`: `elicitInput` re-validates accepted content with ajv and throws a bare
// -32602 that drops the content, where the kit re-validates with core's contract and names every field and rule. It
// carries the kit's own timeout: v1's default (60 s, `DEFAULT_REQUEST_TIMEOUT_MSEC`) would withdraw the question
// while the user is still typing.
import type { ElicitResult } from '@elicitation-kit/core';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ElicitResultSchema,
  ErrorCode,
  McpError,
  UrlElicitationRequiredError,
} from '@modelcontextprotocol/sdk/types.js';
import type { ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult } from '../mcp-types.js';
import type { UrlFlow, UrlQuestion } from '../question.js';
import { settle } from '../settle.js';
import type { ReceivedAnswer } from '../settle.js';
import { outcome, results, step } from '../turn.js';
import type { Turn } from '../turn.js';
import type { RequestExtra } from './extra.js';

/** One v1 call: the kit's turn, the v1 server and the handler's context. */
export interface V1Turn {
  readonly turn: Turn;
  readonly server: McpServer;
  readonly extra: RequestExtra;
}

/** How a pushed request ended when no answer came back. */
type Unanswered = { kind: 'aborted' } | { kind: 'withdrawn' } | { kind: 'expired' } | { kind: 'dropped' };

/** Why the server withdraws a question (the client sees it in `notifications/cancelled`); the same words as on v2. */
const WITHDRAW_REASON = 'The server withdrew its question.';

/** How many `url-required` flows are remembered across sessions (oldest forgotten first). */
const SESSION_FLOW_CAPACITY = 10_000;

interface RoundSignals {
  all: AbortSignal;
  withdraw: AbortController;
  sibling: AbortController;
}

function errorFields(error: unknown): { code: number | string | undefined; message: string } {
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return {
      code: typeof code === 'number' || typeof code === 'string' ? code : undefined,
      message: typeof message === 'string' ? message : String(error),
    };
  }
  return { code: undefined, message: String(error) };
}

function failure(turn: Turn, signals: RoundSignals, error: unknown): ReceivedAnswer | Unanswered {
  if (turn.call.signal.aborted) {
    return { kind: 'aborted' };
  }
  if (signals.withdraw.signal.aborted) {
    return { kind: 'withdrawn' };
  }
  if (signals.sibling.signal.aborted) {
    return { kind: 'dropped' };
  }
  // With every signal still quiet, v1's RequestTimeout means the round took longer than the kit waits.
  if (error instanceof McpError && error.code === (ErrorCode.RequestTimeout as number)) {
    return { kind: 'expired' };
  }
  const { code, message } = errorFields(error);
  return { kind: 'error', code: code ?? 'error', message };
}

async function push(v1: V1Turn, params: Record<string, unknown>, signals: RoundSignals): Promise<ElicitResult> {
  const request = { method: 'elicitation/create', params } as ServerRequest;
  return (await v1.extra.sendRequest(request, ElicitResultSchema, {
    signal: AbortSignal.any([signals.all]),
    timeout: v1.turn.kit.legacyTimeoutMs,
    resetTimeoutOnProgress: true,
  })) as ElicitResult;
}

async function askForm(v1: V1Turn, key: string, signals: RoundSignals): Promise<ReceivedAnswer | Unanswered> {
  const question = v1.turn.questions[key];
  if (question?.mode !== 'form') {
    return { kind: 'dropped' };
  }
  try {
    const result = await push(
      v1,
      { mode: 'form', message: question.message, requestedSchema: question.requestedSchema },
      signals,
    );
    return { kind: 'form', result };
  } catch (error) {
    return failure(v1.turn, signals, error);
  }
}

async function askUrl(
  v1: V1Turn,
  key: string,
  question: UrlQuestion,
  flow: UrlFlow,
  signals: RoundSignals,
): Promise<ReceivedAnswer | Unanswered> {
  const { turn } = v1;
  let result: ElicitResult;
  try {
    result = await push(v1, { mode: 'url', message: question.message, url: flow.url, elicitationId: flow.id }, signals);
  } catch (error) {
    return failure(turn, signals, error);
  }
  if (result.action !== 'accept') {
    return { kind: 'url', action: result.action, flowId: flow.id };
  }
  step(turn, 'waiting', { flows: { [key]: flow.id } });
  const patience = AbortSignal.timeout(question.patienceMs);
  try {
    await question.flows.waitFor(flow.id, AbortSignal.any([signals.all, patience]));
  } catch {
    if (patience.aborted && !signals.all.aborted) {
      return { kind: 'expired' };
    }
    return failure(turn, signals, undefined);
  }
  await v1.server.server.createElicitationCompletionNotifier(flow.id, { relatedRequestId: v1.extra.requestId })();
  return { kind: 'url', action: 'accept', flowId: flow.id };
}

function trimSessionFlows(flows: Map<string, string>): void {
  while (flows.size > SESSION_FLOW_CAPACITY) {
    const oldest = flows.keys().next();
    if (oldest.done === true) {
      return;
    }
    flows.delete(oldest.value);
  }
}

/** `url-required`: completed flows settle; otherwise the call fails with -32042 naming every open flow. */
async function urlRequired(v1: V1Turn): Promise<CallToolResult> {
  const { turn } = v1;
  const sessionId = v1.extra.sessionId ?? '-';
  const received = new Map<string, ReceivedAnswer>();
  const open: { key: string; question: UrlQuestion; flow: UrlFlow }[] = [];
  for (const key of turn.keys) {
    const question = turn.questions[key];
    if (question?.mode !== 'url') {
      continue;
    }
    const slot = `${sessionId}\u0000${turn.spec.name}\u0000${key}`;
    const known = turn.kit.sessionFlows.get(slot);
    const existing = known === undefined ? undefined : await question.flows.get(known);
    if (existing?.completed === true) {
      turn.kit.sessionFlows.delete(slot);
      received.set(key, { kind: 'url', action: 'accept', flowId: existing.id });
      continue;
    }
    let flow = existing;
    if (flow === undefined) {
      flow = await question.flows.start(turn.spec.name);
      turn.kit.sessionFlows.set(slot, flow.id);
      trimSessionFlows(turn.kit.sessionFlows);
      // Sent on the session's standalone stream when the user finishes (the tool call is long over by then).
      const notify = v1.server.server.createElicitationCompletionNotifier(flow.id);
      question.flows.onComplete(flow.id, () => {
        notify().catch(() => undefined);
      });
    }
    open.push({ key, question, flow });
  }
  if (open.length === 0) {
    return settle(turn, received);
  }
  step(turn, 'url-required', { flows: Object.fromEntries(open.map(({ key, flow }) => [key, flow.id])) });
  // v1's McpServer passes this error through as the JSON-RPC error -32042 (any other error becomes a tool error).
  throw new UrlElicitationRequiredError(
    open.map(({ question, flow }) => ({
      mode: 'url' as const,
      message: question.message,
      url: flow.url,
      elicitationId: flow.id,
    })),
    open[0]?.question.requiredMessage,
  );
}

/** Serves one call on a 2025 session of an SDK v1 server. */
export async function servePush(v1: V1Turn): Promise<CallToolResult> {
  const { turn } = v1;
  const { spec, call } = turn;
  if (
    turn.keys.some((key) => {
      const question = turn.questions[key];
      return question?.mode === 'url' && question.legacy === 'url-required';
    })
  ) {
    return urlRequired(v1);
  }
  await spec.prepare?.(call);
  const flows = new Map<string, UrlFlow>();
  for (const key of turn.keys) {
    const question = turn.questions[key];
    if (question?.mode === 'url') {
      flows.set(key, await question.flows.start(spec.name));
    }
  }
  const afterMs = spec.withdrawAfterMs?.(call);
  const signals: RoundSignals = { withdraw: new AbortController(), sibling: new AbortController(), all: call.signal };
  signals.all = AbortSignal.any([call.signal, signals.withdraw.signal, signals.sibling.signal]);
  const timer =
    afterMs === undefined ? undefined : setTimeout(() => signals.withdraw.abort(new Error(WITHDRAW_REASON)), afterMs);
  step(
    turn,
    'input-requested',
    flows.size === 0 ? {} : { flows: Object.fromEntries([...flows].map(([key, flow]) => [key, flow.id])) },
  );
  const failFast = spec.handler.style === 'accept' || spec.clientErrors === 'fail';
  const settled: (ReceivedAnswer | Unanswered)[] = [];
  try {
    const asking = turn.keys.map(async (key) => {
      const question = turn.questions[key];
      const flow = flows.get(key);
      const answer =
        question?.mode === 'url' && flow !== undefined
          ? await askUrl(v1, key, question, flow, signals)
          : await askForm(v1, key, signals);
      if (answer.kind === 'error' && failFast) {
        signals.sibling.abort(new Error('Another question of this round was refused.'));
      }
      return answer;
    });
    const hooked = Promise.resolve(spec.onAsked?.(call));
    settled.push(...(await Promise.all(asking)));
    await hooked;
  } finally {
    if (timer !== undefined) {
      clearTimeout(timer);
    }
  }
  if (settled.some((answer) => answer.kind === 'aborted')) {
    outcome(turn, 'aborted');
    return results.aborted(turn);
  }
  if (settled.some((answer) => answer.kind === 'withdrawn')) {
    outcome(turn, 'withdrawn');
    return results.withdrawn(turn, { afterMs: afterMs ?? 0, answered: false });
  }
  if (settled.some((answer) => answer.kind === 'expired')) {
    outcome(turn, 'expired');
    return results.expired(turn);
  }
  const received = new Map<string, ReceivedAnswer>();
  turn.keys.forEach((key, index) => {
    const answer = settled[index];
    if (answer !== undefined && answer.kind !== 'dropped') {
      received.set(key, answer as ReceivedAnswer);
    }
  });
  return settle(turn, received);
}
