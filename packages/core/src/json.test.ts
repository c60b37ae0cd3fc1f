import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, isJsonObject, toJsonValue } from './index.js';
import { toStrictJsonValue } from './json.js';

describe('toJsonValue', () => {
  it('copies as JSON.stringify would: toJSON read, undefined and functions dropped, NaN as null', () => {
    const input = {
      when: new Date(0),
      gone: undefined,
      fn: () => 1,
      list: [undefined, Number.NaN, 1],
      nested: { toJSON: () => ({ flat: true }) },
    };
    expect(toJsonValue(input)).toEqual({ ok: true, value: JSON.parse(JSON.stringify(input)) });
  });

  it('keeps `__proto__` an ordinary own property, as JSON.parse does', () => {
    const input = JSON.parse('{"__proto__":{"polluted":true},"a":1}') as Record<string, unknown>;
    const copy = toJsonValue(input);
    expect(copy.ok && Object.hasOwn(copy.value as object, '__proto__')).toBe(true);
    expect(copy.ok && Object.getPrototypeOf(copy.value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('copies own members only: never inherited ones, even with Object.prototype polluted, before or mid-copy', () => {
    const prototype = Object.prototype as Record<string, unknown>;
    const inherits = Object.assign(Object.create({ inherited: 1 }) as object, { own: 2 });
    expect(toJsonValue({ a: inherits })).toEqual({ ok: true, value: { a: { own: 2 } } });
    try {
      prototype['polluted'] = 'x';
      const copy = toJsonValue({ a: { b: 1 }, c: [{ d: 2 }] });
      expect(copy).toEqual({ ok: true, value: { a: { b: 1 }, c: [{ d: 2 }] } });
      expect(copy.ok && Object.keys(copy.value as object)).toEqual(['a', 'c']);
      delete prototype['polluted'];
      const midway = {
        get first() {
          prototype['polluted'] = 'x';
          return 1;
        },
        later: { e: 3 },
      };
      const copied = toJsonValue(midway);
      expect(copied.ok && Object.keys((copied.value as Record<string, object>)['later']!)).toEqual(['e']);
      expect(copied.ok && Object.keys(copied.value as object)).toEqual(['first', 'later']);
    } finally {
      delete prototype['polluted'];
    }
  });

  it('says where and why an input is not JSON', () => {
    const cyclic: Record<string, unknown> = { a: [1] };
    (cyclic['a'] as unknown[]).push(cyclic);
    expect(toJsonValue(cyclic)).toEqual({ ok: false, problem: 'cycle', path: 'a.1' });
    expect(toJsonValue({ a: { b: 1n } })).toEqual({ ok: false, problem: 'bigint', path: 'a.b' });
    let deep: unknown = 1;
    for (let level = 0; level <= MAX_JSON_DEPTH; level++) deep = [deep];
    expect(toJsonValue(deep)).toMatchObject({ ok: false, problem: 'too-deep' });
    const throwing = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no');
        },
      },
    );
    expect(toJsonValue({ a: throwing })).toMatchObject({ ok: false, problem: 'unreadable' });
  });

  it('copies string-keyed members only: a symbol-keyed member is never in the copy', () => {
    const tag = Symbol('tag');
    const copy = toJsonValue({ a: 1, [tag]: 2, nested: { [tag]: 3, b: 4 } });
    expect(copy).toEqual({ ok: true, value: { a: 1, nested: { b: 4 } } });
    const value = (copy.ok ? copy.value : {}) as Record<string, object>;
    expect(Reflect.ownKeys(value)).toEqual(['a', 'nested']);
    expect(Reflect.ownKeys(value['nested']!)).toEqual(['b']);
  });

  it('lets a shared (not cyclic) object appear twice', () => {
    const shared = { x: 1 };
    expect(toJsonValue({ a: shared, b: shared })).toEqual({ ok: true, value: { a: { x: 1 }, b: { x: 1 } } });
  });
});

describe('isJsonObject', () => {
  it('is a non-null, non-array object', () => {
    expect([{}, [], null, 'x', 1].map(isJsonObject)).toEqual([true, false, false, false, false]);
  });
});

describe('toStrictJsonValue', () => {
  it('copies what toJsonValue copies, an undefined member left out', () => {
    const input = { a: 1, gone: undefined, when: new Date(0), list: ['x', null], nested: { toJSON: () => [1] } };
    expect(toStrictJsonValue(input)).toEqual(toJsonValue(input));
    expect(toStrictJsonValue(input)).toEqual({
      ok: true,
      value: { a: 1, when: '1970-01-01T00:00:00.000Z', list: ['x', null], nested: [1] },
    });
  });

  it('refuses what toJsonValue would drop or turn into null, with the keys leading to it', () => {
    expect(toStrictJsonValue({ a: { f: () => 1 } })).toEqual({ ok: false, problem: 'function', keys: ['a', 'f'] });
    expect(toStrictJsonValue({ s: Symbol('x') })).toEqual({ ok: false, problem: 'symbol', keys: ['s'] });
    expect(toStrictJsonValue({ n: [1, Number.NaN] })).toEqual({ ok: false, problem: 'non-finite', keys: ['n', 1] });
    expect(toStrictJsonValue([Number.NEGATIVE_INFINITY])).toEqual({ ok: false, problem: 'non-finite', keys: [0] });
    expect(toStrictJsonValue({ l: ['a', undefined] })).toEqual({ ok: false, problem: 'undefined', keys: ['l', 1] });
    expect(toStrictJsonValue({ '': 1n })).toEqual({ ok: false, problem: 'bigint', keys: [''] });
    expect(toStrictJsonValue(() => 1)).toEqual({ ok: false, problem: 'function', keys: [] });
  });
});
