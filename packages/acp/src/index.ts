/**
 * @elicitation-kit/acp — MCP-style elicitation over the Agent Client Protocol (`@agentclientprotocol/sdk`, ACP v1).
 * The client side ({@link attachAcpElicitation}) answers an agent's `elicitation/create` through core's queue and
 * checks; the agent side ({@link forwardElicitations}) forwards the questions of an agent's MCP servers to its client.
 * Every rule (the restricted schema and its refusals, validation, link checks) is core's.
 * @packageDocumentation
 */
export { attachAcpElicitation } from './client.js';
export type { AcpClientAttachment } from './client.js';
export { forwardElicitations } from './agent.js';
export type { ElicitationForwarder, ForwardElicitationsOptions } from './agent.js';
export { ACP_RULES_REVISION, advertisedModes, parseAcpElicitation } from './request.js';
export type { AcpParseContext, AcpParseResult } from './request.js';
export { RELAYED_SOURCE_META } from './types.js';
export type {
  AcpCancelReason,
  AcpClientEvent,
  AcpElicitationScope,
  AcpForwardEvent,
  AttachAcpElicitationOptions,
} from './types.js';
