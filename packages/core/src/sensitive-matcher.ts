// The secret detector's matcher: the vocabulary (sensitive-vocabulary.ts) indexed once at load time, and the walk
// that judges the words of one text (sensitive-words.ts splits them) with the field's context. How a text is judged:
// 1. Walk the words left to right. At each word, join it with up to the next few words and look the joins up, longest
//    first (`pass phrase`, `pass_phrase`, `passPhrase` are all `passphrase`; a final `s` is tried off). A look-alike
//    (`token budget`) covers its words and the walk goes on after it. Any other wording is the verdict — unless a
//    setting word stands right after it or (across little words) before it (`OTP length`, `length of the password`,
//    `secret name`), or the field's context says otherwise (`PIN code` of a postal address, `senha` of a queue): then
//    it is passed over like a look-alike. Acronyms that count only in capitals (`TAN`) are looked up the same way.
// 2. A word no join explains is searched for the few stems that no ordinary word contains (`mypassword`,
//    `Kreditkartennummer`); a stem followed inside the word by a setting word (`Passwortrichtlinie`) does not count.
// 3. Chinese, Japanese and Korean have no spaces: each separator-free stretch holding such letters is searched for the
//    vocabulary's CJK wordings (`パスワードを入力`, `请输入验证码`); one followed by a setting (`パスワードの長さ`) does
//    not count.
// 4. A few words count only when they are the whole text (`pass`, `cookie`, Spanish `clave`).
// 5. Still nothing: the disguises are undone (confusable letters, leetspeak, spaced letters) and steps 1–4 run again.
// 6. Token prefixes and key headers (`ghp_`, `sk_live_`, `AKIA`, `-----BEGIN … PRIVATE KEY`) and connection strings
//    with a password (`postgres://user:pass@host`) in the raw text. A field's default, examples and options are also
//    read for card numbers (13–19 digits, Luhn-valid: `4111 1111 1111 1111`).
//
// A wording passed over as a look-alike or a setting says the text is *about* a secret (`Token name`, `password
// policy`); when the field's label (its title, else its name) is such a text, the field is about a secret and its
// other texts are read only for the shapes of step 6 ("A name to recognise the token by" names no secret asked for).
//
// Every step is linear in the length of the text: at most a few short joins per word (the longest wording has six
// words), per character one map look-up and a few `startsWith` over a small fixed vocabulary, and steps 1–4 at most
// twice.
import {
  CJK_SETTING_SUFFIXES,
  CONNECTIVES,
  CONTEXT_EXCEPTIONS,
  COUNT_WORDS_BEFORE,
  KEY_HEADER,
  LOOK_ALIKE,
  PUBLIC_KEY_HEADER_WORDS,
  SECRET_VOCABULARY,
  SETTING_WORDS_AFTER,
  SETTING_WORDS_BEFORE,
  TOKEN_PREFIXES,
  type SecretVocabularyTable,
  type SensitiveReason,
  type TokenPrefix,
} from './sensitive-vocabulary.js';
import { isCjkWord, splitText, undisguise, type SplitText } from './sensitive-words.js';

type Verdict = SensitiveReason | typeof LOOK_ALIKE;

/** A wording as it is matched: its words joined (`mot de passe` → `motdepasse`). */
interface Entry {
  readonly key: string;
  readonly verdict: Verdict;
}

/** Entries by their first character, longest first, for searching inside a word or a CJK stretch. */
type StemIndex = ReadonlyMap<string, readonly Entry[]>;

interface VocabularyIndex {
  /** Whole-word wordings by key; the first table wins (none repeats a key: see SECRET_VOCABULARY). */
  readonly words: ReadonlyMap<string, Verdict>;
  /** Every prefix of every key: a join that is none of them cannot grow into a wording, so joining stops. */
  readonly keyPrefixes: ReadonlySet<string>;
  readonly inside: StemIndex;
  readonly cjk: StemIndex;
  readonly alone: ReadonlyMap<string, Verdict>;
  readonly capitals: ReadonlyMap<string, Verdict>;
  /** The most words in one wording, and the longest key plus one (a plural `s`). */
  readonly maxJoinedWords: number;
  readonly maxKeyLength: number;
}

/** A wording's key: its words folded, split and joined, as the text's words will be. */
const keyOf = (wording: string): string => splitText(wording).words.join('');

function indexStems(entries: readonly Entry[]): StemIndex {
  const byFirst = new Map<string, Entry[]>();
  for (const entry of entries) {
    const first = entry.key.charAt(0);
    const bucket = byFirst.get(first) ?? [];
    bucket.push(entry);
    byFirst.set(first, bucket);
  }
  for (const bucket of byFirst.values()) {
    bucket.sort((left, right) => right.key.length - left.key.length);
  }
  return byFirst;
}

function indexVocabulary(tables: readonly SecretVocabularyTable[]): VocabularyIndex {
  const words = new Map<string, Verdict>();
  const keyPrefixes = new Set<string>();
  const alone = new Map<string, Verdict>();
  const capitals = new Map<string, Verdict>();
  const inside: Entry[] = [];
  const cjk: Entry[] = [];
  let maxJoinedWords = 1;
  let maxKeyLength = 1;
  for (const table of tables) {
    const { verdict } = table;
    for (const wording of table.words) {
      const split = splitText(wording);
      const key = split.words.join('');
      if (!words.has(key)) {
        words.set(key, verdict);
      }
      for (let length = 1; length <= key.length; length += 1) {
        keyPrefixes.add(key.slice(0, length));
      }
      if (split.cjkStretches.length > 0) {
        cjk.push({ key, verdict });
      }
      maxJoinedWords = Math.max(maxJoinedWords, split.words.length);
      maxKeyLength = Math.max(maxKeyLength, key.length + 1);
    }
    for (const stem of table.inside) {
      inside.push({ key: keyOf(stem), verdict });
    }
    for (const soleWord of table.alone) {
      alone.set(keyOf(soleWord), verdict);
    }
    for (const acronym of table.capitals ?? []) {
      capitals.set(keyOf(acronym), verdict);
    }
  }
  return {
    words,
    keyPrefixes,
    inside: indexStems(inside),
    cjk: indexStems(cjk),
    alone,
    capitals,
    maxJoinedWords,
    maxKeyLength,
  };
}

const VOCABULARY = indexVocabulary(SECRET_VOCABULARY);
const SETTINGS_AFTER: ReadonlySet<string> = new Set(SETTING_WORDS_AFTER.map(keyOf));
const SETTINGS_BEFORE: ReadonlySet<string> = new Set(SETTING_WORDS_BEFORE.map(keyOf));
const COUNTS_BEFORE: ReadonlySet<string> = new Set(COUNT_WORDS_BEFORE.map(keyOf));
const LITTLE_WORDS: ReadonlySet<string> = new Set(CONNECTIVES.map(keyOf));
/** CJK settings of two characters or more: found anywhere in the CJK word after a Latin wording (`OTPコードの桁数`). */
const CJK_SETTINGS: readonly string[] = CJK_SETTING_SUFFIXES.map(keyOf).filter((suffix) => suffix.length >= 2);
/** Setting words that may be glued to a stem (`Passwortlänge`, `apikeyname`) or follow a CJK wording, longest first. */
const GLUED_SETTINGS: readonly string[] = [
  ...new Set([...SETTINGS_AFTER, ...CJK_SETTING_SUFFIXES.map(keyOf)]),
].toSorted((left, right) => right.length - left.length);
/** Wording key → the words that cancel it when the field uses one of them. */
const EXCEPTIONS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  CONTEXT_EXCEPTIONS.flatMap(({ wordings, unless }) => {
    const cancel: ReadonlySet<string> = new Set(unless.map(keyOf));
    return wordings.map((wording) => [keyOf(wording), cancel] as const);
  }),
);
/** How many little words may stand between a setting word and the wording it is about. */
const MAX_LITTLE_WORDS = 2;

/**
 * The words used anywhere in a field (name, title, description, default, examples), for context exceptions: asked
 * only when a wording with an exception is found, so the set is built then, once.
 */
export interface FieldContext {
  has(word: string): boolean;
}

/** A key's verdict, also as a plural (`apikeys` → `apikey`); the exact key wins (`tokens` is a look-alike). */
function lookUp<Value>(map: ReadonlyMap<string, Value>, key: string): Value | undefined {
  return map.get(key) ?? (key.endsWith('s') ? map.get(key.slice(0, -1)) : undefined);
}

/** Whether `word` is one of the setting words, or the plural of one (`otpDigits`, `tokenLabels`). */
const isSettingWord = (settings: ReadonlySet<string>, word: string): boolean =>
  settings.has(word) || (word.endsWith('s') && settings.has(word.slice(0, -1)));

/** Whether `run` continues with a setting word at `at` (after a stem inside a word, or a wording in a CJK stretch). */
const continuesWithSetting = (run: string, at: number): boolean =>
  at < run.length && GLUED_SETTINGS.some((setting) => run.startsWith(setting, at));

/** Whether a CJK word after a Latin wording names a setting (`の桁数`, `コードの桁数`, `名`). */
const isCjkSetting = (word: string): boolean =>
  continuesWithSetting(word, 0) || CJK_SETTINGS.some((setting) => word.includes(setting));

/**
 * Whether the wording covering `count` words from `start` is about a setting: a setting word right after it (or a
 * CJK setting in the next word when that is CJK: `otp` + `の桁数`), or one before it across at most two little words,
 * with no punctuation between; a count word (`number of`, `how many`) counts before a wording in the plural.
 */
function isSetting(text: SplitText, start: number, count: number, plural = false): boolean {
  const next = start + count;
  const following = text.words[next];
  if (following !== undefined && !text.breakBefore[next]) {
    if (isSettingWord(SETTINGS_AFTER, following) || (isCjkWord(following) && isCjkSetting(following))) {
      return true;
    }
  }
  let before = start - 1;
  let little = 0;
  while (before >= 0 && !text.breakBefore[before + 1]) {
    const word = text.words[before]!;
    if (isSettingWord(SETTINGS_BEFORE, word) || (plural && COUNTS_BEFORE.has(word))) {
      return true;
    }
    if (!LITTLE_WORDS.has(word) || little === MAX_LITTLE_WORDS) {
      return false;
    }
    little += 1;
    before -= 1;
  }
  return false;
}

/** Whether the field's context cancels the wording with this key (`PIN code` beside `postal`). */
function isCancelled(key: string, context: FieldContext): boolean {
  const cancel = EXCEPTIONS.get(key);
  if (cancel === undefined) {
    return false;
  }
  for (const word of cancel) {
    if (context.has(word)) {
      return true;
    }
  }
  return false;
}

/**
 * The longest wording made of the words from `start` on (never joined across punctuation): its verdict, how many
 * words it covers and its key (a final plural `s` is tried off; the exact join wins).
 */
function matchJoinedWords(
  text: SplitText,
  start: number,
):
  | { readonly verdict: Verdict; readonly wordCount: number; readonly key: string; readonly plural: boolean }
  | undefined {
  let match: { verdict: Verdict; wordCount: number; key: string; plural: boolean } | undefined;
  let joined = '';
  for (let count = 1; count <= VOCABULARY.maxJoinedWords; count += 1) {
    const word = text.words[start + count - 1];
    if (word === undefined || joined.length + word.length > VOCABULARY.maxKeyLength) {
      break;
    }
    if (count > 1 && text.breakBefore[start + count - 1]) {
      break;
    }
    joined += word;
    const exact = VOCABULARY.words.get(joined);
    const key = exact === undefined && joined.endsWith('s') ? joined.slice(0, -1) : joined;
    const verdict = exact ?? VOCABULARY.words.get(key);
    if (verdict !== undefined) {
      match = { verdict, wordCount: count, key, plural: key !== joined };
    }
    if (!VOCABULARY.keyPrefixes.has(joined)) {
      break;
    }
  }
  return match;
}

/** What a judgement noticed beside its verdict: whether it passed over a look-alike or a setting of a secret. */
export interface JudgementNotes {
  passedOver: boolean;
}

/**
 * The first stem found in `run`, scanning left to right (the longest stem at each position). A look-alike hides
 * what it covers, and so does a stem followed by a setting (`Passwortrichtlinie`, `パスワードの長さ`). Per
 * character: one map look-up and a few `startsWith` of short stems.
 */
function findStem(run: string, index: StemIndex, notes?: JudgementNotes): SensitiveReason | undefined {
  for (let position = 0; position < run.length; position += 1) {
    const candidates = index.get(run.charAt(position));
    const entry = candidates?.find((candidate) => run.startsWith(candidate.key, position));
    if (entry === undefined) {
      continue;
    }
    if (entry.verdict !== LOOK_ALIKE && !continuesWithSetting(run, position + entry.key.length)) {
      return entry.verdict;
    }
    if (notes !== undefined) {
      notes.passedOver = true;
    }
    position += entry.key.length - 1;
  }
  return undefined;
}

/** Steps 1–4 of the file comment on one split text; `notes` learns whether a look-alike or a setting was passed. */
function judgeSplit(text: SplitText, context: FieldContext, notes?: JudgementNotes): SensitiveReason | undefined {
  const { words } = text;
  const passOver = (): void => {
    if (notes !== undefined) {
      notes.passedOver = true;
    }
  };
  // Wordings passed over as whole words (`비밀번호` before `정책`), and their words: a CJK stretch that is one of them
  // was judged already and is not searched again
  let passedWordings: Set<string> | undefined;
  let index = 0;
  while (index < words.length) {
    const match = matchJoinedWords(text, index);
    if (match !== undefined) {
      const passedOver =
        match.verdict === LOOK_ALIKE ||
        isSetting(text, index, match.wordCount, match.plural) ||
        isCancelled(match.key, context);
      if (!passedOver) {
        return match.verdict as SensitiveReason;
      }
      passOver();
      passedWordings ??= new Set();
      passedWordings.add(words.slice(index, index + match.wordCount).join(''));
      for (let covered = index; covered < index + match.wordCount; covered += 1) {
        passedWordings.add(words[covered]!);
      }
      index += match.wordCount;
      continue;
    }
    const acronym = text.capitals[index] ? lookUp(VOCABULARY.capitals, words[index]!) : undefined;
    if (acronym !== undefined && acronym !== LOOK_ALIKE) {
      if (!isSetting(text, index, 1)) {
        return acronym;
      }
      passOver();
    }
    const stem = findStem(words[index]!, VOCABULARY.inside, notes);
    if (stem !== undefined) {
      if (!isSetting(text, index, 1)) {
        return stem;
      }
      passOver();
    }
    index += 1;
  }
  for (const stretch of text.cjkStretches) {
    if (passedWordings?.has(stretch) === true) {
      continue;
    }
    const fromStretch = findStem(stretch, VOCABULARY.cjk, notes);
    if (fromStretch !== undefined) {
      return fromStretch;
    }
  }
  const [onlyWord] = words;
  if (words.length === 1 && onlyWord !== undefined) {
    const verdict = lookUp(VOCABULARY.alone, onlyWord);
    if (verdict !== undefined && verdict !== LOOK_ALIKE) {
      return verdict;
    }
  }
  return undefined;
}

// ─── Token prefixes and key headers ─────────────────────────────────────────────────────────────────────────────

const PREFIXES_BY_FIRST: ReadonlyMap<string, readonly TokenPrefix[]> = (() => {
  const byFirst = new Map<string, TokenPrefix[]>();
  for (const entry of TOKEN_PREFIXES.toSorted((left, right) => right.prefix.length - left.prefix.length)) {
    const bucket = byFirst.get(entry.prefix.charAt(0)) ?? [];
    bucket.push(entry);
    byFirst.set(entry.prefix.charAt(0), bucket);
  }
  return byFirst;
})();
/** Whether an ASCII code starts a prefix, by code (all the prefixes are ASCII): elsewhere the scan does no look-up. */
const STARTS_PREFIX = new Uint8Array(128);
for (const { prefix } of TOKEN_PREFIXES) {
  STARTS_PREFIX[prefix.charCodeAt(0)] = 1;
}
const DASH = 0x2d;
/** How far a PEM header is read for `PUBLIC` / `CERTIFICATE`: `-----BEGIN ENCRYPTED PRIVATE KEY-----` fits. */
const MAX_HEADER_LENGTH = 64;

const isAlphanumeric = (code: number): boolean =>
  (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
const isTokenCharacter = (code: number): boolean => isAlphanumeric(code) || code === 0x2d || code === 0x5f;

/** How many token characters (letters, digits, `-`, `_`) follow `from`, counted up to `enough`. */
function tokenRun(text: string, from: number, enough: number): number {
  let count = 0;
  while (count < enough && from + count < text.length && isTokenCharacter(text.charCodeAt(from + count))) {
    count += 1;
  }
  return count;
}

/** The verdict of a PEM header at `at`: a private key unless its first line names a public key or a certificate. */
function judgeKeyHeader(text: string, at: number): SensitiveReason | undefined {
  const header = text.slice(at + KEY_HEADER.length, at + KEY_HEADER.length + MAX_HEADER_LENGTH);
  const line = header.split('-----')[0]!.split('\n')[0]!;
  return PUBLIC_KEY_HEADER_WORDS.some((word) => line.includes(word)) ? undefined : 'private-key';
}

/**
 * A well-known token prefix or key header in the raw text (case matters: `AKIA`, `ghp_`), at the start of a token:
 * `ghp_…` in a default, "starts with sk-" in a description. Linear: at each position one map look-up, a few
 * `startsWith`, and a run counted up to a small bound.
 */
function findTokenPrefix(text: string): SensitiveReason | undefined {
  for (let position = 0; position < text.length; position++) {
    const code = text.charCodeAt(position);
    if (code === DASH && text.startsWith(KEY_HEADER, position)) {
      const verdict = judgeKeyHeader(text, position);
      if (verdict !== undefined) {
        return verdict;
      }
    }
    if (code >= 128 || STARTS_PREFIX[code] === 0 || (position > 0 && isAlphanumeric(text.charCodeAt(position - 1)))) {
      continue;
    }
    for (const entry of PREFIXES_BY_FIRST.get(text.charAt(position)) ?? []) {
      if (!text.startsWith(entry.prefix, position)) {
        continue;
      }
      const minimum = entry.minimumRest ?? 0;
      const rest = tokenRun(text, position + entry.prefix.length, minimum);
      if (rest === 0 || rest >= minimum) {
        return entry.verdict;
      }
    }
  }
  return undefined;
}

// ─── Connection strings and card numbers ─────────────────────────────────────────────────────────────────────────

const AT_SIGN = 0x40;
const COLON = 0x3a;
/** Where a URL's user information ends without an `@`: the path, query or fragment starts, or a space. */
const ENDS_AUTHORITY: ReadonlySet<number> = new Set([0x2f, 0x3f, 0x23, 0x20, 0x09, 0x0a, 0x0d, 0x22, 0x27, 0x3c, 0x3e]);

/**
 * A URL with a password in it, `scheme://user:password@host` (`postgres://app:s3cret@db/app`, `redis://:pw@cache`):
 * a connection string carries the credential itself. Linear: after each `://`, the user information is read up to
 * the first `@`, `/`, `?`, `#` or space, and the next `://` is looked for after that.
 */
export function findConnectionPassword(text: string): SensitiveReason | undefined {
  let from = 0;
  for (;;) {
    const separator = text.indexOf('://', from);
    if (separator === -1) {
      return undefined;
    }
    let position = separator + 3;
    let colonAt = -1;
    while (position < text.length) {
      const code = text.charCodeAt(position);
      if (code === AT_SIGN || ENDS_AUTHORITY.has(code)) {
        break;
      }
      if (code === COLON && colonAt === -1) {
        colonAt = position;
      }
      position += 1;
    }
    const hasPassword = colonAt !== -1 && position - colonAt > 1;
    if (hasPassword && text.charCodeAt(position) === AT_SIGN && position + 1 < text.length) {
      return 'credential';
    }
    from = position;
  }
}

/** Payment card numbers have 13 to 19 digits (ISO/IEC 7812) and start with 2–6 (Mastercard, Amex, Visa, Discover…). */
const CARD_DIGITS_MIN = 13;
const CARD_DIGITS_MAX = 19;
const isDigitCode = (code: number): boolean => code >= 0x30 && code <= 0x39;
/** What may stand between a card number's groups: one space or one dash (`4111 1111 1111 1111`, `4111-1111-…`). */
const isGroupSeparator = (code: number): boolean => code === 0x20 || code === DASH;

/** Whether digits pass the Luhn check every card number carries. */
function passesLuhn(digits: readonly number[]): boolean {
  let sum = 0;
  for (let index = digits.length - 1, double = false; index >= 0; index -= 1, double = !double) {
    const digit = digits[index]!;
    const value = double ? digit * 2 : digit;
    sum += value > 9 ? value - 9 : value;
  }
  return sum % 10 === 0;
}

/**
 * A payment card number in a value (a default, an example, an option): 13–19 digits, starting with 2–6, written
 * together or in groups apart by single spaces or dashes, standing alone (no letter or digit touching it), and
 * Luhn-valid. Linear: each digit is read once, a run is dropped once it grows past 19 digits.
 */
export function findCardNumber(text: string): SensitiveReason | undefined {
  let position = 0;
  while (position < text.length) {
    const code = text.charCodeAt(position);
    if (!isDigitCode(code) || (position > 0 && isAlphanumeric(text.charCodeAt(position - 1)))) {
      position += 1;
      continue;
    }
    const digits: number[] = [];
    let count = 0;
    let end = position;
    while (end < text.length) {
      const current = text.charCodeAt(end);
      if (isDigitCode(current)) {
        if (count < CARD_DIGITS_MAX) {
          digits.push(current - 0x30);
        }
        count += 1;
        end += 1;
      } else if (isGroupSeparator(current) && isDigitCode(text.charCodeAt(end + 1))) {
        end += 1;
      } else {
        break;
      }
    }
    const alone = end >= text.length || !isAlphanumeric(text.charCodeAt(end));
    const first = digits[0]!;
    if (
      alone &&
      count >= CARD_DIGITS_MIN &&
      count <= CARD_DIGITS_MAX &&
      first >= 2 &&
      first <= 6 &&
      passesLuhn(digits)
    ) {
      return 'card-number';
    }
    position = end;
  }
  return undefined;
}

/** What a value (a default, an example, an option's value or label) shows by its shape alone. */
export const findValueShape = (text: string): SensitiveReason | undefined =>
  findTokenPrefix(text) ?? findConnectionPassword(text) ?? findCardNumber(text);

// ─── Texts ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** A text of a field, split once: judged, and read for the field's context. */
export interface PreparedText {
  readonly text: string;
  readonly plain: SplitText;
}

/** Splits a text for {@link judgeText} and {@link contextOf}. */
export const prepareText = (text: string): PreparedText => ({ text, plain: splitText(text) });

/** The words used anywhere in a field's texts (the set is built on the first question). */
export function contextOf(texts: readonly PreparedText[]): FieldContext {
  let words: Set<string> | undefined;
  return {
    has(word) {
      if (words === undefined) {
        words = new Set();
        for (const { plain } of texts) {
          for (const each of plain.words) {
            words.add(each);
          }
        }
      }
      return words.has(word);
    },
  };
}

/** What a text shows by its shape alone, whatever its words: a token prefix, a key header, a connection string. */
export const findTextShape = (text: string): SensitiveReason | undefined =>
  findTokenPrefix(text) ?? findConnectionPassword(text);

/**
 * The verdict on one text of a field: its words, then its words with the disguises undone, then its shape. `notes`
 * learns whether a look-alike or a setting of a secret was passed over.
 */
export function judgeText(
  prepared: PreparedText,
  context: FieldContext,
  notes?: JudgementNotes,
): SensitiveReason | undefined {
  const plain = judgeSplit(prepared.plain, context, notes);
  if (plain !== undefined) {
    return plain;
  }
  const undone = undisguise(prepared.text, prepared.plain);
  const fromUndone = undone === undefined ? undefined : judgeSplit(undone, context, notes);
  return fromUndone ?? findTextShape(prepared.text);
}
