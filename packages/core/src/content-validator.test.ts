import { describe, expect, it } from 'vitest';
import { ElicitationSchemaError, createContentValidator, validateContent } from './index.js';

const EXPORT_SCHEMA = {
  type: 'object',
  properties: {
    format: { type: 'string', title: 'Export format', enum: ['csv', 'json'] },
    maxRows: { type: 'integer', title: 'Maximum rows', minimum: 1, maximum: 10000 },
    includeHeaders: { type: 'boolean', title: 'Include column headings', default: true },
  },
  required: ['format', 'maxRows'],
} as const;

describe('createContentValidator', () => {
  const check = createContentValidator(EXPORT_SCHEMA);

  it('checks many answers against one schema parsed once, with the same verdicts as validateContent', () => {
    const answers = [
      { format: 'csv', maxRows: 10 },
      { format: 'xml', maxRows: 10 },
      { format: 'csv', maxRows: 0 },
      { format: 'csv' },
      { format: 'csv', maxRows: 10, extra: 1 },
      'not an object',
    ];
    for (const answer of answers) expect(check(answer)).toEqual(validateContent(EXPORT_SCHEMA, answer));
    expect(check({ format: 'xml', maxRows: 0.5 })).toMatchObject({
      ok: false,
      issues: [
        { field: 'format', code: 'option' },
        { field: 'maxRows', code: 'integer' },
      ],
    });
  });

  it('returns a fresh JSON copy of the checked content, so what the operation reads is what was checked', () => {
    const answer = { format: 'csv', maxRows: 10 };
    const result = check(answer);
    expect(result).toEqual({ ok: true, content: answer });
    expect(result.ok && result.content).not.toBe(answer);
    answer.maxRows = 1_000_000;
    expect(result.ok && result.content['maxRows']).toBe(10);
  });

  it('reports an invalid schema when it is created, with the -32602 a client would send', () => {
    let caught: unknown;
    try {
      createContentValidator({ type: 'object', properties: { a: { type: 'object' } } });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ElicitationSchemaError);
    expect(caught).toBeInstanceOf(TypeError);
    expect((caught as ElicitationSchemaError).error).toMatchObject({
      code: -32602,
      data: { reason: 'nested-object', path: 'requestedSchema.properties.a.type' },
    });
  });

  it('never throws on hostile content: a cycle, a BigInt or a throwing getter is not an object', () => {
    const cyclic: Record<string, unknown> = { format: 'csv', maxRows: 1 };
    cyclic['self'] = cyclic;
    const getter = Object.defineProperty({}, 'format', {
      enumerable: true,
      get: () => {
        throw new Error('no');
      },
    });
    for (const content of [cyclic, { format: 'csv', maxRows: 1n }, getter])
      expect(check(content)).toMatchObject({ ok: false, issues: [{ field: '', code: 'type' }] });
  });

  it('refuses a 100,000-item answer to a 2-option multi-select by its length', () => {
    const tags = createContentValidator({
      type: 'object',
      properties: { tags: { type: 'array', maxItems: 2, items: { type: 'string', enum: ['a', 'b'] } } },
    });
    expect(tags({ tags: Array.from({ length: 100_000 }, () => 'a') })).toMatchObject({
      ok: false,
      issues: [{ code: 'maxItems' }],
    });
  });
});
