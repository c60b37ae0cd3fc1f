// Secret detection: the corpus (src/test/secret-corpus.ts) entry by entry, the vocabulary against itself, the schema
// shapes the judgement must survive, the one verdict the parser carries, the message, and hostile lengths.
// Prints one line (the corpus figures) and keeps the figures section of docs/secret-detection.md equal to the run
// (`UPDATE_SECRET_REPORT=1` rewrites it).
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { parseElicitation, parseRequestedSchema } from './parse.js';
import {
  detectSecret,
  detectSensitiveFields,
  LOOK_ALIKE,
  SECRET_VOCABULARY,
  type SensitiveReason,
} from './sensitive.js';
import type { SensitiveField } from './types.js';
import { findCardNumber, findConnectionPassword, findValueShape } from './sensitive-matcher.js';
import { root } from './test/harness.js';
import { renderCorpus, renderVocabulary } from './test/secret-report.js';
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

  it('covers every reason, every language and every disguise', () => {
    const figures = measureSecretCorpus();
    expect(SECRET_CASES.length).toBeGreaterThanOrEqual(250);
    expect(LOOK_ALIKE_CASES.length).toBeGreaterThanOrEqual(120);
    expect(figures.byReason.size).toBe(14);
    for (const { secrets } of figures.byLanguage.values()) expect(secrets.total).toBeGreaterThanOrEqual(2);
    expect(figures.byDisguise.size).toBe(12);
  });

  it.each([
    ['corpus-figures', renderCorpus],
    ['vocabulary', renderVocabulary],
  ])('docs/secret-detection.md shows the %s of this version', (section, render) => {
    const path = `${root}docs/secret-detection.md`;
    const doc = readFileSync(path, 'utf8');
    const start = `<!-- ${section}:start -->`;
    const end = `<!-- ${section}:end -->`;
    const generated = `${start}\n\n${render()}\n\n${end}`;
    expect(doc.includes(start) && doc.includes(end), `the markers of ${section}`).toBe(true);
    const current = doc.slice(doc.indexOf(start), doc.indexOf(end) + end.length);
    if (process.env['UPDATE_SECRET_REPORT'] === '1') {
      writeFileSync(
        path,
        doc.replace(current, () => generated),
      );
      return;
    }
    expect(current, 'run UPDATE_SECRET_REPORT=1 pnpm exec vitest run --project core src/sensitive.test.ts').toBe(
      generated,
    );
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
    // Disguises: confusable letters (Unicode's data), leetspeak, spaced letters, invisible characters
    ['P\u0430ssword', 'password'],
    ['\u0422\u043ek\u0435n', 'token'],
    ['\u03c1assword', 'password'],
    ['\u1d18\u026a\u0274', 'passcode'],
    ['p4ssw0rd', 'password'],
    ['P@$$w0rd!', 'password'],
    ['s3cr3t', 'secret'],
    ['P a s s w o r d', 'password'],
    ['O.T.P', 'one-time-code'],
    ['пароль', 'password'],
    // Token prefixes and key headers (case matters; a token start only)
    ['starts with sk-', 'api-key'],
    ['sk-learn', undefined],
    ['desk-top', undefined],
    ['ghp_x', 'token'],
    ['AKIAIOSFODNN7EXAMPLE', 'api-key'],
    ['akia', undefined],
    ['-----BEGIN EC PRIVATE KEY-----', 'private-key'],
    ['-----BEGIN CERTIFICATE-----', undefined],
    // Settings and names of a secret are not the secret
    ['otpLength', undefined],
    ['OTP digits', undefined],
    ['length of your password', undefined],
    ['Type the password', 'password'],
    ['Password (length 12)', 'password'],
    ['secretName', undefined],
    ['apiKeyName', undefined],
    ['Passwortrichtlinie', undefined],
    ['longitud mínima de la contraseña', undefined],
    ['パスワードの長さ', undefined],
    ['OTPの桁数', undefined],
    ['密码长度', undefined],
    // Capitals-only acronyms
    ['TAN', 'one-time-code'],
    ['pushTAN', 'one-time-code'],
    ['tan', undefined],
    ['PUKs', 'passcode'],
    // New languages
    ['wachtwoord', 'password'],
    ['Hasło', 'password'],
    ['haslo', 'password'],
    ['Şifre', 'password'],
    ['doğrulama kodu', 'one-time-code'],
    ['parola', 'password'],
    ['Parola del giorno', undefined],
    // Issue 33: the languages most used on the web, and what their scripts need folded
    ['كلمة المرور', 'password'],
    ['\u200fكلمة\u200f المرور', 'password'],
    ['كلمــــة المرور', 'password'],
    ['اسم المستخدم وكلمة المرور', 'password'],
    ['أدخل رمز التحقق', 'one-time-code'],
    ['طول كلمة المرور', undefined],
    ['رمز\u200cعبور', 'password'],
    ['كلمه عبور', 'password'],
    ['סִיסְמָה', 'password'],
    ['הסיסמה שלך', 'password'],
    ['אורך הסיסמה', undefined],
    ['पासवर्ड', 'password'],
    ['पासवर्ड नीति', undefined],
    ['पिन कोड', undefined],
    ['পাসওয়ার্ডটি', 'password'],
    ['รหัสผ่านของคุณ', 'password'],
    ['นโยบายรหัสผ่าน', undefined],
    ['พินัยกรรม', undefined],
    ['MẬT KHẨU', 'password'],
    ['Số tài khoản', 'bank-account'],
    ['Đăng nhập', undefined],
    ['Kata sandi baru', 'password'],
    ['Kata kunci', undefined],
    ['nik', undefined],
    ['NIK', 'national-id'],
    ['Пароль до пошти', 'password'],
    ['비밀번호 정책', undefined],
    ['비밀번호정책', undefined],
    ['암호', 'password'],
    ['암호화 키', 'private-key'],
    ['암호화', undefined],
    ['Lösenordslängd', undefined],
    ['ditt lösenord', 'password'],
    ['Zadejte heslo', 'password'],
    ['Parola contului', 'password'],
    ['ΚΩΔΙΚΟΣΠΡΟΣΒΑΣΗΣ', 'password'],
    ['κωδικός', 'password'],
    ['Κωδικός προϊόντος αναφοράς', undefined],
    // Look-alikes of an independent corpus, and leetspeak of one letter in a longer run
    ['Token name', undefined],
    ['Number of digits for new PINs', undefined],
    ['4P1 k3y', 'api-key'],
    ['4K video', undefined],
    // Connection strings with a password (any text); card numbers are read only in values (below)
    ['postgres://user:pass@db.example.com/app', 'credential'],
    ['https://user@example.com/', undefined],
    ['http://[::1]:80/x', undefined],
    ['4111 1111 1111 1111', undefined],
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

/** What a value's shape alone says (how an option is read). */
const findValueShapeVerdict = (text: string): SensitiveReason | null => findValueShape(text) ?? null;
/** The parser's verdict on a requested schema (`request.sensitive`), as a host reads it. */
function sensitiveOf(schema: unknown): SensitiveField[] {
  const result = parseRequestedSchema(schema);
  if (!result.ok) {
    throw new Error(`the parser refused the schema: ${result.error.message}`);
  }
  return result.sensitive;
}

const passwordSchema = (property: unknown) => ({ type: 'object', properties: { password: property } });
const pinCode = (description: string) => ({
  type: 'object',
  properties: { x: { type: 'string', title: 'PIN code', description } },
});

describe('request.sensitive: the fields judged', () => {
  it('judges every field a user answers (text, numbers, choices), never a checkbox', () => {
    expect(sensitiveOf(passwordSchema({ type: 'boolean' }))).toEqual([]);
    expect(sensitiveOf(passwordSchema({ type: 'string', enum: ['a'] }))).toHaveLength(1);
    expect(sensitiveOf(passwordSchema({ type: 'string', oneOf: [{ const: 'a', title: 'A' }] }))).toHaveLength(1);
    expect(sensitiveOf(passwordSchema({ type: 'array', items: { type: 'string', enum: ['a'] } }))).toHaveLength(1);
    expect(sensitiveOf(passwordSchema({ type: 'number' }))).toHaveLength(1);
    expect(sensitiveOf(passwordSchema({ type: 'integer' }))).toHaveLength(1);
  });

  it('reads a default and examples as words, and options only by their token prefixes', () => {
    const found = sensitiveOf({
      type: 'object',
      properties: {
        a: { type: 'string', default: 'my-api-key' },
        b: { type: 'string', examples: ['ghp_0123456789abcdef'] },
        c: { type: 'string', enum: ['Password', 'Passkey', 'SMS'] },
        d: { type: 'string', enum: ['xoxb-1', 'xoxb-2'] },
        e: { type: 'array', items: { anyOf: [{ const: 'x', title: 'sk_live_abcdef' }] } },
      },
    });
    expect(found.map(({ field, reason }) => [field, reason])).toEqual([
      ['a', 'api-key'],
      ['b', 'token'],
      ['d', 'token'],
      ['e', 'api-key'],
    ]);
  });

  it("reads every text in the field's context: a PIN code beside a postal word is an address", () => {
    expect(sensitiveOf(pinCode('Postal code of the delivery address'))).toEqual([]);
    expect(sensitiveOf(pinCode('The four digits of your card'))).toHaveLength(1);
  });

  it('reads the name, then the title, then the description', () => {
    const found = sensitiveOf({
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
    const found = sensitiveOf({
      type: 'object',
      properties: { k: { type: 'string', title: 'Pass phrase' }, apiKey: { type: 'string', title: '  ' } },
    });
    expect(found).toEqual([
      {
        field: 'k',
        label: 'Pass phrase',
        reason: 'password',
        message:
          '"Pass phrase" looks like it asks for a password. Secrets must not be asked for in a form; a server should use URL mode.',
      },
      {
        field: 'apiKey',
        label: '  ',
        reason: 'api-key',
        message:
          '"apiKey" looks like it asks for an API key. Secrets must not be asked for in a form; a server should use URL mode.',
      },
    ]);
  });

  it('cuts a long label in the message', () => {
    const [found] = sensitiveOf(passwordSchema({ type: 'string', title: `Password ${'x'.repeat(500)}` }));
    expect(found?.message.startsWith(`"Password ${'x'.repeat(51)}…" looks like it asks for a password.`)).toBe(true);
  });
});

describe('shapes in values (issue 33)', () => {
  it('finds Luhn-valid card numbers of 13–19 digits starting with 2–6, together or in groups', () => {
    expect(findCardNumber('4111 1111 1111 1111')).toBe('card-number');
    expect(findCardNumber('4111-1111-1111-1111')).toBe('card-number');
    expect(findCardNumber('378282246310005')).toBe('card-number');
    expect(findCardNumber('card: 5555555555554444.')).toBe('card-number');
    expect(findCardNumber('4111 1111 1111 1112')).toBeUndefined();
    expect(findCardNumber('1111 1111 1111 1117')).toBeUndefined();
    expect(findCardNumber('4111  1111 1111 1111')).toBeUndefined();
    expect(findCardNumber('x4111111111111111')).toBeUndefined();
    expect(findCardNumber('41111111111111110000000')).toBeUndefined();
  });

  it('finds a password in a URL, not a user name or a port', () => {
    expect(findConnectionPassword('mongodb+srv://admin:hunter2@cluster0.example.net/db')).toBe('credential');
    expect(findConnectionPassword('redis://:hunter2@cache:6379')).toBe('credential');
    expect(findConnectionPassword('ssh://git@example.com:22/app.git')).toBeUndefined();
    expect(findConnectionPassword('https://user:@example.com')).toBeUndefined();
    expect(findConnectionPassword('http://host:8080/path?a=b@c')).toBeUndefined();
  });

  it('reads a default, an example, an option and a number default for a card; a description or a name not', () => {
    const found = sensitiveOf({
      type: 'object',
      properties: {
        a: { type: 'string', title: 'Payment', default: '4111 1111 1111 1111' },
        b: { type: 'string', title: 'Reference', examples: ['x', '5555-5555-5555-4444'] },
        c: { type: 'string', title: 'Method', oneOf: [{ const: 'card', title: '4242 4242 4242 4242' }] },
        d: { type: 'integer', title: 'Account', default: 4111111111111111 },
        e: { type: 'string', title: 'Reference', description: 'Like 4111 1111 1111 1111' },
        f: { type: 'string', title: 'Database', default: 'postgres://user:pass@db/app' },
      },
    });
    expect(found.map(({ field, reason }) => [field, reason])).toEqual([
      ['a', 'card-number'],
      ['b', 'card-number'],
      ['c', 'card-number'],
      ['d', 'card-number'],
      ['f', 'credential'],
    ]);
  });

  it('reads a field whose label is about a secret (its setting, its name) only for shapes', () => {
    const found = sensitiveOf({
      type: 'object',
      properties: {
        token: { type: 'string', title: 'Token name' },
        tokenName: { type: 'string', description: 'A name to recognise the new token by' },
        policy: { type: 'string', title: 'Password policy', description: 'Rules for every new password' },
        key: { type: 'string', title: 'API key name', default: 'sk-proj-0123456789abcdef' },
      },
    });
    expect(found.map(({ field, reason }) => [field, reason])).toEqual([['key', 'api-key']]);
  });

  it('known miss: a secret named only in a sibling choice (fields are judged one at a time)', () => {
    const found = sensitiveOf({
      type: 'object',
      properties: {
        kind: { type: 'string', title: 'Kind', enum: ['Password', 'API key'] },
        value: { type: 'string', title: 'Value' },
      },
    });
    expect(found).toEqual([]);
  });
});

describe('the verdict is judged once, from the parsed fields, and carried', () => {
  const params = {
    message: 'Sign in',
    requestedSchema: {
      type: 'object',
      properties: {
        user: { type: 'string', title: 'User name' },
        pw: { type: 'string', title: 'Your password' },
        pin: { type: 'string', enum: ['1234', '9999'] },
        remember: { type: 'boolean', title: 'Remember my password' },
      },
    },
  };

  it('on the parsed request, with the name and the label of each flagged field', () => {
    const result = parseElicitation(params);
    expect(result.ok && result.request.mode === 'form' && result.request.sensitive).toEqual([
      {
        field: 'pw',
        label: 'Your password',
        reason: 'password',
        message:
          '"Your password" looks like it asks for a password. Secrets must not be asked for in a form; a server should use URL mode.',
      },
      {
        field: 'pin',
        label: 'pin',
        reason: 'passcode',
        message:
          '"pin" looks like it asks for a PIN or passcode. Secrets must not be asked for in a form; a server should use URL mode.',
      },
    ]);
  });

  it('on parseRequestedSchema, equal to detectSensitiveFields of its fields', () => {
    const result = parseRequestedSchema(params.requestedSchema);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.sensitive).toEqual(detectSensitiveFields(result.fields));
  });

  it('is empty for a form that asks for no secret', () => {
    const result = parseElicitation({ message: 'm', requestedSchema: { type: 'object', properties: {} } });
    expect(result.ok && result.request.mode === 'form' && result.request.sensitive).toEqual([]);
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
    ['leetspeak runs', run('p4s5'), null],
    ['leetspeak password, glued', run('p4ssw0rd'), 'password'],
    ['signs only', run('@$!|'), null],
    ['single letters', run('a b '), null],
    ['single letters spelling a secret at the end', `${run('x ')}p a s s w o r d`, 'password'],
    ['Cyrillic and Latin alternating', run('\u0430a'), null],
    ['confusable runs', run('\u0440\u0430\u0455\u0455w\u043erd '), 'password'],
    ['small capitals', run('\u1d00\u0299'), null],
    ['token prefixes glued', run('sk-'), 'api-key'],
    ['prefix starts that never complete', run('sk_liv'), null],
    ['key headers', run('-----BEGIN PUBLIC KEY-----'), null],
    ['dashes', run('-'), null],
    ['JWT starts (the prefix, named)', run('eyJ.'), 'token'],
    ['JWT starts too short to be one', run('eyJabc '), null],
    ['setting words', run('length of the '), null],
    ['stems followed by settings', run('passwortlänge'), null],
    ['CJK settings', run('パスワードの長さ'), null],
    ['capitals acronyms', run('TANX'), null],
    ['a wording before a CJK run of settings', `OTP${run('の桁数')}`, null],
    ['a wording before a long CJK run', `OTP ${run('文字')}`, 'one-time-code'],
    ['count words before plurals', run('number of backup codes '), null],
    ['digit groups', run('4111 '), null],
    ['card-length numbers a space apart', run('4111111111111111 '), null],
    ['digits and dashes', run('1-'), null],
    ['URL schemes', run('a://'), null],
    ['user information without an at sign', run('a://b:c'), null],
    ['colons after a scheme', `x://${run(':')}`, null],
    ['a password in a URL at the very end', `${run('x ')}postgres://u:p@h`, 'credential'],
    ['Arabic with vowel marks', run('كَلِمَةُ '), null],
    ['tatweels', run('\u0640'), null],
    ['right-to-left marks', run('\u200f'), null],
    ['a run of Thai', run('รหัส'), null],
    ['a run of Thai passwords', run('รหัสผ่าน'), 'password'],
    ['Hebrew prefixes', run('ה'), null],
    ['Greek capitals', run('ΣΣ'), null],
    ['leetspeak of one letter', run('4P1'), null],
  ];

  it.each(HOSTILE)('%s, as a default, an example or an option', (_, hostile, reason) => {
    // Options are read for token prefixes only
    const prefixed = findValueShapeVerdict(hostile);
    for (const [property, expected] of [
      [{ x: { type: 'string', default: hostile } }, reason],
      [{ x: { type: 'string', examples: ['a', hostile] } }, reason],
      [{ x: { type: 'string', enum: [hostile] } }, prefixed],
    ] as const) {
      expect(sensitiveOf({ type: 'object', properties: property })[0]?.reason ?? null).toBe(expected);
    }
  });

  it.each(HOSTILE)('%s, as a name, a title or a description', (_, hostile, reason) => {
    for (const property of [
      { [hostile]: { type: 'string' } },
      { x: { type: 'string', title: hostile } },
      { x: { type: 'string', description: hostile } },
    ]) {
      expect(sensitiveOf({ type: 'object', properties: property })[0]?.reason ?? null).toBe(reason);
    }
  });
});
