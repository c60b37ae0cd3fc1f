/**
 * @elicitation-kit/server/sdk-v1: the kit for server authors on the TypeScript SDK 1.x (`@modelcontextprotocol/sdk`
 * `McpServer`, which FastMCP-style frameworks and most servers run on). The same `formQuestion`, `urlQuestion` and
 * `defineTool` definitions as the main entry (one definition serves a v1 and a v2 server), typed answers, answers
 * re-validated by core, the revision rule, the fallbacks when nobody can be asked (approvals included), the same
 * results and outcome records, by the same serving steps; served in the 2025 revisions v1 speaks (2025-06-18,
 * 2025-11-25). v1 has no 2026-07-28 revision, so no stateless rounds. Imports no `@modelcontextprotocol/server`.
 * @packageDocumentation
 */
export { formQuestion, urlQuestion, ElicitationDefinitionError, DEFAULT_URL_PATIENCE_MS } from '../question.js';
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
} from '../question.js';
export { toolArguments } from '../arguments.js';
export type { ToolArguments } from '../arguments.js';
export { defineTool } from '../tool.js';
export type {
  AcceptedContent,
  AcceptToolDefinition,
  AnswerOf,
  Answers,
  ApprovalFallback,
  Awaitable,
  ClientErrorAnswer,
  ClientErrorMode,
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
  UrlAnswer,
  WithdrawnInfo,
} from '../tool.js';
export type { FollowUpQuestions } from '../follow-up.js';
export { DEFAULT_APPROVAL_TTL_SECONDS } from '../approvals.js';
export type { ApprovalOptions } from '../approvals.js';
export type { Approvals, MintApprovalOptions } from '../fallback.js';
export type { DowngradePolicy } from '../revision.js';
export { APPROVAL_REFUSAL_MESSAGES } from '../refusals.js';
export type { ApprovalRefusalReason } from '../refusals.js';
export { createMemoryRoundStore } from '../rounds.js';
export type { MemoryRoundStoreOptions, OpenedRound, RoundClaim, RoundClaimOptions, RoundStore } from '../rounds.js';
export { createRedisRoundStore, MAX_REDIS_COMMAND_TIMEOUT_MS, REDIS_CLIENT_OPTIONS } from '../redis-store.js';
export type { RedisRoundCommands, RedisRoundStoreOptions } from '../redis-store.js';
export { toolResult, errorText } from '../results.js';
export type { KitResultStatus, ToolResultOptions } from '../results.js';
export type { OutcomeAction, OutcomeHook, OutcomeIssue, OutcomeRecord } from '../records.js';
export type { ElicitationMode, ProtocolEra } from '../protocol.js';
export type { CallToolResult, ContentBlock, ToolAnnotations } from '../mcp-types.js';
export type {
  ArgumentsOf,
  ContentOf,
  PropertyInput,
  PropertyValue,
  RequestedSchemaInput,
  RequiredNames,
} from '../schema.js';
export { DEFAULT_LEGACY_TIMEOUT_MS } from '../waits.js';
export { createElicitationServer } from './server.js';
export { requestExtra } from './extra.js';
export type { ElicitationServer, ElicitationServerOptions } from './server.js';
export type { RequestExtra } from './extra.js';
