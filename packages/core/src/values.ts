// Form values ↔ the `content` of an accepted ElicitResult.
import { fromLocalDateTime, isLocalDateTime } from './date-time.js';
import { define } from './json.js';
import type { ElicitContent, ElicitContentValue, FieldDescriptor, FormValues } from './types.js';

/** The value of `name` in `values` when it is an own property (so `__proto__` and friends are never read). */
export const own = (values: object, name: string): unknown =>
  Object.hasOwn(values, name) ? (values as Record<string, unknown>)[name] : undefined;

// A plain decimal number. Linear: `\d*` after the dot cannot trade digits with `\d+` before it.
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
const WHITESPACE = /\s/;
const RADIX_PREFIX = /^[+-]?0[box]/i;

/** Why typed text is not a number (the message says what to fix). */
export type NumberTextProblem = 'spaces' | 'radix' | 'comma' | 'too-large' | 'not-a-number';

/** Result of {@link readNumber}. */
export type NumberReading = { ok: true; value: number } | { ok: false; problem: NumberTextProblem };

/**
 * Text a user typed into a number field as a number: a plain decimal (`42`, `-1.5`, `.5`, `2e3`), surrounding spaces
 * ignored. Otherwise what is wrong: spaces inside (`1 000`), another radix (`0x1F`), a comma (`4,2`, `1,000`), a value
 * too large for a number (`1e999`), or no number at all. Linear in the text's length.
 */
export function readNumber(text: string): NumberReading {
  const trimmed = text.trim();
  if (DECIMAL.test(trimmed)) {
    const value = Number(trimmed);
    return Number.isFinite(value) ? { ok: true, value } : { ok: false, problem: 'too-large' };
  }
  if (WHITESPACE.test(trimmed)) {
    return { ok: false, problem: 'spaces' };
  }
  if (RADIX_PREFIX.test(trimmed)) {
    return { ok: false, problem: 'radix' };
  }
  if (trimmed.includes(',')) {
    return { ok: false, problem: 'comma' };
  }
  return { ok: false, problem: 'not-a-number' };
}

/**
 * The initial form values: each field's default, and nothing else. A field without a (valid) default stays
 * unanswered; no `""`, `0` or `false` is invented.
 */
export function initialValues(fields: readonly FieldDescriptor[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    if (field.default !== undefined) {
      define<ElicitContentValue | undefined>(
        values,
        field.name,
        Array.isArray(field.default) ? [...field.default] : field.default,
      );
    }
  }
  return values;
}

/** A UI value as it goes into content, or `undefined` when the field is left out. */
function contentValue(field: FieldDescriptor, value: unknown): ElicitContentValue | undefined {
  switch (field.kind) {
    case 'number': {
      if (typeof value === 'number') {
        return Number.isFinite(value) ? value : undefined;
      }
      if (typeof value !== 'string' || value.trim() === '') {
        return undefined;
      }
      const reading = readNumber(value);
      return reading.ok ? reading.value : undefined;
    }
    case 'checkbox':
      // A required checkbox the user left unchecked is `false`: the user saw it unchecked.
      return typeof value === 'boolean' ? value : field.required ? false : undefined;
    case 'multiselect':
      return Array.isArray(value) && value.length > 0 ? [...(value as string[])] : field.required ? [] : undefined;
    case 'select':
      return typeof value === 'string' && value !== '' ? value : undefined;
    case 'text': {
      if (typeof value !== 'string' || value === '') {
        return undefined;
      }
      if (field.format === 'date-time') {
        const instant = fromLocalDateTime(value);
        return instant.ok ? instant.value : value;
      }
      // A date input that produced a local date-time keeps its date; anything else is sent as typed (and checked).
      return field.format === 'date' && isLocalDateTime(value) ? value.slice(0, 10) : value;
    }
    default:
      return field satisfies never;
  }
}

/**
 * The `content` of an accepted form: numbers typed as numbers, empty optional fields omitted, date-times as RFC 3339
 * with an offset, a required unchecked checkbox as `false`. Validate first ({@link validateValues}); values that
 * cannot be converted are left out (numbers) or sent as typed (text, so the server's check refuses them).
 */
export function toContent(fields: readonly FieldDescriptor[], values: FormValues): ElicitContent {
  const content: ElicitContent = {};
  for (const field of fields) {
    const value = contentValue(field, own(values, field.name));
    if (value !== undefined) {
      define(content, field.name, value);
    }
  }
  return content;
}
