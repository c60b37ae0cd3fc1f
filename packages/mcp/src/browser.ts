/**
 * @elicitation-kit/mcp/browser: the browser half of the bridge (`@elicitation-kit/mcp/bridge` on the backend): an
 * `ElicitationQueue` whose questions live on the backend, for the React hooks and `<ElicitationDialog entry>` as they
 * are. No Node built-ins, no MCP SDK.
 */
export { connectElicitationBridge } from './bridge/browser.js';
export { MAX_EVENT_LENGTH, WITHDRAW_MESSAGES, WithdrawnError } from './bridge/wire.js';
export type {
  ElicitationBridgeClientEvent,
  ElicitationBridgeClientOptions,
  RefusedAnswer,
  RemoteElicitation,
  RemoteElicitationQueue,
} from './bridge/browser.js';
export type { BridgeErrorBody, BridgeErrorCode, WithdrawReason } from './bridge/wire.js';
