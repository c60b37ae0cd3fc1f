// The kit a server creates once: it seals and verifies round states, guards rounds against replays, logs every
// outcome, and registers defined tools on any McpServer, so that one definition serves both eras.
import { CLIENT_CAPABILITIES_META_KEY } from '@modelcontextprotocol/server';
import type { CallToolResult, InputRequiredResult, McpServer, ServerContext } from '@modelcontextprotocol/server';
import { createApprovalCodec } from './approvals.js';
import type { ApprovalOptions } from './approvals.js';
import { toolArguments } from './arguments.js';
import { createApprovals, notAsked, useApproval } from './fallback.js';
import type { Approvals } from './fallback.js';
import { capabilityProbe, serveModern } from './modern.js';
import { serveLegacy } from './legacy.js';
import { declaresMode, eraOfRevision } from './protocol.js';
import type { ElicitationMode, ProtocolEra } from './protocol.js';
import type { OutcomeHook } from './records.js';
import { errorText } from './results.js';
import { createMemoryRoundStore, DEFAULT_ROUND_POLICY } from './rounds.js';
import type { RoundPolicy, RoundStore } from './rounds.js';
import { createRoundStateCodec, DEFAULT_ROUND_TTL_SECONDS } from './state.js';
import type { RoundState, RoundStateOptions } from './state.js';
import { checkQuestions } from './tool.js';
import type { ElicitationTool, Questions, ToolCall, ToolSpec } from './tool.js';
import { noCapabilityText, outcome, results } from './turn.js';
import type { KitContext, Turn } from './turn.js';
import { DEFAULT_LEGACY_TIMEOUT_MS } from './waits.js';

declare module './mcp-types.js' {
  /** On SDK v2 a call's `ctx` is the SDK's own handler context. */
  interface HandlerContext extends ServerContext {}
}

export { DEFAULT_LEGACY_TIMEOUT_MS };

/** Options of {@link createElicitationServer}. */
export interface ElicitationServerOptions {
  /** How round states are sealed (key, lifetime, extra binding). */
  requestState?: RoundStateOptions;
  /** Where rounds live. Several replicas need a shared one (`createRedisRoundStore`). @default in memory */
  rounds?: RoundStore;
  /** How 2026-07-28 rounds are claimed, waited for and kept (leases, waits, result sizes, store timeouts). */
  roundPolicy?: RoundPolicy;
  /** Receives one record per step and per outcome. */
  onOutcome?: OutcomeHook;
  /** 2025 sessions: how long a pushed question may wait for its answer. @default 600000 */
  legacyTimeoutMs?: number;
  /** How approvals (a tool's approval fallback) are signed: key (the same on every replica) and default lifetime. */
  approvals?: ApprovalOptions;
}

/** The kit of one server (process). */
export interface ElicitationServer {
  /**
   * The `requestState` option for `new McpServer(info, { requestState })`: the SDK then verifies every echoed state
   * before a handler runs, and answers a forged, altered or expired one with `-32602`. Required.
   */
  readonly requestState: { verify: (state: string, ctx: ServerContext) => Promise<RoundState> };
  /** The round store in use. */
  readonly rounds: RoundStore;
  /** Mints approvals for tools whose `fallback` takes one. */
  readonly approvals: Approvals;
  /** Registers `tools` on `server` (an `McpServer` created with {@link ElicitationServer.requestState}). */
  register(server: McpServer, tools: readonly ElicitationTool[]): void;
}

/**
 * What a tool without declared arguments is registered with: an object with no properties, so that any argument is
 * refused (`-32602`) before the tool runs. "Same arguments" then always holds for its rounds.
 */
const NO_ARGUMENTS = toolArguments({ type: 'object', properties: {} });

/** The call as hooks and operations see it (an answered 2026 round gets its own copy, keyed by the round). */
function callFor(
  spec: ToolSpec,
  args: unknown,
  era: ProtocolEra,
  ctx: ServerContext,
  detail: Record<string, unknown>,
): ToolCall<unknown> {
  return Object.freeze({
    tool: spec.name,
    args,
    era,
    ctx,
    signal: ctx.mcpReq.signal,
    idempotencyKey: crypto.randomUUID(),
    attempt: 1,
    note(extra: Record<string, unknown>) {
      Object.assign(detail, extra);
    },
  });
}

/** The client's `elicitation` capability for this request: per request on 2026-07-28, per session on 2025. */
function declaredElicitation(server: McpServer, era: ProtocolEra, ctx: ServerContext): unknown {
  if (era === 'modern') {
    const declared = ctx.mcpReq.envelope?.[CLIENT_CAPABILITIES_META_KEY as keyof typeof ctx.mcpReq.envelope] as
      | { elicitation?: unknown }
      | undefined;
    return declared?.elicitation;
  }
  // The initialize-declared capabilities of this session (the per-request view of 2025).
  // Deprecated in the SDK in favour of the per-request envelope, which only 2026-07-28 requests carry.
  return server.server.getClientCapabilities()?.elicitation;
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

async function serve(
  kit: KitContext,
  server: McpServer,
  spec: ToolSpec,
  args: unknown,
  ctx: ServerContext,
): Promise<CallToolResult | InputRequiredResult> {
  // The era the SDK itself serves this instance in (deprecated accessor, still the one the SDK's seam reads).
  const era = eraOfRevision(server.server.getNegotiatedProtocolVersion());
  const detail: Record<string, unknown> = {};
  const call = callFor(spec, args, era, ctx, detail);
  const provisional: Turn = { kit, server, spec, era, call, questions: {}, keys: [], detail };
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
  const declared = declaredElicitation(server, era, ctx);
  const mode = missingMode(questions, declared);
  if (mode !== undefined && spec.fallback !== 'refuse') {
    return notAsked(turn, declared, mode);
  }
  if (mode !== undefined) {
    outcome(turn, 'no-capability', { mode });
    return era === 'legacy' ? errorText(noCapabilityText(mode)) : capabilityProbe(turn);
  }
  return era === 'legacy' ? serveLegacy(turn) : serveModern(turn);
}

/** The policy fields that are set (an explicit `undefined` keeps the default). */
function definedOnly(policy: RoundPolicy | undefined): RoundPolicy {
  return Object.fromEntries(Object.entries(policy ?? {}).filter(([, value]) => value !== undefined));
}

/**
 * Creates the kit of one server process.
 * @example
 * const kit = createElicitationServer({ requestState: { key: process.env.STATE_KEY }, onOutcome: console.log });
 * const server = new McpServer(info, { requestState: kit.requestState });
 * kit.register(server, [exportData]);
 */
export function createElicitationServer(options: ElicitationServerOptions = {}): ElicitationServer {
  const codec = createRoundStateCodec(options.requestState);
  const rounds = options.rounds ?? createMemoryRoundStore();
  const ttlMs = (options.requestState?.ttlSeconds ?? DEFAULT_ROUND_TTL_SECONDS) * 1000;
  const kit: KitContext = {
    codec,
    rounds,
    policy: { ...DEFAULT_ROUND_POLICY, resultTtlMs: ttlMs, ...definedOnly(options.roundPolicy) },
    ttlMs,
    legacyTimeoutMs: options.legacyTimeoutMs ?? DEFAULT_LEGACY_TIMEOUT_MS,
    onOutcome: options.onOutcome,
    sessionFlows: new Map(),
    approvals: createApprovalCodec(options.approvals),
  };
  const verify = (state: string, ctx: ServerContext): Promise<RoundState> => codec.verify(state, ctx);
  return Object.freeze({
    requestState: Object.freeze({ verify }),
    rounds,
    approvals: createApprovals(kit, kit.approvals),
    register(server: McpServer, tools: readonly ElicitationTool[]) {
      for (const { spec } of tools) {
        const config = {
          description: spec.description,
          ...(spec.title === undefined ? {} : { title: spec.title }),
          ...(spec.annotations === undefined ? {} : { annotations: spec.annotations }),
        };
        const inputSchema = (spec.arguments ?? NO_ARGUMENTS).standard;
        server.registerTool(spec.name, { ...config, inputSchema }, (args, ctx) => serve(kit, server, spec, args, ctx));
      }
    },
  });
}
