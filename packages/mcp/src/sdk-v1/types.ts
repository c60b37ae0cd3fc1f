// The SDK v1 attachment's own types: its `callTool` takes and returns the SDK's types.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ElicitationAttachmentBase } from '../types.js';

/**
 * Options of {@link ElicitationAttachment.callTool}: the SDK's `RequestOptions`, with timeouts that measure the
 * server's work only. While the connection waits for the user (a request in the queue, a URL elicitation the user
 * accepted and has not completed, an answer kept for resending), the call's clock stops.
 */
export interface ToolCallOptions extends Omit<
  RequestOptions,
  'timeout' | 'maxTotalTimeout' | 'resetTimeoutOnProgress'
> {
  /**
   * How long the server may work before the call fails with the SDK's `McpError` (`-32001` RequestTimeout, "Request
   * timed out"): counted from the call, stopped while the user is being waited for, started afresh when the user
   * answers. @default 60_000 (the SDK's `DEFAULT_REQUEST_TIMEOUT_MSEC`)
   */
  timeout?: number;
  /** A progress notification starts the timeout afresh (the kit then asks the server for progress). @default false */
  resetTimeoutOnProgress?: boolean;
  /**
   * The most server work the whole call may take, progress or not ("Maximum total timeout exceeded"). The time spent
   * waiting for the user does not count. @default no limit
   */
  maxTotalTimeout?: number;
}

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
