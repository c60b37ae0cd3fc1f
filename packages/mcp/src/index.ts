/**
 * @elicitation-kit/mcp: glue between the MCP TypeScript SDK v2 client and @elicitation-kit/core.
 * One `elicitation/create` handler for both protocol eras, feeding a framework-free queue.
 */
export { createElicitationQueue, DEFAULT_MAX_PENDING_PER_SERVER } from './queue.js';
export { attachElicitation } from './attach.js';
export { readServerIdentity } from './server-identity.js';
export { isTooManyPending } from './entry.js';
export { publicSuffixList } from './public-suffix.js';
// The capability rule lives in core (one home); re-exported so a host that only uses mcp needs no second import.
export { elicitationCapability } from '@elicitation-kit/core';
export type { ElicitationCapabilityObject } from '@elicitation-kit/core';
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
  ToolCallOptions,
} from './types.js';
