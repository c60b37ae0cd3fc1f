// The one place a value is judged against a field. Shared by validateValues (UI), createContentValidator (server) and
// the parser (is a default valid?). A field's rules are read once into a {@link Rule} (plain data, no code generation:
// hosts run under CSP); a list of fields keeps its rules, so warm validation does no set-up and allocates nothing
// unless a rule fails. Descriptors are treated as immutable: a changed field must be a new object. Every rule is linear
// in the value's size, and bounded work comes first (a 10-option multi-select rejects a 100,000-item array by its
// length).
import { formats } from './formats.js';
import type { FieldDescriptor, FieldOption, IssueCode, StringFormat } from './types.js';

/** A failed rule: its code and the limits the message needs. */
export type Problem = [code: IssueCode, params?: Record<string, string | number>];

/** The bound keywords of each kind that has them (they are also the issue codes). */
export const LIMITS = {
  text: { low: 'minLength', high: 'maxLength' },
  number: { low: 'minimum', high: 'maximum' },
  multiselect: { low: 'minItems', high: 'maxItems' },
} as const;

/** The rules of each list of fields validated so far (a form's fields are validated many times: once per change). */
const rulesByList = new WeakMap<readonly FieldDescriptor[], readonly Rule[]>();

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

/**
 * Lists up to this length are scanned rather than hashed: a field's options, and a multi-select's answer when it is
 * looked through for duplicates (36 comparisons at most).
 */
export const SHORT_LIST = 8;

/**
 * One field's rules as data, read from its descriptor. Every kind has the same shape, so the engine keeps one hidden
 * class and {@link problemOf} one code path for all of them: a check of many fields costs a switch per field, not a
 * call through a different closure each time, and reads nothing from the descriptors (whose shapes differ by kind).
 */
export class Rule {
  readonly name: string;
  readonly label: string;
  readonly kind: FieldDescriptor['kind'];
  readonly required: boolean;
  /** minLength, minimum or minItems (per kind). */
  readonly low: number | undefined;
  /** maxLength, maximum or maxItems (per kind). */
  readonly high: number | undefined;
  /** An integer field. */
  readonly integer: boolean;
  /** A text field's format. */
  readonly format: StringFormat | undefined;
  /** The option values of a select or multi-select. */
  readonly choices: Choices | undefined;

  // (The descriptor itself is not kept: a list's rules are held weakly by the list, and a reference back to what the
  // list holds makes every garbage collection trace the pair again: a parse and its first check ran ~20 % slower.)
  constructor(field: FieldDescriptor) {
    let low: number | undefined;
    let high: number | undefined;
    let format: StringFormat | undefined;
    let choices: Choices | undefined;
    switch (field.kind) {
      case 'text':
        low = field.minLength;
        high = field.maxLength;
        format = field.format;
        break;
      case 'number':
        low = field.minimum;
        high = field.maximum;
        break;
      case 'select':
        choices = new Choices(field.options);
        break;
      case 'multiselect':
        low = field.minItems;
        high = field.maxItems;
        choices = new Choices(field.options);
        break;
      case 'checkbox':
        break;
      default:
        field satisfies never;
    }
    this.name = field.name;
    this.label = field.label;
    this.kind = field.kind;
    this.required = field.required;
    this.low = low;
    this.high = high;
    this.integer = field.kind === 'number' && field.integer;
    this.format = format;
    this.choices = choices;
  }
}

/**
 * The option values of a select or multi-select. A short list is scanned: cheaper to build and to read than a set. A
 * long one is a set, so that a check stays linear in the answer's size whatever the number of options.
 */
class Choices {
  private readonly list: readonly string[];
  private readonly set: ReadonlySet<string> | undefined;

  constructor(options: readonly FieldOption[]) {
    this.list = options.map((option) => option.value);
    this.set = this.list.length > SHORT_LIST ? new Set(this.list) : undefined;
  }

  has(value: string): boolean {
    return this.set === undefined ? this.list.includes(value) : this.set.has(value);
  }
}

function textProblem(rule: Rule, value: unknown): Problem | undefined {
  if (typeof value !== 'string') {
    return TYPE_STRING;
  }
  const { low: minLength, high: maxLength, format } = rule;
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

function numberProblem(rule: Rule, value: unknown): Problem | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return TYPE_NUMBER;
  }
  if (rule.integer && !Number.isInteger(value)) {
    return INTEGER;
  }
  // Beyond ±(2^53−1) a JSON number no longer denotes one exact integer (deliberately stricter than ajv).
  if (rule.integer && !Number.isSafeInteger(value)) {
    return UNSAFE_INTEGER;
  }
  const { low: minimum, high: maximum } = rule;
  if (minimum !== undefined && value < minimum) {
    return ['minimum', { minimum }];
  }
  if (maximum !== undefined && value > maximum) {
    return ['maximum', { maximum }];
  }
  return undefined;
}

function selectProblem(choices: Choices, value: unknown): Problem | undefined {
  if (typeof value !== 'string') {
    return TYPE_STRING;
  }
  return choices.has(value) ? undefined : OPTION;
}

function multiSelectProblem(rule: Rule, choices: Choices, value: unknown): Problem | undefined {
  if (!Array.isArray(value)) {
    return TYPE_ARRAY;
  }
  const { low: minItems, high: maxItems } = rule;
  // Bounded work first: an array longer than allowed is refused by its length, before any item is read.
  if (maxItems !== undefined && value.length > maxItems) {
    return ['maxItems', { maxItems }];
  }
  // A multi-select is a set: duplicates are refused (ajv accepts them: the schema has no uniqueItems). A short list
  // looks back for an earlier copy of each item (no set to build); a long one keeps a set, so the check stays linear.
  const seen = value.length > SHORT_LIST ? new Set<string>() : undefined;
  for (let index = 0; index < value.length; index++) {
    const item: unknown = value[index];
    if (typeof item !== 'string') {
      return TYPE_STRING;
    }
    if (!choices.has(item)) {
      return OPTION;
    }
    if (seen === undefined ? value.indexOf(item) !== index : seen.has(item)) {
      return UNIQUE_ITEMS;
    }
    seen?.add(item);
  }
  if (minItems !== undefined && value.length < minItems) {
    return ['minItems', { minItems }];
  }
  return undefined;
}

/** The first rule `value` breaks, read from the field's {@link Rule}. */
export function problemOf(rule: Rule, value: unknown): Problem | undefined {
  switch (rule.kind) {
    case 'text':
      return textProblem(rule, value);
    case 'number':
      return numberProblem(rule, value);
    case 'checkbox':
      return typeof value === 'boolean' ? undefined : TYPE_BOOLEAN;
    case 'select':
      return selectProblem(rule.choices!, value);
    case 'multiselect':
      return multiSelectProblem(rule, rule.choices!, value);
  }
}

/**
 * The rules of a list of fields, by position, kept for the list: validating the same fields again (each change of a
 * form, each answer a server checks) reads no descriptor again. Like its descriptors, a list is treated as immutable:
 * a changed list must be a new array (one that has grown or shrunk in place has its rules read again).
 */
export function rulesOf(fields: readonly FieldDescriptor[]): readonly Rule[] {
  const kept = rulesByList.get(fields);
  if (kept !== undefined && kept.length === fields.length) {
    return kept;
  }
  const read = fields.map((field) => new Rule(field));
  rulesByList.set(fields, read);
  return read;
}

/** The first rule `value` breaks, with strict JSON types (numbers are numbers, strings are strings). */
export function checkValue(field: FieldDescriptor, value: unknown): Problem | undefined {
  return problemOf(new Rule(field), value);
}
