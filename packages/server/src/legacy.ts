// 2025 sessions: the server pushes `elicitation/create` on the `tools/call` stream and waits for the answers (all
// questions at once), then settles. URL questions wait for their flow and send `notifications/elicitation/complete`;
// `url-required` questions fail the call with -32042 until their flow is done.
//
// The request goes out through `ctx.mcpReq.send` (which relates it to the tool call, like `elicitInput` with
// `relatedRequestId`, so it rides the POST stream) rather than through `elicitInput`: `elicitInput` re-validates
// accepted content with ajv and throws a bare -32602 that drops the content, where the kit re-validates with core's
// contract (the same one the client used) and names every field and rule, identically in both eras.
import type { ElicitRequestedSchema, ElicitResult } from '@elicitation-kit/core';
import { SdkError, SdkErrorCode, UrlElicitationRequiredError } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { isProtocolVersion, revisionFeatures } from './protocol.js';
import type { UrlFlow, UrlQuestion } from './question.js';
import { revisionRefusalText, schemaForRevision } from './revision.js';
import { settle } from './settle.js';
import type { ReceivedAnswer } from './settle.js';
import { outcome, results, step } from './turn.js';
import type { Turn } from './turn.js';

/** How a pushed request ended when no answer came back. */
type Unanswered = { kind: 'aborted' } | { kind: 'withdrawn' } | { kind: 'expired' } | { kind: 'dropped' };

/** Why the server withdraws a question (the client sees it in `notifications/cancelled`). */
export const WITHDRAW_REASON = 'The server withdrew its question.';

/** How many `url-required` flows are remembered across sessions (oldest forgotten first). */
const SESSION_FLOW_CAPACITY = 10_000;

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

/** Signals of one pushed round. */
interface RoundSignals {
  /** Everything that ends a pending request: the client's cancel, the withdrawal, a sibling's refusal. */
  all: AbortSignal;
  withdraw: AbortController;
  /** Aborted when a question is refused and refusals end the call. */
  sibling: AbortController;
}

/** Classifies a failed push: the client's JSON-RPC error, or one of the ways the server stopped waiting. */
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
  // With every signal still quiet, the SDK's RequestTimeout means the round took longer than the kit waits.
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    return { kind: 'expired' };
  }
  const { code, message } = errorFields(error);
  return { kind: 'error', code: code ?? 'error', message };
}

async function push(turn: Turn, params: Record<string, unknown>, signals: RoundSignals): Promise<ElicitResult> {
  return (await turn.call.ctx.mcpReq.send(
    { method: 'elicitation/create', params },
    // Each request its own signal following the round's: the SDK listens on it, and one shared signal with a listener
    // per question trips Node's "possible memory leak" warning past ten questions.
    { signal: AbortSignal.any([signals.all]), timeout: turn.kit.legacyTimeoutMs, resetTimeoutOnProgress: true },
  )) as ElicitResult;
}

/** The session's forms as its protocol revision carries them, or the refusal of a form it cannot carry. */
type WireForms = { ok: true; schemas: Map<string, ElicitRequestedSchema> } | { ok: false; result: CallToolResult };

function wireForms(turn: Turn, revision: string | undefined): WireForms {
  const schemas = new Map<string, ElicitRequestedSchema>();
  for (const key of turn.keys) {
    const question = turn.questions[key];
    if (question?.mode !== 'form') {
      continue;
    }
    const policy = question.downgrade ?? turn.spec.downgrade ?? 'drop-defaults';
    const wire = schemaForRevision(question.requestedSchema, revision, policy);
    if (!wire.ok) {
      const text = revisionRefusalText(turn.spec.name, revision ?? '', wire.property, wire.construct);
      outcome(turn, 'unsupported-revision', { revision: revision ?? '', construct: wire.construct });
      return { ok: false, result: results.unsupportedRevision(turn, revision ?? '', wire.construct, text) };
    }
    schemas.set(key, wire.schema);
  }
  return { ok: true, schemas };
}

async function askForm(
  turn: Turn,
  key: string,
  signals: RoundSignals,
  forms: ReadonlyMap<string, ElicitRequestedSchema>,
  withMode: boolean,
): Promise<ReceivedAnswer | Unanswered> {
  const question = turn.questions[key];
  if (question?.mode !== 'form') {
    return { kind: 'dropped' };
  }
  try {
    const requestedSchema = forms.get(key) ?? question.requestedSchema;
    const result = await push(
      turn,
      // 2025-06-18 has no `mode` param (every request is a form there).
      { ...(withMode ? { mode: 'form' } : {}), message: question.message, requestedSchema },
      signals,
    );
    return { kind: 'form', result };
  } catch (error) {
    return failure(turn, signals, error);
  }
}

async function askUrl(
  turn: Turn,
  key: string,
  question: UrlQuestion,
  flow: UrlFlow,
  signals: RoundSignals,
): Promise<ReceivedAnswer | Unanswered> {
  let result: ElicitResult;
  try {
    result = await push(
      turn,
      { mode: 'url', message: question.message, url: flow.url, elicitationId: flow.id },
      signals,
    );
  } catch (error) {
    return failure(turn, signals, error);
  }
  if (result.action !== 'accept') {
    return { kind: 'url', action: result.action, flowId: flow.id };
  }
  step(turn, 'waiting', { flows: { [key]: flow.id } });
  // Never wait forever: give up after the question's patience (or when the call ends).
  const patience = AbortSignal.timeout(question.patienceMs);
  try {
    await question.flows.waitFor(flow.id, AbortSignal.any([signals.all, patience]));
  } catch {
    if (patience.aborted && !signals.all.aborted) {
      return { kind: 'expired' };
    }
    return failure(turn, signals, undefined);
  }
  const related = { relatedRequestId: turn.call.ctx.mcpReq.id };
  await turn.server.server.createElicitationCompletionNotifier(flow.id, related)();
  return { kind: 'url', action: 'accept', flowId: flow.id };
}

/** 2025 `url-required`: completed flows settle; otherwise the call fails with -32042 naming every open flow. */
async function urlRequired(turn: Turn): Promise<CallToolResult> {
  const sessionId = turn.call.ctx.sessionId ?? '-';
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
      const notify = turn.server.server.createElicitationCompletionNotifier(flow.id);
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

function trimSessionFlows(flows: Map<string, string>): void {
  while (flows.size > SESSION_FLOW_CAPACITY) {
    const oldest = flows.keys().next();
    if (oldest.done === true) {
      return;
    }
    flows.delete(oldest.value);
  }
}

/** Serves one call on a 2025 session. */
export async function serveLegacy(turn: Turn): Promise<CallToolResult> {
  const { spec, call } = turn;
  // The revision the SDK negotiated for this session (deprecated accessor, still the one the SDK's seam reads).
  const revision = turn.server.server.getNegotiatedProtocolVersion();
  const forms = wireForms(turn, revision);
  if (!forms.ok) {
    return forms.result;
  }
  // The `mode` param came with URL mode (2025-11-25): 2025-06-18 requests carry none.
  const withMode = !isProtocolVersion(revision) || revisionFeatures(revision).urlMode;
  if (
    turn.keys.some((key) => {
      const question = turn.questions[key];
      return question?.mode === 'url' && question.legacy === 'url-required';
    })
  ) {
    return urlRequired(turn);
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
  const signals: RoundSignals = {
    withdraw: new AbortController(),
    sibling: new AbortController(),
    all: call.signal,
  };
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
          ? await askUrl(turn, key, question, flow, signals)
          : await askForm(turn, key, signals, forms.schemas, withMode);
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
