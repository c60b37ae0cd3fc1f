import { describe, expect, it } from 'vitest';
import { fieldHints } from './index.js';
import { fieldsOf } from './test/fields.js';

const [age, name, code, at, tags, any, pick] = fieldsOf({
  type: 'object',
  properties: {
    age: { type: 'integer', minimum: 0, maximum: 150 },
    name: { type: 'string', minLength: 2, maxLength: 50 },
    code: { type: 'string', minLength: 0 },
    at: { type: 'string', format: 'date-time' },
    tags: { type: 'array', minItems: 1, maxItems: 3, items: { type: 'string', enum: ['a', 'b', 'c', 'd'] } },
    any: { type: 'array', minItems: 0, items: { type: 'string', enum: ['a'] } },
    pick: { type: 'string', enum: ['x'] },
  },
});

describe('fieldHints', () => {
  it('says up front what a field accepts', () => {
    expect(fieldHints(age!)).toEqual([{ kind: 'range', minimum: 0, maximum: 150 }]);
    expect(fieldHints(name!)).toEqual([{ kind: 'length', minLength: 2, maxLength: 50 }]);
    expect(fieldHints(tags!)).toEqual([{ kind: 'items', minItems: 1, maxItems: 3 }]);
    expect(fieldHints(at!, { timeZone: 'Europe/Paris' })).toEqual([{ kind: 'time-zone', timeZone: 'Europe/Paris' }]);
  });

  it('says nothing for bounds that allow everything, and for choices', () => {
    expect(fieldHints(code!)).toEqual([]);
    expect(fieldHints(any!)).toEqual([]);
    expect(fieldHints(pick!)).toEqual([]);
  });

  it("leaves out a bound hint the field's description already states (no range said twice)", () => {
    const [rows, ratio, big, partly, note, picks, text] = fieldsOf({
      type: 'object',
      properties: {
        rows: { type: 'integer', minimum: 1, maximum: 10000, description: 'At most this many rows (1 to 10000).' },
        ratio: { type: 'number', minimum: -0.5, maximum: 0.5, description: 'Between -0.5 and 0.5.' },
        big: { type: 'integer', maximum: 10000, description: 'Up to 10,000.' },
        partly: { type: 'integer', minimum: 1, maximum: 100, description: 'At least 1 (10 is typical).' },
        note: { type: 'string', maxLength: 280, description: 'A tweet: 280 characters.' },
        picks: { type: 'array', maxItems: 2, items: { type: 'string', enum: ['a', 'b', 'c'] }, description: 'Pick 2.' },
        text: { type: 'string', format: 'date-time', description: 'In 2026.' },
      },
    });
    expect(fieldHints(rows!)).toEqual([]);
    expect(fieldHints(ratio!)).toEqual([]);
    expect(fieldHints(big!)).toEqual([]);
    // "10" is not "100": a bound the description does not name keeps the hint.
    expect(fieldHints(partly!)).toEqual([{ kind: 'range', minimum: 1, maximum: 100 }]);
    expect(fieldHints(note!)).toEqual([]);
    expect(fieldHints(picks!)).toEqual([]);
    expect(fieldHints(text!, { timeZone: 'UTC' })).toEqual([{ kind: 'time-zone', timeZone: 'UTC' }]);
  });

  // Linear time is what lets this finish (a quadratic scan of 100,000 characters would not).
  it('reads a 100,000-character description of separators and signs', () => {
    const [field] = fieldsOf({
      type: 'object',
      properties: {
        n: { type: 'integer', minimum: 1, maximum: 2, description: `${'9,'.repeat(50_000)}.${'-1.'.repeat(10_000)}` },
      },
    });
    expect(fieldHints(field!)).toEqual([{ kind: 'range', minimum: 1, maximum: 2 }]);
  });

  it("uses the runtime's time zone by default", () => {
    expect(fieldHints(at!)).toEqual([
      { kind: 'time-zone', timeZone: new Intl.DateTimeFormat().resolvedOptions().timeZone },
    ]);
  });
});
