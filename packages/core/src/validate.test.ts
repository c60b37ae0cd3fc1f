import { afterEach, describe, expect, it } from 'vitest';
import {
  initialValues,
  issueMessages,
  toContent,
  validateContent,
  validateValues,
  type ElicitRequestedSchema,
  type IssueCode,
} from './index.js';
import { fieldsOf } from './test/fields.js';
import { formats } from './formats.js';
import { toDateTime } from './date-time.js';

const schema: ElicitRequestedSchema = {
  type: 'object',
  properties: {
    format: { type: 'string', title: 'Format', enum: ['csv', 'json'] },
    maxRows: { type: 'integer', title: 'Max rows', minimum: 1, maximum: 10000, default: 1000 },
    ratio: { type: 'number', title: 'Ratio', minimum: 0, maximum: 1 },
    includeHeaders: { type: 'boolean', title: 'Include headers' },
    agree: { type: 'boolean', title: 'I agree' },
    name: { type: 'string', title: 'Name', minLength: 2, maxLength: 5 },
    email: { type: 'string', title: 'Email', format: 'email' },
    day: { type: 'string', title: 'Day', format: 'date' },
    at: { type: 'string', title: 'At', format: 'date-time' },
    tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['a', 'b', 'c'] }, minItems: 1, maxItems: 2 },
    extras: { type: 'array', title: 'Extras', items: { anyOf: [{ const: 'x', title: 'X' }] } },
  },
  required: ['format', 'maxRows', 'agree', 'tags'],
};
const fields = fieldsOf(schema);

const codes = (issues: { field: string; code: IssueCode }[]) => issues.map((issue) => `${issue.field}:${issue.code}`);

describe('initialValues', () => {
  it('holds the defaults and nothing else', () => {
    expect(initialValues(fields)).toEqual({ maxRows: 1000 });
  });
  it('copies array defaults', () => {
    const [field] = fieldsOf({
      type: 'object',
      properties: { t: { type: 'array', items: { type: 'string', enum: ['a'] }, default: ['a'] } },
    });
    const values = initialValues([field!]);
    (values['t'] as string[]).push('b');
    expect(field!.default).toEqual(['a']);
  });
});

describe('validateValues', () => {
  it('reports unanswered required fields (an empty string is unanswered), but not an unchecked required checkbox', () => {
    expect(codes(validateValues(fields, { format: '', maxRows: '' }))).toEqual([
      'format:required',
      'maxRows:required',
      'tags:minItems',
    ]);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['typed text that is not a number', { maxRows: '12abc' }, 'maxRows:number', 'Enter a number, e.g. 42.'],
    [
      'a number with spaces inside',
      { maxRows: '1 000' },
      'maxRows:number',
      'Enter the number without spaces, e.g. 1234.',
    ],
    [
      'a hexadecimal number',
      { maxRows: '0x1F' },
      'maxRows:number',
      'Enter a decimal number, e.g. 42 (hexadecimal, octal and binary are not accepted).',
    ],
    [
      'a decimal comma',
      { maxRows: '4,5' },
      'maxRows:number',
      'Use a dot for decimals and no thousands separators, e.g. 1234.5.',
    ],
    ['a number too large for JSON', { maxRows: '1e999' }, 'maxRows:number', 'This number is too large.'],
    ['a fraction in an integer field', { maxRows: '12.5' }, 'maxRows:integer', 'Enter a whole number.'],
    [
      'an integer beyond 2^53-1',
      { maxRows: '9007199254740993' },
      'maxRows:unsafe-integer',
      'Max rows is too large to be exact.',
    ],
    ['a number above the maximum', { maxRows: 10001 }, 'maxRows:maximum', 'Max rows must be at most 10000.'],
    ['a number below the minimum', { ratio: -0.5 }, 'ratio:minimum', 'Ratio must be at least 0.'],
    ['text that is too short', { name: 'A' }, 'name:minLength', 'Name must be at least 2 characters.'],
    [
      'text that is too long (code points)',
      { name: '😀😀😀😀😀😀' },
      'name:maxLength',
      'Name must be at most 5 characters.',
    ],
    ['a bad email', { email: 'a@b' }, 'email:format', 'Enter a valid email address.'],
    ['an impossible date', { day: '2025-02-30' }, 'day:format', 'Enter a valid date.'],
    ['a bad date-time', { at: '2025-12-01T25:00' }, 'at:format', 'Enter a valid date and time.'],
    ['a value that is not an option', { format: 'xml' }, 'format:option', 'Choose one of the listed options.'],
    ['too many options', { tags: ['a', 'b', 'c'] }, 'tags:maxItems', 'Choose at most 2 options.'],
    ['no option in a required multi-select', { tags: [] }, 'tags:minItems', 'Choose at least 1 option.'],
    ['the same option twice', { tags: ['a', 'a'] }, 'tags:uniqueItems', 'Choose each option only once.'],
    ['an unknown option', { tags: ['z'] }, 'tags:option', 'Choose one of the listed options.'],
  ])('reports %s', (_, values, code, message) => {
    const issues = validateValues(fields, { format: 'csv', maxRows: 5, tags: ['a'], ...values });
    expect(codes(issues)).toEqual([code]);
    expect(issues[0]!.message).toBe(message);
  });

  it('judges a changed copy of a field by its own rules, and the original by its own', () => {
    const name = fields.find((field) => field.name === 'name')!;
    expect(validateValues([name], { name: 'Ada' })).toEqual([]);
    const stricter = { ...name, maxLength: 2 };
    expect(codes(validateValues([stricter], { name: 'Ada' }))).toEqual(['name:maxLength']);
    const optional = {
      ...fields.find((field) => field.name === 'format')!,
      required: false,
      options: [{ value: 'xml', label: 'XML' }],
    };
    expect(codes(validateValues([optional], { format: 'csv' }))).toEqual(['format:option']);
    expect(validateValues([optional], {})).toEqual([]);
    // The original descriptors keep theirs.
    expect(codes(validateValues(fields, { name: 'Ada', format: 'xml' }))).toEqual([
      'format:option',
      'maxRows:required',
      'tags:minItems',
    ]);
  });

  it('honours a list of fields, or a field, changed in place since the last check', () => {
    const list = fieldsOf({ type: 'object', properties: { name: { type: 'string', maxLength: 2 } } });
    expect(codes(validateValues(list, { name: 'Ada' }))).toEqual(['name:maxLength']);
    list.push(fields.find((field) => field.name === 'format')!);
    expect(codes(validateValues(list, { name: 'Ada', format: 'xml' }))).toEqual(['name:maxLength', 'format:option']);
    // Replaced in place (same length): the new field is judged, not the old one.
    list[0] = { ...list[0]!, maxLength: 5 } as (typeof list)[number];
    expect(codes(validateValues(list, { name: 'Ada', format: 'xml' }))).toEqual(['format:option']);
    list.shift();
    expect(codes(validateValues(list, { name: 'Ada', format: 'csv' }))).toEqual([]);
    // A descriptor edited in place is judged as edited.
    const [name] = fieldsOf({ type: 'object', properties: { name: { type: 'string', maxLength: 5 } } });
    expect(validateValues([name!], { name: 'Ada' })).toEqual([]);
    (name as { maxLength?: number }).maxLength = 2;
    expect(codes(validateValues([name!], { name: 'Ada' }))).toEqual(['name:maxLength']);
  });

  it('reports the first item of a multi-select that breaks a rule, in a short list and a long one', () => {
    const letters = 'abcdefghijkl'.split('');
    const many = fieldsOf({
      type: 'object',
      properties: { pick: { type: 'array', items: { type: 'string', enum: letters } } },
    });
    // (Items of any type, as a host's state may hold them: the type rule speaks for the ones that are not strings.)
    const first = (pick: unknown[]) => codes(validateValues(many, { pick: pick as string[] }));
    // Duplicates, strangers and non-strings, whichever comes first, in short lists and long ones.
    expect(first(['a', 'b', 'a', 'z'])).toEqual(['pick:uniqueItems']);
    expect(first(['a', 'z', 'a'])).toEqual(['pick:option']);
    expect(first(['a', 1, 'a'])).toEqual(['pick:type']);
    expect(first([...letters.slice(0, 10), 'a', 'z'])).toEqual(['pick:uniqueItems']);
    expect(first([...letters.slice(0, 10), 'z', 'a'])).toEqual(['pick:option']);
    expect(first([...letters.slice(0, 10), 1, 'a'])).toEqual(['pick:type']);
    expect(first([...letters])).toEqual([]);
    expect(first(['l', 'k', 'j', 'i', 'h', 'g', 'f', 'e'])).toEqual([]);
    expect(first(['l', 'k', 'j', 'i', 'h', 'g', 'f', 'e', 'l'])).toEqual(['pick:uniqueItems']);
  });

  it('accepts typed numbers, local date-times and an optional multi-select left empty', () => {
    expect(
      validateValues(fields, {
        format: 'csv',
        maxRows: ' 12 ',
        ratio: '.5',
        at: '2025-12-01T09:30',
        tags: ['a'],
        extras: [],
      }),
    ).toEqual([]);
  });

  it('uses the host messages when given', () => {
    const issues = validateValues(
      fields,
      { maxRows: 0, format: 'csv', tags: ['a'] },
      {
        messages: { minimum: ({ label, params }) => `${label} ≥ ${params?.['minimum']}` },
      },
    );
    expect(issues).toEqual([{ field: 'maxRows', code: 'minimum', params: { minimum: 1 }, message: 'Max rows ≥ 1' }]);
  });
});

describe('toContent', () => {
  afterEach(() => {
    delete process.env['TZ'];
  });

  it('types numbers, omits empty optionals and sends an unchecked required checkbox as false', () => {
    expect(
      toContent(fields, {
        format: 'csv',
        maxRows: '500',
        ratio: '',
        name: '',
        tags: ['b'],
        extras: [],
        email: undefined,
      }),
    ).toEqual({
      format: 'csv',
      maxRows: 500,
      agree: false,
      tags: ['b'],
    });
  });

  it('sends a required multi-select left empty as []', () => {
    expect(toContent(fields, {})).toEqual({ agree: false, tags: [] });
  });

  it('sends dates as YYYY-MM-DD and date-times as RFC 3339 with the local offset', () => {
    process.env['TZ'] = 'Asia/Kolkata';
    const content = toContent(fields, { day: '2025-12-01T10:00', at: '2025-12-01T09:30' });
    expect(content).toMatchObject({ day: '2025-12-01', at: '2025-12-01T09:30:00+05:30' });
    process.env['TZ'] = 'America/New_York';
    expect(toDateTime('2025-07-01T09:30:15.250')).toBe('2025-07-01T09:30:15.250-04:00');
    expect(toDateTime('2025-12-01T09:30:00Z')).toBe('2025-12-01T09:30:00Z');
    // Years 0–99 are years 0–99 (not 1900–1999); New York's offset then was local mean time (−4:56:02), which RFC 3339
    // cannot write, so the value is kept as typed (and fails the format check) instead of being moved.
    expect(toDateTime('0099-01-01T00:00')).toBe('0099-01-01T00:00');
    process.env['TZ'] = 'UTC';
    expect(formats['date-time'](toDateTime('0099-01-01T00:00'))).toBe(true);
  });

  it('produces content that validateContent accepts', () => {
    const values = {
      format: 'json',
      maxRows: '20',
      ratio: '0.25',
      includeHeaders: true,
      name: 'Ada',
      email: 'a@b.co',
      day: '2025-12-01',
      at: '2025-12-01T09:30',
      tags: ['a', 'c'],
      extras: ['x'],
    };
    expect(validateValues(fields, values)).toEqual([]);
    const content = toContent(fields, values);
    expect(validateContent(schema, content)).toEqual({ ok: true, content });
  });

  it('accepts properties: {} with content {}', () => {
    const empty = fieldsOf({ type: 'object', properties: {} });
    expect(toContent(empty, initialValues(empty))).toEqual({});
    expect(validateContent({ type: 'object', properties: {} }, {})).toEqual({ ok: true, content: {} });
  });
});

describe('validateContent', () => {
  const valid = { format: 'csv', maxRows: 5, agree: true, tags: ['a'] };

  it('follows JSON Schema: "" satisfies required, typed text is not a number, date-times need an offset', () => {
    expect(validateContent(schema, { ...valid, format: '' })).toMatchObject({
      ok: false,
      issues: [{ field: 'format', code: 'option' }],
    });
    expect(
      validateContent({ type: 'object', properties: { n: { type: 'string' } }, required: ['n'] }, { n: '' }),
    ).toMatchObject({ ok: true });
    expect(validateContent(schema, { ...valid, maxRows: '5' })).toMatchObject({
      ok: false,
      issues: [{ field: 'maxRows', code: 'type' }],
    });
    expect(validateContent(schema, { ...valid, at: '2025-12-01T09:30' })).toMatchObject({
      ok: false,
      issues: [{ code: 'format' }],
    });
  });

  it('reports missing required properties and unknown ones (unless allowed)', () => {
    const result = validateContent(schema, { format: 'csv', tags: ['a'], extra: 1 });
    expect(result.ok ? [] : codes(result.issues)).toEqual(['extra:unknown', 'maxRows:required', 'agree:required']);
    expect(validateContent(schema, { ...valid, extra: 1 }, { allowUnknown: true })).toMatchObject({ ok: true });
  });

  it('reports every unknown property of a large content', () => {
    const content = Object.fromEntries(Array.from({ length: 50_000 }, (_, index) => [`k${index}`, index]));
    const wide = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 2000 }, (_, index) => [`f${index}`, { type: 'integer' }])),
    };
    const result = validateContent(wide, content);
    expect(result.ok ? 0 : result.issues.length).toBe(50_000);
  });

  it('refuses content that is not an object, and says so of content that is not JSON', () => {
    for (const content of [null, [], 'x', 1, undefined])
      expect(validateContent(schema, content)).toMatchObject({
        ok: false,
        issues: [{ field: '', code: 'type', message: 'Content must be of type object.' }],
      });
    for (const [content, message] of [
      [10n, 'Content is a BigInt, which JSON cannot carry.'],
      [Number.NaN, 'Content is not a finite number (NaN or Infinity), which JSON cannot carry.'],
      [Symbol('x'), 'Content is a symbol, which JSON cannot carry.'],
    ] as const)
      expect(validateContent(schema, content)).toMatchObject({
        ok: false,
        issues: [{ field: '', code: 'not-json', message }],
      });
    expect(validateContent(schema, { ...valid, maxRows: 10n })).toMatchObject({
      ok: false,
      issues: [{ field: 'maxRows', code: 'not-json', message: 'maxRows is a BigInt, which JSON cannot carry.' }],
    });
  });

  it('requires a property named "" (ajv ignores required: [""]; deliberate difference)', () => {
    expect(
      validateContent({ type: 'object', properties: { '': { type: 'boolean' } }, required: [''] }, {}),
    ).toMatchObject({
      ok: false,
      issues: [{ field: '', code: 'required' }],
    });
  });

  it('does not read inherited properties', () => {
    expect(validateContent(schema, JSON.parse('{"__proto__":{"format":"csv"}}'))).toMatchObject({ ok: false });
  });

  it('refuses unsafe integers and duplicate items, which ajv accepts (deliberate)', () => {
    expect(validateContent(schema, { ...valid, maxRows: 2 ** 60 })).toMatchObject({ ok: false });
    const loose = {
      type: 'object',
      properties: { n: { type: 'integer' }, t: { type: 'array', items: { type: 'string', enum: ['a'] } } },
    };
    expect(validateContent(loose, { n: 2 ** 53 })).toMatchObject({ ok: false, issues: [{ code: 'unsafe-integer' }] });
    expect(validateContent(loose, { t: ['a', 'a'] })).toMatchObject({ ok: false, issues: [{ code: 'uniqueItems' }] });
  });

  it('does not enforce keywords outside the restricted schema (deliberate)', () => {
    expect(
      validateContent({ type: 'object', properties: { c: { type: 'string', pattern: '^A' } } }, { c: 'b' }),
    ).toMatchObject({ ok: true });
  });

  it('throws TypeError only for a schema outside the restricted grammar', () => {
    expect(() => validateContent({ type: 'object', properties: { a: { type: 'object' } } }, {})).toThrow(TypeError);
    expect(() => validateContent('nope', {})).toThrow(TypeError);
  });

  it('returns a copy of the content', () => {
    const content = { ...valid };
    const result = validateContent(schema, content);
    expect(result.ok && result.content).toEqual(content);
    expect(result.ok && result.content).not.toBe(content);
  });
});

describe('issueMessages', () => {
  it('has an English default for every code', () => {
    const all: IssueCode[] = [
      'required',
      'type',
      'integer',
      'unsafe-integer',
      'minimum',
      'maximum',
      'minLength',
      'maxLength',
      'format',
      'number',
      'time-zone',
      'option',
      'minItems',
      'maxItems',
      'uniqueItems',
      'unknown',
      'not-json',
    ];
    expect(Object.keys(issueMessages).toSorted()).toEqual([...all].toSorted());
    expect(issueMessages.minLength({ field: 'n', code: 'minLength', label: 'Name', params: { minLength: 1 } })).toBe(
      'Name must be at least 1 character.',
    );
    expect(issueMessages.unknown({ field: 'extra', code: 'unknown', label: 'extra' })).toBe(
      'extra is not a field of this form.',
    );
    expect(issueMessages.required({ field: 'n', code: 'required', label: 'Name' })).toBe('Name is required.');
    expect(issueMessages.unknown({ field: '', code: 'unknown', label: '' })).toBe(
      'Content has a member named "" (an empty name), which the schema does not define.',
    );
    expect(
      issueMessages['not-json']({
        field: 'age',
        code: 'not-json',
        label: 'Age',
        params: { problem: 'bigint', path: 'age' },
      }),
    ).toBe('age is a BigInt, which JSON cannot carry.');
  });
});
