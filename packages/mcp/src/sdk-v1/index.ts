/**
 * @elicitation-kit/mcp/sdk-v1: the adapter for the MCP TypeScript SDK v1 client (`@modelcontextprotocol/sdk` 1.x),
 * protocol revisions 2025-06-18 and 2025-11-25. The queue and the shared types come from `@elicitation-kit/mcp`.
 */
export { attachElicitation } from './attach.js';
export type { ElicitationAttachment, ToolCallOptions } from './types.js';
