// The `requestState` of 2026-07-28 rounds. The client echoes it, so the spec treats it as attacker-controlled: it
// MUST be integrity-protected when it drives business logic and SHOULD be bound to a TTL and the request. Every round
// carries a state sealed with the SDK's HMAC codec (createRequestStateCodec), bound to the request method (and to
// whatever `bind` adds, e.g. the authenticated principal), naming the tool, the keys asked, a fresh round id and a
// digest of the tool's arguments. The SDK verifies it before any handler runs (a forged, altered or expired state
// gets -32602); the kit then only takes answers to the keys its own state asked, for the same arguments.
import { createRequestStateCodec } from '@modelcontextprotocol/server';
import type { RequestStateCodec, ServerContext } from '@modelcontextprotocol/server';
import type { RoundState } from './rounds.js';

/** Options of the round-state codec. */
export interface RoundStateOptions {
  /**
   * HMAC key, at least 32 bytes. Every process that may receive a retry must have the same key.
   * @default 32 random bytes (one process serves every round)
   */
  key?: Uint8Array | string;
  /** How long a round stays answerable, in seconds. @default 1200 (20 minutes, more than a URL flow's patience) */
  ttlSeconds?: number;
  /**
   * Extra binding, e.g. `(ctx) => ctx.http?.authInfo?.clientId ?? ''`: a state minted for one value is refused
   * under another (the spec's user binding). The request method is always bound.
   */
  bind?: (ctx: ServerContext) => string;
}

/** The default lifetime of a round: 20 minutes. */
export const DEFAULT_ROUND_TTL_SECONDS = 20 * 60;

/** The byte length of a generated key. */
const GENERATED_KEY_BYTES = 32;

/** Creates the codec: `mint` seals a {@link RoundState}, `verify` (for `McpServer`'s options) checks one. */
export function createRoundStateCodec(options: RoundStateOptions = {}): RequestStateCodec<RoundState> {
  const key = options.key ?? crypto.getRandomValues(new Uint8Array(GENERATED_KEY_BYTES));
  const extra = options.bind;
  return createRequestStateCodec<RoundState>({
    key,
    ttlSeconds: options.ttlSeconds ?? DEFAULT_ROUND_TTL_SECONDS,
    bind: extra === undefined ? (ctx) => ctx.mcpReq.method : (ctx) => `${ctx.mcpReq.method}\u0000${extra(ctx)}`,
  });
}

/** What the request carried: no state, a state the verify hook decoded, or a raw string nothing verified. */
export type ReceivedState = { kind: 'none' } | { kind: 'verified'; state: RoundState } | { kind: 'unverified' };

function isRoundState(value: unknown): value is RoundState {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const state = value as Record<string, unknown>;
  return (
    typeof state['tool'] === 'string' &&
    typeof state['id'] === 'string' &&
    Array.isArray(state['keys']) &&
    state['keys'].every((key) => typeof key === 'string')
  );
}

/**
 * The round state of this request. The SDK hands over the decoded payload only when `McpServer` was created with
 * the kit's `requestState.verify`; a raw string means it was not, and such a state is never trusted.
 */
export function receivedState(ctx: ServerContext): ReceivedState {
  const value = ctx.mcpReq.requestState<unknown>();
  if (value === undefined) {
    return { kind: 'none' };
  }
  if (typeof value === 'string') {
    return { kind: 'unverified' };
  }
  // A verified payload of another shape (another codec's): not a round of ours.
  return isRoundState(value) ? { kind: 'verified', state: value } : { kind: 'none' };
}
