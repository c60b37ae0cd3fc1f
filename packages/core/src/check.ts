// The one place a value is judged against a field. Shared by validateValues (UI), createContentValidator (server) and
// the parser (is a default valid?). A field's rules are compiled once into a closure (no code generation: hosts run
// under CSP) and kept per descriptor object, so warm validation does no set-up and allocates nothing unless a rule
// fails. Descriptors are treated as immutable: a changed field must be a new object. Every rule is linear in the
// value's size, and bounded work comes first (a 10-option multi-select rejects a 100,000-item array by its length).
import { formats } from './formats.js';
import type {
  FieldDescriptor,
  IssueCode,
  MultiSelectField,
  NumberField,
  SelectField,
  StringFormat,
  TextField,
} from './types.js';

/** A failed rule: its code and the limits the message needs. */
export type Problem = [code: IssueCode, params?: Record<string, string | number>];

/** The bound keywords of each kind that has them (they are also the issue codes). */
export const LIMITS = {
  text: { low: 'minLength', high: 'maxLength' },
  number: { low: 'minimum', high: 'maximum' },
  multiselect: { low: 'minItems', high: 'maxItems' },
} as const;

type Check = (value: unknown) => Problem | undefined;

const compiled = new WeakMap<FieldDescriptor, Check>();

const HIGH_SURROGATE_FIRST = 0xd800;
const HIGH_SURROGATE_LAST = 0xdbff;
const LOW_SURROGATE_FIRST = 0xdc00;
const LOW_SURROGATE_LAST = 0xdfff;

/**
 * The length of `text` in code points, as JSON Schema (and ajv) count it, without allocating. Counting stops once it
 * passes `enough`: a caller comparing with a bound needs no more.
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

function compileText(field: TextField): Check {
  const { minLength, maxLength } = field;
  const format: StringFormat | undefined = field.format;
  const test = format === undefined ? undefined : formats[format];
  const bounded = minLength !== undefined || maxLength !== undefined;
  const enough = maxLength ?? minLength ?? 0;
  return (value) => {
    if (typeof value !== 'string') {
      return TYPE_STRING;
    }
    if (bounded) {
      const length = codePointLength(value, enough);
      if (minLength !== undefined && length < minLength) {
        return ['minLength', { minLength }];
      }
      if (maxLength !== undefined && length > maxLength) {
        return ['maxLength', { maxLength }];
      }
    }
    if (test !== undefined && format !== undefined && !test(value)) {
      return ['format', { format }];
    }
    return undefined;
  };
}

function compileNumber(field: NumberField): Check {
  const { integer, minimum, maximum } = field;
  return (value) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      return TYPE_NUMBER;
    }
    if (integer && !Number.isInteger(value)) {
      return INTEGER;
    }
    // Beyond ±(2^53−1) a JSON number no longer denotes one exact integer (deliberately stricter than ajv).
    if (integer && !Number.isSafeInteger(value)) {
      return UNSAFE_INTEGER;
    }
    if (minimum !== undefined && value < minimum) {
      return ['minimum', { minimum }];
    }
    if (maximum !== undefined && value > maximum) {
      return ['maximum', { maximum }];
    }
    return undefined;
  };
}

function compileSelect(field: SelectField): Check {
  const choices: ReadonlySet<string> = new Set(field.options.map((option) => option.value));
  return (value) => {
    if (typeof value !== 'string') {
      return TYPE_STRING;
    }
    return choices.has(value) ? undefined : OPTION;
  };
}

function compileMultiSelect(field: MultiSelectField): Check {
  const { minItems, maxItems } = field;
  const choices: ReadonlySet<string> = new Set(field.options.map((option) => option.value));
  return (value) => {
    if (!Array.isArray(value)) {
      return TYPE_ARRAY;
    }
    // Bounded work first: an array longer than allowed is refused by its length, before any item is read.
    if (maxItems !== undefined && value.length > maxItems) {
      return ['maxItems', { maxItems }];
    }
    // A multi-select is a set: duplicates are refused (ajv accepts them: the schema has no uniqueItems).
    let seen: Set<string> | undefined;
    for (const item of value) {
      if (typeof item !== 'string') {
        return TYPE_STRING;
      }
      if (!choices.has(item)) {
        return OPTION;
      }
      if (value.length > 1) {
        seen ??= new Set();
        if (seen.has(item)) {
          return UNIQUE_ITEMS;
        }
        seen.add(item);
      }
    }
    if (minItems !== undefined && value.length < minItems) {
      return ['minItems', { minItems }];
    }
    return undefined;
  };
}

/** The rules of one field as a function of the value. */
function compile(field: FieldDescriptor): Check {
  switch (field.kind) {
    case 'text':
      return compileText(field);
    case 'number':
      return compileNumber(field);
    case 'checkbox':
      return (value) => (typeof value === 'boolean' ? undefined : TYPE_BOOLEAN);
    case 'select':
      return compileSelect(field);
    case 'multiselect':
      return compileMultiSelect(field);
    default:
      return field satisfies never;
  }
}

/**
 * The compiled rules of one field: `(value) => the first rule it breaks`, kept per descriptor. A validator that checks
 * many values against the same fields holds these, and skips the per-call look-up {@link checkValue} does.
 */
export function checkerOf(field: FieldDescriptor): (value: unknown) => Problem | undefined {
  let check = compiled.get(field);
  if (check === undefined) {
    check = compile(field);
    compiled.set(field, check);
  }
  return check;
}

/** The first rule `value` breaks, with strict JSON types (numbers are numbers, strings are strings). */
export function checkValue(field: FieldDescriptor, value: unknown): Problem | undefined {
  return checkerOf(field)(value);
}
