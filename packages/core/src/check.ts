// The one place a value is judged against a field. Shared by validateValues (UI), createContentValidator (server) and
// the parser (is a default valid?). The rules are read from the descriptor at each call: nothing is kept between calls,
// so a descriptor or a list of fields may be changed in place and the next check sees the change. Every rule is linear
// in the value's size (plus the field's options), and bounded work comes first (a 10-option multi-select rejects a
// 100,000-item array by its length).
import { formats } from './formats.js';
import type { FieldDescriptor, IssueCode, MultiSelectField, NumberField, SelectField, TextField } from './types.js';

/** A failed rule: its code and the limits the message needs. */
export type Problem = [code: IssueCode, params?: Record<string, string | number>];

/** The bound keywords of each kind that has them (they are also the issue codes). */
export const LIMITS = {
  text: { low: 'minLength', high: 'maxLength' },
  number: { low: 'minimum', high: 'maximum' },
  multiselect: { low: 'minItems', high: 'maxItems' },
} as const;

const HIGH_SURROGATE_FIRST = 0xd800;
const HIGH_SURROGATE_LAST = 0xdbff;
const LOW_SURROGATE_FIRST = 0xdc00;
const LOW_SURROGATE_LAST = 0xdfff;

/**
 * The length of `text` in code points, as JSON Schema (and ajv) count it, without allocating. Counting stops once it
 * passes `enough`: a caller comparing with a bound needs no more (a 100,000-character answer to a 10-character field
 * is judged after 11).
 */
function codePointLength(text: string, enough = Infinity): number {
  let count = 0;
  for (let index = 0; index < text.length && count <= enough; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= HIGH_SURROGATE_FIRST && unit <= HIGH_SURROGATE_LAST && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= LOW_SURROGATE_FIRST && next <= LOW_SURROGATE_LAST) {
        index++;
      }
    }
    count++;
  }
  return count;
}

const TYPE_STRING: Problem = ['type', { type: 'string' }];
const TYPE_NUMBER: Problem = ['type', { type: 'number' }];
const TYPE_BOOLEAN: Problem = ['type', { type: 'boolean' }];
const TYPE_ARRAY: Problem = ['type', { type: 'array' }];
const INTEGER: Problem = ['integer'];
const UNSAFE_INTEGER: Problem = ['unsafe-integer'];
const OPTION: Problem = ['option'];
const UNIQUE_ITEMS: Problem = ['uniqueItems'];

function textProblem(field: TextField, value: unknown): Problem | undefined {
  if (typeof value !== 'string') {
    return TYPE_STRING;
  }
  const { minLength, maxLength, format } = field;
  if (minLength !== undefined || maxLength !== undefined) {
    const length = codePointLength(value, maxLength ?? minLength);
    if (minLength !== undefined && length < minLength) {
      return ['minLength', { minLength }];
    }
    if (maxLength !== undefined && length > maxLength) {
      return ['maxLength', { maxLength }];
    }
  }
  if (format !== undefined && !formats[format](value)) {
    return ['format', { format }];
  }
  return undefined;
}

function numberProblem(field: NumberField, value: unknown): Problem | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return TYPE_NUMBER;
  }
  if (field.integer && !Number.isInteger(value)) {
    return INTEGER;
  }
  // Beyond ±(2^53−1) a JSON number no longer denotes one exact integer (deliberately stricter than ajv).
  if (field.integer && !Number.isSafeInteger(value)) {
    return UNSAFE_INTEGER;
  }
  const { minimum, maximum } = field;
  if (minimum !== undefined && value < minimum) {
    return ['minimum', { minimum }];
  }
  if (maximum !== undefined && value > maximum) {
    return ['maximum', { maximum }];
  }
  return undefined;
}

function selectProblem(field: SelectField, value: unknown): Problem | undefined {
  if (typeof value !== 'string') {
    return TYPE_STRING;
  }
  return field.options.some((option) => option.value === value) ? undefined : OPTION;
}

function multiSelectProblem(field: MultiSelectField, value: unknown): Problem | undefined {
  if (!Array.isArray(value)) {
    return TYPE_ARRAY;
  }
  const { minItems, maxItems } = field;
  // Bounded work first: an array longer than allowed is refused by its length, before any item is read.
  if (maxItems !== undefined && value.length > maxItems) {
    return ['maxItems', { maxItems }];
  }
  // Sets, so that the check stays linear in the answer's size whatever the number of options. A multi-select is a
  // set: duplicates are refused (ajv accepts them: the schema has no uniqueItems).
  const choices = new Set(field.options.map((option) => option.value));
  const seen = new Set<string>();
  for (let index = 0; index < value.length; index++) {
    const item: unknown = value[index];
    if (typeof item !== 'string') {
      return TYPE_STRING;
    }
    if (!choices.has(item)) {
      return OPTION;
    }
    if (seen.has(item)) {
      return UNIQUE_ITEMS;
    }
    seen.add(item);
  }
  if (minItems !== undefined && value.length < minItems) {
    return ['minItems', { minItems }];
  }
  return undefined;
}

/** The first rule `value` breaks, with strict JSON types (numbers are numbers, strings are strings). */
export function checkValue(field: FieldDescriptor, value: unknown): Problem | undefined {
  switch (field.kind) {
    case 'text':
      return textProblem(field, value);
    case 'number':
      return numberProblem(field, value);
    case 'checkbox':
      return typeof value === 'boolean' ? undefined : TYPE_BOOLEAN;
    case 'select':
      return selectProblem(field, value);
    case 'multiselect':
      return multiSelectProblem(field, value);
    default:
      return field satisfies never;
  }
}
