/**
 * @elicitation-kit/mcp: glue between the MCP TypeScript SDK v2 client and @elicitation-kit/core.
 * One `elicitation/create` handler for both protocol eras, feeding a framework-free queue.
 */
export { createElicitationQueue, DEFAULT_MAX_PENDING_PER_SERVER } from './queue.js';
export { attachElicitation, elicitationCapability } from './attach.js';
export type { ElicitationCapabilityObject } from './attach.js';
export type {
  AttachElicitationOptions,
  CancelReason,
  ElicitationAttachment,
  ElicitationEvent,
  ElicitationModes,
  ElicitationQueue,
  ElicitationQueueOptions,
  JsonRpcErrorObject,
  PendingElicitation,
  ProtocolEra,
  ServerIdentity,
} from './types.js';
