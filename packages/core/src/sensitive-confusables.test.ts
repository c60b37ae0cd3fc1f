// The confusables table is generated data: regenerating it from its pinned sources (Unicode's confusables.txt via
// unhomoglyph, Unicode names via unicode-name) must give the committed file, and it must fold what it promises.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CONFUSABLE_LETTERS } from './sensitive-confusables.js';
import { detectSecret } from './sensitive.js';
import { root } from './test/harness.js';

describe('the generated confusables table', () => {
  it('is what scripts/generate-confusables.mjs makes from its sources (not edited by hand)', () => {
    const output = execFileSync(
      process.execPath,
      [`${root}packages/core/scripts/generate-confusables.mjs`, '--check'],
      {
        encoding: 'utf8',
      },
    );
    expect(output).toContain('is up to date');
  });

  it.each([
    ['Cyrillic а', '\u0430', 'a'],
    ['Cyrillic е', '\u0435', 'e'],
    ['Cyrillic Т', '\u0422', 'T'],
    ['Cyrillic т, through its small-capital prototype', '\u0442', 't'],
    ['Greek ρ', '\u03c1', 'p'],
    ['Greek Ι (upper case I-like letters fold to I)', '\u0399', 'I'],
    ['Latin small capital ᴘ, by its name', '\u1d18', 'p'],
    ['Latin dotless ı', '\u0131', 'i'],
    ['Cherokee Ꭺ', '\u13aa', 'A'],
  ])('folds %s', (_, character, letter) => {
    expect(CONFUSABLE_LETTERS[letter]).toContain(character);
  });

  it('leaves out what NFKD already folds (fullwidth, mathematical letters)', () => {
    const all = Object.values(CONFUSABLE_LETTERS).join('');
    expect(all).not.toContain('\uff50');
    expect(all).not.toContain('\ud835\udc29');
  });

  it('makes disguised words readable to the detector', () => {
    expect(detectSecret('\u1d18\u1d00ss\u1d21\u1d0f\u0280\u1d05')).toBe('password');
    expect(detectSecret('\u0422\u043e\u043a\u0435\u043d')).toBe('token');
  });
});
