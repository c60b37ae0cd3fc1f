// The JSON boundary. Everything core reads from a server or a host first becomes a plain JSON copy here, once: getters
// run once, proxies and `toJSON` are flattened, later changes to the input cannot leak in, and nothing that is not
// JSON (a cycle, a BigInt, a throwing getter, absurd nesting) gets past with a vague error.

/** A JSON value, as `JSON.parse` returns it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

/** A JSON object: string keys, JSON values. */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** Why a value is not JSON. */
export type NotJsonProblem = 'cycle' | 'bigint' | 'unreadable' | 'too-deep';

/** Result of {@link toJsonValue}: the copy, or where and why the input is not JSON. */
export type JsonCopy =
  | { ok: true; value: JsonValue | undefined }
  | { ok: false; problem: NotJsonProblem; path: string };

/** How deep a copy may nest. An elicitation request needs 8 levels; `_meta` may add some. */
export const MAX_JSON_DEPTH = 64;

/**
 * A plain JSON-style object: not `null`, not an array, not a function. (Prototypes are not inspected: a host's class
 * instance is read as the object of its own enumerable properties, as `JSON.stringify` would.)
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sets `key` as an own data property, so `__proto__` stays an ordinary name (as `JSON.parse` makes it). */
export function define<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/**
 * What a strict copy ({@link toStrictJsonValue}) also refuses: values that `JSON.stringify` would silently drop or
 * turn into `null`. (An `undefined` member of an object is not one of them: it is absent, as in JSON and as a
 * TypeScript optional member reads it.)
 */
export type LossyValue = 'function' | 'symbol' | 'non-finite' | 'undefined';

/** A failure deep in the walk: the problem and the keys from the top to where it was found. */
class NotJson {
  constructor(
    readonly problem: NotJsonProblem | LossyValue,
    readonly keys: readonly (string | number)[],
  ) {}
}

/**
 * Copies one value. `undefined` stands for "no JSON value" (undefined, functions, symbols): left out of objects,
 * `null` in arrays, exactly as `JSON.stringify` treats them — unless `strict`, which refuses every value JSON cannot
 * carry except an `undefined` member. `keys` is the path from the top, kept as a stack (pushed and popped, joined only
 * on failure: building a path string for every value would cost every well-behaved input).
 */
function copy(
  value: unknown,
  keys: (string | number)[],
  ancestors: object[],
  strict: boolean,
): JsonValue | undefined | NotJson {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (Number.isFinite(value)) {
        return value;
      }
      return strict ? new NotJson('non-finite', [...keys]) : null;
    case 'bigint':
      return new NotJson('bigint', [...keys]);
    case 'undefined':
      return undefined;
    case 'function':
      return strict ? new NotJson('function', [...keys]) : undefined;
    case 'symbol':
      return strict ? new NotJson('symbol', [...keys]) : undefined;
    case 'object':
      break;
  }
  if (value === null) {
    return null;
  }
  if (keys.length >= MAX_JSON_DEPTH) {
    return new NotJson('too-deep', [...keys]);
  }
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    return copy(toJSON.call(value, String(keys.at(-1) ?? '')), keys, ancestors, strict);
  }
  // The objects above this one (at most MAX_JSON_DEPTH, so a scan of them is short).
  if (ancestors.includes(value)) {
    return new NotJson('cycle', [...keys]);
  }
  ancestors.push(value);
  let result: JsonValue | NotJson;
  if (Array.isArray(value)) {
    const list: JsonValue[] = [];
    result = list;
    for (let index = 0; index < value.length; index++) {
      keys.push(index);
      let item = copy(value[index], keys, ancestors, strict);
      if (item === undefined) {
        item = strict ? new NotJson('undefined', [...keys]) : null;
      }
      keys.pop();
      if (item instanceof NotJson) {
        result = item;
        break;
      }
      list.push(item);
    }
  } else {
    const object: JsonObject = {};
    result = object;
    // Own enumerable string-keyed members only, as JSON.stringify reads them: never inherited ones (a polluted
    // Object.prototype), never symbol-keyed ones.
    for (const key of Object.keys(value)) {
      keys.push(key);
      const item = copy((value as Record<string, unknown>)[key], keys, ancestors, strict);
      keys.pop();
      if (item instanceof NotJson) {
        result = item;
        break;
      }
      if (item !== undefined) {
        define(object, key, item);
      }
    }
  }
  ancestors.pop();
  return result;
}

/** Result of {@link toStrictJsonValue}: the copy, or why the input is not JSON and the keys leading to where. */
export type StrictJsonCopy =
  | { ok: true; value: JsonValue | undefined }
  | { ok: false; problem: NotJsonProblem | LossyValue; keys: readonly (string | number)[] };

/** The walk behind both copies; never throws. */
function copyAll(input: unknown, strict: boolean): StrictJsonCopy {
  const keys: (string | number)[] = [];
  try {
    const value = copy(input, keys, [], strict);
    if (value instanceof NotJson) {
      return { ok: false, problem: value.problem, keys: value.keys };
    }
    return { ok: true, value };
  } catch {
    // A throwing getter, proxy trap or toJSON: `keys` still holds the path to the value being read.
    return { ok: false, problem: 'unreadable', keys };
  }
}

/**
 * A JSON copy of `input`, or the reason it is not JSON and the dotted path where that was found. Never throws: a getter,
 * proxy trap or `toJSON` that throws makes the input `unreadable` (the thrown value is never inspected).
 * `undefined`, functions and symbols are dropped as `JSON.stringify` drops them (`value: undefined` at the top).
 */
export function toJsonValue(input: unknown): JsonCopy {
  const copied = copyAll(input, false);
  // (Only a strict copy finds a lossy value.)
  return copied.ok ? copied : { ok: false, problem: copied.problem as NotJsonProblem, path: copied.keys.join('.') };
}

/**
 * The JSON copy of `input` that the server's content check reads: {@link toJsonValue}'s, except that a value JSON
 * cannot carry is refused rather than dropped or turned into `null` (a function, a symbol, NaN, ±Infinity, an
 * `undefined` list item), so that what is checked is exactly what was given. An `undefined` member of an object is
 * absent. The failure's `keys` lead from the top to the offending value. Never throws.
 */
export function toStrictJsonValue(input: unknown): StrictJsonCopy {
  return copyAll(input, true);
}
