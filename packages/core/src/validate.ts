// Validation of UI values (validateValues) and of received content (createContentValidator, validateContent): one rule
// set (check.ts), two readings of "empty".
import { problemOf, rulesOf, type Problem, type Rule } from './check.js';
import { fromLocalDateTime, isLocalDateTime } from './date-time.js';
import {
  NOT_JSON,
  define,
  hasInheritedMembers,
  isJsonObject,
  toJsonMember,
  toJsonValue,
  type JsonObject,
  type JsonValue,
} from './json.js';
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
const isEmpty = (rule: Rule, value: unknown): boolean =>
  value === undefined || value === '' || (rule.kind === 'multiselect' && Array.isArray(value) && value.length === 0);

/** The problem of one answered UI value: typed text read as the field's kind, then the shared rules. */
function uiProblem(rule: Rule, value: unknown): Problem | undefined {
  if (typeof value === 'string') {
    if (rule.kind === 'number') {
      const reading = readNumber(value);
      return reading.ok ? problemOf(rule, reading.value) : ['number', { problem: reading.problem }];
    }
    if (rule.format === 'date-time') {
      const instant = fromLocalDateTime(value);
      if (!instant.ok && instant.problem !== 'not-local') {
        return ['time-zone', { problem: instant.problem }];
      }
      return problemOf(rule, instant.ok ? instant.value : value);
    }
    if (rule.format === 'date') {
      // A date input may hold a local date-time (older engines); its date is what is sent.
      return problemOf(rule, isLocalDateTime(value) ? value.slice(0, 10) : value);
    }
  }
  return problemOf(rule, value);
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
  for (const rule of rulesOf(fields)) {
    const value = own(values, rule.name);
    let problem: Problem | undefined;
    if (!isEmpty(rule, value)) {
      problem = uiProblem(rule, value);
    } else if (rule.required && rule.kind === 'multiselect') {
      // A required multi-select left empty is judged as [] (so minItems speaks).
      problem = problemOf(rule, []);
    } else if (rule.required && rule.kind !== 'checkbox') {
      problem = REQUIRED;
    }
    const issue = issueOf(rule.name, rule.label, problem, options);
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
 * by the parser). On success `content` is a fresh copy of what was checked, safe to keep: every member JSON carries is
 * copied as {@link toJsonValue} copies it (getters run once, `toJSON` read, lists copied); a symbol-keyed member, which
 * no JSON message carries and every JSON reader ignores, is copied as it is. Never throws on content.
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
    rules: rulesOf(parsed.fields),
    byName: new Map(parsed.fields.map((field, index) => [field.name, index])),
    known: NO_NAMES,
    required: parsed.fields.flatMap((field, index) => (field.required ? [index] : [])),
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
  /** Each field's prepared rules (check.ts), by position. */
  readonly rules: readonly Rule[];
  /** Field name → position. */
  readonly byName: ReadonlyMap<string, number>;
  /** The names of the last content read, with their positions. */
  known: KnownNames;
  /** Positions of the required fields. */
  readonly required: readonly number[];
}

/**
 * The field positions of the member names of the last content read (-1 for a name the schema does not have). Answers
 * to one question arrive with the same names in the same order (clients build content in schema order; JSON.parse
 * shares the names' strings), so a repeat costs one string comparison per member instead of a hash look-up. Replaced
 * whole, never changed in place (a `toJSON` read mid-check may check other content with the same validator). Only
 * lists no longer than the schema's fields are kept (a longer one has unknown names): a 100,000-member answer is not
 * held.
 */
interface KnownNames {
  readonly names: readonly string[];
  readonly positions: readonly number[];
}

const NO_NAMES: KnownNames = { names: [], positions: [] };

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
  // One read of the content: a spread copies its own enumerable members (each getter runs once) at a fraction of
  // the cost of storing them one by one; only members whose JSON copy differs are replaced afterwards. A spread also
  // copies symbol-keyed members, which are left as they are: no answer off the wire has one (JSON has no symbols),
  // every JSON reader ignores them, and finding them would cost a fifth of the whole check (a call into the engine's
  // runtime on every answer).
  const json = { ...content } as JsonObject;
  // A for-in over the copy reads its members without building key and value lists; it also visits what the
  // copy inherits, which is nothing unless Object.prototype has been given enumerable members (then skipped).
  const polluted = hasInheritedMembers();
  const { names, positions } = compiled.known;
  let count = 0;
  let repeated = true;
  let problems: Problem[] | undefined;
  let unknown: string[] | undefined;
  let requiredSeen = 0;
  for (const key in json) {
    if (polluted && !Object.hasOwn(json, key)) {
      continue;
    }
    repeated &&= key === names[count];
    const position = repeated ? positions[count]! : (compiled.byName.get(key) ?? -1);
    count += 1;
    const raw = json[key];
    if (position === -1) {
      const value = copyMember(json, key, raw, content);
      if (value === NOT_JSON) {
        return undefined;
      }
      if (value !== undefined && !allowUnknown) {
        (unknown ??= []).push(key);
      }
      continue;
    }
    const rule = compiled.rules[position]!;
    // A primitive that keeps its field's rules is a string, a finite number or a boolean: its own JSON copy. Anything
    // else is copied first (a list, a `toJSON`, a non-finite number), then checked.
    const isObject = typeof raw === 'object';
    let problem = isObject ? undefined : problemOf(rule, raw);
    if (isObject || problem !== undefined) {
      const value = copyMember(json, key, raw, content);
      if (value === NOT_JSON) {
        return undefined;
      }
      if (value === undefined) {
        continue;
      }
      problem = problemOf(rule, value);
    }
    if (rule.required) {
      requiredSeen += 1;
    }
    if (problem !== undefined) {
      (problems ??= [])[position] = problem;
    }
  }
  if ((!repeated || count !== names.length) && count <= compiled.fields.length) {
    const read = Object.keys(json);
    compiled.known = { names: read, positions: read.map((name) => compiled.byName.get(name) ?? -1) };
  }
  return problems === undefined && unknown === undefined && requiredSeen === compiled.required.length
    ? json
    : new Findings(json, problems ?? [], unknown ?? []);
}

/**
 * Puts the JSON copy of member `key` (read as `raw`) into `json`, the content's spread copy, and returns it: a member
 * with no JSON value is left out, as JSON.stringify leaves undefined, functions and symbols out. {@link NOT_JSON}
 * when it is not JSON. May throw.
 */
function copyMember(
  json: JsonObject,
  key: string,
  raw: unknown,
  content: object,
): JsonValue | undefined | typeof NOT_JSON {
  const value = memberOf(raw, key, content);
  if (value === undefined) {
    delete json[key];
  } else if (value !== raw && value !== NOT_JSON) {
    define(json, key, value);
  }
  return value;
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
