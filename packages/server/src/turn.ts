// One tool call in progress, shared by the serving steps of both SDK entries (serve.ts, push.ts, fallback.ts), the
// 2026 rounds (modern.ts) and the settlement (settle.ts): the tool, its questions, the call the operation sees, and
// the kit's own results and records for it. SDK-free: what is SDK-specific is passed in by each entry.
import type { CallToolResult, HandlerContext } from './mcp-types.js';
import type { ApprovalCodec } from './approvals.js';
import type { FollowUps } from './follow-up.js';
import type { ElicitationMode, ProtocolEra } from './protocol.js';
import type { OutcomeAction, OutcomeHook, OutcomeIssue, OutcomeRecord } from './records.js';
import { ASK_AGAIN, REFUSAL_MESSAGES } from './refusals.js';
import type { RoundRefusalReason } from './refusals.js';
import { toolResult } from './results.js';
import type { RoundPolicy, RoundState, RoundStore } from './rounds.js';
import type { Questions, ToolCall, ToolSpec, WithdrawnInfo } from './tool.js';

/** Seals the state of a 2026-07-28 round (SDK v2's request-state codec; SDK v1 has no rounds). */
export interface RoundStateSealer {
  mint(state: RoundState, ctx?: HandlerContext): Promise<string>;
}

/** What the kit shares across calls. */
export interface KitContext {
  readonly codec: RoundStateSealer;
  readonly rounds: RoundStore;
  /** How rounds are claimed, waited for and stored (every default filled in). */
  readonly policy: Required<RoundPolicy>;
  /** The lifetime of a round (its sealed state's), in milliseconds. */
  readonly ttlMs: number;
  readonly legacyTimeoutMs: number;
  readonly onOutcome: OutcomeHook | undefined;
  /** 2025 `url-required` flows per session, tool and key (bounded). */
  readonly sessionFlows: Map<string, string>;
  /** Signs and verifies approvals (a tool's approval fallback). */
  readonly approvals: ApprovalCodec;
}

/** A call the kit is serving. */
export interface Turn {
  readonly kit: KitContext;
  readonly spec: ToolSpec;
  readonly era: ProtocolEra;
  readonly call: ToolCall<unknown>;
  readonly questions: Questions;
  readonly keys: readonly string[];
  /** Facts noted by the operation, for the final record. */
  readonly detail: Record<string, unknown>;
  /** How `call.ask` asks in this era (set once the tool's own questions are answered). */
  readonly followUps: FollowUps;
}

/** The default words of the kit's results. */
const DEFAULT_MESSAGES = {
  declined: 'Nothing was done: you declined.',
  cancelled: 'Nothing was done: the request was dismissed.',
  invalidAnswer: 'Invalid answer, nothing was done.',
  invalidArguments: 'Invalid arguments, nothing was done.',
  withdrawn: ({ afterMs, answered }: WithdrawnInfo): string =>
    answered
      ? `The server withdrew its question after ${afterMs} ms, before your answer arrived. Your answer was not used; nothing was done.`
      : `The server withdrew its question after ${afterMs} ms. Nothing was done.`,
  expired: 'No answer arrived in time; nothing was done.',
  aborted: 'The call was cancelled; nothing was done.',
  unsupported: (era: ProtocolEra): string =>
    `This tool does not serve ${era === 'modern' ? '2026-07-28 requests' : '2025 sessions'}.`,
} as const;

/** Writes one record; a throwing hook is ignored (logging must never break a call). */
function emit(turn: Turn, record: Omit<OutcomeRecord, 'tool' | 'era' | 'keys'>): void {
  const hook = turn.kit.onOutcome;
  if (hook === undefined) {
    return;
  }
  const detail = record.final && Object.keys(turn.detail).length > 0 ? { detail: { ...turn.detail } } : {};
  try {
    hook({ tool: turn.spec.name, era: turn.era, keys: turn.keys, ...record, ...detail });
  } catch {
    // The hook's own failure is not the call's.
  }
}

/** Writes a step record (not the end of the call). */
export function step(
  turn: Turn,
  action: Extract<OutcomeAction, 'input-requested' | 'waiting' | 'url-required' | 'store-failed'>,
  extra: Partial<OutcomeRecord> = {},
): void {
  emit(turn, { ...extra, action, final: false });
}

/** Writes the final record. */
export function outcome(turn: Turn, action: OutcomeAction, extra: Partial<OutcomeRecord> = {}): void {
  emit(turn, { ...extra, action, final: true });
}

/** The tool's extra result fields, placed right after `status`. */
function summary(turn: Turn, status: string, rest: Record<string, unknown>): Record<string, unknown> {
  return { status, ...turn.spec.resultFields?.(turn.call), ...rest };
}

/** `field: message (rule: code)`, the field keyed by its question when the round has several. */
function describeIssues(turn: Turn, issues: readonly OutcomeIssue[]): string {
  return issues
    .map((issue) => {
      const field = issue.field === '' ? 'content' : issue.field;
      const name = turn.keys.length > 1 ? `${issue.key}.${field}` : field;
      return `${name}: ${issue.message} (rule: ${issue.code})`;
    })
    .join('; ');
}

/** The kit's own results for this call. */
export const results = {
  declined(turn: Turn): CallToolResult {
    return toolResult(
      summary(turn, 'not_started', {
        reason: 'declined',
        message: turn.spec.messages.declined ?? DEFAULT_MESSAGES.declined,
      }),
    );
  },
  cancelled(turn: Turn): CallToolResult {
    return toolResult(
      summary(turn, 'cancelled', {
        reason: 'cancelled',
        message: turn.spec.messages.cancelled ?? DEFAULT_MESSAGES.cancelled,
      }),
    );
  },
  invalid(turn: Turn, issues: readonly OutcomeIssue[], source: 'answer' | 'arguments'): CallToolResult {
    const lead =
      source === 'answer'
        ? (turn.spec.messages.invalidAnswer ?? DEFAULT_MESSAGES.invalidAnswer)
        : (turn.spec.messages.invalidArguments ?? DEFAULT_MESSAGES.invalidArguments);
    const listed = issues.map(({ key, field, code, message }) =>
      turn.keys.length > 1 ? { key, field, code, message } : { field, code, message },
    );
    return toolResult(summary(turn, 'invalid', { issues: listed }), {
      texts: [`${lead} ${describeIssues(turn, issues)}`],
      isError: true,
    });
  },
  /** A 2026 retry the kit could not answer with a result: why, whether to ask the user again, and in words. */
  refused(turn: Turn, reason: RoundRefusalReason): CallToolResult {
    const message = turn.spec.messages.refused?.[reason] ?? REFUSAL_MESSAGES[reason];
    return toolResult(summary(turn, 'refused', { reason, askAgain: ASK_AGAIN[reason], message }), { isError: true });
  },
  clientError(turn: Turn, code: number | string, message: string): CallToolResult {
    return toolResult(summary(turn, 'refused', { code, message }), {
      texts: [`The client refused the request with ${String(code)}: ${message}`],
      isError: true,
    });
  },
  withdrawn(turn: Turn, info: WithdrawnInfo): CallToolResult {
    const words = turn.spec.messages.withdrawn ?? DEFAULT_MESSAGES.withdrawn;
    return toolResult(summary(turn, 'withdrawn', { afterMs: info.afterMs, message: words(info) }));
  },
  expired(turn: Turn): CallToolResult {
    return toolResult(summary(turn, 'expired', { message: turn.spec.messages.expired ?? DEFAULT_MESSAGES.expired }), {
      isError: true,
    });
  },
  aborted(turn: Turn): CallToolResult {
    return toolResult(summary(turn, 'aborted', { message: turn.spec.messages.aborted ?? DEFAULT_MESSAGES.aborted }), {
      isError: true,
    });
  },
  /** The session's protocol revision cannot carry the form without a loss (a tool error, nothing asked). */
  unsupportedRevision(turn: Turn, revision: string, construct: string, message: string): CallToolResult {
    return toolResult(summary(turn, 'unsupported', { reason: 'revision', revision, construct, message }), {
      isError: true,
    });
  },
  unsupported(turn: Turn): CallToolResult {
    const words = turn.spec.messages.unsupported ?? DEFAULT_MESSAGES.unsupported;
    return toolResult(summary(turn, 'unsupported', { message: words(turn.era) }), { isError: true });
  },
};

/** The text of the 2025 no-capability tool error. */
export function noCapabilityText(mode: ElicitationMode): string {
  return mode === 'form' ? 'Client does not support form elicitation.' : 'Client does not support URL elicitation.';
}
