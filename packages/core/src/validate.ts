// Validation of UI values (validateValues) and of received content (createContentValidator, validateContent): one rule
// set (check.ts), two readings of "empty".
import { checkValue, type Problem } from './check.js';
import { fromLocalDateTime, isLocalDateTime } from './date-time.js';
import { isJsonObject, toStrictJsonValue, type StrictJsonCopy } from './json.js';
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
 * required checkbox left unchecked is not an issue (it is sent as `false`). The fields are read as they are at each call
 * (nothing is kept: a list or a descriptor changed in place is judged as changed). Linear in the fields and values.
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
 * by the parser). The content is first copied as JSON (getters run once, `toJSON` read, own string-keyed members only:
 * never inherited or symbol-keyed ones), and the copy is what is checked: on success `content` is that fresh JSON copy,
 * safe to keep. A value JSON cannot carry (a BigInt, a function, a symbol, NaN, ±Infinity, a cycle, a throwing getter
 * or proxy, nesting deeper than 64) is a `not-json` issue naming where it is; an `undefined` member is absent. Never
 * throws on content. Linear in the content's size and the schema's.
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
  // The validator's own list and index of the fields, taken now: it checks against the schema it was created for.
  const fields = [...parsed.fields];
  const byName = new Map(fields.map((field) => [field.name, field]));
  const allowUnknown = options?.allowUnknown === true;
  return (content) => {
    const copy = toStrictJsonValue(content);
    if (!copy.ok) {
      return { ok: false, issues: [notJsonIssue(copy, byName, options)] };
    }
    const json = copy.value;
    if (!isJsonObject(json)) {
      return { ok: false, issues: [issueOf('', 'Content', NOT_AN_OBJECT, options)!] };
    }
    // The issues in their documented order: unknown names first (in the content's order), then the fields in schema
    // order. `json` is a plain JSON copy: own members only, so a polluted Object.prototype cannot answer a field.
    const issues: ValidationIssue[] = [];
    if (!allowUnknown) {
      for (const name of Object.keys(json)) {
        if (!byName.has(name)) {
          issues.push(issueOf(name, name, UNKNOWN, options)!);
        }
      }
    }
    for (const field of fields) {
      let problem: Problem | undefined;
      if (Object.hasOwn(json, field.name)) {
        problem = checkValue(field, json[field.name]);
      } else if (field.required) {
        problem = REQUIRED;
      }
      const issue = issueOf(field.name, field.label, problem, options);
      if (issue) {
        issues.push(issue);
      }
    }
    return issues.length === 0 ? { ok: true, content: json as ElicitContent } : { ok: false, issues };
  };
}

/**
 * The issue of content that is not JSON: on the member it was found in (`''` for the content itself), with the problem
 * and the dotted path to the value in `params`.
 */
function notJsonIssue(
  copy: Extract<StrictJsonCopy, { ok: false }>,
  byName: ReadonlyMap<string, FieldDescriptor>,
  options: ValidateOptions | undefined,
): ValidationIssue {
  const { problem, keys } = copy;
  if (keys.length === 0) {
    return issueOf('', 'Content', ['not-json', { problem }], options)!;
  }
  const name = String(keys[0]);
  const label = byName.get(name)?.label ?? name;
  return issueOf(name, label, ['not-json', { problem, path: keys.join('.') }], options)!;
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
