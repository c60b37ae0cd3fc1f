/**
 * @elicitation-kit/mcp/sdk-v2: the adapter for the MCP TypeScript SDK v2 client (`@modelcontextprotocol/client` 2.x),
 * both protocol eras (2025 sessions and the stateless 2026-07-28). The queue and the shared types come from
 * `@elicitation-kit/mcp`.
 */
export { attachElicitation } from './attach.js';
export type { ElicitationAttachment, ToolCallOptions } from './types.js';
