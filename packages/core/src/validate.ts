// Validation of UI values (validateValues) and of received content (createContentValidator, validateContent): one rule
// set (check.ts), two readings of "empty".
import { checkValue, checkerOf, type Problem } from './check.js';
import { fromLocalDateTime, isLocalDateTime } from './date-time.js';
import { NOT_JSON, define, isJsonObject, toJsonMember, toJsonValue, type JsonObject, type JsonValue } from './json.js';
import { issueOf } from './messages.js';
import { ElicitationSchemaError, describeRequestedSchema, type ParsedRequestedSchema } from './parse.js';
import type {
  ContentValidation,
  ElicitContent,
  FieldDescriptor,
  FormValues,
  ValidateContentOptions,
  ValidateOptions,
  ValidationIssue,
} from './types.js';
import { own, readNumber } from './values.js';

const REQUIRED: Problem = ['required'];
const NOT_AN_OBJECT: Problem = ['type', { type: 'object' }];
const UNKNOWN: Problem = ['unknown'];

/** Whether a UI value means "unanswered". */
const isEmpty = (field: FieldDescriptor, value: unknown): boolean =>
  value === undefined || value === '' || (field.kind === 'multiselect' && Array.isArray(value) && value.length === 0);

/** The problem of one answered UI value: typed text read as the field's kind, then the shared rules. */
function uiProblem(field: FieldDescriptor, value: unknown): Problem | undefined {
  if (field.kind === 'number' && typeof value === 'string') {
    const reading = readNumber(value);
    return reading.ok ? checkValue(field, reading.value) : ['number', { problem: reading.problem }];
  }
  if (field.kind === 'text' && field.format === 'date-time' && typeof value === 'string') {
    const instant = fromLocalDateTime(value);
    if (!instant.ok && instant.problem !== 'not-local') {
      return ['time-zone', { problem: instant.problem }];
    }
    return checkValue(field, instant.ok ? instant.value : value);
  }
  if (field.kind === 'text' && field.format === 'date' && typeof value === 'string') {
    // A date input may hold a local date-time (older engines); its date is what is sent.
    return checkValue(field, isLocalDateTime(value) ? value.slice(0, 10) : value);
  }
  return checkValue(field, value);
}

/**
 * Checks form values as a UI holds them, one issue (the first) per field. UI semantics: an empty string, like a
 * missing value, means unanswered, so a required text field holding `""` gets `required` (JSON Schema would accept
 * `""`; {@link createContentValidator} does). Number fields may hold typed text (`"12"`; `"1 000"` gets a message
 * saying what to fix); date-time fields may hold a local `datetime-local` value (one the clocks skip is an issue). A
 * required checkbox left unchecked is not an issue (it is sent as `false`).
 */
export function validateValues(
  fields: readonly FieldDescriptor[],
  values: FormValues,
  options?: ValidateOptions,
): ValidationIssue[] {
  const found: ValidationIssue[] = [];
  for (const field of fields) {
    const value = own(values, field.name);
    let problem: Problem | undefined;
    if (!isEmpty(field, value)) {
      problem = uiProblem(field, value);
    } else if (field.required && field.kind === 'multiselect') {
      // A required multi-select left empty is judged as [] (so minItems speaks).
      problem = checkValue(field, []);
    } else if (field.required && field.kind !== 'checkbox') {
      problem = REQUIRED;
    }
    const issue = issueOf(field.name, field.label, problem, options);
    if (issue) {
      found.push(issue);
    }
  }
  return found;
}

/** A compiled server-side check of received `content`; see {@link createContentValidator}. */
export type ContentValidator = (content: unknown) => ContentValidation;

/** Whether `value` is a successful {@link parseRequestedSchema} result (its fields are then used as they are). */
function isParsedSchema(value: unknown): value is ParsedRequestedSchema {
  return isJsonObject(value) && value['ok'] === true && Array.isArray(value['fields']) && isJsonObject(value['schema']);
}

/**
 * Compiles the server's re-check of received `content` (accepted content is still external input) for one schema,
 * parsed once: JSON Schema semantics, strict JSON types (`""` satisfies `required`, `"12"` is not a number, date-times
 * need an offset). Unknown properties are rejected unless `allowUnknown`. Agrees with ajv 8 (draft 2020-12 +
 * ajv-formats) on the restricted schema, except that it also refuses integers beyond ±(2^53−1) and duplicate
 * multi-select items, and does not enforce keywords outside the restricted schema (`pattern`, …; reported as warnings
 * by the parser). On success `content` is a fresh JSON copy of what was checked, safe to keep. Never throws on content.
 *
 * `schema` is a requested schema, or a successful {@link parseRequestedSchema} result: a server that has parsed its
 * question already (to read its warnings or `sensitive`) passes the result, and the schema is not parsed again.
 * @throws {ElicitationSchemaError} (a `TypeError`) when `schema` is not a valid restricted schema: reported when the
 * validator is created, with the `-32602` a client would send in `error.error`.
 * @example
 * const parsed = parseRequestedSchema(EXPORT_SCHEMA);
 * if (!parsed.ok) throw new Error(parsed.error.message);
 * const check = createContentValidator(parsed); // or createContentValidator(EXPORT_SCHEMA)
 * const result = check(answer.content);
 * if (!result.ok) return toolError(result.issues.map((issue) => issue.message).join(' '));
 */
export function createContentValidator(
  schema: unknown | ParsedRequestedSchema,
  options?: ValidateContentOptions,
): ContentValidator {
  const parsed = isParsedSchema(schema) ? schema : describeRequestedSchema(schema);
  if (!parsed.ok) {
    throw new ElicitationSchemaError(parsed.error);
  }
  const compiled: CompiledFields = {
    fields: parsed.fields,
    checks: parsed.fields.map((field) => checkerOf(field)),
    positions: new Map(parsed.fields.map((field, index) => [field.name, index])),
    required: parsed.fields.flatMap((field, index) => (field.required ? [index] : [])),
    isRequired: parsed.fields.map((field) => field.required),
  };
  const allowUnknown = options?.allowUnknown === true;
  return (content) => {
    const read = readContent(content, compiled, allowUnknown);
    if (read === undefined) {
      // Not JSON at all (a cycle, a BigInt, a throwing getter) or not an object: the content as a whole is wrong.
      return { ok: false, issues: [issueOf('', 'Content', NOT_AN_OBJECT, options)!] };
    }
    if (!(read instanceof Findings)) {
      return { ok: true, content: read as ElicitContent };
    }
    // Failures only: the issues in their documented order, unknown names first, then the fields in schema order.
    const { json, problems } = read;
    for (const index of compiled.required) {
      if (!Object.hasOwn(json, compiled.fields[index]!.name)) {
        problems[index] = REQUIRED;
      }
    }
    const found: ValidationIssue[] = [];
    for (const name of read.unknown) {
      found.push(issueOf(name, name, UNKNOWN, options)!);
    }
    compiled.fields.forEach((field, index) => {
      const problem = problems[index];
      if (problem !== undefined) {
        found.push(issueOf(field.name, field.label, problem, options)!);
      }
    });
    return { ok: false, issues: found };
  };
}

/** A schema's fields as the content check uses them, prepared once per validator. */
interface CompiledFields {
  readonly fields: readonly FieldDescriptor[];
  /** Each field's compiled rules (check.ts), by position. */
  readonly checks: readonly ((value: unknown) => Problem | undefined)[];
  /** Field name → position. */
  readonly positions: ReadonlyMap<string, number>;
  /** Positions of the required fields, and by position whether a field is required. */
  readonly required: readonly number[];
  readonly isRequired: readonly boolean[];
}

/** What is wrong with received content, found while reading it: the problems by field position, unknown names. */
class Findings {
  constructor(
    /** The JSON copy that was read (required fields are looked up in it). */
    readonly json: JsonObject,
    readonly problems: Problem[],
    readonly unknown: readonly string[],
  ) {}
}

/**
 * Reads received content in one pass over its own keys: copies it (primitives as they are, anything else as
 * {@link toJsonValue} copies it: one home for what JSON means, json.ts) and checks each known member as it goes.
 * Returns the copy when the content is valid, the {@link Findings} when it is not, and `undefined` when it is not a
 * JSON object at all (a cycle, a BigInt, a throwing getter, an array, a primitive). The fixed per-call cost of the
 * server's check is here, so a valid answer costs one copy and one check per member, and nothing else.
 */
function readContent(
  content: unknown,
  compiled: CompiledFields,
  allowUnknown: boolean,
): JsonObject | Findings | undefined {
  try {
    return readMembers(content, compiled, allowUnknown);
  } catch {
    // A throwing getter or proxy trap: the content cannot be read
    return undefined;
  }
}

/** {@link readContent}'s pass; may throw (a getter, a proxy trap). */
function readMembers(
  content: unknown,
  compiled: CompiledFields,
  allowUnknown: boolean,
): JsonObject | Findings | undefined {
  if (!isJsonObject(content)) {
    return undefined;
  }
  if (typeof (content as { toJSON?: unknown }).toJSON === 'function') {
    // A `toJSON` replaces the object: the general copy reads it.
    const copy = toJsonValue(content);
    return copy.ok && isJsonObject(copy.value) ? readMembers(copy.value, compiled, allowUnknown) : undefined;
  }
  const json: JsonObject = {};
  let problems: Problem[] | undefined;
  let unknown: string[] | undefined;
  let requiredSeen = 0;
  for (const key of Object.keys(content)) {
    const value = memberOf((content as Record<string, unknown>)[key], key, content);
    if (value === NOT_JSON) {
      return undefined;
    }
    if (value === undefined) {
      // undefined, functions and symbols have no JSON value: left out, as JSON.stringify leaves them
      continue;
    }
    define(json, key, value);
    const position = compiled.positions.get(key);
    if (position === undefined) {
      if (!allowUnknown) {
        (unknown ??= []).push(key);
      }
      continue;
    }
    if (compiled.isRequired[position]) {
      requiredSeen += 1;
    }
    const problem = compiled.checks[position]!(value);
    if (problem !== undefined) {
      (problems ??= [])[position] = problem;
    }
  }
  return problems === undefined && unknown === undefined && requiredSeen === compiled.required.length
    ? json
    : new Findings(json, problems ?? [], unknown ?? []);
}

/** The JSON copy of one top-level member: `undefined` when it has none, {@link NOT_JSON} when it is not. May throw. */
function memberOf(raw: unknown, key: string, parent: object): JsonValue | undefined | typeof NOT_JSON {
  switch (typeof raw) {
    case 'string':
    case 'boolean':
      return raw;
    case 'number':
      return Number.isFinite(raw) ? raw : null;
    case 'object':
      // A multi-select's answer: a list of strings is its own JSON copy, sliced
      return isStringList(raw) ? raw.slice() : toJsonMember(raw, key, parent);
    case 'bigint':
      return NOT_JSON;
    default:
      return undefined;
  }
}

/** Whether `value` is a plain array of strings (no holes, no other items): then a slice is its JSON copy. */
function isStringList(value: unknown): value is string[] {
  if (!Array.isArray(value) || Object.getPrototypeOf(value) !== Array.prototype) {
    return false;
  }
  for (let index = 0; index < value.length; index++) {
    if (typeof value[index] !== 'string') {
      return false;
    }
  }
  return true;
}

/**
 * The one-shot form of {@link createContentValidator}: parses `schema` and checks `content` against it. A server that
 * checks many answers to one schema should create the validator once.
 * @throws {ElicitationSchemaError} (a `TypeError`) only when `schema` is not a valid restricted schema.
 */
export function validateContent(
  schema: unknown,
  content: unknown,
  options?: ValidateContentOptions,
): ContentValidation {
  return createContentValidator(schema, options)(content);
}
