// Property-based tests (fast-check, seeded): parse never throws, accepted requests describe and round-trip, and
// a seeded sample of the fuzz run (mutated fixtures) holds the same invariants as `pnpm run fuzz`.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  initialValues,
  parseElicitation,
  parseRequestedSchema,
  toContent,
  validateContent,
  validateValues,
  type ParseOptions,
} from './index.js';
import { contentFor, loadFixtures, mutatedRequest, restrictedSchema } from './test/harness.js';
import { checkRequest } from './test/invariants.js';

const seed = 20251125;

/** Values as a UI may hold them: numbers optionally as the text the user typed. */
const uiValues = (values: Record<string, unknown>, asText: boolean) =>
  Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, asText && typeof value === 'number' ? String(value) : value]),
  );
const eras: ParseOptions[] = [
  {},
  { protocolVersion: '2025-06-18' },
  { protocolVersion: '2025-11-25' },
  { protocolVersion: '2026-07-28' },
];

describe('parseElicitation (properties)', () => {
  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withMap: true,
          withSet: true,
          withDate: true,
          withTypedArray: true,
          withSparseArray: true,
          withNullPrototype: true,
        }),
        fc.constantFrom(...eras),
        (input, options) => {
          const result = parseElicitation(input, options);
          expect(typeof result.ok).toBe('boolean');
        },
      ),
      { seed, numRuns: 1000 },
    );
  });

  it('never throws on arbitrary JSON params in any shape of form request', () => {
    const schemaish = fc.jsonValue({ maxDepth: 4 });
    fc.assert(
      fc.property(
        fc.record(
          {
            mode: fc.constantFrom('form', 'url', undefined, 'x'),
            message: fc.string(),
            requestedSchema: schemaish,
            url: fc.string(),
            elicitationId: fc.string(),
          },
          { requiredKeys: [] },
        ),
        fc.constantFrom(...eras),
        (params, options) => {
          const result = parseElicitation(params, options);
          if (!result.ok) expect(result.error.code).toBe(-32602);
        },
      ),
      { seed, numRuns: 1000 },
    );
  });

  it('holds the fuzz invariants on 2,000 mutated fixtures (seeded sample of `pnpm run fuzz`)', () => {
    const fixtures = loadFixtures();
    const stats = { accepted: 0, rejected: 0 };
    fc.assert(
      fc.property(mutatedRequest(fixtures), fc.constantFrom(...eras), (params, options) => {
        const problem = checkRequest(params, options);
        expect(problem.error).toBeUndefined();
        stats[problem.accepted ? 'accepted' : 'rejected']++;
      }),
      { seed, numRuns: 2000 },
    );
    // Both outcomes are exercised, so the invariants are not vacuous.
    expect(stats.accepted).toBeGreaterThan(100);
    expect(stats.rejected).toBeGreaterThan(100);
  });
});

describe('accepted requests describe and round-trip (properties)', () => {
  it('initial values are valid when every required field has a default', () => {
    let roundTrips = 0;
    fc.assert(
      fc.property(restrictedSchema, (schema) => {
        const parsed = parseRequestedSchema(schema);
        if (!parsed.ok) return;
        const values = initialValues(parsed.fields);
        const content = toContent(parsed.fields, values);
        if (parsed.fields.every((field) => !field.required || field.default !== undefined)) {
          roundTrips++;
          expect(validateValues(parsed.fields, values)).toEqual([]);
          expect(validateContent(schema, content)).toEqual({ ok: true, content });
        }
      }),
      { seed, numRuns: 600 },
    );
    expect(roundTrips).toBeGreaterThan(100);
  });

  it('content made from values that pass validateValues passes validateContent', () => {
    let valid = 0;
    fc.assert(
      fc.property(
        restrictedSchema.chain((schema) => fc.tuple(fc.constant(schema), contentFor(schema), fc.boolean())),
        ([schema, values, asText]) => {
          const parsed = parseRequestedSchema(schema);
          if (!parsed.ok) return;
          const formValues = uiValues(values, asText) as never;
          if (validateValues(parsed.fields, formValues).length) return;
          valid++;
          const content = toContent(parsed.fields, formValues);
          expect(validateContent(schema, content)).toEqual({ ok: true, content });
        },
      ),
      { seed, numRuns: 1500 },
    );
    expect(valid).toBeGreaterThan(100);
  });
});
