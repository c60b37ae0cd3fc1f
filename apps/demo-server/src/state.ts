// The `requestState` of 2026-07-28 rounds, sealed. The spec: servers MUST integrity-protect state that influences
// business logic and SHOULD bind it to a TTL and the request, because the client echoes it and may forge it. Every
// round this server returns carries an HMAC-sealed state (the SDK's createRequestStateCodec), naming the tool and
// the input keys it asked; the SDK verifies it before any handler runs (a forged, altered or expired state gets
// -32602), and a handler only takes answers to keys its own state says were asked. The legacy shim's rounds (2025
// sessions) pass the same codec.
import { randomBytes } from 'node:crypto';
import { createRequestStateCodec } from '@modelcontextprotocol/server';
import type { RequestStateCodec, ServerContext } from '@modelcontextprotocol/server';

/** What a sealed round state says. Readable by the client (signed, not encrypted): no secrets here. */
export interface RoundState {
  /** The tool that asked. */
  tool: string;
  /** The `inputRequests` keys it asked in that round. */
  keys: string[];
  /** A fresh id per round: no two rounds share a state (and the fault tools key their round table by it). */
  id: string;
  /** URL mode: the flow the page completes. */
  flowId?: string;
}

/** Seals and verifies round states. */
export type RoundStates = RequestStateCodec<RoundState>;

/** How long a round state stays valid: longer than the 10 minutes a URL flow waits for "Done". */
export const ROUND_STATE_TTL_SECONDS = 20 * 60;

/**
 * The codec: HMAC-SHA256 with `key` (32 random bytes when omitted: one process serves every round of a flow), bound to
 * the request method (a state minted for `tools/call` is refused anywhere else).
 */
export function createRoundStates(key: Uint8Array | string = randomBytes(32)): RoundStates {
  return createRequestStateCodec<RoundState>({
    key,
    ttlSeconds: ROUND_STATE_TTL_SECONDS,
    bind: (ctx) => ctx.mcpReq.method,
  });
}

/**
 * The verified state of this retry when it was minted for `tool` and asked every one of `keys`; otherwise undefined:
 * answers that arrive without such a state answer nothing this server asked, and the tool asks again.
 */
export function askedRound(ctx: ServerContext, tool: string, ...keys: string[]): RoundState | undefined {
  const state = ctx.mcpReq.requestState<RoundState>();
  const valid = typeof state === 'object' && state !== null && state.tool === tool && Array.isArray(state.keys);
  return valid && keys.every((key) => state.keys.includes(key)) ? state : undefined;
}
