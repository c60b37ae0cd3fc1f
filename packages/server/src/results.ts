// Tool results the kit produces itself (refusals, invalid answers, replays) and the helper it builds them with:
// a JSON summary as `structuredContent` and as the first text block, so a host that shows only text sees it too.
import type { CallToolResult } from './mcp-types.js';

/** Options of {@link toolResult}. */
export interface ToolResultOptions {
  /** Text blocks after the summary (a document, a sentence for people). */
  texts?: readonly string[];
  /** Mark the result as a tool error. @default false */
  isError?: boolean;
}

/**
 * A tool result whose `structuredContent` is `summary`, also serialized as the first text block.
 * @example toolResult({ status: 'completed', rows: 25 }, { texts: [csv] })
 */
export function toolResult(summary: Record<string, unknown>, options: ToolResultOptions = {}): CallToolResult {
  return {
    content: [
      { type: 'text', text: JSON.stringify(summary) },
      ...(options.texts ?? []).map((text) => ({ type: 'text' as const, text })),
    ],
    structuredContent: summary,
    ...(options.isError === true ? { isError: true } : {}),
  };
}

/** A tool error with one text block and nothing else (what clients show as is). */
export function errorText(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/**
 * `status` values of the kit's own results: `not_started` (declined), `cancelled`, `invalid` (an answer or the
 * arguments failed re-validation), `refused` (the client refused a request, or a 2026 retry belongs to no open
 * round), `withdrawn`, `expired`, `aborted`, `unsupported` (the tool does not serve this era or this revision),
 * `not_asked` (nobody could be asked: the client cannot show the questions; the user never saw them).
 */
export type KitResultStatus =
  | 'not_started'
  | 'cancelled'
  | 'invalid'
  | 'refused'
  | 'withdrawn'
  | 'expired'
  | 'aborted'
  | 'unsupported'
  | 'not_asked';
