// Hostile lengths: 100,000-character strings shaped to trip backtracking (runs of one class, alternating classes,
// digits with no dot, separators) through every public function of this module set that reads server or user text.
// The assertions are the verdicts; linear time is what lets the file finish (regexes are also linted: eslint-plugin-
// regexp's super-linear rules in `npm test`). analyzeUrl and the secret detector have their own in url/sensitive tests.
import { describe, expect, it } from 'vitest';
import {
  createContentValidator,
  fromLocalDateTime,
  parseElicitation,
  readNumber,
  toContent,
  toLocalDateTime,
  validateValues,
} from './index.js';
import { fieldsOf } from './test/fields.js';

const LENGTH = 100_000;
const run = (unit: string): string => unit.repeat(Math.ceil(LENGTH / unit.length)).slice(0, LENGTH);

/** The adversarial families, each with a suffix that makes a naive matcher fail late. */
const HOSTILE: Record<string, string> = {
  capitals: run('A'),
  'lower case': run('a'),
  'alternating case': run('aA'),
  'digits, no dot': run('1') + 'x',
  'digits and dots': run('1.') + 'x',
  'digits and e': run('1e') + 'x',
  spaces: run(' ') + 'x',
  separators: run('_-') + '!',
  dots: run('.'),
  'at signs': run('a@') + '!',
  'email-ish labels': `a@${run('a-')}!`,
  slashes: `a:${run('/')} `,
  percent: `a:${run('%')}`,
  colons: `a:${run(':')}[`,
  'date prefix': `2025-01-01T${run('0')}`,
  'time prefix': `10:00:00${run('0')}`,
  CJK: run('密码'),
  'surrogate pairs': run('😀'),
  'lone surrogates': run('\ud800'),
};
const CASES = Object.entries(HOSTILE);

const FIELDS = fieldsOf({
  type: 'object',
  properties: {
    name: { type: 'string', maxLength: 50 },
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    day: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'date-time' },
    count: { type: 'integer', minimum: 0 },
    ratio: { type: 'number' },
    pick: { type: 'string', enum: ['a', 'b'] },
  },
});

describe.each(CASES)('a 100,000-character string: %s', (_, hostile) => {
  it('in every text position of a request is parsed (and kept exactly)', () => {
    const result = parseElicitation({
      message: hostile,
      requestedSchema: {
        type: 'object',
        properties: {
          [hostile]: { type: 'string', title: hostile, description: hostile, default: hostile },
          choice: { type: 'string', enum: [hostile, 'b'], enumNames: [hostile, 'B'] },
        },
      },
    });
    expect(result.ok).toBe(true);
    if (result.ok && result.request.mode === 'form') {
      expect(result.request.message).toBe(hostile);
      expect(result.request.fields[0]).toMatchObject({ name: hostile, label: hostile, description: hostile });
      expect(result.request.fields[1]).toMatchObject({ options: [{ value: hostile, label: hostile }, { value: 'b' }] });
    }
  });

  it('as an unknown format or mode is refused', () => {
    expect(
      parseElicitation({
        message: 'm',
        requestedSchema: { type: 'object', properties: { a: { type: 'string', format: hostile } } },
      }),
    ).toMatchObject({ ok: false, error: { data: { reason: 'unknown-format' } } });
    expect(parseElicitation({ mode: hostile, message: 'm' })).toMatchObject({ ok: false });
  });

  it('as a URL-mode link gets a verdict', () => {
    const result = parseElicitation({ mode: 'url', message: 'm', url: hostile, elicitationId: 'e' });
    expect(result.ok).toBe(false);
  });

  it('in every field of a form is judged by validateValues and converted by toContent', () => {
    const values = Object.fromEntries(FIELDS.map((field) => [field.name, hostile]));
    const issues = validateValues(FIELDS, values);
    // None of the families is a valid value of any of these fields.
    expect(issues.map((issue) => issue.field).toSorted()).toEqual(FIELDS.map((field) => field.name).toSorted());
    const content = toContent(FIELDS, values);
    expect(content['count']).toBeUndefined();
    expect(content['name']).toBe(hostile);
  });

  it('in received content is judged by a content validator', () => {
    const check = createContentValidator({
      type: 'object',
      properties: Object.fromEntries(FIELDS.map((field) => [field.name, field.schema])),
    });
    const result = check({ ...Object.fromEntries(FIELDS.map((field) => [field.name, hostile])), count: 1, ratio: 1 });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues.map((issue) => issue.field).toSorted()).toEqual([
      'at',
      'day',
      'email',
      'name',
      'pick',
      'site',
    ]);
  });

  it('is read by readNumber and the date-time conversions without a value', () => {
    expect(readNumber(hostile).ok).toBe(false);
    expect(fromLocalDateTime(hostile).ok).toBe(false);
    expect(toLocalDateTime(hostile)).toBeUndefined();
  });
});

it('60,000 digits are one number (too large as an integer, never a freeze)', () => {
  expect(readNumber(run('9').slice(0, 60_000))).toEqual({ ok: false, problem: 'too-large' });
  expect(validateValues(FIELDS, { count: `${run('1').slice(0, 60_000)}x` }).map((issue) => issue.code)).toEqual([
    'number',
  ]);
});

it('a 100,000-item answer to a two-option field is refused', () => {
  const fields = fieldsOf({
    type: 'object',
    properties: { tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } } },
  });
  expect(
    validateValues(fields, { tags: Array.from({ length: LENGTH }, () => 'a') }).map((issue) => issue.code),
  ).toEqual(['uniqueItems']);
});
