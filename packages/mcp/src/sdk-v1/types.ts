// The SDK v1 attachment's own types: its `callTool` takes and returns the SDK's types.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ElicitationAttachmentBase, PausedTimeouts } from '../types.js';

/**
 * Options of {@link ElicitationAttachment.callTool}: the SDK's `RequestOptions`, with timeouts that measure the
 * server's work only ({@link PausedTimeouts}; on expiry the SDK's `McpError` `-32001`, "Request timed out" or "Maximum
 * total timeout exceeded").
 */
export interface ToolCallOptions extends Omit<RequestOptions, keyof PausedTimeouts>, PausedTimeouts {}

/** What {@link attachElicitation} returns for an SDK v1 `Client`. */
export interface ElicitationAttachment extends ElicitationAttachmentBase {
  /**
   * `client.callTool` whose timeout does not count the time the user spends answering. Same parameters (`params`,
   * `resultSchema`, options), result and errors as the SDK's; see {@link ToolCallOptions}. While any elicitation of
   * this connection waits for the user, every call of the connection pauses: the SDK does not tell which call a
   * request serves (servers relate it by HTTP stream only).
   */
  callTool(
    params: Parameters<Client['callTool']>[0],
    resultSchema?: Parameters<Client['callTool']>[1],
    options?: ToolCallOptions,
  ): ReturnType<Client['callTool']>;
}
