/**
 * @elicitation-kit/server/sdk-v1: the kit for server authors on the TypeScript SDK 1.x (`@modelcontextprotocol/sdk`
 * `McpServer`, which FastMCP-style frameworks and most servers run on). The same `formQuestion`, `urlQuestion` and
 * `defineTool` definitions as the main entry (one definition serves a v1 and a v2 server), typed answers, answers
 * re-validated by core, the same results and outcome records; served in the 2025 revisions v1 speaks (2025-06-18,
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
  Awaitable,
  ClientErrorAnswer,
  ClientErrorMode,
  ElicitationTool,
  FormAnswer,
  Questions,
  RunToolDefinition,
  ToolCall,
  ToolDefinition,
  ToolDefinitionBase,
  ToolMessages,
  UrlAnswer,
  WithdrawnInfo,
} from '../tool.js';
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
