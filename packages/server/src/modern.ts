// 2026-07-28: the server asks by returning an `input_required` round (its questions and a sealed `requestState`),
// and the client's retry carries the answers. A retry is used only when its verified state was minted for this tool,
// these keys and these arguments, and only once: the round is claimed in the round store before anything runs, and
// its result is stored there for every later copy of the retry (delivery.ts).
import { inputRequired, inputResponse } from '@modelcontextprotocol/server';
import type { CallToolResult, InputRequest, InputRequiredResult } from '@modelcontextprotocol/server';
import type { ElicitResult } from '@elicitation-kit/core';
import { deliver, refuse } from './delivery.js';
import { argumentsDigest } from './digest.js';
import type { UrlFlow } from './question.js';
import { settle } from './settle.js';
import type { ReceivedAnswer } from './settle.js';
import type { RoundState } from './rounds.js';
import { receivedState } from './state.js';
import { bounded } from './store-calls.js';
import { outcome, results, step } from './turn.js';
import type { Turn } from './turn.js';

/** Why a round is asked (again) although answers came with the request. */
export const IGNORED_ANSWERS = 'answers to a question this server did not ask';

/** Thrown when the McpServer does not verify round states: a server setup bug, never a client's. */
export class RequestStateNotVerifiedError extends Error {
  constructor() {
    super(
      "This McpServer does not verify requestState: create it with the kit's hook, new McpServer(info, { requestState: kit.requestState }).",
    );
    this.name = 'RequestStateNotVerifiedError';
  }
}

/**
 * Where a URL question of an `input_required` round points when the client lacks URL elicitation: the round is only
 * returned so that the SDK answers the typed -32021 (it checks capabilities before sending), so no flow is started.
 * A reserved `.invalid` host.
 */
const UNREACHABLE_URL = 'https://elicitation.invalid/';

/** The embedded requests of a round. */
function inputRequests(turn: Turn, flows: ReadonlyMap<string, UrlFlow>): Record<string, InputRequest> {
  const requests: Record<string, InputRequest> = {};
  for (const key of turn.keys) {
    const question = turn.questions[key];
    if (question?.mode === 'form') {
      requests[key] = inputRequired.elicit({
        mode: 'form',
        message: question.message,
        // Core's normalized copy of a restricted schema is what the SDK's wire type describes.
        requestedSchema: question.requestedSchema as Parameters<typeof inputRequired.elicit>[0]['requestedSchema'],
      });
    } else if (question?.mode === 'url') {
      requests[key] = inputRequired.elicitUrl({
        message: question.message,
        url: flows.get(key)?.url ?? UNREACHABLE_URL,
      });
    }
  }
  return requests;
}

/** The round returned to a client that lacks a mode: the SDK answers it with -32021 before it leaves the server. */
export function capabilityProbe(turn: Turn): InputRequiredResult {
  return inputRequired({ inputRequests: inputRequests(turn, new Map()) });
}

/** Whether a verified state is a round of this call: same tool, same keys, same arguments. */
function isOurRound(turn: Turn, state: RoundState, digest: string | undefined): boolean {
  return (
    state.tool === turn.spec.name &&
    state.keys.length === turn.keys.length &&
    turn.keys.every((key, index) => state.keys[index] === key) &&
    state.args === digest
  );
}

/** Mints a round: starts (or keeps) the URL flows, opens the round in the store, seals the state. */
async function ask(
  turn: Turn,
  digest: string | undefined,
  options: { ignored?: boolean; keepFlows?: ReadonlyMap<string, UrlFlow> } = {},
): Promise<InputRequiredResult | CallToolResult> {
  const { spec, call } = turn;
  if (options.keepFlows === undefined) {
    await spec.prepare?.(call);
  }
  const flows = new Map<string, UrlFlow>();
  for (const key of turn.keys) {
    const question = turn.questions[key];
    if (question?.mode === 'url') {
      flows.set(key, options.keepFlows?.get(key) ?? (await question.flows.start(spec.name)));
    }
  }
  const afterMs = spec.withdrawAfterMs?.(call);
  const id = crypto.randomUUID();
  let epoch: string;
  try {
    ({ epoch } = await bounded(turn.kit, 'open', (store) => store.open(id, turn.kit.ttlMs)));
  } catch (error) {
    // Without a record of the round its answer could never be used: ask nothing.
    return refuse(turn, 'store-unavailable', undefined, error);
  }
  const flowIds = Object.fromEntries([...flows].map(([key, flow]) => [key, flow.id]));
  const payload: RoundState = {
    tool: spec.name,
    keys: [...turn.keys],
    id,
    epoch,
    ...(flows.size === 0 ? {} : { flows: flowIds }),
    ...(afterMs === undefined ? {} : { deadline: Date.now() + afterMs }),
    ...(digest === undefined ? {} : { args: digest }),
  };
  const requestState = await turn.kit.codec.mint(payload, call.ctx);
  step(turn, 'input-requested', {
    round: id,
    ...(flows.size === 0 ? {} : { flows: flowIds }),
    ...(options.ignored === true ? { ignored: IGNORED_ANSWERS } : {}),
  });
  await spec.onAsked?.(call);
  return inputRequired({ inputRequests: inputRequests(turn, flows), requestState });
}

/** Serves one 2026-07-28 request: the first call (or a retry that answers nothing of ours) asks; an answer settles. */
export async function serveModern(turn: Turn): Promise<CallToolResult | InputRequiredResult> {
  const { spec, call } = turn;
  const received = receivedState(call.ctx);
  if (received.kind === 'unverified') {
    throw new RequestStateNotVerifiedError();
  }
  const digest = spec.arguments === undefined ? undefined : await argumentsDigest(call.args);
  const state = received.kind === 'verified' && isOurRound(turn, received.state, digest) ? received.state : undefined;
  const responses = call.ctx.mcpReq.inputResponses;
  const views = turn.keys.map((key) => inputResponse(responses, key));
  const brought = responses !== undefined && Object.keys(responses).length > 0;
  if (state === undefined || views.some((view) => view.kind !== 'elicit')) {
    return ask(turn, digest, { ignored: brought });
  }

  // An answered round: its operation runs once, whichever replica each copy of the retry reaches, and every copy
  // gets the same result.
  // The answer's digest (canonical JSON of this round's responses): a replay of the state with another answer is
  // refused, never given the first answer's result.
  const answered = await argumentsDigest(Object.fromEntries(turn.keys.map((key) => [key, responses?.[key]])));
  return deliver(turn, state, (claimed) => answerRound(claimed, state, views, digest), answered);
}

/** Uses the answers of a round this retry claimed. */
async function answerRound(
  turn: Turn,
  state: RoundState,
  views: readonly ReturnType<typeof inputResponse>[],
  digest: string | undefined,
): Promise<CallToolResult | InputRequiredResult> {
  const { spec, call } = turn;
  if (state.deadline !== undefined && Date.now() > state.deadline) {
    outcome(turn, 'withdrawn', { round: state.id });
    const afterMs = spec.withdrawAfterMs?.(call) ?? 0;
    return results.withdrawn(turn, { afterMs, answered: true });
  }

  const answers = new Map<string, ReceivedAnswer>();
  const flows = new Map<string, UrlFlow>();
  let waiting = false;
  for (const [index, key] of turn.keys.entries()) {
    const view = views[index];
    const question = turn.questions[key];
    if (view?.kind !== 'elicit' || question === undefined) {
      continue;
    }
    if (question.mode === 'form') {
      const result = (
        view.action === 'accept' ? { action: 'accept', content: view.content ?? {} } : { action: view.action }
      ) as ElicitResult;
      answers.set(key, { kind: 'form', result });
      continue;
    }
    const flowId = state.flows?.[key];
    const flow = flowId === undefined ? undefined : await question.flows.get(flowId);
    if (flow === undefined) {
      // The flow is gone (expired, or this process never knew it): start over with a new one.
      return ask(turn, digest);
    }
    flows.set(key, flow);
    if (view.action === 'accept' && !flow.completed) {
      waiting = true;
    }
    answers.set(key, { kind: 'url', action: view.action, flowId: flow.id });
  }
  const refused = [...answers.values()].some((answer) => answer.kind !== 'error' && actionOf(answer) !== 'accept');
  if (waiting && !refused) {
    // The user agreed but has not finished the page: ask again with the same flows (the retry is how this era
    // learns completion).
    step(turn, 'waiting', {
      round: state.id,
      flows: Object.fromEntries([...flows].map(([key, flow]) => [key, flow.id])),
    });
    return ask(turn, digest, { keepFlows: flows });
  }
  return settle(turn, answers, state.id);
}

function actionOf(answer: Exclude<ReceivedAnswer, { kind: 'error' }>): string {
  return answer.kind === 'form' ? answer.result.action : answer.action;
}
