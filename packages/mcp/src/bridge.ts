/**
 * @elicitation-kit/mcp/bridge: the server half of the bridge that carries a backend queue's questions to its owner's
 * browser and the answers back: a Fetch API handler for any framework, a Redis hub for several replicas, and an
 * adapter for Node's `http`. The browser half is `@elicitation-kit/mcp/browser`.
 */
export { createElicitationBridge } from './bridge/server.js';
export { createRedisBridgeHub } from './bridge/redis-hub.js';
export { toNodeListener } from './bridge/node.js';
export { MAX_EVENT_LENGTH, TOKEN_HEADER, WITHDRAW_MESSAGES } from './bridge/wire.js';
export type {
  ElicitationBridge,
  ElicitationBridgeEvent,
  ElicitationBridgeOptions,
  ExposeOptions,
} from './bridge/types.js';
export type { ElicitationBridgeHub } from './bridge/hub.js';
export type { RedisBridgeClient, RedisBridgeHubOptions, RedisBridgeSubscriber } from './bridge/redis-hub.js';
export type { FetchHandler, NodeListenerOptions, NodeRequest, NodeResponse } from './bridge/node.js';
export type { BridgeErrorBody, BridgeErrorCode, WireEntry, WithdrawReason } from './bridge/wire.js';
