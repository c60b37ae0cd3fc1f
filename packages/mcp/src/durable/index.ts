/**
 * @elicitation-kit/mcp/durable: durable rounds (2026-07-28). `callToolDurably` writes each `input_required` round down
 * before its questions are shown; `resumeRounds` is what another process runs to finish the rounds whose caller is
 * gone; the stores they share (`createMemoryDurableRoundStore` for one process, `createRedisDurableRoundStore` for
 * replicas). No MCP SDK and no Redis client is imported: the client is anything shaped like SDK v2's `Client`, the
 * Redis client anything with ioredis's `eval`.
 */
export { callToolDurably, resumeRounds, DurableRoundError } from './driver.js';
export type {
  CallToolDurablyOptions,
  DurableCallParams,
  DurableClient,
  DurableRoundErrorReason,
  DurableRoundOptions,
  ResumeConnection,
  ResumedOutcome,
  ResumeRoundsOptions,
  RoundResumer,
} from './driver.js';
export type { DurableQuestionWithdrawal } from './questions.js';
export { createMemoryDurableRoundStore } from './rounds.js';
export type {
  DurableOutcome,
  DurableRound,
  DurableRoundEnd,
  DurableRoundLease,
  DurableRoundServer,
  DurableRoundState,
  DurableRoundStore,
  DurableRoundTool,
  DurableWithdrawalReason,
} from './rounds.js';
export { createRedisDurableRoundStore } from './redis-store.js';
export type { DurableRedisCommands, RedisDurableRoundStoreOptions } from './redis-store.js';
