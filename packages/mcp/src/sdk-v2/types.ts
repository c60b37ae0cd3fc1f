// The SDK v2 attachment's own types: its `callTool` takes and returns the SDK's types.
import type { CallToolRequest, CallToolRequestOptions, CallToolResult } from '@modelcontextprotocol/client';
import type { ElicitationAttachmentBase, PausedTimeouts } from '../types.js';

/**
 * Options of {@link ElicitationAttachment.callTool}: the SDK's `CallToolRequestOptions`, with timeouts that measure
 * the server's work only ({@link PausedTimeouts}; on expiry the SDK's `SdkError` `REQUEST_TIMEOUT`, "Request timed out"
 * or "Maximum total timeout exceeded").
 */
export interface ToolCallOptions extends Omit<CallToolRequestOptions, keyof PausedTimeouts>, PausedTimeouts {}

/** What {@link attachElicitation} returns for an SDK v2 `Client`. */
export interface ElicitationAttachment extends ElicitationAttachmentBase {
  /**
   * `client.callTool` whose timeout does not count the time the user spends answering: the host sets a normal timeout
   * for the server's work, in both eras. Same parameters, result and errors as the SDK's; see {@link ToolCallOptions}.
   * While any elicitation of this connection waits for the user, every call of the connection pauses: the SDK does not
   * tell which call a request serves (2025 servers relate it by HTTP stream only; 2026-07-28 rounds run inside the
   * SDK's retry driver).
   */
  callTool(params: CallToolRequest['params'], options?: ToolCallOptions): Promise<CallToolResult>;
}
