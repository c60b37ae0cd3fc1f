// The SDK v2 attachment's own types: its `callTool` takes and returns the SDK's types.
import type { CallToolRequest, CallToolRequestOptions, CallToolResult } from '@modelcontextprotocol/client';
import type { ElicitationAttachmentBase } from '../types.js';

/**
 * Options of {@link ElicitationAttachment.callTool}: the SDK's `CallToolRequestOptions`, with timeouts that measure
 * the server's work only. While the connection waits for the user (a request in the queue, a 2025 URL elicitation
 * the user accepted and has not completed, an answer kept for resending), the call's clock stops.
 */
export interface ToolCallOptions extends Omit<
  CallToolRequestOptions,
  'timeout' | 'maxTotalTimeout' | 'resetTimeoutOnProgress'
> {
  /**
   * How long the server may work before the call fails with the SDK's `SdkError` (`REQUEST_TIMEOUT`, "Request timed
   * out"): counted from the call, stopped while the user is being waited for, and started afresh when the user
   * answers (as each 2026-07-28 retry gets a fresh timeout from the SDK).
   * @default 60_000 (the SDK's `DEFAULT_REQUEST_TIMEOUT_MSEC`)
   */
  timeout?: number;
  /** A progress notification starts the timeout afresh (the kit then asks the server for progress). @default false */
  resetTimeoutOnProgress?: boolean;
  /**
   * The most server work the whole call may take, progress or not ("Maximum total timeout exceeded"). The time
   * spent waiting for the user does not count. @default no limit
   */
  maxTotalTimeout?: number;
}

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
