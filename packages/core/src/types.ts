/**
 * Public types of @elicitation-kit/core.
 *
 * Schema types mirror the MCP specification's `schema.ts` (revisions 2025-06-18, 2025-11-25 and 2026-07-28; the
 * restricted form schema is identical in the last two). Kit-level types (descriptors, issues, parse results) are
 * named after what they describe.
 */

// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────
// Protocol
// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────

import type { ElicitationCapability, ElicitationMode, ProtocolVersion } from './protocol.js';
import type { SensitiveReason } from './sensitive-vocabulary.js';
import type { PublicSuffixList } from './site.js';
import type { UrlAnalysis } from './url.js';

export type { ElicitationCapability, ElicitationMode, ProtocolVersion } from './protocol.js';
export type { AnalyzeUrlOptions, UrlAnalysis, UrlWarning, UrlWarningCode } from './url.js';
export type { PublicSuffixList, SiteOptions } from './site.js';
export type { SensitiveReason } from './sensitive-vocabulary.js';

// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────
// The restricted schema (spec `PrimitiveSchemaDefinition` and friends)
// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────

/** String formats the restricted schema allows. */
export type StringFormat = 'email' | 'uri' | 'date' | 'date-time';

/** Spec `StringSchema`. */
export interface StringSchema {
  type: 'string';
  title?: string;
  description?: string;
  minLength?: number;
  maxLength?: number;
  format?: StringFormat;
  default?: string;
}

/** Spec `NumberSchema`: `integer` allows whole numbers only. */
export interface NumberSchema {
  type: 'number' | 'integer';
  title?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  default?: number;
}

/** Spec `BooleanSchema`. */
export interface BooleanSchema {
  type: 'boolean';
  title?: string;
  description?: string;
  default?: boolean;
}

/** Spec `UntitledSingleSelectEnumSchema`. */
export interface UntitledSingleSelectEnumSchema {
  type: 'string';
  title?: string;
  description?: string;
  enum: string[];
  default?: string;
}

/** One titled option: a `const` value shown with its `title`. */
export interface TitledEnumOption {
  const: string;
  title: string;
}

/** Spec `TitledSingleSelectEnumSchema`. */
export interface TitledSingleSelectEnumSchema {
  type: 'string';
  title?: string;
  description?: string;
  oneOf: TitledEnumOption[];
  default?: string;
}

/** Spec `UntitledMultiSelectEnumSchema`. */
export interface UntitledMultiSelectEnumSchema {
  type: 'array';
  title?: string;
  description?: string;
  minItems?: number;
  maxItems?: number;
  items: { type: 'string'; enum: string[] };
  default?: string[];
}

/** Spec `TitledMultiSelectEnumSchema` (note: `items.anyOf`, not `items.oneOf`). */
export interface TitledMultiSelectEnumSchema {
  type: 'array';
  title?: string;
  description?: string;
  minItems?: number;
  maxItems?: number;
  items: { anyOf: TitledEnumOption[] };
  default?: string[];
}

/** Spec `LegacyTitledEnumSchema` (deprecated): `enumNames` are display labels in `enum` order. */
export interface LegacyTitledEnumSchema {
  type: 'string';
  title?: string;
  description?: string;
  enum: string[];
  enumNames?: string[];
  default?: string;
}

/** Spec `SingleSelectEnumSchema`. */
export type SingleSelectEnumSchema = UntitledSingleSelectEnumSchema | TitledSingleSelectEnumSchema;
/** Spec `MultiSelectEnumSchema`. */
export type MultiSelectEnumSchema = UntitledMultiSelectEnumSchema | TitledMultiSelectEnumSchema;
/** Spec `EnumSchema`. */
export type EnumSchema = SingleSelectEnumSchema | MultiSelectEnumSchema | LegacyTitledEnumSchema;
/** Spec `PrimitiveSchemaDefinition`: one property of a form. */
export type PrimitiveSchemaDefinition = StringSchema | NumberSchema | BooleanSchema | EnumSchema;

/** Spec `ElicitRequestFormParams["requestedSchema"]`: a flat object of primitive properties. */
export interface ElicitRequestedSchema {
  $schema?: string;
  type: 'object';
  properties: Record<string, PrimitiveSchemaDefinition>;
  required?: string[];
}

// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────
// Requests and results on the wire
// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Spec `ElicitRequestFormParams`. `mode` may be absent (means form). `task`/`_meta` exist in 2025 revisions only. */
export interface ElicitRequestFormParams {
  mode?: 'form';
  message: string;
  requestedSchema: ElicitRequestedSchema;
  task?: { ttl?: number | null };
  _meta?: Record<string, unknown>;
}

/** Spec `ElicitRequestURLParams`. `elicitationId` is required in 2025-11-25 and removed in 2026-07-28. */
export interface ElicitRequestURLParams {
  mode: 'url';
  message: string;
  url: string;
  elicitationId?: string;
  task?: { ttl?: number | null };
  _meta?: Record<string, unknown>;
}

/** Spec `ElicitRequestParams`. */
export type ElicitRequestParams = ElicitRequestFormParams | ElicitRequestURLParams;

/** A value in accepted form content. */
export type ElicitContentValue = string | number | boolean | string[];

/** Spec `ElicitResult["content"]`. */
export type ElicitContent = Record<string, ElicitContentValue>;

/** Spec `ElicitResult`: the user's answer. `content` only for an accepted form. */
export type ElicitResult = { action: 'accept'; content?: ElicitContent } | { action: 'decline' } | { action: 'cancel' };

/** The three answers, in the spec's words. */
export type ElicitAction = ElicitResult['action'];

// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────
// Parsing
// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Options of {@link parseElicitation}. */
export interface ParseOptions {
  /** The negotiated protocol revision. When absent, any era's request shape is accepted. */
  protocolVersion?: ProtocolVersion;
  /**
   * The modes the client declared. Either a list or the wire capability object (`{}` = form only).
   * A request in an undeclared mode is rejected with `-32602`.
   * @default ['form', 'url']
   */
  modes?: readonly ElicitationMode[] | ElicitationCapability;
  /**
   * The URL of the server that asks. A URL-mode link on another site gets a `different-site` warning (information
   * for the user: the page is not the server's own).
   */
  serverUrl?: string;
  /**
   * The Public Suffix List to judge sites by (`@elicitation-kit/mcp` exports one backed by `tldts`:
   * `publicSuffixList`). Without it a built-in excerpt approximates the list, and tenants of shared hosts
   * (`victim.s3.amazonaws.com`, `attacker.s3.amazonaws.com`) look like one site.
   */
  publicSuffixList?: PublicSuffixList;
}

/** Stable reason codes of a rejected request, in `error.data.reason`. */
export type ParseErrorReason =
  | 'not-object'
  | 'not-json'
  | 'missing'
  | 'wrong-type'
  | 'unknown-mode'
  | 'mode-not-declared'
  | 'mode-not-in-era'
  | 'url-invalid'
  | 'url-blocked'
  | 'schema-type'
  | 'nested-object'
  | 'unsupported-array'
  | 'unsupported-type'
  | 'ref'
  | 'composition'
  | 'enum-not-string'
  | 'options-invalid'
  | 'unknown-format'
  | 'required-unknown'
  | 'default-type'
  | 'bound-invalid'
  | 'variant-not-in-era';

/** A `-32602` JSON-RPC error object naming the offending path and rule. Send it to the server as is. */
export interface ElicitationError {
  code: -32602;
  message: string;
  data: {
    /**
     * Dotted path into the params, ending with the offending keyword, e.g. `requestedSchema.properties.address.type`.
     * `''` only for `not-object` (the params themselves).
     */
    path: string;
    reason: ParseErrorReason;
  };
}

/** A tolerated oddity in a request: rendered anyway, reported for developers. */
export interface SchemaWarning {
  path: string;
  code: 'ignored-keyword' | 'default-invalid' | 'enum-names-mismatch' | 'ignored-field';
  message: string;
}

/** A form-mode request the kit accepted. */
export interface ParsedFormElicitation {
  mode: 'form';
  message: string;
  requestedSchema: ElicitRequestedSchema;
  /** Field descriptors in property order. */
  fields: FieldDescriptor[];
  /**
   * The fields that look like they ask for a secret (name, label, reason, message), judged once from `fields` (when
   * first read, then kept): the one verdict a dialog, a session and a server read. Empty for most forms.
   */
  readonly sensitive: SensitiveField[];
  warnings: SchemaWarning[];
  task?: { ttl?: number | null };
  _meta?: Record<string, unknown>;
}

/** A URL-mode request the kit accepted. Its link may still be unsafe to open: check `link.canOpen`. */
export interface ParsedUrlElicitation {
  mode: 'url';
  message: string;
  url: string;
  /** Present in 2025-11-25 requests; absent (and not required) in 2026-07-28. */
  elicitationId?: string;
  link: UrlAnalysis;
  warnings: SchemaWarning[];
  task?: { ttl?: number | null };
  _meta?: Record<string, unknown>;
}

/** A request the kit accepted, in either mode. */
export type ParsedElicitation = ParsedFormElicitation | ParsedUrlElicitation;

/** Result of {@link parseElicitation}. */
export type ParseResult = { ok: true; request: ParsedElicitation } | { ok: false; error: ElicitationError };

// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────
// Field descriptors
// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A choice in a select or multi-select. */
export interface FieldOption {
  value: string;
  label: string;
}

/** The control a field is shown with. */
export type ControlKind = 'text' | 'number' | 'checkbox' | 'select' | 'multiselect';

/** HTML input type for a text field (`date-time` is shown as `datetime-local` and sent with an offset). */
export type TextInputType = 'text' | 'email' | 'url' | 'date' | 'datetime-local';

interface FieldBase {
  /** Property name: the key in `content`. */
  name: string;
  /** `title`, else the property name. */
  label: string;
  description?: string;
  required: boolean;
  /** The property's schema as the server sent it. */
  schema: PrimitiveSchemaDefinition;
}

/** A free-text field (`StringSchema`). */
export interface TextField extends FieldBase {
  kind: 'text';
  inputType: TextInputType;
  format?: StringFormat;
  minLength?: number;
  maxLength?: number;
  default?: string;
}

/** A number or integer field (`NumberSchema`). Integers have `step: 1`. */
export interface NumberField extends FieldBase {
  kind: 'number';
  integer: boolean;
  minimum?: number;
  maximum?: number;
  step?: number;
  default?: number;
}

/** A boolean field (`BooleanSchema`). */
export interface CheckboxField extends FieldBase {
  kind: 'checkbox';
  default?: boolean;
}

/** A single choice (untitled `enum`, titled `oneOf`, legacy `enumNames`). */
export interface SelectField extends FieldBase {
  kind: 'select';
  options: FieldOption[];
  default?: string;
}

/** A multiple choice (untitled `items.enum`, titled `items.anyOf`). */
export interface MultiSelectField extends FieldBase {
  kind: 'multiselect';
  options: FieldOption[];
  minItems?: number;
  maxItems?: number;
  default?: string[];
}

/**
 * Everything a renderer needs to show one property. `default` is present only when it is valid for the field.
 * Plain data: {@link validateValues} reads a field's rules from it at each call, so an edited descriptor (or list of
 * them) is judged as edited.
 */
export type FieldDescriptor = TextField | NumberField | CheckboxField | SelectField | MultiSelectField;

/**
 * Form values as a UI holds them, keyed by property name. `undefined` (or a missing key) means unanswered.
 * Number fields may hold the raw text the user typed (e.g. `"12"`); {@link toContent} turns it into a number.
 */
export type FormValues = Record<string, ElicitContentValue | undefined>;

// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────
// Validation
// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Stable codes of validation issues. */
export type IssueCode =
  | 'required'
  | 'type'
  | 'number'
  | 'integer'
  | 'unsafe-integer'
  | 'time-zone'
  | 'minimum'
  | 'maximum'
  | 'minLength'
  | 'maxLength'
  | 'format'
  | 'option'
  | 'minItems'
  | 'maxItems'
  | 'uniqueItems'
  | 'unknown'
  /** Received content holding a value JSON cannot carry (`params.problem` says which, `params.path` where). */
  | 'not-json';

/** One problem with one field's value. */
export interface ValidationIssue {
  /** Property name (`''` for a problem with the content as a whole). */
  field: string;
  code: IssueCode;
  /** Human message (English by default; see {@link ValidateOptions.messages}). */
  message: string;
  /** The values the message was built from (limits, formats), for hosts that write their own messages. */
  params?: Record<string, string | number>;
}

/** Builds the message for one issue. Hosts replace these for i18n. */
export type IssueMessageFormatter = (issue: Omit<ValidationIssue, 'message'> & { label: string }) => string;

/** Options of {@link validateValues} and {@link validateContent}. */
export interface ValidateOptions {
  /** Message overrides, per issue code. */
  messages?: Partial<Record<IssueCode, IssueMessageFormatter>>;
}

/** Options of {@link validateContent}. */
export interface ValidateContentOptions extends ValidateOptions {
  /** Accept properties the schema does not define. @default false */
  allowUnknown?: boolean;
}

/** Result of {@link validateContent}. */
export type ContentValidation = { ok: true; content: ElicitContent } | { ok: false; issues: ValidationIssue[] };

/** A field that looks like it asks for a secret, which the spec forbids in form mode. */
export interface SensitiveField {
  /** The property name, as in `requestedSchema.properties`. */
  field: string;
  /** The field's label as a form shows it (its title, else its name): what a warning names. */
  label: string;
  reason: SensitiveReason;
  /**
   * A sentence for people, e.g. `"Pass phrase" looks like it asks for a password. Secrets must not be asked for in
   * a form; a server should use URL mode.` The label is the title, or the name when there is none.
   */
  message: string;
}
