// Which form fields look like they ask for a secret. The spec forbids secrets in form mode (a server must use URL
// mode for them); the kit reports such fields, the host decides whether to warn or to refuse. The parser judges each
// form once, from its field descriptors, and carries the verdict on the request (`request.sensitive`); this module is
// that judgement's public API. The vocabulary is data (sensitive-vocabulary.ts, with the generated confusables in
// sensitive-confusables.ts), the words come from sensitive-words.ts, the verdicts from sensitive-matcher.ts, whose
// comment says how a text is judged. docs/secret-detection.md has the vocabulary, the judgement calls and the figures.
//
// What a field is judged by: its name, title, description, default and examples, in that order (the first that looks
// like a secret gives the reason), read as words in the context of all of them (`PIN code` beside `postal` is an
// address), and by their shape (a token prefix `ghp_…`, a key header, a connection string with a password); its
// default, examples and options also by a card number's shape (Luhn-valid), its options by nothing else (a choice of
// "Password" or "SMS code" names sign-in methods). A field whose label (title, else name) is about a secret — its
// setting or its name (`Token name`, `password policy`) — is read only for shapes. Every field a user answers is
// judged — text, numbers and choices (a PIN picked from a list is still a PIN) — except a checkbox.
//
// Judgement calls (each is in the corpus, src/test/secret-corpus.ts):
// - A description that only mentions a password ("Your password must not be entered here") is flagged: telling a
//   warning from an instruction needs intent, and a false warning costs less than a missed phishing field. Settings
//   *about* a secret (its length, policy, expiry, name, label, ID) are not.
// - Passport and ID *numbers* are flagged (`national-id`): they are what identity theft needs. `passport` alone is
//   not (a document, its expiry, its country).
// - `key`, `code`, `session`, `cookie` (in a sentence), `verification`, `account` alone are ordinary words.
// - "sort code" is UK banking (flagged); a database "sort key" is not.
// - This is a guard against mistakes and lazy phishing, not a security boundary: a server that wants a secret can
//   name the field `x`.
import {
  contextOf,
  findTextShape,
  findValueShape,
  judgeText,
  prepareText,
  type JudgementNotes,
} from './sensitive-matcher.js';
import type { SensitiveReason } from './sensitive-vocabulary.js';
import type { FieldDescriptor, SensitiveField } from './types.js';

export { LOOK_ALIKE, SECRET_VOCABULARY } from './sensitive-vocabulary.js';
export type { SensitiveReason } from './sensitive-vocabulary.js';

/** What each reason asks for, completing "… looks like it asks for …". */
const REASON_WORDING = {
  password: 'a password',
  passcode: 'a PIN or passcode',
  'one-time-code': 'a one-time or verification code',
  'recovery-phrase': 'a recovery (seed) phrase',
  'private-key': 'a private key',
  'api-key': 'an API key',
  token: 'an access token',
  secret: 'a secret key',
  credential: 'login credentials',
  session: 'a session cookie or session ID',
  'card-number': 'a payment card number',
  'card-security-code': 'a card security code',
  'bank-account': 'bank account details',
  'national-id': 'a national identity number',
} as const satisfies Record<SensitiveReason, string>;

/** The second sentence of every message: what the server should do instead. */
const URL_MODE_ADVICE = 'Secrets must not be asked for in a form; a server should use URL mode.';

/** Labels longer than this (in code points) are cut in messages: a 100,000-character title is not a sentence. */
const MAX_LABEL_LENGTH = 60;

/** What one field is judged by, whether it comes from a descriptor or from a raw schema. */
interface SecretCandidate {
  readonly name: string;
  /** The label a form shows (title, else name). */
  readonly label: string;
  readonly title: string;
  readonly description: string;
  /** The default and examples as text (a number's digits too): read as words and by their shape. */
  readonly values: readonly string[];
  /** The options of a choice, read only by their shape (values and labels). */
  readonly options: readonly { readonly value: string; readonly label: string }[];
}

/**
 * Whether one name or text looks like it asks for a secret, and why: `detectSecret('passPhrase')` is `'password'`,
 * `detectSecret('max_tokens')` is `undefined`, `detectSecret('p4ssw0rd')` is `'password'`. Judges words, not
 * substrings (`compass`, `spinner`, `monkey` are left alone), in 27 languages (English, German, Spanish, French,
 * Portuguese, Italian, Dutch, Polish, Turkish, Japanese, Chinese, Russian, Korean, Arabic, Persian, Hebrew, Hindi,
 * Bengali, Thai, Vietnamese, Indonesian, Malay, Ukrainian, Swedish, Czech, Romanian, Greek); undoes confusable
 * letters, leetspeak and spaced letters; knows well-known token prefixes, key headers and connection strings with a
 * password. Never throws; linear in the length of the text. Anything but a string is `undefined`.
 */
export function detectSecret(text: string): SensitiveReason | undefined {
  if (typeof text !== 'string') {
    return undefined;
  }
  const prepared = prepareText(text);
  return judgeText(prepared, contextOf([prepared]));
}

/** The label, cut to MAX_LABEL_LENGTH code points. */
function shorten(label: string): string {
  let shortened = '';
  let length = 0;
  for (const character of label) {
    if (length === MAX_LABEL_LENGTH) {
      return `${shortened}…`;
    }
    shortened += character;
    length += 1;
  }
  return shortened;
}

/** What the values and options of a field show by their shape alone (token prefixes, connection strings, cards). */
function judgeValueShapes(candidate: SecretCandidate): SensitiveReason | undefined {
  for (const value of candidate.values) {
    const verdict = findValueShape(value);
    if (verdict !== undefined) {
      return verdict;
    }
  }
  for (const option of candidate.options) {
    const verdict = findValueShape(option.value) ?? findValueShape(option.label);
    if (verdict !== undefined) {
      return verdict;
    }
  }
  return undefined;
}

/** The verdict on one field, or `undefined`. */
function judgeCandidate(candidate: SecretCandidate): SensitiveReason | undefined {
  const { name, title, description, values } = candidate;
  const texts = [name, title, description, ...values].filter((text) => text !== '').map(prepareText);
  const context = contextOf(texts);
  // The label: a title (or, without one, a name) about a secret — its setting, its name — makes the whole field so
  const labelText = title.trim() === '' ? name : title;
  const label = texts.find((text) => text.text === labelText);
  const notes: JudgementNotes = { passedOver: false };
  if (label !== undefined && judgeText(label, context, notes) === undefined && notes.passedOver) {
    return findTextShape(name) ?? findTextShape(title) ?? findTextShape(description) ?? judgeValueShapes(candidate);
  }
  for (const text of texts) {
    const verdict = judgeText(text, context);
    if (verdict !== undefined) {
      return verdict;
    }
  }
  return judgeValueShapes(candidate);
}

/** The finding for one field, when it looks like a secret. */
function findingOf(candidate: SecretCandidate, title: string): SensitiveField | undefined {
  const reason = judgeCandidate(candidate);
  if (reason === undefined) {
    return undefined;
  }
  const shown = shorten(title.trim() === '' ? candidate.name : title);
  return {
    field: candidate.name,
    label: candidate.label,
    reason,
    message: `"${shown}" looks like it asks for ${REASON_WORDING[reason]}. ${URL_MODE_ADVICE}`,
  };
}

/**
 * The strings among a schema's `default` and `examples` (a multi-select's default is a list), and whole numbers as
 * their digits: a card number can be a number default.
 */
function valuesOf(schema: Record<string, unknown>): string[] {
  const values: string[] = [];
  const collectOne = (value: unknown): void => {
    if (typeof value === 'string') {
      values.push(value);
    } else if (Number.isSafeInteger(value)) {
      values.push(String(value));
    }
  };
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) {
        collectOne(item);
      }
    } else {
      collectOne(value);
    }
  };
  collect(schema['default']);
  if (Array.isArray(schema['examples'])) {
    for (const example of schema['examples']) {
      collect(example);
    }
  }
  return values;
}

const stringOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Secret-looking fields among parsed field descriptors — what the parser carries as `request.sensitive`, computed
 * once per request. A checkbox is never one. The header of this module says what is judged.
 */
export function detectSensitiveFields(fields: readonly FieldDescriptor[]): SensitiveField[] {
  const found: SensitiveField[] = [];
  for (const field of fields) {
    if (field.kind === 'checkbox') {
      continue;
    }
    const schema = field.schema as unknown as Record<string, unknown>;
    const title = stringOf(schema['title']);
    const options = field.kind === 'select' || field.kind === 'multiselect' ? field.options : [];
    const finding = findingOf(
      {
        name: field.name,
        label: field.label,
        title,
        description: field.description ?? '',
        values: valuesOf(schema),
        options,
      },
      title,
    );
    if (finding !== undefined) {
      found.push(finding);
    }
  }
  return found;
}
