// Validation of UI values (validateValues) and of received content (validateContent).
import { checkValue } from './check.js';
import { issue } from './messages.js';
import { describeForm, isObject, toJson } from './parse.js';
import type {
  ContentValidation,
  ElicitContent,
  ElicitRequestedSchema,
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
  return fields.flatMap((field) => {
    let value = own(values, field.name);
    if (value === undefined || value === '' || (field.kind === 'multiselect' && Array.isArray(value) && !value.length)) {
      if (field.kind === 'checkbox' || (field.kind === 'multiselect' && !field.required)) return [];
      if (field.kind !== 'multiselect') return field.required ? [issue(field.name, field.label, 'required', undefined, options)] : [];
      value = [];
    }
    if (field.kind === 'number') value = toNumber(value);
    else if (field.kind === 'text' && typeof value === 'string') value = contentValue(field, value);
    const problem = checkValue(field, value);
    return problem ? [issue(field.name, field.label, problem[0], problem[1], options)] : [];
  });
}

/**
 * The server's re-check of received `content` (accepted content is still external input). JSON Schema semantics,
 * strict JSON types: `""` satisfies `required`, `"12"` is not a number, date-times need an offset. Unknown
 * properties are rejected unless `allowUnknown`. Agrees with ajv 8 (draft 2020-12 + ajv-formats) on the
 * restricted schema, except that it also refuses integers beyond ±(2^53−1) and duplicate multi-select items, and
 * does not enforce keywords outside the restricted schema (`pattern`, …; reported as warnings by the parser).
 * Throws `TypeError` only when `schema` is not a valid restricted schema (the server author's bug).
 */
export function validateContent(schema: unknown, content: unknown, options?: ValidateContentOptions): ContentValidation {
  const fields = describeForm(schema as ElicitRequestedSchema);
  let json: unknown;
  try {
    json = toJson(content);
  } catch {
    // Not JSON at all (a cycle, a BigInt): not an object.
  }
  if (!isObject(json)) return { ok: false, issues: [issue('', 'Content', 'type', { type: 'object' }, options)] };
  const data = json;
  const names = new Set(fields.map((field) => field.name));
  const issues: ValidationIssue[] = options?.allowUnknown
    ? []
    : Object.keys(data)
        .filter((name) => !names.has(name))
        .map((name) => issue(name, name, 'unknown', undefined, options));
  for (const field of fields) {
    const value = own(data, field.name);
    const problem = value === undefined ? (field.required ? (['required'] as const) : undefined) : checkValue(field, value);
    if (problem) issues.push(issue(field.name, field.label, problem[0], problem[1], options));
  }
  return issues.length ? { ok: false, issues } : { ok: true, content: data as ElicitContent };
}
