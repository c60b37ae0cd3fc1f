// The one place a value is judged against a field. Shared by validateValues (UI), validateContent (server) and
// the parser (is a default valid?).
import { formats } from './formats.js';
import type { FieldDescriptor, IssueCode } from './types.js';

/** A failed rule: its code and the limits the message needs. */
export type Problem = [code: IssueCode, params?: Record<string, string | number>];

/** The bound keywords of each kind that has them. */
export const LIMITS = { text: 'minLength maxLength', number: 'minimum maximum', multiselect: 'minItems maxItems' } as Record<string, string>;

/** The JSON type of each kind's value (else string). */
const TYPES: Record<string, string> = { checkbox: 'boolean', number: 'number', multiselect: 'array' };

/** The first rule `value` breaks, with strict JSON types (numbers are numbers, strings are strings). */
export function checkValue(field: FieldDescriptor, value: unknown): Problem | undefined {
  const { kind } = field;
  const limits = field as unknown as Record<string, number>;
  const multi = kind === 'multiselect';
  const type = TYPES[kind] ?? 'string';
  const items = (multi ? value : [value]) as unknown[];
  if (!Array.isArray(items) || items.some((item) => typeof item !== (multi ? 'string' : type) || (kind === 'number' && !Number.isFinite(item))))
    return ['type', { type }];
  if (kind === 'number' && field.integer) {
    if (!Number.isInteger(value)) return ['integer'];
    // Beyond ±(2^53−1) a JSON number no longer denotes one exact integer (deliberately stricter than ajv).
    if (!Number.isSafeInteger(value)) return ['unsafe-integer'];
  }
  if ('options' in field && items.some((item) => !field.options.some((option) => option.value === item))) return ['option'];
  // A multi-select is a set: duplicates are refused (ajv accepts them: the schema has no uniqueItems).
  if (new Set(items).size < items.length) return ['uniqueItems'];
  // Lengths count code points, as JSON Schema (and ajv) do.
  const size = kind === 'text' ? [...(value as string)].length : multi ? items.length : value;
  const [low, high] = (LIMITS[kind] ?? ' ').split(' ') as [string, string];
  if ((size as number) < limits[low]!) return [low as IssueCode, { [low]: limits[low]! }];
  if ((size as number) > limits[high]!) return [high as IssueCode, { [high]: limits[high]! }];
  if (kind === 'text' && field.format && !formats[field.format](value as string)) return ['format', { format: field.format }];
  return undefined;
}
