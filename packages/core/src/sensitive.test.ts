// Secret detection: the corpus (src/test/secret-corpus.ts) entry by entry, the vocabulary against itself, the schema
// shapes findSensitiveFields must survive, the message, and hostile lengths. Prints one line: the corpus figures
// that docs/secret-detection.md quotes.
import { afterAll, describe, expect, it } from 'vitest';
import { detectSecret, findSensitiveFields, LOOK_ALIKE, SECRET_VOCABULARY, type SensitiveReason } from './sensitive.js';
import {
  formatCorpusFigures,
  judgeCorpusField,
  KNOWN_FALSE_ALARMS,
  KNOWN_MISSES,
  LOOK_ALIKE_CASES,
  measureSecretCorpus,
  SECRET_CASES,
} from './test/secret-corpus.js';

describe('the secret corpus', () => {
  it.each(SECRET_CASES)('flags $shows', (field) => {
    expect(judgeCorpusField(field)).toBe(field.reason);
  });

  it.each(LOOK_ALIKE_CASES)('leaves $shows alone', (field) => {
    expect(judgeCorpusField(field)).toBeNull();
  });

  it.each([...KNOWN_MISSES, ...KNOWN_FALSE_ALARMS])('known limitation: $shows', (field) => {
    expect(judgeCorpusField(field)).toBe(field.verdict);
  });

  it('is as large as docs/secret-detection.md says (at least 80 secrets, 40 look-alikes)', () => {
    expect(SECRET_CASES.length).toBeGreaterThanOrEqual(80);
    expect(LOOK_ALIKE_CASES.length).toBeGreaterThanOrEqual(40);
  });

  afterAll(() => {
    console.log(formatCorpusFigures(measureSecretCorpus()));
  });
});

describe('the vocabulary', () => {
  const reasonTables = SECRET_VOCABULARY.filter((table) => table.verdict !== LOOK_ALIKE);
  const wordings = reasonTables.flatMap((table) => table.words.map((wording) => [wording, table.verdict] as const));
  const lookAlikes = SECRET_VOCABULARY.filter((table) => table.verdict === LOOK_ALIKE).flatMap((table) => table.words);

  it.each(wordings)('judges %s as %s (no table shadows another)', (wording, verdict) => {
    expect(detectSecret(wording)).toBe(verdict);
  });

  it.each(lookAlikes)('leaves the look-alike %s alone', (wording) => {
    expect(detectSecret(wording)).toBeUndefined();
  });

  it('finds every inside stem inside a longer word, and every alone word alone', () => {
    for (const table of reasonTables) {
      for (const stem of table.inside) {
        expect(detectSecret(`zz${stem.toLowerCase().replaceAll(' ', '')}zz`), stem).toBe(table.verdict);
      }
      for (const word of table.alone) {
        expect(detectSecret(word), word).toBe(table.verdict);
        expect(detectSecret(`a ${word} b`), word).toBeUndefined();
      }
    }
  });
});

describe('detectSecret', () => {
  it.each<[string, SensitiveReason | undefined]>([
    // Word splitting: humps, acronym runs, plurals of acronyms, digits apart, separators
    ['APIKey', 'api-key'],
    ['API_KEY', 'api-key'],
    ['apiKEY', 'api-key'],
    ['Api Key', 'api-key'],
    ['api.key', 'api-key'],
    ['PINs', 'passcode'],
    ['SSNs', 'national-id'],
    ['IDsecret', 'secret'],
    ['2fa', 'one-time-code'],
    ['two-factor code', 'one-time-code'],
    ['password123', 'password'],
    // Folding: accents, ß, compatibility forms
    ['CÓDIGO DE VERIFICACIÓN', 'one-time-code'],
    ['Paßwort', 'password'],
    ['ＡＰＩ ＫＥＹ', 'api-key'],
    // The longest wording at a position wins
    ['mot de passe à usage unique', 'one-time-code'],
    ['ワンタイムパスワード', 'one-time-code'],
    ['postal pin code', undefined],
    ['pin code', 'passcode'],
    ['access key id', undefined],
    ['access key', 'api-key'],
    // Look-alikes hide only what they cover
    ['token budget and access token', 'token'],
    ['Secret Santa secret', 'secret'],
    // Alone words
    ['pass', 'password'],
    ['Pass rate', undefined],
    ['Cookie', 'session'],
    ['', undefined],
  ])('%j → %s', (text, reason) => {
    expect(detectSecret(text)).toBe(reason);
  });

  it('returns undefined for anything but a string', () => {
    expect(detectSecret(42 as never)).toBeUndefined();
    expect(detectSecret(null as never)).toBeUndefined();
  });
});

const schemaOf = (property: unknown) => ({ type: 'object', properties: { password: property } });

describe('findSensitiveFields', () => {
  it('judges only fields a user types into (not checkboxes or choices)', () => {
    expect(findSensitiveFields(schemaOf({ type: 'boolean' }))).toEqual([]);
    expect(findSensitiveFields(schemaOf({ type: 'array', items: { type: 'string' } }))).toEqual([]);
    expect(findSensitiveFields(schemaOf({ type: 'string', enum: ['a'] }))).toEqual([]);
    expect(findSensitiveFields(schemaOf({ type: 'string', oneOf: [{ const: 'a', title: 'A' }] }))).toEqual([]);
    expect(findSensitiveFields(schemaOf({ type: 'number' }))).toHaveLength(1);
    expect(findSensitiveFields(schemaOf({ type: 'integer' }))).toHaveLength(1);
  });

  it('reads the name, then the title, then the description', () => {
    const found = findSensitiveFields({
      type: 'object',
      properties: {
        otp: { type: 'string', title: 'Password' },
        a: { type: 'string', title: 'Card number', description: 'Your password' },
        b: { type: 'string', description: 'The IBAN of your account' },
        c: { type: 'string', title: 'Nickname' },
      },
    });
    expect(found.map(({ field, reason }) => [field, reason])).toEqual([
      ['otp', 'one-time-code'],
      ['a', 'card-number'],
      ['b', 'bank-account'],
    ]);
  });

  it('says in a sentence what the field looks like and what to do, labelled by the title or the name', () => {
    const found = findSensitiveFields({
      type: 'object',
      properties: { k: { type: 'string', title: 'Pass phrase' }, apiKey: { type: 'string', title: '  ' } },
    });
    expect(found).toEqual([
      {
        field: 'k',
        reason: 'password',
        message:
          '"Pass phrase" looks like it asks for a password. Secrets must not be asked for in a form; a server should use URL mode.',
      },
      {
        field: 'apiKey',
        reason: 'api-key',
        message:
          '"apiKey" looks like it asks for an API key. Secrets must not be asked for in a form; a server should use URL mode.',
      },
    ]);
  });

  it('cuts a long label in the message', () => {
    const [found] = findSensitiveFields(schemaOf({ type: 'string', title: `Password ${'x'.repeat(500)}` }));
    expect(found?.message.startsWith(`"Password ${'x'.repeat(51)}…" looks like it asks for a password.`)).toBe(true);
  });

  it('never throws on malformed schemas', () => {
    for (const schema of [undefined, null, 7, 'password', [], [{ type: 'string' }], {}, { properties: null }]) {
      expect(findSensitiveFields(schema)).toEqual([]);
    }
    expect(findSensitiveFields({ properties: [{ type: 'string', title: 'Password' }] })).toEqual([]);
    expect(
      findSensitiveFields({
        type: 'object',
        properties: { a: null, b: 'x', c: [], d: { type: 'string', title: 7, description: {} } },
      }),
    ).toEqual([]);
    expect(findSensitiveFields({ properties: { pin: { type: 'string', title: 7 } } })).toHaveLength(1);
  });
});

describe('a 100,000-character string', () => {
  const LENGTH = 100_000;
  const run = (unit: string): string => unit.repeat(Math.ceil(LENGTH / unit.length)).slice(0, LENGTH);
  // Each ends so that a backtracking matcher would fail late; the verdict is what a linear scan must reach.
  const HOSTILE: [string, string, SensitiveReason | null][] = [
    ['capitals', run('A'), null],
    ['capitals, then a small letter', `${run('A')}a`, null],
    ['alternating case', run('aA'), null],
    ['acronym plurals', run('ABs'), null],
    ['digits', `${run('1')}x`, null],
    ['separators', `${run('_-')}!`, null],
    ['zero-width spaces', run('\u200B'), null],
    ['combining accents', `e${run('\u0301')}`, null],
    ['a run of CJK', run('文字'), null],
    ['a run of 密码', run('密码'), 'password'],
    ['pass, glued', run('pass'), null],
    ['pass, spaced', run('pass '), null],
    ['password, glued', run('password'), 'password'],
    ['look-alikes', run('token budget '), null],
    ['mixed classes', run('aB1_密-'), null],
    ['surrogate pairs', run('😀'), null],
    ['lone surrogates', run('\ud800'), null],
    ['a secret at the very end', `${run('aA')} api key`, 'api-key'],
  ];

  it.each(HOSTILE)('%s, as a name, a title or a description', (_, hostile, reason) => {
    for (const property of [
      { [hostile]: { type: 'string' } },
      { x: { type: 'string', title: hostile } },
      { x: { type: 'string', description: hostile } },
    ]) {
      expect(findSensitiveFields({ type: 'object', properties: property })[0]?.reason ?? null).toBe(reason);
    }
  });
});
