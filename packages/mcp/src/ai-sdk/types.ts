// The AI SDK attachment's own types: its `callTool` takes and returns the client's types.
import type { CallToolResult, MCPClient } from '@ai-sdk/mcp';
import type { ElicitationAttachmentBase } from '../types.js';

/** The arguments of the AI SDK client's `callTool`. */
type CallToolArgs = Parameters<MCPClient['callTool']>[0];

/**
 * Arguments of {@link ElicitationAttachment.callTool}: the client's own (`name`, `arguments`, `options`), with timeouts
 * that measure the server's work only. While the connection waits for the user (a request in the queue, a 2025 URL
 * elicitation the user accepted and has not completed), the call's clock stops.
 */
export interface ToolCallArgs extends Omit<CallToolArgs, 'options'> {
  options?: {
    signal?: AbortSignal;
    /**
     * How long the server may work before the call fails with the client's `MCPClientError` ("Request timed out
     * after <timeout>ms"): counted from the call, stopped while the user is being waited for, started afresh when the
     * user answers. @default no limit (the client's own default)
     */
    timeout?: number;
    /**
     * The most server work the whole call may take ("Request timed out after <maxTotalTimeout>ms"). The time spent
     * waiting for the user does not count. @default no limit
     */
    maxTotalTimeout?: number;
  };
}

/** What {@link attachElicitation} returns for an AI SDK MCP client. */
export interface ElicitationAttachment extends ElicitationAttachmentBase {
  /**
   * `client.callTool` whose timeout does not count the time the user spends answering (the client's own timeout
   * runs on: in 2025 the `tools/call` stays open while the user answers, and in 2026-07-28 its `maxTotalTimeout`
   * counts every round). Same arguments, result and errors as the client's; see {@link ToolCallArgs}.
   */
  callTool(args: ToolCallArgs): Promise<CallToolResult>;
}
