// The guide's step 7 when nobody can be asked (the client cannot show the questions' mode): the tool's `fallback`
// refuses (the kit's default, elsewhere), answers `not_asked` (the user was never asked: not a decline, not a cancel,
// and words that keep a model from retrying blindly), or runs on an approval passed as an argument, checked here:
// signed by this server, for this tool and these arguments, not expired, and used once (the round store says so on
// every replica).
import type { ApprovalCodec } from './approvals.js';
import { argumentsDigest } from './digest.js';
import type { CallToolResult } from './mcp-types.js';
import type { ElicitationMode } from './protocol.js';
import { APPROVAL_REFUSAL_MESSAGES } from './refusals.js';
import type { ApprovalRefusalReason } from './refusals.js';
import { toolResult } from './results.js';
import { bounded } from './store-calls.js';
import type { ElicitationTool, NotAskedReason, ToolCall } from './tool.js';
import { outcome, results } from './turn.js';
import type { KitContext, Turn } from './turn.js';

/** The words of a `not_asked` result: what happened, that retrying will not help, and what to do instead. */
function notAskedText(turn: Turn, reason: NotAskedReason, mode: ElicitationMode): string {
  const what =
    reason === 'no-elicitation-capability'
      ? 'this client does not support elicitation'
      : `this client does not support ${mode === 'url' ? 'URL' : 'form'} elicitation`;
  const asks = turn.keys
    .map((key) => turn.questions[key]?.message)
    .filter((message): message is string => message !== undefined)
    .map((message) => `"${message}"`)
    .join(' and ');
  const approval = typeof turn.spec.fallback === 'object' ? turn.spec.fallback.approval.argument : undefined;
  return (
    `The user could not be asked: ${what}. Nothing was done. Do not retry this call as it is; ask the user in the conversation (${asks}), ` +
    (approval === undefined
      ? 'or have them use a client that supports it.'
      : `or call it again with an approval in the \`${approval}\` argument, issued by the server's approval flow.`)
  );
}

/** Nobody could be asked: a `not_asked` result and record (not a decline, not a cancel). */
export function notAsked(turn: Turn, declared: unknown, mode: ElicitationMode): CallToolResult {
  const reason: NotAskedReason = declared === undefined ? 'no-elicitation-capability' : 'mode-not-supported';
  outcome(turn, 'not-asked', { reason, mode });
  const message = turn.spec.messages.notAsked?.(reason) ?? notAskedText(turn, reason, mode);
  return toolResult({ status: 'not_asked', ...turn.spec.resultFields?.(turn.call), reason, mode, message });
}

function refuseApproval(turn: Turn, reason: ApprovalRefusalReason): CallToolResult {
  outcome(turn, 'approval-refused', { reason });
  return toolResult(
    { status: 'refused', ...turn.spec.resultFields?.(turn.call), reason, message: APPROVAL_REFUSAL_MESSAGES[reason] },
    { isError: true },
  );
}

/** The arguments an approval is bound to: the call's (defaults applied) without the approval itself. */
function boundArguments(args: unknown, argument: string): Record<string, unknown> {
  const rest: Record<string, unknown> = { ...(args as Record<string, unknown> | undefined) };
  delete rest[argument];
  return rest;
}

/** The round-store key of an approval. */
const storeId = (id: string): string => `approval:${id}`;

/** Runs the tool's `approved` operation on a valid, unused approval; refuses any other. */
export async function useApproval(turn: Turn, token: string): Promise<CallToolResult> {
  const { kit, spec } = turn;
  if (typeof spec.fallback !== 'object') {
    return refuseApproval(turn, 'approval-invalid');
  }
  const { argument, approved } = spec.fallback.approval;
  const payload = await kit.approvals.verify(token);
  if (payload === undefined) {
    return refuseApproval(turn, 'approval-invalid');
  }
  if (payload.tool !== spec.name) {
    return refuseApproval(turn, 'approval-other-tool');
  }
  const args = boundArguments(turn.call.args, argument);
  if (payload.args !== (await argumentsDigest(args))) {
    return refuseApproval(turn, 'approval-other-arguments');
  }
  const leftMs = payload.exp - Date.now();
  if (leftMs <= 0) {
    return refuseApproval(turn, 'approval-expired');
  }
  const id = storeId(payload.id);
  const claimToken = crypto.randomUUID();
  let claim;
  try {
    const options = { token: claimToken, leaseMs: kit.policy.leaseMs, takeOver: false, ttlMs: leftMs };
    claim = await bounded(kit, 'claim', (store) => store.claim(id, options));
  } catch (error) {
    outcome(turn, 'approval-refused', { reason: 'store-unavailable', cause: String(error) });
    return results.refused(turn, 'store-unavailable');
  }
  if (claim.kind === 'unknown') {
    return refuseApproval(turn, 'approval-unknown');
  }
  if (claim.kind !== 'claimed') {
    return refuseApproval(turn, 'approval-used');
  }
  const call: ToolCall<unknown> = Object.freeze({ ...turn.call, args, idempotencyKey: payload.id });
  try {
    return await approved(call);
  } finally {
    outcome(turn, 'approved');
    // Never usable again, whether or not the store takes the result: the claim alone already refuses a second use.
    await bounded(kit, 'finish', (store) => store.finish(id, claimToken, undefined, leftMs)).catch(() => undefined);
  }
}

/** Options of {@link Approvals.mint}. */
export interface MintApprovalOptions {
  /** The arguments approved (the approval argument left out; defaults are applied as for a call). @default {} */
  args?: Record<string, unknown>;
  /** How long it stays usable, in seconds. @default the kit's `approvals.ttlSeconds` (600) */
  ttlSeconds?: number;
}

/** Mints approvals (`kit.approvals`). */
export interface Approvals {
  /**
   * An approval for one call of `tool` with `options.args`, to pass as the tool's approval argument: signed with the
   * kit's approvals key, recorded in the round store (single use), valid for `ttlSeconds`. For a host's or an
   * administrator's flow, or a URL-mode approval page of this server. Throws when the arguments are invalid for the
   * tool or the tool has no approval fallback.
   */
  mint(tool: ElicitationTool, options?: MintApprovalOptions): Promise<string>;
}

/** The approvals of one kit. */
export function createApprovals(kit: KitContext, codec: ApprovalCodec): Approvals {
  return Object.freeze({
    async mint(tool: ElicitationTool, options: MintApprovalOptions = {}): Promise<string> {
      const { spec } = tool;
      if (typeof spec.fallback !== 'object') {
        throw new TypeError(`approvals.mint: ${spec.name} takes no approvals (its fallback is '${spec.fallback}')`);
      }
      const argument = spec.fallback.approval.argument;
      const given = boundArguments(options.args ?? {}, argument);
      const checked = spec.arguments?.standard['~standard'].validate(given);
      if (checked instanceof Promise || (checked !== undefined && checked.issues !== undefined)) {
        const issues = checked instanceof Promise ? [] : (checked.issues ?? []);
        throw new TypeError(
          `approvals.mint: invalid arguments for ${spec.name}: ${issues.map((issue) => issue.message).join(' ')}`,
        );
      }
      const args = boundArguments(checked?.value ?? given, argument);
      const ttlMs = (options.ttlSeconds ?? codec.ttlSeconds) * 1000;
      const id = crypto.randomUUID();
      await bounded(kit, 'open', (store) => store.open(storeId(id), ttlMs));
      return codec.sign({ id, tool: spec.name, args: await argumentsDigest(args), exp: Date.now() + ttlMs });
    },
  });
}
