/**
 * @elicitation-kit/mcp/ai-sdk: the adapter for the AI SDK's MCP client (`createMCPClient` of `@ai-sdk/mcp` 2.x), both
 * protocol eras. The queue and the shared types come from `@elicitation-kit/mcp`.
 */
export { attachElicitation, elicitationCapabilities } from './attach.js';
export type { ElicitationAttachment, ToolCallArgs } from './types.js';
