// The serving steps of one tool call, shared by both SDK entries (server.ts on SDK v2, sdk-v1/server.ts on SDK v1):
// the era check, the questions, an approval carried as an argument, arguments that answer the form, capability first
// and the tool's fallback when nobody can be asked. SDK-free: each entry passes what its SDK knows (the call's context
// and signal, the client's declared capability) and how its SDK asks (the 2025 push, or a 2026 round on SDK v2).
import { toolArguments } from './arguments.js';
import type { ToolArguments } from './arguments.js';
import { notAsked, useApproval } from './fallback.js';
import { askFollowUp } from './follow-up.js';
import type { FollowUps } from './follow-up.js';
import type { CallToolResult, HandlerContext, ToolAnnotations } from './mcp-types.js';
import { declaresMode } from './protocol.js';
import type { ElicitationMode, ProtocolEra } from './protocol.js';
import { errorText } from './results.js';
import { checkQuestions } from './tool.js';
import type { Questions, ToolCall, ToolSpec } from './tool.js';
import { noCapabilityText, outcome, results } from './turn.js';
import type { KitContext, Turn } from './turn.js';

/**
 * What a tool without declared arguments is registered with: an object with no properties, so that any argument is
 * refused before the tool runs. "Same arguments" then always holds for its rounds.
 */
const NO_ARGUMENTS = toolArguments({ type: 'object', properties: {} });

/** The arguments a tool is registered with (its own, or none). */
export function argumentsOf(spec: ToolSpec): ToolArguments<unknown> {
  return spec.arguments ?? NO_ARGUMENTS;
}

/** What both SDKs' `registerTool` takes besides the input schema. */
export function toolConfig(spec: ToolSpec): { description: string; title?: string; annotations?: ToolAnnotations } {
  return {
    description: spec.description,
    ...(spec.title === undefined ? {} : { title: spec.title }),
    ...(spec.annotations === undefined ? {} : { annotations: spec.annotations }),
  };
}

/** What one SDK knows of a call, and how it asks. */
export interface CallSite<R> {
  readonly era: ProtocolEra;
  /** The SDK's handler context (`call.ctx`). */
  readonly ctx: HandlerContext;
  /** Aborted when the client cancels the call. */
  readonly signal: AbortSignal;
  /** The client's `elicitation` capability for this call (per session on 2025, per request on 2026-07-28). */
  declared(): unknown;
  /** Asks the questions (the client can show them) and serves the answers. */
  ask(turn: Turn): Promise<CallToolResult | R>;
  /** 2026-07-28 only: what the SDK answers a client that lacks `mode` (2025 gets the kit's tool error). */
  refuseModern?(turn: Turn, mode: ElicitationMode): R;
}

/** The call as hooks and operations see it. */
function callFor(
  spec: ToolSpec,
  args: unknown,
  site: CallSite<unknown>,
  detail: Record<string, unknown>,
  followUps: FollowUps,
): ToolCall<unknown> {
  return Object.freeze({
    tool: spec.name,
    args,
    era: site.era,
    ctx: site.ctx,
    signal: site.signal,
    idempotencyKey: crypto.randomUUID(),
    attempt: 1,
    note(extra: Record<string, unknown>) {
      Object.assign(detail, extra);
    },
    ask: askFollowUp(spec.name, followUps),
  });
}

/** The first mode the questions need that the client did not declare. */
function missingMode(questions: Questions, declared: unknown): ElicitationMode | undefined {
  const modes = new Set(Object.values(questions).map((question) => question.mode));
  for (const mode of ['form', 'url'] as const) {
    if (modes.has(mode) && !declaresMode(declared, mode)) {
      return mode;
    }
  }
  return undefined;
}

/** Arguments that answer the tool's form up front: validated like an answer, nothing asked. */
async function answerFromArguments(turn: Turn, key: string): Promise<CallToolResult | undefined> {
  const question = turn.questions[key];
  const args = (turn.call.args ?? {}) as Record<string, unknown>;
  if (question?.mode !== 'form' || question.validate === undefined) {
    return undefined;
  }
  const complete = question.required.length > 0 && question.required.every((name) => args[name] !== undefined);
  if (!complete) {
    return undefined;
  }
  const checked = question.validate(args);
  if (!checked.ok) {
    const issues = checked.issues.map(({ field, code, message }) => ({ key, field, code, message }));
    outcome(turn, 'arguments', { validation: 'failed', issues });
    return results.invalid(turn, issues, 'arguments');
  }
  const handler = turn.spec.handler;
  try {
    return handler.style === 'accept'
      ? await handler.accept({ [key]: checked.content }, turn.call)
      : await handler.run({ [key]: { action: 'accept', content: checked.content } }, turn.call);
  } finally {
    outcome(turn, 'arguments', { validation: 'passed' });
  }
}

/** Serves one call of `spec` with its checked `args`, on whichever SDK `site` describes. */
export async function serveCall<R>(
  kit: KitContext,
  spec: ToolSpec,
  args: unknown,
  site: CallSite<R>,
): Promise<CallToolResult | R> {
  const { era } = site;
  const detail: Record<string, unknown> = {};
  const followUps: FollowUps = { ask: undefined, declared: () => site.declared() };
  const call = callFor(spec, args, site, detail, followUps);
  const provisional: Turn = { kit, spec, era, call, questions: {}, keys: [], detail, followUps };
  if (!spec.eras.includes(era)) {
    outcome(provisional, 'unsupported-era');
    return results.unsupported(provisional);
  }
  const questions =
    typeof spec.questions === 'function' ? checkQuestions(spec.name, spec.questions(call)) : spec.questions;
  const turn: Turn = { ...provisional, questions, keys: Object.keys(questions) };

  // An approval carried as an argument stands in for the questions (checked: signed, this tool and arguments, unused).
  if (typeof spec.fallback === 'object') {
    const approval = (args as Record<string, unknown> | undefined)?.[spec.fallback.approval.argument];
    if (typeof approval === 'string') {
      return useApproval(turn, approval);
    }
  }

  if (spec.argumentsAnswer !== undefined) {
    const answered = await answerFromArguments(turn, spec.argumentsAnswer);
    if (answered !== undefined) {
      return answered;
    }
  }

  // Capability first: never ask what the client cannot show, never leave it hanging.
  const declared = site.declared();
  const mode = missingMode(questions, declared);
  if (mode !== undefined && spec.fallback !== 'refuse') {
    return notAsked(turn, declared, mode);
  }
  if (mode !== undefined) {
    outcome(turn, 'no-capability', { mode });
    return era === 'modern' && site.refuseModern !== undefined
      ? site.refuseModern(turn, mode)
      : errorText(noCapabilityText(mode));
  }
  return site.ask(turn);
}
