// The kit on an SDK v1 `McpServer` (`@modelcontextprotocol/sdk` 1.x): the same tool definitions, questions, answer
// types, re-validation, results and outcome records as on SDK v2, served in the 2025 revisions v1 speaks
// (2025-06-18, 2025-11-25). v1 has no 2026-07-28 revision: no stateless rounds, no round store, no request state.
import { createApprovalCodec } from '../approvals.js';
import { declaresMode } from '../protocol.js';
import type { ElicitationMode } from '../protocol.js';
import type { OutcomeHook } from '../records.js';
import { errorText } from '../results.js';
import type { CallToolResult } from '../mcp-types.js';
import { createMemoryRoundStore, DEFAULT_ROUND_POLICY } from '../rounds.js';
import { checkQuestions } from '../tool.js';
import type { ElicitationTool, Questions, ToolCall, ToolSpec } from '../tool.js';
import { noCapabilityText, outcome, results } from '../turn.js';
import type { KitContext, Turn } from '../turn.js';
import { DEFAULT_LEGACY_TIMEOUT_MS } from '../waits.js';
import { argumentsOf, inputSchemaFor, invalidArguments } from './arguments.js';
import { servePush } from './push.js';
import type { V1Turn } from './push.js';
import type { RequestExtra } from './extra.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult as V1CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** Options of {@link createElicitationServer} (SDK v1). */
export interface ElicitationServerOptions {
  /** Receives one record per step and per outcome. */
  onOutcome?: OutcomeHook;
  /**
   * How long a pushed question may wait for its answer (each `elicitation/create` is sent with this timeout and
   * `resetTimeoutOnProgress`, not with v1's default of 60 s). @default 600000
   */
  legacyTimeoutMs?: number;
}

/** The kit of one SDK v1 server (process). */
export interface ElicitationServer {
  /** Registers `tools` on `server`, an SDK v1 `McpServer`. */
  register(server: McpServer, tools: readonly ElicitationTool[]): void;
}

/**
 * v1 serves no 2026-07-28 round: the parts of the kit's context that only rounds use are never read. A round state
 * codec would need SDK v2, so there is none; asking for one is a bug.
 */
function noRounds(): never {
  throw new Error('SDK v1 has no 2026-07-28 rounds: no round state is sealed or verified here.');
}

function callFor(
  spec: ToolSpec,
  args: unknown,
  extra: RequestExtra,
  detail: Record<string, unknown>,
): ToolCall<unknown> {
  return Object.freeze({
    tool: spec.name,
    args,
    era: 'legacy' as const,
    ctx: extra as unknown as ToolCall<unknown>['ctx'],
    signal: extra.signal,
    idempotencyKey: crypto.randomUUID(),
    attempt: 1,
    note(facts: Record<string, unknown>) {
      Object.assign(detail, facts);
    },
  });
}

/** The first mode the questions need that the client did not declare (as on v2). */
function missingMode(questions: Questions, declared: unknown): ElicitationMode | undefined {
  const modes = new Set(Object.values(questions).map((question) => question.mode));
  for (const mode of ['form', 'url'] as const) {
    if (modes.has(mode) && !declaresMode(declared, mode)) {
      return mode;
    }
  }
  return undefined;
}

/** Arguments that answer the tool's form up front: validated like an answer, nothing asked (as on v2). */
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
  extra: RequestExtra,
): Promise<CallToolResult> {
  const detail: Record<string, unknown> = {};
  const call = callFor(spec, args, extra, detail);
  // Shared flows (settlement, results, records) never read `turn.server`: the v1 flow keeps its own server in V1Turn.
  const provisional: Turn = {
    kit,
    server: undefined as unknown as Turn['server'],
    spec,
    era: 'legacy',
    call,
    questions: {},
    keys: [],
    detail,
  };
  if (!spec.eras.includes('legacy')) {
    outcome(provisional, 'unsupported-era');
    return results.unsupported(provisional);
  }
  const questions =
    typeof spec.questions === 'function' ? checkQuestions(spec.name, spec.questions(call)) : spec.questions;
  const turn: Turn = { ...provisional, questions, keys: Object.keys(questions) };
  if (spec.argumentsAnswer !== undefined) {
    const answered = await answerFromArguments(turn, spec.argumentsAnswer);
    if (answered !== undefined) {
      return answered;
    }
  }
  // Capability first: the session's initialize-declared capabilities (v1 has no per-request ones).
  const mode = missingMode(questions, server.server.getClientCapabilities()?.elicitation);
  if (mode !== undefined) {
    outcome(turn, 'no-capability', { mode });
    return errorText(noCapabilityText(mode));
  }
  const v1: V1Turn = { turn, server, extra };
  return servePush(v1);
}

/**
 * Creates the kit of one SDK v1 server process.
 * @example
 * const kit = createElicitationServer({ onOutcome: (record) => console.error(JSON.stringify(record)) });
 * const server = new McpServer({ name: 'export-server', version: '1.0.0' });
 * kit.register(server, [exportData]);
 */
export function createElicitationServer(options: ElicitationServerOptions = {}): ElicitationServer {
  const kit: KitContext = {
    codec: { mint: noRounds, verify: noRounds } as unknown as KitContext['codec'],
    rounds: createMemoryRoundStore(),
    policy: { ...DEFAULT_ROUND_POLICY, resultTtlMs: 0 },
    ttlMs: 0,
    legacyTimeoutMs: options.legacyTimeoutMs ?? DEFAULT_LEGACY_TIMEOUT_MS,
    onOutcome: options.onOutcome,
    sessionFlows: new Map(),
    approvals: createApprovalCodec(),
  };
  return Object.freeze({
    register(server: McpServer, tools: readonly ElicitationTool[]) {
      for (const { spec } of tools) {
        const config = {
          description: spec.description,
          ...(spec.title === undefined ? {} : { title: spec.title }),
          ...(spec.annotations === undefined ? {} : { annotations: spec.annotations }),
        };
        const args = argumentsOf(spec);
        server.registerTool(spec.name, { ...config, inputSchema: inputSchemaFor(args) }, async (raw, extra) => {
          // The kit's own argument check (core's contract, defaults applied), as SDK v2 runs it before the handler.
          const checked = await args.standard['~standard'].validate(raw);
          const result =
            checked.issues === undefined
              ? await serve(kit, server, spec, checked.value, extra)
              : invalidArguments(spec.name, checked.issues);
          // The kit's results carry an object (or nothing) as `structuredContent`, as v1 types it in 2025 revisions.
          return result as V1CallToolResult;
        });
      }
    },
  });
}
