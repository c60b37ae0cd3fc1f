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

/** A failure deep in the walk: the problem and the keys from the top to where it was found. */
class NotJson {
  constructor(
    readonly problem: NotJsonProblem,
    readonly keys: readonly (string | number)[],
  ) {}
}

/**
 * Whether plain objects inherit enumerable members (a polluted `Object.prototype`), which a for-in over a plain object
 * would visit. One step of a for-in, so it is asked for each object read (a getter or `toJSON` may pollute the
 * prototype halfway through a copy).
 */
export function hasInheritedMembers(): boolean {
  // oxlint-disable-next-line no-underscore-dangle -- the loop only asks whether there is a first member
  for (const _member in Object.prototype) {
    return true;
  }
  return false;
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
 * Copies one value. `undefined` stands for "no JSON value" (undefined, functions, symbols): left out of objects,
 * `null` in arrays, exactly as `JSON.stringify` treats them. `keys` is the path from the top, kept as a stack (pushed
 * and popped, joined only on failure: building a path string for every value would cost every well-behaved input).
 */
function copy(value: unknown, keys: (string | number)[], ancestors: object[]): JsonValue | undefined | NotJson {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return new NotJson('bigint', [...keys]);
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) {
    return null;
  }
  if (keys.length >= MAX_JSON_DEPTH) {
    return new NotJson('too-deep', [...keys]);
  }
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    return copy(toJSON.call(value, String(keys.at(-1) ?? '')), keys, ancestors);
  }
  // The objects above this one (at most MAX_JSON_DEPTH): a short array scan is cheaper than a Set, which would give
  // every object an identity hash.
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
      const item = copy(value[index], keys, ancestors);
      keys.pop();
      if (item instanceof NotJson) {
        result = item;
        break;
      }
      list.push(item === undefined ? null : item);
    }
  } else {
    const object: JsonObject = {};
    result = object;
    // Read by for-in, which needs no list of the keys. It also visits inherited enumerable members: a plain object
    // has none unless Object.prototype has been polluted; any other object is asked about each key.
    const plain = Object.getPrototypeOf(value) === Object.prototype && !hasInheritedMembers();
    for (const key in value) {
      if (!plain && !Object.hasOwn(value, key)) {
        continue;
      }
      keys.push(key);
      const item = copy((value as Record<string, unknown>)[key], keys, ancestors);
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

/** What {@link toJsonMember} returns for a member that is not JSON (`false` is a JSON value). */
export const NOT_JSON: unique symbol = Symbol('not JSON');

/**
 * The JSON copy of one member of an object that is being copied member by member (the server's content check reads
 * its top level itself, for speed): exactly what {@link toJsonValue} would copy at `key` below `parent` — same depth
 * limit, same cycle check (`parent` counts as an ancestor), same `toJSON` call. `undefined` when the member has no JSON
 * value (dropped, as `JSON.stringify` drops it); {@link NOT_JSON} when it is not JSON. Never throws.
 */
export function toJsonMember(value: unknown, key: string, parent: object): JsonValue | undefined | typeof NOT_JSON {
  try {
    const copied = copy(value, [key], [parent]);
    return copied instanceof NotJson ? NOT_JSON : copied;
  } catch {
    return NOT_JSON;
  }
}

/**
 * A JSON copy of `input`, or the reason it is not JSON and the dotted path where that was found. Never throws: a getter,
 * proxy trap or `toJSON` that throws makes the input `unreadable` (the thrown value is never inspected).
 * `undefined`, functions and symbols are dropped as `JSON.stringify` drops them (`value: undefined` at the top).
 */
export function toJsonValue(input: unknown): JsonCopy {
  const keys: (string | number)[] = [];
  try {
    const value = copy(input, keys, []);
    if (value instanceof NotJson) {
      return { ok: false, problem: value.problem, path: value.keys.join('.') };
    }
    return { ok: true, value };
  } catch {
    // A throwing getter, proxy trap or toJSON: `keys` still holds the path to the value being read.
    return { ok: false, problem: 'unreadable', path: keys.join('.') };
  }
}
