// The review findings of the core rebuild: `items` screened like a property, empty-string keywords, `minItems` beyond
// the options, inputs that are not JSON, sentences in every refusal and warning.
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, parseElicitation, parseRequestedSchema, validateContent } from './index.js';

const schemaWith = (property: Record<string, unknown>) => ({ type: 'object', properties: { tags: property } });
const multi = (items: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  schemaWith({ type: 'array', items, ...extra });

const verdict = (schema: unknown): string => {
  const result = parseRequestedSchema(schema);
  return result.ok ? 'accepted' : `${result.error.data.reason} @ ${result.error.data.path}`;
};

describe('items is screened exactly like a property', () => {
  it.each([
    ['$ref', { $ref: '#/$defs/Tag' }, 'ref @ requestedSchema.properties.tags.items.$ref'],
    ['$defs', { type: 'string', enum: ['a'], $defs: {} }, 'ref @ requestedSchema.properties.tags.items.$defs'],
    [
      'not',
      { type: 'string', enum: ['a'], not: { const: 'a' } },
      'composition @ requestedSchema.properties.tags.items.not',
    ],
    ['allOf', { type: 'string', enum: ['a'], allOf: [] }, 'composition @ requestedSchema.properties.tags.items.allOf'],
    ['oneOf', { oneOf: [{ const: 'a', title: 'A' }] }, 'composition @ requestedSchema.properties.tags.items.oneOf'],
    ['if', { type: 'string', enum: ['a'], if: {} }, 'composition @ requestedSchema.properties.tags.items.if'],
    [
      'an unknown format',
      { type: 'string', enum: ['a'], format: 'bogus' },
      'unknown-format @ requestedSchema.properties.tags.items.format',
    ],
    [
      'a type other than string',
      { type: 'number', enum: [1] },
      'unsupported-array @ requestedSchema.properties.tags.items.type',
    ],
    [
      'anyOf beside enum',
      { type: 'string', enum: ['a'], anyOf: [{ const: 'a', title: 'A' }] },
      'options-invalid @ requestedSchema.properties.tags.items.enum',
    ],
    [
      'a malformed minLength',
      { type: 'string', enum: ['a'], minLength: -1 },
      'bound-invalid @ requestedSchema.properties.tags.items.minLength',
    ],
    [
      'a non-string title',
      { type: 'string', enum: ['a'], title: 3 },
      'wrong-type @ requestedSchema.properties.tags.items.title',
    ],
  ])('refuses %s inside items', (_, items, expected) => {
    expect(verdict(multi(items))).toBe(expected);
  });

  it('reports unenforced keywords inside items with their items path, and validates as if they were absent', () => {
    const schema = multi({ type: 'string', enum: ['a', 'bb'], minLength: 2, pattern: '^b', format: 'email' });
    const result = parseRequestedSchema(schema);
    expect(result.ok && result.warnings.map((warning) => [warning.code, warning.path])).toEqual([
      ['ignored-keyword', 'requestedSchema.properties.tags.items.minLength'],
      ['ignored-keyword', 'requestedSchema.properties.tags.items.pattern'],
      ['ignored-keyword', 'requestedSchema.properties.tags.items.format'],
    ]);
    expect(result.ok && result.warnings[0]!.message).toBe(
      "The field 'tags' uses 'minLength' in its items, which elicitation forms do not enforce; it is ignored.",
    );
    expect(validateContent(schema, { tags: ['a'] }).ok).toBe(true);
  });

  it('accepts the annotations a property may have (title, description) inside items without a warning', () => {
    const result = parseRequestedSchema(multi({ type: 'string', enum: ['a'], title: 'Tag', description: 'One tag' }));
    expect(result.ok && result.warnings).toEqual([]);
  });
});

const single = (option: Record<string, unknown>) =>
  schemaWith({
    type: 'string',
    oneOf: [
      { const: 'a', title: 'A' },
      { const: 'b', title: 'B', ...option },
    ],
  });
const titledMulti = (option: Record<string, unknown>) =>
  multi({
    anyOf: [
      { const: 'a', title: 'A' },
      { const: 'b', title: 'B', ...option },
    ],
  });

describe('titled options are screened like properties and items', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['$ref', { $ref: '#/x' }, 'ref'],
    ['$defs', { $defs: {} }, 'ref'],
    ['$dynamicRef', { $dynamicRef: '#x' }, 'ref'],
    ['not', { not: {} }, 'composition'],
    ['anyOf', { anyOf: [] }, 'composition'],
    ['if', { if: {} }, 'composition'],
    ['prefixItems', { prefixItems: [] }, 'composition'],
    ['pattern', { pattern: '^z' }, 'options-invalid'],
    ['minLength', { minLength: 3 }, 'options-invalid'],
    ['maxLength', { maxLength: 0 }, 'options-invalid'],
    ['enum', { enum: ['z'] }, 'options-invalid'],
    ['type object', { type: 'object' }, 'options-invalid'],
    ['type number', { type: 'number' }, 'options-invalid'],
    ['$id', { $id: 'https://example.com/b' }, 'options-invalid'],
    ['$anchor', { $anchor: 'b' }, 'options-invalid'],
    ['format', { format: 'email' }, 'options-invalid'],
    ['multipleOf', { multipleOf: 2 }, 'options-invalid'],
    ['properties', { properties: {} }, 'options-invalid'],
    ['required', { required: ['x'] }, 'options-invalid'],
    ['nullable', { nullable: true }, 'options-invalid'],
  ])('refuses %s in oneOf[i] and in items.anyOf[i], at the keyword', (_, option, reason) => {
    const key = Object.keys(option)[0]!;
    expect(verdict(single(option))).toBe(`${reason} @ requestedSchema.properties.tags.oneOf.1.${key}`);
    expect(verdict(titledMulti(option))).toBe(`${reason} @ requestedSchema.properties.tags.items.anyOf.1.${key}`);
  });

  it('says which option and which rule in the refusal', () => {
    const notResult = parseRequestedSchema(single({ not: {} }));
    expect(!notResult.ok && notResult.error.message).toBe(
      "The field 'tags' uses not in option 2; elicitation forms allow no schema composition or nested schemas (only the options of a choice use oneOf or anyOf).",
    );
    const patternResult = parseRequestedSchema(titledMulti({ pattern: '^z' }));
    expect(!patternResult.ok && patternResult.error.message).toBe(
      "The options of the field 'tags' are invalid: option 2 uses 'pattern', which would change which answers are valid; an option has only a 'const' and a 'title'.",
    );
  });

  it('no longer accepts what ajv rejects: { const, title, not: {} } matches nothing', () => {
    expect(() => validateContent(single({ not: {} }), { tags: 'b' })).toThrow(TypeError);
  });

  it('reports annotations in an option with the option path, and validates as if they were absent', () => {
    const schema = single({ description: 'Second', $comment: 'c', examples: ['b'], deprecated: true, 'x-icon': 'b' });
    const result = parseRequestedSchema(schema);
    expect(result.ok && result.warnings.map((warning) => [warning.code, warning.path])).toEqual([
      ['ignored-keyword', 'requestedSchema.properties.tags.oneOf.1.description'],
      ['ignored-keyword', 'requestedSchema.properties.tags.oneOf.1.$comment'],
      ['ignored-keyword', 'requestedSchema.properties.tags.oneOf.1.examples'],
      ['ignored-keyword', 'requestedSchema.properties.tags.oneOf.1.deprecated'],
      ['ignored-keyword', 'requestedSchema.properties.tags.oneOf.1.x-icon'],
    ]);
    expect(result.ok && result.warnings[0]!.message).toBe(
      "The field 'tags' uses 'description' in option 2, which elicitation forms do not enforce; it is ignored.",
    );
    expect(validateContent(schema, { tags: 'b' }).ok).toBe(true);
  });

  it("tolerates type: 'string' in an option (its const is a string: nothing changes), with a warning", () => {
    const result = parseRequestedSchema(titledMulti({ type: 'string' }));
    expect(result.ok && result.warnings.map((warning) => warning.path)).toEqual([
      'requestedSchema.properties.tags.items.anyOf.1.type',
    ]);
  });

  it('checks the JSON type of an annotation the restricted schema types elsewhere', () => {
    expect(verdict(single({ description: 7 }))).toBe(
      'wrong-type @ requestedSchema.properties.tags.oneOf.1.description',
    );
  });
});

describe('exotic reference and subschema keywords are refused like $ref and allOf, at every position', () => {
  it.each([
    ['$dynamicRef', 'ref'],
    ['$recursiveRef', 'ref'],
    ['definitions', 'ref'],
    ['patternProperties', 'composition'],
    ['dependentSchemas', 'composition'],
    ['prefixItems', 'composition'],
  ])('%s', (keyword, reason) => {
    const value = keyword.startsWith('$') ? '#x' : {};
    expect(verdict({ type: 'object', properties: {}, [keyword]: value })).toBe(
      `${reason} @ requestedSchema.${keyword}`,
    );
    expect(verdict(schemaWith({ type: 'string', [keyword]: value }))).toBe(
      `${reason} @ requestedSchema.properties.tags.${keyword}`,
    );
    expect(verdict(multi({ type: 'string', enum: ['a'], [keyword]: value }))).toBe(
      `${reason} @ requestedSchema.properties.tags.items.${keyword}`,
    );
  });
});

describe('smaller correctness gaps', () => {
  it('reports an empty-string keyword as unknown (a warning), and validateContent does not throw on it', () => {
    const schema = schemaWith({ type: 'string', '': 'x' });
    const result = parseRequestedSchema(schema);
    expect(result.ok && result.warnings.map((warning) => [warning.code, warning.path])).toEqual([
      ['ignored-keyword', 'requestedSchema.properties.tags.'],
    ]);
    expect(validateContent(schema, { tags: 'x' })).toEqual({ ok: true, content: { tags: 'x' } });
  });

  it('refuses a default of the wrong JSON type even when a bound would fail first (maxItems before the items)', () => {
    expect(verdict(multi({ type: 'string', enum: ['c', 'd'] }, { maxItems: 2, default: ['c', 'd', 7] }))).toBe(
      'default-type @ requestedSchema.properties.tags.default',
    );
  });

  it('refuses minItems above the number of options (it can never be answered)', () => {
    expect(verdict(multi({ type: 'string', enum: ['a', 'b'] }, { minItems: 3 }))).toBe(
      'bound-invalid @ requestedSchema.properties.tags.minItems',
    );
    const result = parseRequestedSchema(multi({ anyOf: [{ const: 'a', title: 'A' }] }, { minItems: 2 }));
    expect(!result.ok && result.error.message).toBe(
      "The field 'tags' has an invalid 'minItems': it asks for at least 2 choices, but there are only 1 options.",
    );
    expect(verdict(multi({ type: 'string', enum: ['a', 'b'] }, { minItems: 2 }))).toBe('accepted');
  });

  it('accepts a numeric elicitationId when no protocol version is known (the 2026-07-28 shape has none), with a warning', () => {
    const result = parseElicitation({ mode: 'url', message: 'm', url: 'https://a.example/x', elicitationId: 7 });
    expect(result.ok && result.request.mode === 'url' && 'elicitationId' in result.request).toBe(false);
    expect(result.ok && result.request.warnings.map((warning) => [warning.code, warning.path])).toEqual([
      ['ignored-field', 'elicitationId'],
    ]);
    expect(
      parseElicitation(
        { mode: 'url', message: 'm', url: 'https://a.example/x', elicitationId: 7 },
        { protocolVersion: '2025-11-25' },
      ),
    ).toMatchObject({ ok: false, error: { data: { reason: 'wrong-type', path: 'elicitationId' } } });
  });
});

const params = (properties: unknown) => ({ message: 'm', requestedSchema: { type: 'object', properties } });

describe('inputs that are not JSON get their own reason', () => {
  it('a cycle, with its path', () => {
    const property: Record<string, unknown> = { type: 'string' };
    property['self'] = property;
    expect(parseElicitation(params({ a: property }))).toMatchObject({
      ok: false,
      error: { data: { reason: 'not-json', path: 'requestedSchema.properties.a.self' } },
    });
  });

  it('a BigInt', () => {
    const result = parseElicitation(params({ a: { type: 'integer', maximum: 10n } }));
    expect(result).toMatchObject({
      ok: false,
      error: { data: { reason: 'not-json', path: 'requestedSchema.properties.a.maximum' } },
    });
    expect(!result.ok && result.error.message).toBe(
      "The elicitation request is not JSON: it contains a BigInt at 'requestedSchema.properties.a.maximum'.",
    );
  });

  it('a throwing getter', () => {
    const property = Object.defineProperty({ type: 'string' }, 'title', {
      enumerable: true,
      get: () => {
        throw new Error('no');
      },
    });
    expect(parseElicitation(params({ a: property }))).toMatchObject({
      ok: false,
      error: { data: { reason: 'not-json' } },
    });
  });

  it(`nesting deeper than ${MAX_JSON_DEPTH} levels`, () => {
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < 10_000; level++) deep = { deep };
    expect(parseElicitation({ message: 'm', requestedSchema: deep })).toMatchObject({
      ok: false,
      error: { data: { reason: 'not-json' } },
    });
  });

  it('params that are JSON but not an object stay not-object', () => {
    expect(parseElicitation([1])).toMatchObject({ ok: false, error: { data: { reason: 'not-object', path: '' } } });
  });

  it('reads a `toJSON` once and keeps the copy, so later changes to the input cannot leak in', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', title: 'A' } } };
    const result = parseRequestedSchema(schema);
    schema.properties.a.title = 'Changed';
    expect(result.ok && result.fields[0]!.label).toBe('A');
    expect(result.ok && result.schema).not.toBe(schema);
  });
});

describe('messages are sentences; codes stay in data', () => {
  it.each([
    [
      { country: { $ref: '#/$defs/Country' } },
      "The field 'country' uses $ref; elicitation forms allow only flat fields, without references.",
    ],
    [
      { a: { type: 'string', format: 'bogus' } },
      "The field 'a' has the format 'bogus'; the allowed formats are email, uri, date and date-time.",
    ],
    [{ a: { type: 'string', enum: ['x', 'x'] } }, "The options of the field 'a' are invalid: 'x' is listed twice."],
    [
      { a: { type: 'string', enum: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'd'] } },
      "The options of the field 'a' are invalid: 'd' is listed twice.",
    ],
    [
      {
        a: {
          type: 'array',
          items: {
            anyOf: [
              { const: 'y', title: 'Y' },
              { const: 'z', title: 'Z' },
              { const: 'y', title: 'Y again' },
            ],
          },
        },
      },
      "The options of the field 'a' are invalid: 'y' is listed twice.",
    ],
    [
      { a: { type: 'null' } },
      "The field 'a' has type 'null'; allowed types are string, number, integer, boolean and array.",
    ],
    [
      { a: { type: 'integer', minimum: 5, maximum: 3 } },
      "The field 'a' has an invalid 'maximum': minimum 5 is above maximum 3.",
    ],
  ])('%j', (properties, message) => {
    const result = parseElicitation({ message: 'm', requestedSchema: { type: 'object', properties } });
    expect(!result.ok && result.error.message).toBe(message);
  });

  it('names an unknown required field', () => {
    const result = parseElicitation({
      message: 'm',
      requestedSchema: { type: 'object', properties: {}, required: ['x'] },
    });
    expect(result).toMatchObject({
      ok: false,
      error: { data: { reason: 'required-unknown', path: 'requestedSchema.required.0' } },
    });
    expect(!result.ok && result.error.message).toBe("The form schema requires 'x', which is not one of its fields.");
  });

  it('warns in sentences', () => {
    const result = parseElicitation(
      {
        message: 'm',
        requestedSchema: { type: 'object', properties: { a: { type: 'string', pattern: '^a' } } },
        task: {},
      },
      { protocolVersion: '2026-07-28' },
    );
    expect(result.ok && result.request.warnings.map((warning) => warning.message)).toEqual([
      "'task' is not part of protocol revision 2026-07-28; it is ignored.",
      "The field 'a' uses 'pattern', which elicitation forms do not enforce; it is ignored.",
    ]);
  });
});
