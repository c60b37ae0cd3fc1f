/**
 * @elicitation-kit/mcp: the shared parts of the kit's MCP client glue, without any MCP SDK. The queue an adapter feeds
 * is core's (`createElicitationQueue` from `@elicitation-kit/core`). The adapter for the client a host runs has its
 * own entry point, so a host installs only that client: `@elicitation-kit/mcp/sdk-v2` (`@modelcontextprotocol/client`
 * 2.x), `@elicitation-kit/mcp/sdk-v1` (`@modelcontextprotocol/sdk` 1.x) and `@elicitation-kit/mcp/ai-sdk`
 * (`@ai-sdk/mcp`).
 */
export { readServerIdentity } from './server-identity.js';
export type { ServerInfo, ServerVersionReader } from './server-identity.js';
// The capability rule lives in core (one home); re-exported so a host that only uses mcp needs no second import.
export { elicitationCapability } from '@elicitation-kit/core';
export type { ElicitationCapabilityObject } from '@elicitation-kit/core';
export type {
  AttachElicitationOptions,
  CancelReason,
  ElicitationAttachmentBase,
  ElicitationEvent,
  ElicitationModes,
  JsonRpcErrorObject,
  ProtocolEra,
} from './types.js';
