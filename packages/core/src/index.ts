/**
 * @elicitation-kit/core — headless MCP elicitation: parse, describe, validate and answer `elicitation/create`.
 * Zero dependencies, no DOM. See the package README for the policies.
 * @packageDocumentation
 */
// The order of these lines sets the order of the modules in a bundle, which changes how well it gzips (by ~50 bytes:
// measured with `node scripts/size.mjs core`). Keep it unless a new order measures smaller.
export { initialValues, toContent } from './values.js';
export { analyzeUrl } from './url.js';
export { findSensitiveFields } from './sensitive.js';
export { validateValues, validateContent, createContentValidator, ElicitationSchemaError } from './validate.js';
export type { ContentValidator } from './validate.js';
export { parseElicitation, parseRequestedSchema, describeForm } from './parse.js';
export type { RequestedSchemaResult } from './parse.js';
export { issueMessages } from './messages.js';
export { INVALID_PARAMS } from './types.js';
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
  UrlAnalysis,
  UrlWarning,
  UrlWarningCode,
  ValidateContentOptions,
  ValidateOptions,
  ValidationIssue,
} from './types.js';
