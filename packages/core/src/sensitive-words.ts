// The secret detector's word splitter: folds a text (accents, compatibility forms, letters without a decomposition)
// and splits it into lower-cased words in one pass over its code points, remembering which words were written in
// capitals and where punctuation stood between two words. `undisguise` undoes the spellings that hide a word from
// that split: confusable letters of other scripts (`Pаssword` with a Cyrillic а), leetspeak (`p4ssw0rd`) and letters
// spaced out (`P a s s w o r d`). Every function here is linear in the length of the text.
import { CONFUSABLE_LETTERS } from './sensitive-confusables.js';
import { LEET_LETTERS } from './sensitive-vocabulary.js';

/**
 * What folding drops: the combining accents that NFKD separates from Latin, Greek and Cyrillic letters (`é` → `e` +
 * U+0301), Hebrew points and cantillation, Arabic vowel marks, the hamza NFKD separates from alef (`أ` → `ا` + U+0654)
 * and Quranic marks, the Devanagari and Bengali nukta (`फ़` = `फ`), and the Arabic tatweel (a stretching letter:
 * `كلمـــة` = `كلمة`). Text is written with and without all of them.
 */
const COMBINING_DIACRITICAL_MARK =
  /[\u0300-\u036f\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed\u093c\u09bc\u0640]/gu;
/** A text with nothing but ASCII needs no Unicode folding. */
const NON_ASCII = /[\u0080-\u{10ffff}]/u;
// Each of these is tested on one code point at a time.
const UPPERCASE_LETTER = /[\p{Lu}\p{Lt}]/u;
const LETTER = /\p{L}/u;
const MARK = /\p{M}/u;
const DECIMAL_DIGIT = /\p{Nd}/u;
/**
 * Letters of the scripts written without spaces between words (`ー` and `々` included), and Hangul, whose words take
 * particles glued on: Chinese, Japanese, Korean and Thai are searched for wordings inside their runs ("CJK" below
 * stands for all four).
 */
const CJK_LETTER = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Thai}]/u;
/**
 * Characters that render as nothing: skipped, so they can neither split a word nor hide one (`pass\u200Bword`).
 * Not invisible.ts's set: that one includes control characters, and here a tab or a newline separates words.
 */
const IGNORABLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

/** Whether a word of {@link splitText} is a run of CJK letters (it starts with one). */
export const isCjkWord = (word: string): boolean => CJK_LETTER.test(String.fromCodePoint(word.codePointAt(0) ?? 0));

/**
 * Letters that NFKD leaves whole but that people write without their stroke or dot (`hasło` = `haslo`, `şıfre`,
 * Vietnamese `đ`), and the Persian and Arabic spellings of the same letters (`ی` `ى` `ي`, `ک` `ك`): Persian typed on
 * an Arabic keyboard is the same word.
 */
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  ł: 'l',
  Ł: 'L',
  ı: 'i',
  ß: 'ss',
  ẞ: 'SS',
  đ: 'd',
  Đ: 'D',
  '\u06cc': '\u064a',
  '\u0649': '\u064a',
  '\u06a9': '\u0643',
};

/**
 * Separators that only join the parts of one name (`pass_word`, `pass-word`, `smtp.pass`, `d'accès`) or of one
 * phrase (a space). Any other separator (`(`, `,`, `:`, `;`, `!`, `?`, …) is a break: a setting word on its other
 * side (`Password (length 12)`) says nothing about the secret.
 */
const SOFT_SEPARATORS: ReadonlySet<string> = new Set([' ', '\t', '_', '-', '.', '/', "'", '’', '\u00a0']);

type CharacterClass = 'capital' | 'small' | 'digit' | 'cjk' | 'mark' | 'ignorable' | 'separator';

/** The class of one code point (`small` includes letters without case, such as Arabic or Devanagari). */
function classify(character: string): CharacterClass {
  const codePoint = character.codePointAt(0) ?? 0;
  if (codePoint < 0x80) {
    if (codePoint >= 0x61 && codePoint <= 0x7a) {
      return 'small';
    }
    if (codePoint >= 0x41 && codePoint <= 0x5a) {
      return 'capital';
    }
    if (codePoint >= 0x30 && codePoint <= 0x39) {
      return 'digit';
    }
    return 'separator';
  }
  if (IGNORABLE.test(character)) {
    return 'ignorable';
  }
  if (MARK.test(character)) {
    return 'mark';
  }
  if (LETTER.test(character)) {
    if (CJK_LETTER.test(character)) {
      return 'cjk';
    }
    return UPPERCASE_LETTER.test(character) ? 'capital' : 'small';
  }
  return DECIMAL_DIGIT.test(character) ? 'digit' : 'separator';
}

/** The words of a text, and the separator-free stretches of it that hold CJK letters. */
export interface SplitText {
  /** Lower-cased, folded words in order; a run of CJK letters is one word. */
  readonly words: readonly string[];
  /** Per word: whether it was written in capitals (two letters or more, a final plural `s` aside: `TAN`, `PUKs`). */
  readonly capitals: readonly boolean[];
  /** Per word: whether punctuation other than a soft separator stands between it and the word before. */
  readonly breakBefore: readonly boolean[];
  /** Each separator-free stretch with a CJK letter, as its words joined (`APIキーを入力` → `apiキーを入力`). */
  readonly cjkStretches: readonly string[];
}

type WordKind = 'letters' | 'digits' | 'cjk';

/** Splits text into words in one pass over its code points (see the file comment for the rules). */
class WordSplitter {
  readonly words: string[] = [];
  readonly capitals: boolean[] = [];
  readonly breakBefore: boolean[] = [];
  readonly cjkStretches: string[] = [];
  #word = '';
  #kind: WordKind | undefined;
  /** Whether every letter of the word so far is a capital, and how many there are. */
  #allCapitals = false;
  #capitals = 0;
  #previousWasCapital = false;
  /** Where the latest capital starts in the word: `APIKey` splits there when a small letter follows. */
  #lastCapitalAt = 0;
  /**
   * `APIs`: an acronym followed by a small `s` is its plural, unless more small letters follow: then the word is
   * split after the acronym (`APIsecret` → `API` + `secret`, `URLslug` → `URL` + `slug`).
   */
  #pendingSplitAt: number | undefined;
  #stretchStart = 0;
  #stretchHasCjk = false;
  /** Whether a hard separator came since the last word. */
  #broken = false;

  add(character: string): void {
    const characterClass = classify(character);
    switch (characterClass) {
      case 'ignorable': {
        return;
      }
      case 'mark': {
        // A combining mark belongs to the letter before it; one after a separator is dropped
        if (this.#word !== '') {
          this.#word += character;
        }
        return;
      }
      case 'separator': {
        this.#endWord();
        this.#endStretch();
        if (!SOFT_SEPARATORS.has(character)) {
          this.#broken = true;
        }
        return;
      }
      case 'digit':
      case 'cjk': {
        const kind = characterClass === 'digit' ? 'digits' : 'cjk';
        if (this.#kind !== kind) {
          this.#endWord();
          this.#kind = kind;
        }
        this.#word += character;
        return;
      }
      case 'capital': {
        // A capital after a small letter starts a word (`passWord`)
        if (this.#kind !== 'letters' || !this.#previousWasCapital) {
          this.#endWord();
          this.#startLetters(true);
        }
        this.#lastCapitalAt = this.#word.length;
        this.#word += character;
        this.#capitals += 1;
        this.#previousWasCapital = true;
        return;
      }
      case 'small': {
        this.#addSmall(character);
        return;
      }
      default: {
        characterClass satisfies never;
      }
    }
  }

  finish(): SplitText {
    this.#endWord();
    this.#endStretch();
    return {
      words: this.words,
      capitals: this.capitals,
      breakBefore: this.breakBefore,
      cjkStretches: this.cjkStretches,
    };
  }

  #addSmall(character: string): void {
    if (this.#kind !== 'letters') {
      this.#endWord();
      this.#startLetters(false);
    } else if (this.#pendingSplitAt !== undefined) {
      // `IDsomething` is `ID` + `something`, not a plural after all
      this.#splitAt(this.#pendingSplitAt);
    } else if (this.#previousWasCapital && this.#allCapitals && this.#capitals >= 2) {
      // An acronym run ends before its last capital: `APIKey` → `API` + `Key`, `XMLHttp` → `XML` + `Http`
      if (character === 's') {
        this.#pendingSplitAt = this.#word.length;
      } else {
        this.#splitAt(this.#lastCapitalAt);
      }
    }
    this.#word += character;
    this.#allCapitals = false;
    this.#previousWasCapital = false;
  }

  #startLetters(capital: boolean): void {
    this.#kind = 'letters';
    this.#allCapitals = capital;
    this.#capitals = 0;
    this.#previousWasCapital = false;
    this.#pendingSplitAt = undefined;
  }

  #splitAt(at: number): void {
    this.#push(this.#word.slice(0, at), true);
    this.#word = this.#word.slice(at);
    this.#pendingSplitAt = undefined;
  }

  #push(word: string, capitals: boolean): void {
    // Greek final sigma is the same letter: `ΚΩΔΙΚΟΣ` and `κωδικός` are one word, glued or not
    this.words.push(word.toLowerCase().replaceAll('ς', 'σ'));
    this.capitals.push(capitals && word.length >= 2);
    this.breakBefore.push(this.#broken);
    this.#broken = false;
  }

  #endWord(): void {
    if (this.#word !== '') {
      // All capitals, or all capitals but the plural `s` of `PUKs` (then `#pendingSplitAt` marks the `s`)
      const capitals = this.#kind === 'letters' && (this.#allCapitals || this.#pendingSplitAt !== undefined);
      this.#push(this.#word, capitals);
      if (this.#kind === 'cjk') {
        this.#stretchHasCjk = true;
      }
    }
    this.#word = '';
    this.#kind = undefined;
    this.#pendingSplitAt = undefined;
  }

  #endStretch(): void {
    if (this.#stretchHasCjk) {
      this.cjkStretches.push(this.words.slice(this.#stretchStart).join(''));
    }
    this.#stretchStart = this.words.length;
    this.#stretchHasCjk = false;
  }
}

/** A character with its fold applied, if it has one (`ł` → `l`); `table` may add more (the confusables). */
function foldLetters(text: string, table: ReadonlyMap<string, string> | undefined): string {
  let folded = '';
  for (const character of text) {
    folded += LETTER_FOLDS[character] ?? table?.get(character) ?? character;
  }
  return folded;
}

/** NFKD, accents dropped, letters without a decomposition folded, NFC: `Contraseña` → `Contrasena`. */
function fold(text: string, confusables?: ReadonlyMap<string, string>): string {
  if (!NON_ASCII.test(text)) {
    return text;
  }
  const decomposed = text.normalize('NFKD').replace(COMBINING_DIACRITICAL_MARK, '');
  return foldLetters(decomposed, confusables).normalize('NFC');
}

/** Splits an already folded text. */
function split(folded: string): SplitText {
  const splitter = new WordSplitter();
  for (const character of folded) {
    splitter.add(character);
  }
  return splitter.finish();
}

/** Folds a text (NFKD, accents dropped, NFC, `ß` → `ss`, `ł` → `l`, `ı` → `i`) and splits it into words. */
export function splitText(text: string): SplitText {
  return split(fold(text));
}

// ─── Undoing disguises ──────────────────────────────────────────────────────────────────────────────────────────

/** The confusables table, by character (generated from Unicode's data: sensitive-confusables.ts). */
const CONFUSABLES: ReadonlyMap<string, string> = new Map(
  Object.entries(CONFUSABLE_LETTERS).flatMap(([letter, characters]) =>
    [...characters].map((character) => [character, letter] as const),
  ),
);

const isAsciiLetter = (character: string | undefined): boolean =>
  character !== undefined && ((character >= 'a' && character <= 'z') || (character >= 'A' && character <= 'Z'));
const isAsciiLetterCode = (code: number): boolean => (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
const isAsciiDigitCode = (code: number): boolean => code >= 0x30 && code <= 0x39;
/** Signs that stand for a letter only between two letters or digits (`p@ss` yes, `Password!` no). */
const INNER_SIGNS: ReadonlySet<string> = new Set(['@', '!', '|']);
/** Whether an ASCII code is one of {@link LEET_LETTERS} (all ASCII), by code: a run may hold them. */
const IS_LEET = new Uint8Array(128);
for (const sign of Object.keys(LEET_LETTERS)) {
  IS_LEET[sign.charCodeAt(0)] = 1;
}
const isLeetCode = (code: number): boolean => code < 128 && IS_LEET[code] === 1;
const isRunCode = (code: number): boolean => isAsciiLetterCode(code) || isAsciiDigitCode(code) || isLeetCode(code);

/**
 * Leetspeak undone: in each run of ASCII letters, digits and `@ $ ! |` that holds at least two letters, or one letter
 * in three characters or more (`4P1`), the digits and signs of {@link LEET_LETTERS} become their letters (`p4ssw0rd`
 * → `password`, `P@$$w0rd` → `Password`, `4P1 k3y` → `API key`). A run of digits alone (`2025`, `6-digit`) and a
 * short one (`4K`, `3D`) are left as they are, and so are `@ ! |` at either end of a run (`Password!`). One pass over
 * the UTF-16 code units (everything the table knows is ASCII).
 */
function undoLeetspeak(text: string): string {
  let result = '';
  let index = 0;
  while (index < text.length) {
    if (!isRunCode(text.charCodeAt(index))) {
      result += text[index];
      index += 1;
      continue;
    }
    let end = index;
    let letters = 0;
    while (end < text.length && isRunCode(text.charCodeAt(end))) {
      letters += isAsciiLetterCode(text.charCodeAt(end)) ? 1 : 0;
      end += 1;
    }
    const leet = letters >= 2 || (letters === 1 && end - index >= 3);
    for (let position = index; position < end; position++) {
      const current = text[position]!;
      const letter = leet ? LEET_LETTERS[current] : undefined;
      const inner = position > index && position < end - 1;
      result += letter !== undefined && (inner || !INNER_SIGNS.has(current)) ? letter : current;
    }
    index = end;
  }
  return result;
}

/** Whether a text holds anything the confusables table or leetspeak could change (a non-ASCII or a leet character). */
function mayBeDisguised(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0x80 || IS_LEET[code] === 1) {
      return true;
    }
  }
  return false;
}

/**
 * Runs of three or more one-letter words written apart (`P a s s w o r d`, `O-T-P`, `S.S.N.`, `⒫⒜⒮⒮` once NFKD has
 * made it `(p)(a)(s)(s)`) joined into one word, whatever separates them.
 */
function joinSpacedLetters(text: SplitText): SplitText {
  const words: string[] = [];
  const capitals: boolean[] = [];
  const breakBefore: boolean[] = [];
  let index = 0;
  while (index < text.words.length) {
    let end = index;
    while (end < text.words.length && text.words[end]!.length === 1 && isAsciiLetter(text.words[end])) {
      end += 1;
    }
    if (end - index >= 3) {
      words.push(text.words.slice(index, end).join(''));
      capitals.push(false);
      breakBefore.push(text.breakBefore[index] ?? false);
      index = end;
    } else {
      words.push(text.words[index]!);
      capitals.push(text.capitals[index] ?? false);
      breakBefore.push(text.breakBefore[index] ?? false);
      index += 1;
    }
  }
  return { words, capitals, breakBefore, cjkStretches: text.cjkStretches };
}

/** Whether a split text holds three one-letter words in a row (letters spaced out). */
function hasSpacedLetters(text: SplitText): boolean {
  let run = 0;
  for (const word of text.words) {
    run = word.length === 1 && isAsciiLetter(word) ? run + 1 : 0;
    if (run >= 3) {
      return true;
    }
  }
  return false;
}

/**
 * The text with its disguises undone — confusable letters folded to Latin, leetspeak read as letters, spaced-out
 * letters joined — split into words; `undefined` when there is nothing to undo (the split of the text itself says it
 * all). Judged only after the text itself gave no verdict, so that words of other scripts (`пароль`) are read first
 * as they are written.
 */
export function undisguise(text: string, plain: SplitText): SplitText | undefined {
  const spaced = hasSpacedLetters(plain);
  if (!spaced && !mayBeDisguised(text)) {
    return undefined;
  }
  const undone = undoLeetspeak(fold(text, CONFUSABLES));
  if (!spaced && undone === fold(text)) {
    return undefined;
  }
  return joinSpacedLetters(split(undone));
}
