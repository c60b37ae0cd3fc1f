// 2025 sessions, on either SDK: the server pushes `elicitation/create` on the `tools/call` stream and waits for the
// answers (all questions at once), then settles. Forms go in the shape of the session's protocol revision
// (revision.ts). URL questions wait for their flow and send `notifications/elicitation/complete`; `url-required`
// questions fail the call with -32042 until their flow is done.
//
// SDK-free: each entry passes a {@link PushChannel}, its SDK's way of sending a request on the call's stream, of
// notifying a completion and of failing with -32042 (legacy.ts on SDK v2, sdk-v1/push.ts on SDK v1). The request
// goes out related to the tool call (so it rides the POST stream) rather than through the SDK's `elicitInput`, which
// re-validates accepted content with ajv and throws a bare -32602 that drops the content, where the kit re-validates
// with core's contract (the same one the client used) and names every field and rule, identically on both SDKs.
import type { ElicitRequestedSchema, ElicitResult } from '@elicitation-kit/core';
import type { CallToolResult } from './mcp-types.js';
import { FollowUpEnded, followUpTurn } from './follow-up.js';
import { declaresMode, isProtocolVersion, revisionFeatures } from './protocol.js';
import type { UrlFlow, UrlQuestion } from './question.js';
import { revisionRefusalText, schemaForRevision } from './revision.js';
import { settle } from './settle.js';
import type { ReceivedAnswer } from './settle.js';
import { errorText } from './results.js';
import type { Questions } from './tool.js';
import { noCapabilityText, outcome, results, step } from './turn.js';
import type { Turn } from './turn.js';

/** One URL elicitation a `url-required` call names in its -32042 error. */
export interface RequiredUrlElicitation {
  mode: 'url';
  message: string;
  url: string;
  elicitationId: string;
}

/** What one SDK gives a 2025 call: its session's revision, and how to send, notify and fail there. */
export interface PushChannel {
  /** The protocol revision negotiated for the session (`undefined`: unknown, the forms go as defined). */
  readonly revision: string | undefined;
  /** The session's id (`url-required` flows are remembered per session). */
  readonly sessionId: string | undefined;
  /**
   * Sends `elicitation/create` related to the tool call (on its stream), with the kit's timeout and
   * `resetTimeoutOnProgress`, and resolves with the client's answer (rejects with the client's JSON-RPC error, or
   * the SDK's error when the signal aborts or the timeout passes).
   */
  elicit(params: Record<string, unknown>, options: { signal: AbortSignal; timeout: number }): Promise<ElicitResult>;
  /** Whether `error` is the SDK's request timeout. */
  isTimeout(error: unknown): boolean;
  /**
   * The SDK's sender of `notifications/elicitation/complete` for a flow: on the call's stream (`onCall`), or on the
   * session's own stream (a `url-required` flow completes long after its call).
   */
  completionNotifier(flowId: string, onCall: boolean): () => Promise<void>;
  /** The SDK's -32042 error (the SDK passes it through as that JSON-RPC error, not as a tool error). */
  urlRequired(elicitations: RequiredUrlElicitation[], message: string | undefined): Error;
}

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

/** One call being pushed: the kit's turn, the SDK's channel and the round's signals. */
interface Pushing {
  readonly turn: Turn;
  readonly channel: PushChannel;
  /** Everything that ends a pending request: the client's cancel, the withdrawal, a sibling's refusal. */
  readonly all: AbortSignal;
  readonly withdraw: AbortController;
  /** Aborted when a question is refused and refusals end the call. */
  readonly sibling: AbortController;
}

/** Classifies a failed push: the client's JSON-RPC error, or one of the ways the server stopped waiting. */
function failure(pushing: Pushing, error: unknown): ReceivedAnswer | Unanswered {
  if (pushing.turn.call.signal.aborted) {
    return { kind: 'aborted' };
  }
  if (pushing.withdraw.signal.aborted) {
    return { kind: 'withdrawn' };
  }
  if (pushing.sibling.signal.aborted) {
    return { kind: 'dropped' };
  }
  // With every signal still quiet, the SDK's request timeout means the round took longer than the kit waits.
  if (error !== undefined && pushing.channel.isTimeout(error)) {
    return { kind: 'expired' };
  }
  const { code, message } = errorFields(error);
  return { kind: 'error', code: code ?? 'error', message };
}

function push(pushing: Pushing, params: Record<string, unknown>): Promise<ElicitResult> {
  // Each request its own signal following the round's: the SDK listens on it, and one shared signal with a listener
  // per question trips Node's "possible memory leak" warning past ten questions.
  return pushing.channel.elicit(params, {
    signal: AbortSignal.any([pushing.all]),
    timeout: pushing.turn.kit.legacyTimeoutMs,
  });
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
  pushing: Pushing,
  key: string,
  forms: ReadonlyMap<string, ElicitRequestedSchema>,
  withMode: boolean,
): Promise<ReceivedAnswer | Unanswered> {
  const question = pushing.turn.questions[key];
  if (question?.mode !== 'form') {
    return { kind: 'dropped' };
  }
  try {
    const requestedSchema = forms.get(key) ?? question.requestedSchema;
    // 2025-06-18 has no `mode` param (every request is a form there).
    const params = { ...(withMode ? { mode: 'form' } : {}), message: question.message, requestedSchema };
    return { kind: 'form', result: await push(pushing, params) };
  } catch (error) {
    return failure(pushing, error);
  }
}

async function askUrl(
  pushing: Pushing,
  key: string,
  question: UrlQuestion,
  flow: UrlFlow,
): Promise<ReceivedAnswer | Unanswered> {
  const { turn } = pushing;
  let result: ElicitResult;
  try {
    result = await push(pushing, { mode: 'url', message: question.message, url: flow.url, elicitationId: flow.id });
  } catch (error) {
    return failure(pushing, error);
  }
  if (result.action !== 'accept') {
    return { kind: 'url', action: result.action, flowId: flow.id };
  }
  step(turn, 'waiting', { flows: { [key]: flow.id } });
  // Never wait forever: give up after the question's patience (or when the call ends).
  const patience = AbortSignal.timeout(question.patienceMs);
  try {
    await question.flows.waitFor(flow.id, AbortSignal.any([pushing.all, patience]));
  } catch {
    if (patience.aborted && !pushing.all.aborted) {
      return { kind: 'expired' };
    }
    return failure(pushing, undefined);
  }
  await pushing.channel.completionNotifier(flow.id, true)();
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

/** 2025 `url-required`: completed flows settle; otherwise the call fails with -32042 naming every open flow. */
async function urlRequired(turn: Turn, channel: PushChannel): Promise<CallToolResult> {
  const sessionId = channel.sessionId ?? '-';
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
      const notify = channel.completionNotifier(flow.id, false);
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
  throw channel.urlRequired(
    open.map(({ question, flow }) => ({
      mode: 'url' as const,
      message: question.message,
      url: flow.url,
      elicitationId: flow.id,
    })),
    open[0]?.question.requiredMessage,
  );
}

/** The answers of one pushed round, or the kit's result when none came back (aborted, withdrawn, expired). */
type Pushed = { kind: 'answers'; received: Map<string, ReceivedAnswer> } | { kind: 'ended'; result: CallToolResult };

/** What one pushed round sends: the forms as the revision carries them, and the URL flows already started. */
interface PushedRound {
  readonly forms: ReadonlyMap<string, ElicitRequestedSchema>;
  readonly withMode: boolean;
  readonly flows: ReadonlyMap<string, UrlFlow>;
  /** The tool's `onAsked` (its own questions only, not follow-ups). */
  readonly onAsked: (() => unknown) | undefined;
}

/** Pushes every question of the turn at once and waits for the answers (or for what ends the wait). */
async function pushRound(turn: Turn, channel: PushChannel, round: PushedRound): Promise<Pushed> {
  const { spec, call } = turn;
  const { flows } = round;
  const afterMs = spec.withdrawAfterMs?.(call);
  const withdraw = new AbortController();
  const sibling = new AbortController();
  const pushing: Pushing = {
    turn,
    channel,
    withdraw,
    sibling,
    all: AbortSignal.any([call.signal, withdraw.signal, sibling.signal]),
  };
  const timer =
    afterMs === undefined ? undefined : setTimeout(() => withdraw.abort(new Error(WITHDRAW_REASON)), afterMs);
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
          ? await askUrl(pushing, key, question, flow)
          : await askForm(pushing, key, round.forms, round.withMode);
      if (answer.kind === 'error' && failFast) {
        sibling.abort(new Error('Another question of this round was refused.'));
      }
      return answer;
    });
    const hooked = Promise.resolve(round.onAsked?.());
    settled.push(...(await Promise.all(asking)));
    await hooked;
  } finally {
    if (timer !== undefined) {
      clearTimeout(timer);
    }
  }
  if (settled.some((answer) => answer.kind === 'aborted')) {
    outcome(turn, 'aborted');
    return { kind: 'ended', result: results.aborted(turn) };
  }
  if (settled.some((answer) => answer.kind === 'withdrawn')) {
    outcome(turn, 'withdrawn');
    return { kind: 'ended', result: results.withdrawn(turn, { afterMs: afterMs ?? 0, answered: false }) };
  }
  if (settled.some((answer) => answer.kind === 'expired')) {
    outcome(turn, 'expired');
    return { kind: 'ended', result: results.expired(turn) };
  }
  const received = new Map<string, ReceivedAnswer>();
  turn.keys.forEach((key, index) => {
    const answer = settled[index];
    if (answer !== undefined && answer.kind !== 'dropped') {
      received.set(key, answer as ReceivedAnswer);
    }
  });
  return { kind: 'answers', received };
}

/** Whether requests of this revision carry a `mode` param (it came with URL mode, 2025-11-25; 2025-06-18 has none). */
function carriesMode(revision: string | undefined): boolean {
  return !isProtocolVersion(revision) || revisionFeatures(revision).urlMode;
}

/** `call.ask` on a 2025 session: another round pushed on the call's stream, the forms in the session's shape. */
async function pushFollowUp(
  turn: Turn,
  channel: PushChannel,
  questions: Questions,
): Promise<{ turn: Turn; received: ReadonlyMap<string, ReceivedAnswer> }> {
  const round = followUpTurn(turn, questions);
  if (!declaresMode(turn.followUps.declared(), 'form')) {
    outcome(round, 'no-capability', { mode: 'form' });
    throw new FollowUpEnded(errorText(noCapabilityText('form')));
  }
  const forms = wireForms(round, channel.revision);
  if (!forms.ok) {
    throw new FollowUpEnded(forms.result);
  }
  const withMode = carriesMode(channel.revision);
  const pushed = await pushRound(round, channel, {
    forms: forms.schemas,
    withMode,
    flows: new Map(),
    onAsked: undefined,
  });
  if (pushed.kind === 'ended') {
    throw new FollowUpEnded(pushed.result);
  }
  return { turn: round, received: pushed.received };
}

/** Serves one call on a 2025 session, through the SDK's `channel`. */
export async function servePush(turn: Turn, channel: PushChannel): Promise<CallToolResult> {
  const { spec, call } = turn;
  const { revision } = channel;
  const forms = wireForms(turn, revision);
  if (!forms.ok) {
    return forms.result;
  }
  if (
    turn.keys.some((key) => {
      const question = turn.questions[key];
      return question?.mode === 'url' && question.legacy === 'url-required';
    })
  ) {
    return urlRequired(turn, channel);
  }
  await spec.prepare?.(call);
  const flows = new Map<string, UrlFlow>();
  for (const key of turn.keys) {
    const question = turn.questions[key];
    if (question?.mode === 'url') {
      flows.set(key, await question.flows.start(spec.name));
    }
  }
  const onAsked = spec.onAsked === undefined ? undefined : () => spec.onAsked?.(call);
  const pushed = await pushRound(turn, channel, {
    forms: forms.schemas,
    withMode: carriesMode(revision),
    flows,
    onAsked,
  });
  if (pushed.kind === 'ended') {
    return pushed.result;
  }
  turn.followUps.ask = (questions) => pushFollowUp(turn, channel, questions);
  return settle(turn, pushed.received);
}
