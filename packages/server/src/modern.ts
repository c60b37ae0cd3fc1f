// 2026-07-28: the server asks by returning an `input_required` round (its questions and a sealed `requestState`),
// and the client's retry carries the answers. A retry is used only when its verified state was minted for this tool,
// these keys and these arguments, and only once: the round is claimed in the round store before anything runs, and
// its result is stored there for every later copy of the retry (delivery.ts).
import { inputRequired, inputResponse } from '@modelcontextprotocol/server';
import type { CallToolResult, InputRequest, InputRequiredResult } from '@modelcontextprotocol/server';
import type { ElicitResult } from '@elicitation-kit/core';
import { deliver, refuse } from './delivery.js';
import { argumentsDigest } from './digest.js';
import { FollowUpEnded, FollowUpStop, followUpTurn } from './follow-up.js';
import type { FollowUpAsker } from './follow-up.js';
import type { UrlFlow } from './question.js';
import { settle } from './settle.js';
import type { ReceivedAnswer } from './settle.js';
import type { AnsweredRound, RoundState } from './rounds.js';
import type { Questions } from './tool.js';
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

/** The largest JSON of earlier answers a follow-up round's state carries. */
const MAX_CARRIED_BYTES = 64 * 1024;

/** A follow-up asked: the call ends with this round, and its retry goes on from there. */
class FollowUpAsked extends FollowUpStop {
  readonly result: InputRequiredResult;
  constructor(result: InputRequiredResult) {
    super('a follow-up round was returned to the client');
    this.result = result;
  }
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, index) => b[index] === key);
}

/**
 * Whether a verified state is a round of this call: same tool, same arguments, and the tool's own keys (a follow-up
 * round carries them in its first answered round).
 */
function isOurRound(turn: Turn, state: RoundState, digest: string | undefined): boolean {
  const ownKeys = state.answered?.[0]?.keys ?? state.keys;
  return state.tool === turn.spec.name && sameKeys(ownKeys, turn.keys) && state.args === digest;
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
  const brought = responses !== undefined && Object.keys(responses).length > 0;
  if (state === undefined) {
    return ask(turn, digest, { ignored: brought });
  }
  const views = state.keys.map((key) => inputResponse(responses, key));
  if (views.some((view) => view.kind !== 'elicit')) {
    // Not answered: the tool's own round is asked again; a follow-up round is reached again from the earlier answers.
    return state.answered === undefined
      ? ask(turn, digest, { ignored: brought })
      : askFollowUpAgain(turn, state, digest);
  }

  // An answered round: its operation runs once, whichever replica each copy of the retry reaches, and every copy
  // gets the same result.
  // The answer's digest (canonical JSON of this round's responses): a replay of the state with another answer is
  // refused, never given the first answer's result.
  const picked = Object.fromEntries(state.keys.map((key) => [key, responses?.[key]]));
  const answered = await argumentsDigest(picked);
  const current: AnsweredRound = {
    keys: [...state.keys],
    responses: picked,
    ...(state.flows === undefined || state.answered !== undefined ? {} : { flows: state.flows }),
  };
  return deliver(turn, state, (claimed) => answerRound(claimed, state, views, digest, current), answered);
}

/** The tool's own answers as a follow-up round's state carries them (URL questions: their completed flows). */
function ownAnswers(turn: Turn, first: AnsweredRound): Map<string, ReceivedAnswer> {
  const answers = new Map<string, ReceivedAnswer>();
  for (const key of turn.keys) {
    const view = inputResponse(first.responses, key);
    const question = turn.questions[key];
    if (view.kind !== 'elicit' || question === undefined) {
      continue;
    }
    const flowId = first.flows?.[key];
    if (question.mode === 'url' && flowId !== undefined) {
      answers.set(key, { kind: 'url', action: view.action, flowId });
    } else {
      answers.set(key, { kind: 'form', result: formResult(view) });
    }
  }
  return answers;
}

function formResult(view: Extract<ReturnType<typeof inputResponse>, { kind: 'elicit' }>): ElicitResult {
  return (
    view.action === 'accept' ? { action: 'accept', content: view.content ?? {} } : { action: view.action }
  ) as ElicitResult;
}

/**
 * `call.ask` on 2026-07-28. The operation runs from its start on every retry: each follow-up it asks is answered from
 * the rounds answered so far (the sealed earlier ones, then the one this retry answers), in order; the first one past
 * them is returned to the client as a new round whose state carries them all.
 */
function modernAsker(
  turn: Turn,
  state: RoundState,
  digest: string | undefined,
  current: AnsweredRound | undefined,
): FollowUpAsker {
  const rounds = [...(state.answered ?? []), ...(current === undefined ? [] : [current])];
  // rounds[0] holds the tool's own questions: follow-ups start at 1.
  let next = 1;
  return async (questions: Questions) => {
    const index = next;
    next += 1;
    const round = followUpTurn(turn, questions);
    const known = rounds[index];
    if (known === undefined) {
      throw new FollowUpAsked(await askFollowUp(round, digest, rounds));
    }
    if (!sameKeys(known.keys, round.keys)) {
      throw new Error(
        `${turn.spec.name}: call.ask asked [${round.keys.join(', ')}] where round ${index + 1} of this call asked [${known.keys.join(', ')}]: follow-up questions must follow from the arguments and the earlier answers only`,
      );
    }
    const received = new Map<string, ReceivedAnswer>();
    for (const key of round.keys) {
      const view = inputResponse(known.responses, key);
      if (view.kind === 'elicit') {
        received.set(key, { kind: 'form', result: formResult(view) });
      }
    }
    return { turn: round, received };
  };
}

/** Returns a follow-up round: opened in the store, its state sealed with every earlier round's answers. */
async function askFollowUp(
  round: Turn,
  digest: string | undefined,
  answered: readonly AnsweredRound[],
): Promise<InputRequiredResult> {
  const { spec, call, kit } = round;
  const carried = new TextEncoder().encode(JSON.stringify(answered)).length;
  if (carried > MAX_CARRIED_BYTES) {
    throw new Error(
      `${spec.name}: the earlier answers of this call (${carried} bytes) are more than a round state carries (${MAX_CARRIED_BYTES} bytes)`,
    );
  }
  const id = crypto.randomUUID();
  let epoch: string;
  try {
    ({ epoch } = await bounded(kit, 'open', (store) => store.open(id, kit.ttlMs)));
  } catch (error) {
    throw new FollowUpEnded(refuse(round, 'store-unavailable', undefined, error));
  }
  const afterMs = spec.withdrawAfterMs?.(call);
  const payload: RoundState = {
    tool: spec.name,
    keys: [...round.keys],
    id,
    epoch,
    answered: [...answered],
    ...(afterMs === undefined ? {} : { deadline: Date.now() + afterMs }),
    ...(digest === undefined ? {} : { args: digest }),
  };
  const requestState = await kit.codec.mint(payload, call.ctx);
  step(round, 'input-requested', { round: id });
  return inputRequired({ inputRequests: inputRequests(round, new Map()), requestState });
}

/** Settles the tool's own answers with `call.ask` answered the 2026 way; a follow-up asked ends the call with it. */
async function settleWithFollowUps(
  turn: Turn,
  answers: ReadonlyMap<string, ReceivedAnswer>,
  state: RoundState,
  asker: FollowUpAsker,
): Promise<CallToolResult | InputRequiredResult> {
  turn.followUps.ask = asker;
  try {
    return await settle(turn, answers, state.id);
  } catch (error) {
    if (error instanceof FollowUpAsked) {
      return error.result;
    }
    throw error;
  }
}

/** A follow-up round retried without its answers: the operation runs up to it again, and it is returned again. */
function askFollowUpAgain(
  turn: Turn,
  state: RoundState,
  digest: string | undefined,
): Promise<CallToolResult | InputRequiredResult> {
  const first = state.answered?.[0];
  const answers = first === undefined ? new Map<string, ReceivedAnswer>() : ownAnswers(turn, first);
  return settleWithFollowUps(turn, answers, state, modernAsker(turn, state, digest, undefined));
}

/** Uses the answers of a round this retry claimed. */
async function answerRound(
  turn: Turn,
  state: RoundState,
  views: readonly ReturnType<typeof inputResponse>[],
  digest: string | undefined,
  current: AnsweredRound,
): Promise<CallToolResult | InputRequiredResult> {
  const { spec, call } = turn;
  if (state.deadline !== undefined && Date.now() > state.deadline) {
    outcome(turn, 'withdrawn', { round: state.id });
    const afterMs = spec.withdrawAfterMs?.(call) ?? 0;
    return results.withdrawn(turn, { afterMs, answered: true });
  }
  const asker = modernAsker(turn, state, digest, current);
  const first = state.answered?.[0];
  if (first !== undefined) {
    // A follow-up round: the tool's own answers come sealed in the state, this retry answers the follow-up.
    return settleWithFollowUps(turn, ownAnswers(turn, first), state, asker);
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
      answers.set(key, { kind: 'form', result: formResult(view) });
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
  return settleWithFollowUps(turn, answers, state, asker);
}

function actionOf(answer: Exclude<ReceivedAnswer, { kind: 'error' }>): string {
  return answer.kind === 'form' ? answer.result.action : answer.action;
}
