/**
 * @elicitation-kit/bridge/browser: the browser half of the bridge (`@elicitation-kit/bridge` on the backend): an
 * `ElicitationQueue` whose questions live on the backend, for the React hooks and `<ElicitationDialog entry>` as they
 * are. No Node built-ins, no MCP SDK.
 */
export { connectElicitationBridge } from './client.js';
export { MAX_EVENT_LENGTH, WITHDRAW_MESSAGES, WithdrawnError } from './wire-format.js';
export type {
  ElicitationBridgeClientEvent,
  ElicitationBridgeClientOptions,
  RefusedAnswer,
  RemoteElicitation,
  RemoteElicitationQueue,
} from './client.js';
export type { BridgeErrorBody, BridgeErrorCode, WithdrawReason } from './wire-format.js';
