import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentFor, restrictedSchema } from './test/harness.js';
import {
  ElicitationSchemaError,
  createContentValidator,
  parseRequestedSchema,
  toJsonValue,
  validateContent,
} from './index.js';

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

  it('copies content exactly as toJsonValue does (toJSON, dropped members, non-finite numbers, __proto__, lists)', () => {
    const lenient = createContentValidator(EXPORT_SCHEMA, { allowUnknown: true });
    const proto = JSON.parse('{"format":"csv","maxRows":2,"__proto__":{"polluted":true}}') as Record<string, unknown>;
    const answers: unknown[] = [
      { toJSON: () => ({ format: 'json', maxRows: 3 }) },
      { format: 'csv', maxRows: 4, note: undefined, run: () => 1, tag: Symbol('x') },
      { format: 'csv', maxRows: 5, ratio: Number.NaN, list: ['a', 1, null], nested: { a: [{ b: 1 }] } },
      { format: 'csv', maxRows: 6, when: new Date(0) },
      proto,
      Object.assign(Object.create({ inherited: 1 }), { format: 'csv', maxRows: 7 }),
    ];
    for (const answer of answers) {
      const result = lenient(answer);
      const copy = toJsonValue(answer);
      expect(result.ok && result.content, JSON.stringify(copy)).toEqual(copy.ok && copy.value);
    }
    expect(Object.getPrototypeOf(lenient(proto).ok && (lenient(proto) as { content: object }).content)).toBe(
      Object.prototype,
    );
  });

  it('never throws on content whose traps or getters throw, at any depth', () => {
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const trapped = new Proxy(
      { format: 'csv' },
      {
        ownKeys: () => {
          throw new Error('no keys');
        },
      },
    );
    const deep = {
      format: 'csv',
      maxRows: 1,
      nested: {
        get x() {
          throw new Error('no');
        },
      },
    };
    const cycleToTop: Record<string, unknown> = { format: 'csv', maxRows: 1 };
    cycleToTop['nested'] = { back: cycleToTop };
    for (const content of [revoked.proxy, trapped, deep, cycleToTop, [1], null, 7])
      expect(check(content)).toMatchObject({ ok: false, issues: [{ field: '', code: 'type' }] });
  });

  it('accepts a parsed schema (the server parses each question once) with the same verdicts', () => {
    const parsed = parseRequestedSchema(EXPORT_SCHEMA);
    if (!parsed.ok) throw new Error('the export schema must parse');
    const fromParsed = createContentValidator(parsed);
    for (const answer of [{ format: 'csv', maxRows: 10 }, { format: 'xml' }, { format: 'csv', maxRows: 1, x: 1 }, 5])
      expect(fromParsed(answer)).toEqual(check(answer));
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

  it('gives each answer, checked in turn by one validator, what a fresh validator gives (the names it remembers)', () => {
    // One validator remembers the member names of the last answer it read; answers with the same names, other
    // orders, fewer or more members must get exactly the verdict and copy of a validator that has read nothing.
    let checked = 0;
    fc.assert(
      fc.property(
        restrictedSchema.chain((schema) =>
          fc.tuple(
            fc.constant(schema),
            fc.array(
              fc
                .tuple(contentFor(schema), fc.boolean())
                .map(([content, reverse]) =>
                  reverse ? Object.fromEntries(Object.entries(content).toReversed()) : content,
                ),
              { minLength: 4, maxLength: 10 },
            ),
          ),
        ),
        ([schema, contents]) => {
          const parsed = parseRequestedSchema(schema);
          if (!parsed.ok) return;
          const warm = createContentValidator(parsed);
          for (const content of [...contents, ...contents.toReversed(), ...contents]) {
            expect(warm(content)).toEqual(validateContent(schema, content));
            checked++;
          }
        },
      ),
      { seed: 7, numRuns: 150 },
    );
    expect(checked).toBeGreaterThan(1500);
  });

  it('keeps its verdicts when the toJSON of a member checks other content with the same validator mid-check', () => {
    const answers: unknown[] = [];
    const inner = { includeHeaders: true, maxRows: 3, format: 'json' };
    const outer = {
      format: 'csv',
      maxRows: 10,
      includeHeaders: {
        toJSON: () => {
          answers.push(check(inner));
          return false;
        },
      },
    };
    expect(check(outer)).toEqual({ ok: true, content: { format: 'csv', maxRows: 10, includeHeaders: false } });
    expect(answers).toEqual([{ ok: true, content: inner }]);
    expect(check(outer)).toEqual({ ok: true, content: { format: 'csv', maxRows: 10, includeHeaders: false } });
  });

  it('copies what JSON carries exactly, and a symbol-keyed member as it is (no message carries one)', () => {
    const tag = Symbol('tag');
    const answer = { format: 'csv', maxRows: 10, [tag]: 'note' };
    const result = check(answer);
    expect(result.ok).toBe(true);
    expect(result.ok && result.content).not.toBe(answer);
    expect(result.ok && Object.keys(result.content)).toEqual(['format', 'maxRows']);
    expect(result.ok && JSON.stringify(result.content)).toBe(JSON.stringify(toJsonValue(answer).ok && answer));
  });

  it('reads own members only, even with Object.prototype polluted', () => {
    const prototype = Object.prototype as Record<string, unknown>;
    prototype['maxRows'] = 5;
    prototype['injected'] = 'x';
    try {
      expect(check({ format: 'csv' })).toMatchObject({ ok: false, issues: [{ field: 'maxRows', code: 'required' }] });
      const result = check({ format: 'csv', maxRows: 7 });
      expect(result).toEqual({ ok: true, content: { format: 'csv', maxRows: 7 } });
      expect(result.ok && Object.keys(result.content)).toEqual(['format', 'maxRows']);
    } finally {
      delete prototype['maxRows'];
      delete prototype['injected'];
    }
    expect(check({ format: 'csv' })).toMatchObject({ ok: false, issues: [{ field: 'maxRows', code: 'required' }] });
  });
});
