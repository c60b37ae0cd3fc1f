/**
 * @elicitation-kit/server: the MCP elicitation guide's seven steps for server authors on `@modelcontextprotocol/server`
 * 2.x. Questions checked when defined, answers typed from the schema and re-validated by core, one tool definition
 * for both protocol eras (2025 pushes, 2026-07-28 rounds), rounds whose result is stored and replayed across
 * replicas, one record per outcome.
 * @packageDocumentation
 */
export { formQuestion, urlQuestion, ElicitationDefinitionError, DEFAULT_URL_PATIENCE_MS } from './question.js';
export type {
  DefinitionProblem,
  FormQuestion,
  FormQuestionOptions,
  LegacyUrlStyle,
  Question,
  UrlFlow,
  UrlFlows,
  UrlQuestion,
  UrlQuestionOptions,
} from './question.js';
export { secretPage, DEFAULT_SECRET_PAGE_TTL_MS } from './page/secret-page.js';
export type {
  SecretField,
  SecretFields,
  SecretPage,
  SecretPageOptions,
  SecretPageRecord,
  SecretPageRefusal,
  SecretQuestionOptions,
  SecretSubmission,
  SecretValues,
} from './page/secret-page.js';
export { toolArguments } from './arguments.js';
export type { ToolArguments } from './arguments.js';
export { defineTool } from './tool.js';
export type {
  AcceptedContent,
  AcceptToolDefinition,
  AnswerOf,
  Answers,
  Awaitable,
  ClientErrorAnswer,
  ApprovalFallback,
  ClientErrorMode,
  DeliveryGuarantee,
  ElicitationTool,
  FormAnswer,
  NobodyToAsk,
  NotAskedReason,
  Questions,
  RunToolDefinition,
  ToolCall,
  ToolDefinition,
  ToolDefinitionBase,
  ToolMessages,
  ToolSpec,
  UrlAnswer,
  WithdrawnInfo,
} from './tool.js';
export { createElicitationServer, DEFAULT_LEGACY_TIMEOUT_MS } from './server.js';
export type { ElicitationServer, ElicitationServerOptions } from './server.js';
export type { FollowUpQuestions } from './follow-up.js';
export { DEFAULT_APPROVAL_TTL_SECONDS } from './approvals.js';
export type { ApprovalOptions } from './approvals.js';
export type { Approvals, MintApprovalOptions } from './fallback.js';
export type { DowngradePolicy } from './revision.js';
export { createMemoryRoundStore, DEFAULT_ROUND_POLICY } from './rounds.js';
export type {
  MemoryRoundStoreOptions,
  OpenedRound,
  RoundClaim,
  RoundClaimOptions,
  RoundPolicy,
  RoundState,
  RoundStore,
} from './rounds.js';
export { createRedisRoundStore, MAX_REDIS_COMMAND_TIMEOUT_MS, REDIS_CLIENT_OPTIONS } from './redis-store.js';
export type { RedisRoundCommands, RedisRoundStoreOptions } from './redis-store.js';
export { APPROVAL_REFUSAL_MESSAGES, REFUSAL_MESSAGES } from './refusals.js';
export type { ApprovalRefusalReason, RoundRefusalReason } from './refusals.js';
export { DEFAULT_ROUND_TTL_SECONDS } from './state.js';
export type { RoundStateOptions } from './state.js';
export { toolResult, errorText } from './results.js';
export type { KitResultStatus, ToolResultOptions } from './results.js';
export type { OutcomeAction, OutcomeHook, OutcomeIssue, OutcomeRecord } from './records.js';
export { serveBothEras } from './http.js';
export { createMemoryEventStore } from './event-store.js';
export type { MemoryEventStoreOptions } from './event-store.js';
export type { BothErasHandler, BothErasOptions, LegacySession } from './http.js';
export { RequestStateNotVerifiedError, IGNORED_ANSWERS } from './modern.js';
export { WITHDRAW_REASON } from './push.js';
export type { ElicitationMode, ProtocolEra } from './protocol.js';
export type {
  ArgumentsOf,
  ContentOf,
  PropertyInput,
  PropertyValue,
  RequestedSchemaInput,
  RequiredNames,
} from './schema.js';
