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

  it('never throws on hostile content, and says which member is not JSON and why', () => {
    const cyclic: Record<string, unknown> = { format: 'csv', maxRows: 1 };
    cyclic['self'] = cyclic;
    const getter = Object.defineProperty({}, 'format', {
      enumerable: true,
      get: () => {
        throw new Error('no');
      },
    });
    const cases: [unknown, { field: string; params: Record<string, string> }, string][] = [
      [
        cyclic,
        { field: 'self', params: { problem: 'cycle', path: 'self' } },
        'self refers back to an object that holds it (a cycle), which JSON cannot carry.',
      ],
      [
        { format: 'csv', maxRows: 1n },
        { field: 'maxRows', params: { problem: 'bigint', path: 'maxRows' } },
        'maxRows is a BigInt, which JSON cannot carry.',
      ],
      [
        getter,
        { field: 'format', params: { problem: 'unreadable', path: 'format' } },
        'format could not be read (a getter or proxy threw).',
      ],
      [
        { format: 'csv', maxRows: 1, run: () => 1 },
        { field: 'run', params: { problem: 'function', path: 'run' } },
        'run is a function, which JSON cannot carry.',
      ],
      [
        { format: 'csv', maxRows: 1, tag: Symbol('x') },
        { field: 'tag', params: { problem: 'symbol', path: 'tag' } },
        'tag is a symbol, which JSON cannot carry.',
      ],
      [
        { format: 'csv', maxRows: Number.NaN },
        { field: 'maxRows', params: { problem: 'non-finite', path: 'maxRows' } },
        'maxRows is not a finite number (NaN or Infinity), which JSON cannot carry.',
      ],
      [
        { format: 'csv', maxRows: 1, extra: { list: [1, Number.POSITIVE_INFINITY] } },
        { field: 'extra', params: { problem: 'non-finite', path: 'extra.list.1' } },
        'extra.list.1 is not a finite number (NaN or Infinity), which JSON cannot carry.',
      ],
      [
        { format: 'csv', maxRows: 1, extra: ['a', undefined] },
        { field: 'extra', params: { problem: 'undefined', path: 'extra.1' } },
        'extra.1 is undefined, which JSON cannot carry in a list.',
      ],
      [
        { format: 'csv', maxRows: 1, '': 2n },
        { field: '', params: { problem: 'bigint', path: '' } },
        'The member named "" (an empty name) is a BigInt, which JSON cannot carry.',
      ],
      [10n, { field: '', params: { problem: 'bigint' } }, 'Content is a BigInt, which JSON cannot carry.'],
      [() => 1, { field: '', params: { problem: 'function' } }, 'Content is a function, which JSON cannot carry.'],
    ];
    for (const [content, issue, message] of cases) {
      const result = check(content);
      expect(result).toEqual({ ok: false, issues: [{ ...issue, code: 'not-json', message }] });
    }
    // Allowing unknown members does not let a value JSON cannot carry through.
    const lenient = createContentValidator(EXPORT_SCHEMA, { allowUnknown: true });
    expect(lenient({ format: 'csv', maxRows: 1, run: () => 1 })).toMatchObject({
      ok: false,
      issues: [{ field: 'run', code: 'not-json' }],
    });
  });

  it('copies content exactly as toJsonValue does (toJSON, undefined members, __proto__, lists)', () => {
    const lenient = createContentValidator(EXPORT_SCHEMA, { allowUnknown: true });
    const proto = JSON.parse('{"format":"csv","maxRows":2,"__proto__":{"polluted":true}}') as Record<string, unknown>;
    const answers: unknown[] = [
      { toJSON: () => ({ format: 'json', maxRows: 3 }) },
      { format: 'csv', maxRows: 4, note: undefined },
      { format: 'csv', maxRows: 5, ratio: 0.5, list: ['a', 1, null], nested: { a: [{ b: 1 }] } },
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
    const cases: [unknown, Record<string, unknown>][] = [
      [revoked.proxy, { field: '', code: 'not-json', params: { problem: 'unreadable' } }],
      [trapped, { field: '', code: 'not-json', params: { problem: 'unreadable' } }],
      [deep, { field: 'nested', code: 'not-json', params: { problem: 'unreadable', path: 'nested.x' } }],
      [cycleToTop, { field: 'nested', code: 'not-json', params: { problem: 'cycle', path: 'nested.back' } }],
      [[1], { field: '', code: 'type' }],
      [null, { field: '', code: 'type' }],
      [7, { field: '', code: 'type' }],
    ];
    for (const [content, issue] of cases) expect(check(content)).toMatchObject({ ok: false, issues: [issue] });
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

  it('holds nothing between answers: each answer, checked in turn by one validator, gets what a fresh one gives', () => {
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
          for (const content of [...contents, ...contents.toReversed()]) {
            expect(warm(content)).toEqual(validateContent(schema, content));
            checked++;
          }
        },
      ),
      { seed: 7, numRuns: 100 },
    );
    expect(checked).toBeGreaterThan(500);
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

  it('returns a real JSON copy: no symbol-keyed member, no inherited member, no getter left', () => {
    const tag = Symbol('tag');
    let reads = 0;
    const answer = {
      format: 'csv',
      get maxRows() {
        reads++;
        return 10;
      },
      [tag]: 'note',
    };
    const result = check(answer);
    expect(result).toEqual({ ok: true, content: { format: 'csv', maxRows: 10 } });
    expect(reads).toBe(1);
    const content = result.ok ? result.content : {};
    expect(content).not.toBe(answer);
    expect(Object.getOwnPropertySymbols(content)).toEqual([]);
    expect(Reflect.ownKeys(content)).toEqual(['format', 'maxRows']);
    expect(Object.getOwnPropertyDescriptor(content, 'maxRows')).toMatchObject({ value: 10, writable: true });
    expect(Object.getPrototypeOf(content)).toBe(Object.prototype);
  });

  it('never lets a polluted Object.prototype answer a field, pass a check or leak into the copy', () => {
    const prototype = Object.prototype as Record<string, unknown>;
    const lenient = createContentValidator(EXPORT_SCHEMA, { allowUnknown: true });
    prototype['maxRows'] = 5;
    prototype['injected'] = 'x';
    try {
      expect(check({ format: 'csv' })).toMatchObject({ ok: false, issues: [{ field: 'maxRows', code: 'required' }] });
      expect(check(JSON.parse('{"format":"csv"}'))).toMatchObject({
        ok: false,
        issues: [{ field: 'maxRows', code: 'required' }],
      });
      for (const validator of [check, lenient]) {
        const result = validator({ format: 'csv', maxRows: 7, nested: { a: 1 } });
        const content = (result.ok ? result.content : {}) as unknown as Record<string, Record<string, unknown>>;
        if (validator === check) {
          expect(result).toMatchObject({ ok: false, issues: [{ field: 'nested', code: 'unknown' }] });
          continue;
        }
        expect(result.ok).toBe(true);
        expect(Object.keys(content)).toEqual(['format', 'maxRows', 'nested']);
        expect(Object.keys(content['nested']!)).toEqual(['a']);
      }
      // A getter that pollutes the prototype halfway through the copy changes nothing either.
      delete prototype['maxRows'];
      const midway = {
        get format() {
          prototype['maxRows'] = 5;
          return 'csv';
        },
      };
      expect(check(midway)).toMatchObject({ ok: false, issues: [{ field: 'maxRows', code: 'required' }] });
    } finally {
      delete prototype['maxRows'];
      delete prototype['injected'];
    }
    expect(check({ format: 'csv' })).toMatchObject({ ok: false, issues: [{ field: 'maxRows', code: 'required' }] });
  });

  it('names an unknown member with an empty name clearly', () => {
    expect(check({ format: 'csv', maxRows: 1, '': 1 })).toEqual({
      ok: false,
      issues: [
        {
          field: '',
          code: 'unknown',
          message: 'Content has a member named "" (an empty name), which the schema does not define.',
        },
      ],
    });
  });

  it('stays linear on 100,000-member and 100,000-character content', { timeout: 60_000 }, () => {
    const wideAnswer = {
      format: 'csv',
      maxRows: 1,
      ...Object.fromEntries(Array.from({ length: 100_000 }, (_, index) => [`k${index}`, index])),
    };
    const lenient = createContentValidator(EXPORT_SCHEMA, { allowUnknown: true });
    const started = performance.now();
    const wide = lenient(wideAnswer);
    expect(wide.ok && Object.keys(wide.content).length).toBe(100_002);
    const refused = check(wideAnswer);
    expect(refused.ok ? 0 : refused.issues.length).toBe(100_000);
    const long = 'x'.repeat(100_000);
    expect(check({ format: long, maxRows: 1 })).toMatchObject({ ok: false, issues: [{ code: 'option' }] });
    expect(check({ format: 'csv', maxRows: 1, [long]: long })).toMatchObject({
      ok: false,
      issues: [{ field: long, code: 'unknown' }],
    });
    const list = Array.from({ length: 100_000 }, () => 'csv');
    expect(lenient({ format: 'csv', maxRows: 1, list })).toMatchObject({ ok: true });
    // A quadratic pass over 100,000 members (10^10 steps) would take minutes; linear work takes about a second per
    // case even on a shared, loaded machine.
    expect(performance.now() - started).toBeLessThan(30_000);
  });
});
