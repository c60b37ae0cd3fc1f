// The AI SDK attachment's own types: its `callTool` takes and returns the client's types.
import type { CallToolResult, MCPClient } from '@ai-sdk/mcp';
import type { ElicitationAttachmentBase, PausedTimeouts } from '../types.js';

/** The arguments of the AI SDK client's `callTool`. */
type CallToolArgs = Parameters<MCPClient['callTool']>[0];

/**
 * Arguments of {@link ElicitationAttachment.callTool}: the client's own (`name`, `arguments`, `options`), with timeouts
 * that measure the server's work only. While the connection waits for the user (a request in the queue, a 2025 URL
 * elicitation the user accepted and has not completed), the call's clock stops.
 */
export interface ToolCallArgs extends Omit<CallToolArgs, 'options'> {
  /**
   * The client's `signal`, with timeouts that measure the server's work only ({@link PausedTimeouts}; on expiry the
   * client's `MCPClientError` "Request timed out after <ms>ms").
   */
  options?: { signal?: AbortSignal } & Pick<PausedTimeouts, 'timeout' | 'maxTotalTimeout'>;
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
