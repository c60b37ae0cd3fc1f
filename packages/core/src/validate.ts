// Validation of UI values (validateValues) and of received content (validateContent).
import { checkValue, type Problem } from './check.js';
import { issues } from './messages.js';
import { isObject, parseRequestedSchema, toJson } from './parse.js';
import type {
  ContentValidation,
  ElicitContent,
  ElicitationError,
  FieldDescriptor,
  FormValues,
  ValidateContentOptions,
  ValidateOptions,
  ValidationIssue,
} from './types.js';
import { contentValue, own, toNumber } from './values.js';

/**
 * Checks form values as a UI holds them, one issue (the first) per field. UI semantics: an empty string, like a
 * missing value, means unanswered, so a required text field holding `""` gets `required` (JSON Schema would
 * accept `""`; {@link validateContent} does). Number fields may hold typed text (`"12"`); date-time fields may hold
 * a local `datetime-local` value. A required checkbox left unchecked is not an issue (it is sent as `false`).
 */
export function validateValues(
  fields: readonly FieldDescriptor[],
  values: FormValues,
  options?: ValidateOptions,
): ValidationIssue[] {
  const found: ValidationIssue[] = [];
  for (const field of fields) {
    const { kind } = field;
    const value = own(values, field.name);
    const empty =
      value === undefined || value === '' || (kind === 'multiselect' && Array.isArray(value) && !value.length);
    // Unanswered: fine when optional (or a checkbox); a required multi-select is judged as [] (minItems).
    const problem =
      (!empty || (kind !== 'checkbox' && field.required)) &&
      (empty && kind !== 'multiselect'
        ? (['required'] as Problem)
        : checkValue(
            field,
            empty
              ? []
              : kind === 'number'
                ? toNumber(value)
                : kind === 'text' && typeof value === 'string'
                  ? contentValue(field, value)
                  : value,
          ));
    if (problem) found.push(...issues(field.name, field.label, problem, options));
  }
  return found;
}

/** Thrown by {@link createContentValidator} when the schema itself is invalid: the server author's bug. */
export class ElicitationSchemaError extends TypeError {
  /** The `-32602` error a client would answer this schema with (`data.path`, `data.reason`). */
  readonly error: ElicitationError;
  constructor(error: ElicitationError) {
    super(error.message);
    this.name = 'ElicitationSchemaError';
    this.error = error;
  }
}

/** A compiled server-side check of received `content`; see {@link createContentValidator}. */
export type ContentValidator = (content: unknown) => ContentValidation;

/**
 * Compiles the server's re-check of received `content` (accepted content is still external input) for one schema,
 * parsed once: JSON Schema semantics, strict JSON types (`""` satisfies `required`, `"12"` is not a number, date-times
 * need an offset). Unknown properties are rejected unless `allowUnknown`. Agrees with ajv 8 (draft 2020-12 +
 * ajv-formats) on the restricted schema, except that it also refuses integers beyond ±(2^53−1) and duplicate
 * multi-select items, and does not enforce keywords outside the restricted schema (`pattern`, …; reported as warnings
 * by the parser). On success `content` is a fresh JSON copy of what was checked, safe to keep.
 * @throws {ElicitationSchemaError} when `schema` is not a valid restricted schema.
 * @example
 * const check = createContentValidator(EXPORT_SCHEMA);
 * const result = check(answer.content);
 * if (!result.ok) return toolError(result.issues.map((issue) => issue.message).join(' '));
 */
export function createContentValidator(schema: unknown, options?: ValidateContentOptions): ContentValidator {
  const parsed = parseRequestedSchema(schema);
  if (!parsed.ok) throw new ElicitationSchemaError(parsed.error);
  const { fields } = parsed;
  const names = new Set(fields.map((field) => field.name));
  return (content) => {
    let json: unknown;
    try {
      json = toJson(content);
    } catch {
      // Not JSON at all (a cycle, a BigInt): not an object.
    }
    if (!isObject(json)) return { ok: false, issues: issues('', 'Content', ['type', { type: 'object' }], options) };
    const found = (options?.allowUnknown ? [] : Object.keys(json).filter((name) => !names.has(name)))
      .flatMap((name) => issues(name, name, ['unknown'], options))
      .concat(
        fields.flatMap((field) => {
          const value = own(json, field.name);
          return issues(
            field.name,
            field.label,
            value === undefined ? field.required && ['required'] : checkValue(field, value),
            options,
          );
        }),
      );
    return found.length ? { ok: false, issues: found } : { ok: true, content: json as ElicitContent };
  };
}

/**
 * The one-shot form of {@link createContentValidator}: parses `schema` and checks `content` against it.
 * @throws {ElicitationSchemaError} (a `TypeError`) only when `schema` is not a valid restricted schema.
 */
export function validateContent(
  schema: unknown,
  content: unknown,
  options?: ValidateContentOptions,
): ContentValidation {
  return createContentValidator(schema, options)(content);
}
