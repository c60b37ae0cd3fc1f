import { afterEach, describe, expect, it } from 'vitest';
import { fromLocalDateTime, toContent, toDateTime, toLocalDateTime, validateValues } from './index.js';
import { fieldsOf } from './test/fields.js';

const zone = process.env['TZ'];
afterEach(() => {
  process.env['TZ'] = zone;
});

describe('local date-time ↔ RFC 3339', () => {
  it('adds the offset in force at that instant, keeping the wall-clock time as typed', () => {
    process.env['TZ'] = 'Europe/Paris';
    expect(fromLocalDateTime('2025-12-01T09:00')).toEqual({ ok: true, value: '2025-12-01T09:00:00+01:00' });
    expect(fromLocalDateTime('2025-07-01 09:00:05.5')).toEqual({ ok: true, value: '2025-07-01T09:00:05.5+02:00' });
  });

  it('reports a time the clocks skip (a daylight saving gap) instead of moving it', () => {
    process.env['TZ'] = 'Europe/Berlin';
    expect(fromLocalDateTime('2025-03-30T02:30')).toEqual({ ok: false, problem: 'nonexistent' });
    expect(toDateTime('2025-03-30T02:30')).toBe('2025-03-30T02:30');
    const fields = fieldsOf({ type: 'object', properties: { at: { type: 'string', format: 'date-time' } } });
    expect(validateValues(fields, { at: '2025-03-30T02:30' })).toEqual([
      {
        field: 'at',
        code: 'time-zone',
        params: { problem: 'nonexistent' },
        message: 'This time does not exist in your time zone (the clocks change then); choose another time.',
      },
    ]);
  });

  it('reports a historic offset that is not whole minutes (local mean time) instead of rounding it', () => {
    process.env['TZ'] = 'America/New_York';
    // New York kept local mean time (−4:56:02) until 1883.
    expect(fromLocalDateTime('1850-06-01T12:00')).toEqual({ ok: false, problem: 'offset-not-minutes' });
  });

  it('refuses what is not a local date-time', () => {
    expect(fromLocalDateTime('2025-02-30T10:00').ok).toBe(false);
    expect(fromLocalDateTime('2025-12-01T24:00').ok).toBe(false);
    expect(fromLocalDateTime('2025-12-01T10:00Z')).toEqual({ ok: false, problem: 'not-local' });
  });

  it('shows an instant as the local wall-clock time of a datetime-local input, the inverse of fromLocalDateTime', () => {
    process.env['TZ'] = 'Asia/Kolkata';
    expect(toLocalDateTime('2025-12-01T04:00:00Z')).toBe('2025-12-01T09:30');
    expect(toLocalDateTime('2025-12-01T04:00:07+00:00')).toBe('2025-12-01T09:30:07');
    expect(toLocalDateTime('2025-12-01 09:30')).toBe('2025-12-01T09:30');
    expect(toLocalDateTime('tomorrow')).toBeUndefined();
    const local = '2025-06-15T18:45';
    const sent = fromLocalDateTime(local);
    expect(sent.ok && toLocalDateTime(sent.value)).toBe(local);
  });
});

describe('date fields', () => {
  const fields = fieldsOf({ type: 'object', properties: { day: { type: 'string', format: 'date' } } });

  it('are not silently cut: text after a date is invalid and sent as typed', () => {
    expect(validateValues(fields, { day: '2025-02-01 not a date' }).map((issue) => issue.code)).toEqual(['format']);
    expect(toContent(fields, { day: '2025-02-01 not a date' })).toEqual({ day: '2025-02-01 not a date' });
  });

  it('keep the date of a local date-time (what some date inputs produce)', () => {
    expect(validateValues(fields, { day: '2025-02-01T10:00' })).toEqual([]);
    expect(toContent(fields, { day: '2025-02-01T10:00' })).toEqual({ day: '2025-02-01' });
  });
});
