// The kit a server creates once: it seals and verifies round states, guards rounds against replays, logs every
// outcome, and registers defined tools on any McpServer, so that one definition serves both eras. The serving steps
// are shared with the SDK v1 entry (serve.ts, push.ts); this module holds what is SDK v2's.
import { CLIENT_CAPABILITIES_META_KEY } from '@modelcontextprotocol/server';
import type { CallToolResult, InputRequiredResult, McpServer, ServerContext } from '@modelcontextprotocol/server';
import { createApprovalCodec } from './approvals.js';
import type { ApprovalOptions } from './approvals.js';
import { createApprovals } from './fallback.js';
import type { Approvals } from './fallback.js';
import { capabilityProbe, serveModern } from './modern.js';
import { serveLegacy } from './legacy.js';
import { eraOfRevision } from './protocol.js';
import type { ProtocolEra } from './protocol.js';
import type { OutcomeHook } from './records.js';
import { createMemoryRoundStore, DEFAULT_ROUND_POLICY } from './rounds.js';
import type { RoundPolicy, RoundState, RoundStore } from './rounds.js';
import { argumentsOf, serveCall, toolConfig } from './serve.js';
import { createRoundStateCodec, DEFAULT_ROUND_TTL_SECONDS } from './state.js';
import type { RoundStateOptions } from './state.js';
import type { ElicitationTool, ToolSpec } from './tool.js';
import type { KitContext } from './turn.js';
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

/** One call on SDK v2: the shared serving steps, with v2's context, capabilities and ways of asking. */
function serve(
  kit: KitContext,
  server: McpServer,
  spec: ToolSpec,
  args: unknown,
  ctx: ServerContext,
): Promise<CallToolResult | InputRequiredResult> {
  // The era the SDK itself serves this instance in (deprecated accessor, still the one the SDK's seam reads).
  const era = eraOfRevision(server.server.getNegotiatedProtocolVersion());
  return serveCall<InputRequiredResult>(kit, spec, args, {
    era,
    ctx,
    signal: ctx.mcpReq.signal,
    declared: () => declaredElicitation(server, era, ctx),
    ask: (turn) => (era === 'legacy' ? serveLegacy(turn, server) : serveModern(turn)),
    refuseModern: (turn) => capabilityProbe(turn),
  });
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
        const inputSchema = argumentsOf(spec).standard;
        server.registerTool(spec.name, { ...toolConfig(spec), inputSchema }, (args, ctx) =>
          serve(kit, server, spec, args, ctx),
        );
      }
    },
  });
}
