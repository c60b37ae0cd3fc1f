// The one place a value is judged against a field. Shared by validateValues (UI), validateContent (server) and
// the parser (is a default valid?). A field's rules are compiled once into a closure (no code generation: hosts run
// under CSP) and kept per descriptor object, so warm validation does no set-up and allocates nothing unless a rule
// fails. Descriptors are treated as immutable: a changed field must be a new object.
import { formats } from './formats.js';
import type { FieldDescriptor, IssueCode, NumberField, SelectField, TextField } from './types.js';

/** A failed rule: its code and the limits the message needs. */
export type Problem = [code: IssueCode, params?: Record<string, string | number>];

/** The bound keywords of each kind that has them. */
export const LIMITS = {
  text: 'minLength maxLength',
  number: 'minimum maximum',
  multiselect: 'minItems maxItems',
} as Record<string, string>;

/** The JSON type of each kind's value (else string). */
const TYPES: Record<string, string> = { checkbox: 'boolean', number: 'number', multiselect: 'array' };

type Check = (value: unknown) => Problem | undefined;

const compiled = new WeakMap<FieldDescriptor, Check>();

/** The rules of one field as a function of the value. */
function compile(field: FieldDescriptor): Check {
  const { kind } = field;
  const { format, integer, options } = field as Partial<
    Pick<TextField, 'format'> & Pick<NumberField, 'integer'> & Pick<SelectField, 'options'>
  >;
  const limits = field as unknown as Record<string, number>;
  const multi = kind === 'multiselect';
  const type = TYPES[kind] ?? 'string';
  const [low, high] = (LIMITS[kind] ?? '').split(' ') as [IssueCode, IssueCode];
  const min = limits[low];
  const max = limits[high];
  // Unbounded fields skip the size rules (comparing a string with no bound would take the slow generic path).
  const bounded = (min ?? max) !== undefined;
  const choices: unknown[] | undefined = options?.map((option) => option.value);
  const test = kind === 'text' && format && formats[format];
  return (value) => {
    const items = value as string[];
    if (
      multi
        ? !Array.isArray(items) || items.some((item) => typeof item !== 'string')
        : typeof value !== type || (kind === 'number' && !Number.isFinite(value))
    )
      return ['type', { type }];
    if (integer && !Number.isInteger(value)) return ['integer'];
    // Beyond ±(2^53−1) a JSON number no longer denotes one exact integer (deliberately stricter than ajv).
    if (integer && !Number.isSafeInteger(value)) return ['unsafe-integer'];
    if (choices && !(multi ? items.every((item) => choices.includes(item)) : choices.includes(value)))
      return ['option'];
    // A multi-select is a set: duplicates are refused (ajv accepts them: the schema has no uniqueItems).
    if (multi && new Set(items).size < items.length) return ['uniqueItems'];
    // Lengths count code points, as JSON Schema (and ajv) do.
    if (bounded) {
      const size = kind === 'text' ? [...(value as string)].length : multi ? items.length : (value as number);
      if (size < min!) return [low, { [low]: min! }];
      if (size > max!) return [high, { [high]: max! }];
    }
    if (test && !test(value as string)) return ['format', { format }];
    return undefined;
  };
}

/** The first rule `value` breaks, with strict JSON types (numbers are numbers, strings are strings). */
export function checkValue(field: FieldDescriptor, value: unknown): Problem | undefined {
  let check = compiled.get(field);
  if (!check) compiled.set(field, (check = compile(field)));
  return check(value);
}
