// The one set of invisible characters for the whole kit: characters that change or hide what a URL, a host or a
// server name says without showing themselves. Meant for identifiers (links, hosts, names), not for prose: there a
// newline, a tab or an emoji's variation selector is ordinary.

/**
 * One invisible character (the `g` flag only serves `replace`; `search` ignores it and keeps no state). A single
 * character class, so every use is one linear scan. The set:
 *
 * - `\p{Cc}`: every control character, C0 (U+0000–U+001F, including tab, newline and carriage return), DEL (U+007F)
 *   and C1 (U+0080–U+009F). In a URL every control is suspicious: the URL parser silently drops tabs and newlines
 *   (`java\tscript:`), so what was sent is not what is shown.
 * - `\p{Cf}`: every format character: soft hyphen U+00AD, Arabic letter mark U+061C, Mongolian vowel separator
 *   U+180E, zero-width space, non-joiner and joiner U+200B–U+200D, LRM/RLM U+200E/F, bidi embeddings and overrides
 *   U+202A–U+202E, word joiner and invisible operators U+2060–U+2064, bidi isolates U+2066–U+2069, BOM U+FEFF,
 *   interlinear annotation U+FFF9–U+FFFB, tag characters U+E0001 and U+E0020–U+E007F, and the rest of the category.
 * - `\p{Default_Ignorable_Code_Point}`: what Unicode says renders as nothing even when not a format character:
 *   combining grapheme joiner U+034F, Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, Khmer inherent vowels
 *   U+17B4/5, Mongolian free variation selectors U+180B–U+180F, variation selectors U+FE00–U+FE0F and
 *   U+E0100–U+E01EF, and the reserved U+2065, U+FFF0–U+FFF8 and U+E0000–U+E0FFF.
 * - `\p{Zl}` and `\p{Zp}`: line and paragraph separators U+2028/U+2029 (they break a line without looking like a
 *   character).
 * - U+2800 Braille pattern blank: drawn as empty space, yet not whitespace, so it survives trimming and is allowed in
 *   hosts (`xn--ab-20y` is `ab` + U+2800).
 *
 * Not included: spaces (`\p{Zs}`, such as U+0020, U+00A0, U+3000) are visible as gaps, and the URL parser
 * percent-encodes or rejects them.
 */
const INVISIBLE_CHARACTER = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\u2800]/gu;

/**
 * Whether `text` holds at least one invisible character: a control character (every one, tab and newline included),
 * a format character (zero-width characters, soft hyphen, word joiners, BOM, bidi controls, tag characters), a
 * default-ignorable code point (Hangul fillers, variation selectors), a line or paragraph separator, or the Braille
 * blank U+2800. Linear in the length of `text`.
 *
 * @example hasInvisibleCharacters('exa\u200Bmple.com') // true
 */
export function hasInvisibleCharacters(text: string): boolean {
  return text.search(INVISIBLE_CHARACTER) >= 0;
}

/** The visible stand-in for one invisible character: `⟨U+200B⟩` (at least four upper-case hex digits). */
function markInvisible(character: string): string {
  const hex = (character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
  return `⟨U+${hex}⟩`;
}

/**
 * Replaces each invisible character of `text` (the set of {@link hasInvisibleCharacters}) by a visible marker naming
 * its code point, `⟨U+202E⟩`, so a link, host or name can neither hide nor reorder text. Everything else, accented
 * letters and other scripts included, is kept as is. Linear in the length of `text`.
 *
 * @example revealInvisible('a\u202Eb') // 'a⟨U+202E⟩b'
 */
export function revealInvisible(text: string): string {
  return text.replace(INVISIBLE_CHARACTER, markInvisible);
}
