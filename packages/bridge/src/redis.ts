/**
 * @elicitation-kit/bridge/redis: the hub for several replicas of one backend, on Redis (`ioredis` 6, an optional peer
 * dependency: the client is typed structurally, nothing here imports it). Pass it to `createElicitationBridge({ hub })`
 * of `@elicitation-kit/bridge`, with the same `secret` on every replica. A host on one process never imports this entry.
 * @packageDocumentation
 */
export { createRedisBridgeHub } from './redis-hub.js';
export type { RedisBridgeClient, RedisBridgeHubOptions, RedisBridgeSubscriber } from './redis-hub.js';
