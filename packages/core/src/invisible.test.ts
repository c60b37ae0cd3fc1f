// The kit's one invisible-character set: what it catches, what it leaves alone, and how it is shown.
import { describe, expect, it } from 'vitest';
import { hasInvisibleCharacters, revealInvisible } from './invisible.js';

/** Every character the brief and the module's documentation name, one per entry. */
const invisible: [name: string, character: string][] = [
  ['NUL', '\u0000'],
  ['tab', '\t'],
  ['newline', '\n'],
  ['carriage return', '\r'],
  ['escape', '\u001B'],
  ['DEL', '\u007F'],
  ['C1 next line', '\u0085'],
  ['C1 CSI', '\u009B'],
  ['soft hyphen', '\u00AD'],
  ['combining grapheme joiner', '\u034F'],
  ['Arabic letter mark', '\u061C'],
  ['Hangul choseong filler', '\u115F'],
  ['Hangul jungseong filler', '\u1160'],
  ['Khmer inherent vowel', '\u17B4'],
  ['Mongolian free variation selector', '\u180B'],
  ['Mongolian vowel separator', '\u180E'],
  ['zero-width space', '\u200B'],
  ['zero-width non-joiner', '\u200C'],
  ['zero-width joiner', '\u200D'],
  ['left-to-right mark', '\u200E'],
  ['right-to-left mark', '\u200F'],
  ['line separator', '\u2028'],
  ['paragraph separator', '\u2029'],
  ['left-to-right embedding', '\u202A'],
  ['right-to-left embedding', '\u202B'],
  ['pop directional formatting', '\u202C'],
  ['left-to-right override', '\u202D'],
  ['right-to-left override', '\u202E'],
  ['word joiner', '\u2060'],
  ['invisible times', '\u2062'],
  ['left-to-right isolate', '\u2066'],
  ['right-to-left isolate', '\u2067'],
  ['first strong isolate', '\u2068'],
  ['pop directional isolate', '\u2069'],
  ['Braille pattern blank', '\u2800'],
  ['Hangul filler', '\u3164'],
  ['variation selector 1', '\uFE00'],
  ['variation selector 16', '\uFE0F'],
  ['BOM', '\uFEFF'],
  ['halfwidth Hangul filler', '\uFFA0'],
  ['interlinear annotation anchor', '\uFFF9'],
  ['tag (reserved start)', '\u{E0000}'],
  ['language tag', '\u{E0001}'],
  ['tag latin capital A', '\u{E0041}'],
  ['cancel tag', '\u{E007F}'],
  ['variation selector 17', '\u{E0100}'],
  ['variation selector 256', '\u{E01EF}'],
];

const visible = [
  'https://mcp.example.com/a?b=c#d',
  'plain ünïcödé 日本 пример العربية',
  ' \u00A0\u3000', // spaces show as gaps
  '😀👍🏽', // an emoji with a skin-tone modifier (no selector or joiner)
  '\uFFFD\uFFFC',
  '',
];

describe('hasInvisibleCharacters', () => {
  it.each(invisible)('finds %s', (_name, character) => {
    expect(hasInvisibleCharacters(character)).toBe(true);
    expect(hasInvisibleCharacters(`exa${character}mple.com`)).toBe(true);
  });

  it('finds nothing in visible text, whatever its script', () => {
    for (const text of visible) {
      expect(hasInvisibleCharacters(text)).toBe(false);
    }
  });

  it('keeps no state between calls', () => {
    expect([hasInvisibleCharacters('a\u200B'), hasInvisibleCharacters('a\u200B'), hasInvisibleCharacters('a')]).toEqual(
      [true, true, false],
    );
  });

  it('answers on 100,000-character text', () => {
    expect(hasInvisibleCharacters('a'.repeat(100_000))).toBe(false);
    expect(hasInvisibleCharacters(`${'a'.repeat(100_000)}\u202E`)).toBe(true);
    expect(hasInvisibleCharacters('\u200B'.repeat(100_000))).toBe(true);
  });
});

describe('revealInvisible', () => {
  it('shows each invisible character as its code point', () => {
    expect(revealInvisible('a\u202Eb\u200Bc\u0000d\u2066')).toBe('a⟨U+202E⟩b⟨U+200B⟩c⟨U+0000⟩d⟨U+2066⟩');
    expect(revealInvisible('x\u{E0041}y\tz')).toBe('x⟨U+E0041⟩y⟨U+0009⟩z');
    expect(revealInvisible('\u2800\u3164')).toBe('⟨U+2800⟩⟨U+3164⟩');
  });

  it.each(invisible)('reveals %s', (_name, character) => {
    const hex = character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    expect(revealInvisible(`a${character}b`)).toBe(`a⟨U+${hex}⟩b`);
  });

  it('leaves visible text unchanged', () => {
    for (const text of visible) {
      expect(revealInvisible(text)).toBe(text);
    }
  });

  it('leaves nothing invisible behind, on 100,000 characters', () => {
    const revealed = revealInvisible('\u200B\u202E'.repeat(50_000));
    expect(revealed).toBe('⟨U+200B⟩⟨U+202E⟩'.repeat(50_000));
    expect(hasInvisibleCharacters(revealed)).toBe(false);
  });
});
