// Differential tests against ajv 8 (draft 2020-12 + ajv-formats default mode) and the official MCP schema.
import { readFileSync } from 'node:fs';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { URI, formats } from './formats.js';
import { validateContent } from './index.js';
import type { StringFormat } from './types.js';
import { FORMAT_STRINGS, contentFor, createRandom, mutate, restrictedSchema, root } from './test/harness.js';
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
