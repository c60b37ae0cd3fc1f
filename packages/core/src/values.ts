// Form values ↔ the `content` of an accepted ElicitResult.
import { formats } from './formats.js';
import type { ElicitContent, ElicitContentValue, FieldDescriptor, FormValues } from './types.js';

const LOCAL_DATE_TIME = /^(\d{4}-\d\d-\d\d)[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(\.\d{1,3})?)?$/;

/** An instant as ISO text up to `end` (from the time of day when `end` ≤ 16: an `hh:mm` duration). */
const clock = (ms: number, end: number): string => new Date(ms).toISOString().slice(end > 16 ? 0 : 11, end);

/**
 * A date-time as RFC 3339 with an offset. A value that already is one is kept; a local value as a
 * `datetime-local` input holds it (`2025-12-01T09:00`) gets the runtime's offset at that instant.
 * Anything else is returned unchanged (and fails the format check).
 */
export function toDateTime(value: string): string {
  const match = LOCAL_DATE_TIME.exec(value);
  // (A value with an offset never matches: it is already RFC 3339, or not a date-time at all.)
  if (!match || !formats.date(match[1]!)) return value;
  // The same wall-clock text in the ECMAScript date-time format (no offset = local time).
  const date = new Date(`${match[1]}T${value.slice(11)}`);
  const offset = -date.getTimezoneOffset();
  // The local wall-clock time (an ISO string shifted by the offset), then the offset itself as hh:mm.
  return `${clock(date.getTime() + offset * 6e4, date.getMilliseconds() ? 23 : 19)}${offset < 0 ? '-' : '+'}${clock(Math.abs(offset) * 6e4, 16)}`;
}

/** The value of `name` in `values` when it is an own property (so `__proto__` and friends are never read). */
export const own = (values: object, name: string): unknown =>
  Object.hasOwn(values, name) ? (values as Record<string, unknown>)[name] : undefined;

/** Text a user typed into a number field, as a number (NaN when it is not a plain decimal number). */
export const toNumber = (value: unknown): unknown =>
  typeof value === 'string' ? (/^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(value) ? Number(value) : NaN) : value;

/**
 * The initial form values: each field's default, and nothing else. A field without a (valid) default stays
 * unanswered; no `""`, `0` or `false` is invented.
 */
export function initialValues(fields: readonly FieldDescriptor[]): FormValues {
  return Object.fromEntries(
    fields.flatMap((field) =>
      field.default === undefined
        ? []
        : [[field.name, Array.isArray(field.default) ? [...field.default] : field.default]],
    ),
  );
}

/** A UI value as it goes into content, or `undefined` when the field is left out. */
export function contentValue(field: FieldDescriptor, value: unknown): ElicitContentValue | undefined {
  switch (field.kind) {
    case 'number': {
      const number = typeof value === 'string' && !value.trim() ? undefined : toNumber(value);
      return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
    }
    case 'checkbox':
      // A required checkbox the user left unchecked is `false`: the user saw it unchecked.
      return typeof value === 'boolean' ? value : field.required ? false : undefined;
    case 'multiselect':
      return Array.isArray(value) && value.length ? [...(value as string[])] : field.required ? [] : undefined;
    default:
      if (typeof value !== 'string' || value === '') return undefined;
      if (field.kind === 'text' && field.format === 'date-time') return toDateTime(value);
      return field.kind === 'text' && field.format === 'date' && /^\d{4}-\d\d-\d\d[T ]/.test(value)
        ? value.slice(0, 10)
        : value;
  }
}

/**
 * The `content` of an accepted form: numbers typed as numbers, empty optional fields omitted, dates as
 * `YYYY-MM-DD`, date-times as RFC 3339 with an offset, a required unchecked checkbox as `false`.
 * Validate first ({@link validateValues}); values that cannot be converted are left out.
 */
export function toContent(fields: readonly FieldDescriptor[], values: FormValues): ElicitContent {
  return Object.fromEntries(
    fields.flatMap((field) => {
      const value = contentValue(field, own(values, field.name));
      return value === undefined ? [] : [[field.name, value]];
    }),
  );
}
