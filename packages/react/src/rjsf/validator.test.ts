import { initialValues, issueMessages } from '@elicitation-kit/core';
import type { ElicitRequestedSchema, FieldDescriptor, FormValues, ParsedFormElicitation } from '@elicitation-kit/core';
import type { RJSFSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureNames, form, formRequest, paramsOf } from '../test/fixtures.js';
import { createValidator } from './validator.js';

const forms: [string, ParsedFormElicitation][] = fixtureNames
  .filter((name) => name.startsWith('form-'))
  .map((name) => [name, formRequest(paramsOf(name))]);

describe('createValidator', () => {
  const request = form(
    {
      name: { type: 'string', title: 'Name', minLength: 2 },
      'dotted.name': { type: 'integer', title: 'Dotted', maximum: 3 },
      agree: { type: 'boolean', title: 'Agree' },
    },
    ['name'],
  );
  const validator = createValidator(request.fields);

  it('reports core issues as rjsf errors, in field order, with an error schema keyed by field name', () => {
    const { errors, errorSchema } = validator.validateFormData({ 'dotted.name': 9 }, {});
    expect(errors).toEqual([
      expect.objectContaining({ name: 'required', property: '.name', message: 'Name is required.', title: 'Name' }),
      expect.objectContaining({ name: 'maximum', property: '["dotted.name"]', message: 'Dotted must be at most 3.' }),
    ]);
    expect(errorSchema).toEqual({
      name: { __errors: ['Name is required.'] },
      'dotted.name': { __errors: ['Dotted must be at most 3.'] },
    });
  });

  it('treats an empty string as unanswered and typed number text as a number, as core does', () => {
    expect(validator.isValid({}, { name: '' }, {})).toBe(false);
    expect(validator.isValid({}, { name: 'ab', 'dotted.name': '3' }, {})).toBe(true);
    expect(validator.isValid({}, { name: 'ab', 'dotted.name': '3.5' }, {})).toBe(false);
  });

  it('accepts a missing or non-object formData as no answers', () => {
    expect(validator.validateFormData(undefined, {}).errors.map((error) => error.name)).toEqual(['required']);
    expect(validator.isValid({}, [] as never, {})).toBe(false);
  });

  it('applies transformErrors and merges customValidate like rjsf validators', () => {
    const { errors, errorSchema } = validator.validateFormData(
      { name: 'a' },
      {},
      (data, handler) => {
        if (data['agree'] !== true) handler['agree']?.addError('Please agree.');
        return handler;
      },
      (list) => list.map((error) => ({ ...error, message: `!${error.message}` })),
    );
    expect(errors.map((error) => error.stack)).toEqual([
      'Name: Name must be at least 2 characters.',
      '.agree Please agree.',
    ]);
    // rjsf's error handler leaves empty `__errors` lists for untouched fields, as with its ajv validator.
    expect(errorSchema).toMatchObject({
      name: { __errors: ['!Name must be at least 2 characters.'] },
      agree: { __errors: ['Please agree.'] },
    });
  });

  it('uses message overrides', () => {
    const german = createValidator(request.fields, { messages: { required: ({ label }) => `${label} fehlt.` } });
    expect(german.validateFormData({}, {}).errors[0]?.message).toBe('Name fehlt.');
  });

  it('exposes the raw core issues', () => {
    expect(validator.rawValidation({}, { name: 'ok', 'dotted.name': 1.5 }).errors).toEqual([
      {
        field: 'dotted.name',
        code: 'integer',
        message: issueMessages.integer({ field: 'dotted.name', code: 'integer', label: 'Dotted' }),
      },
    ]);
  });
});

// ────────────────────────────────────────────────────────────────────────────────────────────────────────────────
// Differential: the kit's ValidatorType against rjsf's ajv 8 validator (the oracle; a dev dependency only).
// ────────────────────────────────────────────────────────────────────────────────────────────────────────────────

/** ajv's default dialect is draft-07, which cannot load the 2020-12 meta-schema URI; the restricted keywords are the same. */
const oracleSchema = (schema: ElicitRequestedSchema): RJSFSchema => {
  const { $schema: _dialect, ...rest } = schema;
  return rest as RJSFSchema;
};
const oracle = customizeValidator();
// One schema object and one kit validator per request: ajv caches compiled schemas by object identity.
const prepared = new WeakMap<ParsedFormElicitation, { schema: RJSFSchema; kit: ReturnType<typeof createValidator> }>();
const verdicts = (request: ParsedFormElicitation, data: FormValues) => {
  let entry = prepared.get(request);
  if (!entry)
    prepared.set(
      request,
      (entry = { schema: oracleSchema(request.requestedSchema), kit: createValidator(request.fields) }),
    );
  const { schema, kit } = entry;
  return {
    kit: kit.isValid(schema, data, schema),
    kitErrors: kit.validateFormData(data, schema).errors.length === 0,
    ajv: oracle.isValid(schema, data, schema),
    ajvErrors: oracle.validateFormData(data, schema).errors.length === 0,
  };
};
const agree = (request: ParsedFormElicitation, data: FormValues): void => {
  const { kit, kitErrors, ajv, ajvErrors } = verdicts(request, data);
  expect({ data, kit, kitErrors }).toEqual({ data, kit: ajv, kitErrors: ajvErrors });
};

/**
 * Deliberate differences, excluded from the generated data below and each pinned by a test: the kit validates what a
 * UI holds, ajv validates JSON as sent.
 * 1. `""` in a text or select field is unanswered (ajv: a present string).
 * 2. A required checkbox left unset is valid: it is sent as `false` (ajv: a missing required property).
 * 3. A required multi-select left unset is `[]` (ajv: missing); an optional one left `[]` is unanswered (ajv: checks minItems).
 * 4. A number field may hold the text the user typed, `"12"` (ajv: not a number).
 * 5. A date-time field may hold a `datetime-local` value without an offset; a date field a date-time prefix (both are
 *    normalised by toContent before sending).
 * 6. Integers beyond ±(2^53−1) and duplicate multi-select items are refused (ajv accepts both).
 */
const NUMBER_TEXT = /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i;
const LOCAL_DATE_TIME = /^\d{4}-\d\d-\d\d[T ]/;
const excluded = (field: FieldDescriptor, value: unknown): boolean =>
  value === '' ||
  (field.kind === 'number' && typeof value === 'string' && NUMBER_TEXT.test(value)) ||
  (field.kind === 'text' &&
    (field.format === 'date' || field.format === 'date-time') &&
    typeof value === 'string' &&
    LOCAL_DATE_TIME.test(value)) ||
  (field.kind === 'multiselect' && Array.isArray(value) && value.length === 0 && !field.required);

const pools = {
  email: [
    'ops@atlas.example',
    'a.b+c@sub.example.org',
    'no-at-sign',
    'a@b',
    '@example.com',
    'a@-x.example',
    'ünï@example.com',
  ],
  uri: [
    'https://example.com/a?b#c',
    'mailto:a@b.example',
    'urn:isbn:0451450523',
    'example.com',
    '/relative',
    'http://[::1]:80/',
    'ht tp://x',
  ],
  date: ['2025-12-01', '2024-02-29', '2025-02-29', '2025-13-01', '25-12-01', '2025-12-1', '2025-12-01Z'],
  'date-time': [
    '2025-12-01T09:00:00Z',
    '2025-12-01t09:00:00z',
    '2025-12-01T09:00:00.123+05:30',
    '2025-12-01T24:00:00Z',
    '2016-12-31T23:59:60Z',
    '2025-12-01 09:00:00+01:00',
    '2025-12-01T09:00Z',
  ],
};

const valueOf = (field: FieldDescriptor): fc.Arbitrary<unknown> => {
  const wrong = fc.oneof(fc.boolean(), fc.integer(), fc.constant(null), fc.constant({}));
  switch (field.kind) {
    case 'text':
      return fc.oneof(
        fc.string({ minLength: 1, maxLength: 50 }),
        fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' }),
        field.format ? fc.constantFrom(...pools[field.format]) : fc.string({ maxLength: 3 }),
        wrong,
      );
    case 'number': {
      const edges = [field.minimum, field.maximum]
        .filter((edge) => edge !== undefined)
        .flatMap((edge) => [edge, edge - 0.5, edge + 0.5, edge - 1, edge + 1]);
      return fc.oneof(
        fc.integer({ min: -1000, max: 1000 }),
        fc.double({ min: -1000, max: 1000, noNaN: true, noDefaultInfinity: true }),
        edges.length ? fc.constantFrom(...edges) : fc.integer(),
        fc.string({ maxLength: 5 }),
        fc.oneof(fc.boolean(), fc.constant(null)),
      );
    }
    case 'checkbox':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 0, 1, null));
    case 'select':
      return fc.oneof(
        fc.constantFrom(...field.options.map((option) => option.value)),
        fc.string({ maxLength: 8 }),
        wrong,
      );
    case 'multiselect': {
      const values = field.options.map((option) => option.value);
      return fc.oneof(
        fc.uniqueArray(fc.constantFrom(...values), { maxLength: values.length }),
        fc.uniqueArray(fc.oneof(fc.constantFrom(...values), fc.string({ maxLength: 4 })), { maxLength: 4 }),
        fc.constantFrom('dev', 3, [1], null),
      );
    }
  }
};

/** Form data for a request: every field present or absent (required checkboxes and multi-selects always present). */
const dataOf = (request: ParsedFormElicitation): fc.Arbitrary<FormValues> =>
  fc
    .record(
      Object.fromEntries(
        request.fields.map((field) => {
          const value = valueOf(field).filter((candidate) => !excluded(field, candidate));
          const alwaysPresent = field.required && (field.kind === 'checkbox' || field.kind === 'multiselect');
          return [field.name, alwaysPresent ? value : fc.option(value, { nil: undefined })];
        }),
      ),
      { requiredKeys: [] },
    )
    .map(
      (record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as FormValues,
    );

describe('differential: createValidator vs @rjsf/validator-ajv8', () => {
  it.each(forms)('agrees on the defaults of %s', (_name, request) => {
    agree(request, initialValues(request.fields));
  });

  it.each(forms)('agrees that the defaults plus every required answer of %s are valid', (_name, request) => {
    const data = initialValues(request.fields);
    for (const field of request.fields) {
      if (data[field.name] !== undefined || !field.required) continue;
      data[field.name] =
        field.kind === 'select'
          ? field.options[0]!.value
          : field.kind === 'text' && field.format === 'email'
            ? 'a@b.example'
            : 'x';
    }
    expect(verdicts(request, data)).toEqual({ kit: true, kitErrors: true, ajv: true, ajvErrors: true });
  });

  it.each(forms)('agrees on generated form data for %s', (_name, request) => {
    fc.assert(
      fc.property(dataOf(request), (data) => agree(request, data)),
      { numRuns: 300 },
    );
  });

  it('agrees on generated data for a schema with every bound', () => {
    const bounded = form(
      {
        code: { type: 'string', minLength: 2, maxLength: 5 },
        count: { type: 'integer', minimum: -3, maximum: 7 },
        ratio: { type: 'number', minimum: 0.25, maximum: 0.75 },
        picks: { type: 'array', minItems: 2, maxItems: 3, items: { type: 'string', enum: ['a', 'b', 'c', 'd'] } },
        mode: {
          type: 'string',
          oneOf: [
            { const: 'x', title: 'X' },
            { const: 'y', title: 'Y' },
          ],
        },
      },
      ['code', 'count', 'picks'],
    );
    fc.assert(
      fc.property(dataOf(bounded), (data) => agree(bounded, data)),
      { numRuns: 1000 },
    );
  });
});

const differs = (request: ParsedFormElicitation, data: FormValues, kit: boolean) =>
  expect(verdicts(request, data)).toMatchObject({ kit, ajv: !kit });

describe('deliberate differences from ajv (documented above)', () => {
  it('1: an empty string is unanswered', () => {
    differs(form({ a: { type: 'string' } }, ['a']), { a: '' }, false);
    differs(form({ a: { type: 'string', minLength: 1 } }), { a: '' }, true);
  });

  it('2: a required checkbox left unset is sent as false', () => {
    differs(form({ a: { type: 'boolean' } }, ['a']), {}, true);
  });

  it('3: unset multi-selects', () => {
    differs(form({ a: { type: 'array', items: { type: 'string', enum: ['x'] } } }, ['a']), {}, true);
    differs(form({ a: { type: 'array', minItems: 1, items: { type: 'string', enum: ['x'] } } }), { a: [] }, true);
  });

  it('4: a number field may hold typed text', () => {
    differs(form({ a: { type: 'number' } }), { a: '12.5' }, true);
  });

  it('5: local date-times and date-time prefixes of dates', () => {
    differs(form({ a: { type: 'string', format: 'date-time' } }), { a: '2025-12-01T09:00' }, true);
    differs(form({ a: { type: 'string', format: 'date' } }), { a: '2025-12-01T09:00' }, true);
  });

  it('6: unsafe integers and duplicate items are refused', () => {
    differs(form({ a: { type: 'integer' } }), { a: 2 ** 60 }, false);
    differs(form({ a: { type: 'array', items: { type: 'string', enum: ['x'] } } }), { a: ['x', 'x'] }, false);
  });
});
