/**
 * @elicitation-kit/bridge: the server half of the bridge that carries a backend queue's questions to its owner's
 * browser and the answers back: a Fetch API handler for any framework and an adapter for Node's `http`. The browser
 * half is `@elicitation-kit/bridge/browser`; the hub for several replicas, on Redis, is `@elicitation-kit/bridge/redis`.
 * @packageDocumentation
 */
export { createElicitationBridge } from './backend.js';
export { toNodeListener } from './node.js';
export { MAX_EVENT_LENGTH, TOKEN_HEADER, WITHDRAW_MESSAGES } from './wire-format.js';
export type {
  BridgeRequest,
  ElicitationBridge,
  ElicitationBridgeEvent,
  ElicitationBridgeOptions,
  ExposeOptions,
} from './bridge-types.js';
export type { ElicitationBridgeHub } from './hub.js';
export type { FetchHandler, NodeListenerOptions, NodeRequest, NodeResponse } from './node.js';
export type { BridgeErrorBody, BridgeErrorCode, WireEntry, WithdrawReason } from './wire-format.js';
