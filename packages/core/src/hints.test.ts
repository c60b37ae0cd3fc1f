import { describe, expect, it } from 'vitest';
import { describeForm, fieldHints } from './index.js';

const [age, name, code, at, tags, any, pick] = describeForm({
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

  it("uses the runtime's time zone by default", () => {
    expect(fieldHints(at!)).toEqual([
      { kind: 'time-zone', timeZone: new Intl.DateTimeFormat().resolvedOptions().timeZone },
    ]);
  });
});
