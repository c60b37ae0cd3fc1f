// The kit on an SDK v1 `McpServer` (`@modelcontextprotocol/sdk` 1.x): the same tool definitions, questions, answer
// types, re-validation, revision rule, fallbacks, approvals, results and outcome records as on SDK v2, served in the
// 2025 revisions v1 speaks (2025-06-18, 2025-11-25) by the same serving steps (../serve.ts, ../push.ts). This module
// holds only what is v1's: how a tool is registered, what v1 knows of a call, and its channel (push.ts). v1 has no
// 2026-07-28 revision: no stateless rounds, no request state.
import { createApprovalCodec } from '../approvals.js';
import type { ApprovalOptions } from '../approvals.js';
import { createApprovals } from '../fallback.js';
import type { Approvals } from '../fallback.js';
import type { CallToolResult, HandlerContext } from '../mcp-types.js';
import type { OutcomeHook } from '../records.js';
import { createMemoryRoundStore, DEFAULT_ROUND_POLICY } from '../rounds.js';
import type { RoundStore } from '../rounds.js';
import { servePush } from '../push.js';
import { argumentsOf, serveCall, toolConfig } from '../serve.js';
import type { ElicitationTool, ToolSpec } from '../tool.js';
import type { KitContext } from '../turn.js';
import { DEFAULT_LEGACY_TIMEOUT_MS } from '../waits.js';
import { inputSchemaFor, invalidArguments } from './arguments.js';
import { pushChannel } from './push.js';
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
  /** How approvals (a tool's approval fallback) are signed: key (the same on every replica) and default lifetime. */
  approvals?: ApprovalOptions;
  /**
   * Where approvals are recorded as used (v1 has no rounds: this store only keeps approvals single-use). Several
   * replicas need a shared one (`createRedisRoundStore` from the main entry). @default in memory
   */
  rounds?: RoundStore;
}

/** The kit of one SDK v1 server (process). */
export interface ElicitationServer {
  /** Mints approvals for tools whose `fallback` takes one. */
  readonly approvals: Approvals;
  /** Registers `tools` on `server`, an SDK v1 `McpServer`. */
  register(server: McpServer, tools: readonly ElicitationTool[]): void;
}

/**
 * v1 serves no 2026-07-28 round: the parts of the kit's context that only rounds use are never read. A round state
 * codec would need SDK v2, so there is none; asking for one is a bug.
 */
function noRounds(): never {
  throw new Error('SDK v1 has no 2026-07-28 rounds: no round state is sealed here.');
}

/** One call on SDK v1: the shared serving steps, with v1's context, capabilities and channel (2025 only). */
function serve(kit: KitContext, server: McpServer, spec: ToolSpec, args: unknown, extra: RequestExtra) {
  return serveCall<never>(kit, spec, args, {
    era: 'legacy',
    ctx: extra as unknown as HandlerContext,
    signal: extra.signal,
    // The session's initialize-declared capabilities (v1 has no per-request ones).
    declared: () => server.server.getClientCapabilities()?.elicitation,
    ask: (turn) => servePush(turn, pushChannel(server, extra)),
  });
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
    codec: { mint: noRounds },
    rounds: options.rounds ?? createMemoryRoundStore(),
    policy: { ...DEFAULT_ROUND_POLICY, resultTtlMs: 0 },
    ttlMs: 0,
    legacyTimeoutMs: options.legacyTimeoutMs ?? DEFAULT_LEGACY_TIMEOUT_MS,
    onOutcome: options.onOutcome,
    sessionFlows: new Map(),
    approvals: createApprovalCodec(options.approvals),
  };
  return Object.freeze({
    approvals: createApprovals(kit, kit.approvals),
    register(server: McpServer, tools: readonly ElicitationTool[]) {
      for (const { spec } of tools) {
        const args = argumentsOf(spec);
        server.registerTool(
          spec.name,
          { ...toolConfig(spec), inputSchema: inputSchemaFor(args) },
          async (raw, extra) => {
            // The kit's own argument check (core's contract, defaults applied), as SDK v2 runs it before the handler.
            const checked = await args.standard['~standard'].validate(raw);
            const result: CallToolResult =
              checked.issues === undefined
                ? await serve(kit, server, spec, checked.value, extra)
                : invalidArguments(spec.name, checked.issues);
            // The kit's results carry an object (or nothing) as `structuredContent`, as v1 types it in 2025 revisions.
            return result as V1CallToolResult;
          },
        );
      }
    },
  });
}
