// Local date-times (what a `datetime-local` input holds: `2025-12-01T09:00`) ↔ RFC 3339 instants with an offset (what
// the `date-time` format requires). One home for both directions: the parser, validation, content and the React
// inputs use these. A local time is never silently changed: one that does not exist in the runtime's time zone (the
// clocks skip it) or whose offset is not whole minutes (historic local mean time) is reported, not moved.
import { formats } from './formats.js';

// Fixed-width fields, optional seconds and milliseconds: anchored and linear.
const LOCAL_DATE_TIME = /^(\d{4}-\d\d-\d\d)[T ](\d\d):(\d\d)(?::(\d\d)(\.\d{1,3})?)?$/;

const MINUTE = 60_000;

/** Why a local date-time cannot become an instant. */
export type LocalDateTimeProblem = 'not-local' | 'nonexistent' | 'offset-not-minutes';

/** Result of {@link fromLocalDateTime}. */
export type LocalDateTimeResult = { ok: true; value: string } | { ok: false; problem: LocalDateTimeProblem };

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** `+01:00` / `-05:30` for an offset east of UTC in minutes. */
const offsetText = (minutes: number): string =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;

/** Whether `value` has the shape of a local date-time (`YYYY-MM-DDThh:mm[:ss[.fff]]`, `T` or a space). */
export function isLocalDateTime(value: string): boolean {
  return LOCAL_DATE_TIME.test(value);
}

/**
 * A local date-time as RFC 3339 with the runtime's offset at that instant: `2025-12-01T09:00` in Paris →
 * `2025-12-01T09:00:00+01:00`. The wall-clock time is kept exactly as typed; when it does not exist there (a daylight
 * saving gap) or the offset then was not whole minutes, the result says so instead of moving the time.
 */
export function fromLocalDateTime(local: string): LocalDateTimeResult {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) {
    return { ok: false, problem: 'not-local' };
  }
  const [, date = '', hourText = '', minuteText = '', secondText = '00', fraction = ''] = match;
  const hour = Number(hourText);
  const minute = Number(minuteText);
  const second = Number(secondText);
  if (!formats.date(date) || hour > 23 || minute > 59 || second > 59) {
    return { ok: false, problem: 'not-local' };
  }
  const wallClock = `${date}T${hourText}:${minuteText}:${secondText}${fraction}`;
  // ECMAScript reads its date-time format without an offset as local time, and with `Z` as UTC (years 0–99 too); the
  // format's fraction has exactly three digits.
  const parseable = `${date}T${hourText}:${minuteText}:${secondText}${fraction === '' ? '' : fraction.padEnd(4, '0')}`;
  const instant = new Date(parseable);
  const asUtc = Date.parse(`${parseable}Z`);
  if (
    instant.getHours() !== hour ||
    instant.getMinutes() !== minute ||
    instant.getSeconds() !== second ||
    instant.getDate() !== Number(date.slice(8))
  ) {
    return { ok: false, problem: 'nonexistent' };
  }
  const offset = asUtc - instant.getTime();
  if (offset % MINUTE !== 0) {
    return { ok: false, problem: 'offset-not-minutes' };
  }
  return { ok: true, value: `${wallClock}${offsetText(offset / MINUTE)}` };
}

/**
 * The value to send for a date-time field: an RFC 3339 value is kept; a local one gets the runtime's offset
 * ({@link fromLocalDateTime}); anything else (including a local time that cannot be converted) is returned unchanged,
 * so it fails the format check rather than changing silently.
 */
export function toDateTime(value: string): string {
  const result = fromLocalDateTime(value);
  return result.ok ? result.value : value;
}

/**
 * The local wall-clock text a `datetime-local` input shows for a date-time value: an RFC 3339 instant in the
 * runtime's time zone (`2025-12-01T08:00:00Z` in Paris → `2025-12-01T09:00`; seconds only when not zero), a local
 * value as it is. `undefined` when the value is neither.
 */
export function toLocalDateTime(value: string): string | undefined {
  if (LOCAL_DATE_TIME.test(value)) {
    return `${value.slice(0, 10)}T${value.slice(11)}`;
  }
  if (!formats['date-time'](value)) {
    return undefined;
  }
  const instant = new Date(Date.parse(value));
  if (Number.isNaN(instant.getTime())) {
    return undefined;
  }
  const date = `${pad(instant.getFullYear(), 4)}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
  const time = `${pad(instant.getHours())}:${pad(instant.getMinutes())}`;
  const seconds = instant.getSeconds() === 0 ? '' : `:${pad(instant.getSeconds())}`;
  return `${date}T${time}${seconds}`;
}
