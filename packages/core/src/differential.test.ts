// Differential tests against ajv 8 (draft 2020-12 + ajv-formats default mode) and the official MCP schema.
import { readFileSync } from 'node:fs';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { URI, formats } from './formats.js';
import { parseRequestedSchema, validateContent } from './index.js';
import type { StringFormat } from './types.js';
import {
  FORMAT_STRINGS,
  ajvContentVerdict,
  contentFor,
  createRandom,
  deliberateDifference,
  mutate,
  restrictedSchema,
  root,
} from './test/harness.js';
import { compareContent, compareSchema } from './test/invariants.js';

const seed = 42;
const FORMATS: StringFormat[] = ['email', 'uri', 'date', 'date-time'];
const ajvFormat = (format: StringFormat, value: string): boolean => {
  const check = fullFormats[format] as RegExp | ((value: string) => boolean) | { validate: (value: string) => boolean };
  if (check instanceof RegExp) return check.test(value);
  return typeof check === 'function' ? check(value) : check.validate(value);
};

// Strings shaped like dates, times and addresses, with random digits and separators.
const shaped = fc
  .tuple(
    fc.constantFrom(
      'dddd-dd-dd',
      'dddd-dd-ddTdd:dd:ddZ',
      'dddd-dd-dd dd:dd:dd+dd:dd',
      'dddd-dd-ddtdd:dd:dd.ddd-dddd',
      'dd:dd:dd',
      'x@y.z',
      'x://y/z?w#v',
      'x:y',
    ),
    fc.array(fc.constantFrom(...'0123456789'), { minLength: 20, maxLength: 20 }),
    fc.array(fc.constantFrom(...'abc-._~%:/?#[]@!$&()*+,;= üZz'), { minLength: 20, maxLength: 20 }),
  )
  .map(([template, digits, chars]) => {
    let index = 0;
    return [...template]
      .map((char) =>
        char === 'd' ? digits[index++ % 20] : /[xyzwv]/.test(char) ? chars.slice(0, ++index % 6).join('') : char,
      )
      .join('');
  });

describe('formats mirror ajv-formats (default "full" mode)', () => {
  it('uses the same URI expression, character for character', () => {
    const source = readFileSync(root + 'packages/core/node_modules/ajv-formats/dist/formats.js', 'utf8');
    expect(URI.source).toBe(/const URI = \/(.*)\/i;/.exec(source)![1]);
    expect(URI.flags).toBe('i');
  });

  it.each(FORMATS)('%s agrees on hand-picked and generated strings', (format) => {
    for (const value of FORMAT_STRINGS)
      expect([value, formats[format](value)]).toEqual([value, ajvFormat(format, value)]);
    fc.assert(
      fc.property(
        fc.oneof(shaped, fc.string(), fc.string({ unit: 'binary' }), fc.webUrl(), fc.emailAddress()),
        (value) => {
          expect(formats[format](value)).toBe(ajvFormat(format, value));
        },
      ),
      { seed, numRuns: 3000 },
    );
  });
});

describe('parseRequestedSchema agrees with the official schema plus the policies', () => {
  it('on schemas of the restricted grammar and on mutations of them', { timeout: 60_000 }, () => {
    let accepted = 0;
    fc.assert(
      fc.property(restrictedSchema, fc.integer(), fc.nat({ max: 3 }), (schema, mutationSeed, edits) => {
        const candidate = mutate(schema, createRandom(mutationSeed), edits);
        const verdict = compareSchema(candidate);
        expect(verdict).toBe('agree');
        if (verdict === 'agree' && edits === 0) accepted++;
      }),
      { seed, numRuns: 1500 },
    );
    expect(accepted).toBeGreaterThan(50);
  });
});

/** Whether a multi-select's `items` holds keywords besides its options. */
const hasItemKeywords = (schema: Record<string, unknown>): boolean =>
  Object.values(schema['properties'] as Record<string, Record<string, unknown>>).some(
    (property) =>
      property['type'] === 'array' &&
      Object.keys(property['items'] as object).some((key) => !['type', 'enum', 'anyOf'].includes(key)),
  );

/** Whether a titled option (`oneOf[i]`, `items.anyOf[i]`) holds keywords besides `const` and `title`. */
const hasOptionKeywords = (schema: Record<string, unknown>): boolean =>
  Object.values(schema['properties'] as Record<string, Record<string, unknown>>).some((property) =>
    [
      ...((property['oneOf'] as object[] | undefined) ?? []),
      ...(((property['items'] as Record<string, unknown> | undefined)?.['anyOf'] as object[] | undefined) ?? []),
    ].some((option) => Object.keys(option).some((key) => key !== 'const' && key !== 'title')),
  );

describe('validateContent agrees with ajv on the requested schema', () => {
  // Compiling ~250 schemas with ajv takes a few seconds on a busy machine; the timeout only bounds the run.
  it('on at least 2,000 generated (schema, content) pairs', { timeout: 120_000 }, () => {
    const tally = { agree: 0, accepted: 0, withItemKeywords: 0, withOptionKeywords: 0 };
    fc.assert(
      fc.property(
        restrictedSchema.chain((schema) =>
          fc.tuple(fc.constant(schema), fc.array(contentFor(schema), { minLength: 12, maxLength: 12 })),
        ),
        ([schema, contents]) => {
          for (const content of contents) {
            const verdict = compareContent(schema, content);
            if (verdict === 'skip') return;
            expect(verdict).toBe('agree');
            expect(compareContent(schema, content, true)).toBe('agree');
            tally.agree++;
            if (validateContent(schema, content).ok) tally.accepted++;
            if (hasItemKeywords(schema)) tally.withItemKeywords++;
            if (hasOptionKeywords(schema)) tally.withOptionKeywords++;
          }
        },
      ),
      { seed, numRuns: 300 },
    );
    expect(tally.agree).toBeGreaterThanOrEqual(2000);
    // Schemas with unenforced keywords inside `items` (minLength, pattern, format…) are part of it.
    expect(tally.withItemKeywords).toBeGreaterThan(200);
    // So are schemas whose titled options carry annotations (kept for ajv, which ignores them as the kit does); an
    // option with a keyword that would change validity is refused by the kit (and by the policy oracle above).
    expect(tally.withOptionKeywords).toBeGreaterThan(100);
    // Both verdicts are well represented.
    expect(tally.accepted).toBeGreaterThan(200);
    expect(tally.agree - tally.accepted).toBeGreaterThan(200);
  });
});

// Issue 33: keywords a validator enforces on the answers that a form cannot. Refused where they apply (the kit never
// accepts an answer ajv refuses); the rest of the keywords about objects and arrays stay reported, and ajv — given the
// raw keyword — refuses nothing the kit accepts.
type Json = Record<string, unknown>;

/** Each refused keyword, where it applies, with a value that makes ajv refuse some answers a form gives. */
const REFUSED: [keyword: string, where: 'schema' | 'multiselect', value: unknown, reason: string][] = [
  ['maxProperties', 'schema', 1, 'bound-invalid'],
  ['minProperties', 'schema', 1, 'bound-invalid'],
  ['dependentRequired', 'schema', { name: ['email'] }, 'bound-invalid'],
  ['dependencies', 'schema', { name: ['email'] }, 'composition'],
  ['propertyNames', 'schema', { maxLength: 3 }, 'composition'],
  ['contains', 'multiselect', { const: 'a' }, 'composition'],
];

/** Reported keywords about objects and arrays, with values ajv enforces; none may change a verdict. */
const REPORTED: [keyword: string, where: 'schema' | 'multiselect' | 'text', value: unknown][] = [
  ['additionalProperties', 'schema', false],
  ['additionalProperties', 'schema', { type: 'number' }],
  ['unevaluatedProperties', 'schema', false],
  ['uniqueItems', 'multiselect', true],
  ['unevaluatedItems', 'multiselect', false],
  ['additionalItems', 'multiselect', false],
  ['minContains', 'multiselect', 2],
  ['maxContains', 'multiselect', 0],
  // An object's or an array's keyword on a text field: no validator applies it to a string
  ['contains', 'text', { const: 'a' }],
  ['maxProperties', 'text', 0],
  ['propertyNames', 'text', { maxLength: 0 }],
  ['dependentRequired', 'text', { name: ['email'] }],
];

/** A schema with a text field `name`, an optional `email` and a multi-select `tags`, plus one keyword. */
function formWith(keyword: string, where: 'schema' | 'multiselect' | 'text', value: unknown): Json {
  const tags: Json = { type: 'array', items: { type: 'string', enum: ['a', 'b'] } };
  const name: Json = { type: 'string' };
  if (where === 'multiselect') tags[keyword] = value;
  if (where === 'text') name[keyword] = value;
  const schema: Json = { type: 'object', properties: { name, email: { type: 'string' }, tags } };
  if (where === 'schema') schema[keyword] = value;
  return schema;
}

const ANSWERS: Json[] = [
  {},
  { name: 'ab' },
  { name: 'abcd', email: 'e' },
  { tags: [] },
  { tags: ['a'] },
  { tags: ['b'] },
  { tags: ['a', 'b'] },
  { name: 'x', email: 'y', tags: ['b'] },
];

describe('keywords ajv enforces on answers that a form cannot (issue 33)', () => {
  it.each(REFUSED)('%s on the %s is refused with -32602 naming it', (keyword, where, value, reason) => {
    const schema = formWith(keyword, where, value);
    // ajv refuses some answer a form gives: ignoring the keyword would accept what ajv refuses
    expect(ANSWERS.some((answer) => !ajvContentVerdict(schema, answer, false, [keyword]))).toBe(true);
    const parsed = parseRequestedSchema(schema);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const path = where === 'schema' ? `requestedSchema.${keyword}` : `requestedSchema.properties.tags.${keyword}`;
    expect(parsed.error).toMatchObject({ code: -32602, data: { path, reason } });
    expect(parsed.error.message).toContain(keyword);
    expect(parsed.error.message).toContain(where === 'schema' ? 'The form schema' : "The field 'tags'");
  });

  it.each(REPORTED)(
    '%s on the %s is reported, and ajv given it refuses nothing the kit accepts',
    (keyword, where, value) => {
      const schema = formWith(keyword, where, value);
      const parsed = parseRequestedSchema(schema);
      expect(parsed.ok && parsed.warnings.map((warning) => warning.code)).toEqual(['ignored-keyword']);
      for (const answer of [...ANSWERS, { tags: ['a', 'a'] }, { extra: 1 }]) {
        if (validateContent(schema, answer).ok) {
          expect(ajvContentVerdict(schema, answer, false, [keyword]), JSON.stringify(answer)).toBe(true);
        }
      }
    },
  );

  it(
    'on generated forms with a reported keyword added, the kit accepts nothing ajv refuses',
    { timeout: 60_000 },
    () => {
      let accepted = 0;
      fc.assert(
        fc.property(
          restrictedSchema.chain((schema) =>
            fc.tuple(
              fc.constant(schema),
              fc.constantFrom(...REPORTED.filter(([, where]) => where !== 'text')),
              fc.array(contentFor(schema), { minLength: 6, maxLength: 6 }),
            ),
          ),
          ([base, [keyword, where, value], contents]) => {
            const schema: Json = structuredClone(base);
            if (where === 'schema') schema[keyword] = value;
            else
              for (const property of Object.values(schema['properties'] as Record<string, Json>))
                if (property['type'] === 'array') property[keyword] = value;
            if (!parseRequestedSchema(schema).ok) return;
            for (const content of contents) {
              if (!validateContent(schema, content).ok) continue;
              accepted++;
              expect(
                ajvContentVerdict(schema, content, false, [keyword]) || deliberateDifference(schema, content),
                JSON.stringify({ schema, content }),
              ).toBe(true);
            }
          },
        ),
        { seed, numRuns: 200 },
      );
      expect(accepted).toBeGreaterThan(100);
    },
  );
});
