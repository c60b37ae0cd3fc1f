/**
 * @elicitation-kit/core — headless MCP elicitation: parse, describe, validate and answer `elicitation/create`.
 * Zero dependencies, no DOM. See the package README for the policies.
 * @packageDocumentation
 */
export {
  PROTOCOL_VERSIONS,
  INVALID_PARAMS,
  isProtocolVersion,
  eraOf,
  revisionFeatures,
  declaresMode,
  elicitationCapability,
  MCP_REQUEST_HEADERS,
  MCP_RESPONSE_HEADERS,
} from './protocol.js';
export { mcpCorsHeaders } from './cors.js';
export type {
  DeclaredModes,
  ElicitationCapabilityObject,
  ElicitationModes,
  ProtocolEra,
  RevisionFeatures,
} from './protocol.js';
export { parseElicitation, parseRequestedSchema, ElicitationSchemaError } from './parse.js';
export type { ParsedRequestedSchema, RequestedSchemaResult } from './parse.js';
export { validateValues, validateContent, createContentValidator } from './validate.js';
export type { ContentValidator } from './validate.js';
export { initialValues, toContent, readNumber } from './values.js';
export type { NumberReading, NumberTextProblem } from './values.js';
export { fromLocalDateTime, toDateTime, toLocalDateTime, isLocalDateTime } from './date-time.js';
export type { LocalDateTimeProblem, LocalDateTimeResult } from './date-time.js';
export { isJsonObject, toJsonValue, MAX_JSON_DEPTH } from './json.js';
export type { JsonCopy, JsonObject, JsonValue, NotJsonProblem } from './json.js';
export { issueMessages } from './messages.js';
export { fieldHints } from './hints.js';
export type { FieldHint, FieldHintOptions } from './hints.js';
export { createElicitationSession, isSameRequest } from './session.js';
export type {
  ElicitationSession,
  ElicitationSessionOptions,
  ElicitationSessionSnapshot,
  OpenOutcome,
  SessionOutcome,
  UrlViewState,
} from './session.js';
export { analyzeUrl } from './url.js';
export { hasInvisibleCharacters, revealInvisible } from './invisible.js';
export { isLoopbackHost, isSameSite, registrableDomain } from './site.js';
export { toUnicodeHost } from './punycode.js';
export { detectSensitiveFields, detectSecret } from './sensitive.js';
export { parseOptionsFor } from './parse-options.js';
export type { ParseContext } from './parse-options.js';
export { publicSuffixListLoader } from './public-suffix-source.js';
export type { PublicSuffixListLoader, PublicSuffixListSource } from './public-suffix-source.js';
export { BoundedMap } from './bounded-map.js';
export { createElicitationQueue, DEFAULT_MAX_PENDING_PER_SERVER, isTooManyPending } from './queue.js';
export type {
  CreatedElicitation,
  ElicitationEntry,
  ElicitationQueue,
  ElicitationQueueOptions,
  ElicitationQueueProducer,
  LocalElicitationQueue,
  PendingElicitation,
  PendingElicitationInit,
  ServerIdentity,
  TooManyPendingError,
} from './queue.js';
export type {
  BooleanSchema,
  CheckboxField,
  ContentValidation,
  ControlKind,
  ElicitAction,
  ElicitationCapability,
  ElicitationError,
  ElicitationMode,
  ElicitContent,
  ElicitContentValue,
  ElicitRequestedSchema,
  ElicitRequestFormParams,
  ElicitRequestParams,
  ElicitRequestURLParams,
  ElicitResult,
  EnumSchema,
  FieldDescriptor,
  FieldOption,
  FormValues,
  IssueCode,
  IssueMessageFormatter,
  LegacyTitledEnumSchema,
  MultiSelectEnumSchema,
  MultiSelectField,
  NumberField,
  NumberSchema,
  ParsedElicitation,
  ParsedFormElicitation,
  ParsedUrlElicitation,
  ParseErrorReason,
  ParseOptions,
  ParseResult,
  PrimitiveSchemaDefinition,
  ProtocolVersion,
  SchemaWarning,
  SelectField,
  SensitiveField,
  SensitiveReason,
  SingleSelectEnumSchema,
  StringFormat,
  StringSchema,
  TextField,
  TextInputType,
  TitledEnumOption,
  TitledMultiSelectEnumSchema,
  TitledSingleSelectEnumSchema,
  UntitledMultiSelectEnumSchema,
  UntitledSingleSelectEnumSchema,
  AnalyzeUrlOptions,
  PublicSuffixList,
  SiteOptions,
  UrlAnalysis,
  UrlWarning,
  UrlWarningCode,
  ValidateContentOptions,
  ValidateOptions,
  ValidationIssue,
} from './types.js';
