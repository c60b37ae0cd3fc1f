// Punycode decoding against RFC 3492's samples, the runtime's own IDNA, invalid input and hostile lengths.
import { domainToASCII, domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodePunycode, toUnicodeHost, toUnicodeLabel } from './punycode.js';

describe('decodePunycode', () => {
  it('decodes the samples of RFC 3492 §7.1, keeping the case of basic code points', () => {
    expect(decodePunycode('egbpdaj6bu4bxfgehfvwxn')).toBe('ليهمابتكلموشعربي؟');
    expect(decodePunycode('ihqwcrb4cv8a8dqg056pqjye')).toBe('他们为什么不说中文');
    expect(decodePunycode('3B-ww4c5e180e575a65lsy2b')).toBe('3年B組金八先生');
    expect(decodePunycode('-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n')).toBe('安室奈美恵-with-SUPER-MONKEYS');
    expect(decodePunycode('-> $1.00 <--')).toBe('-> $1.00 <-');
  });

  it('decodes look-alike hosts and astral code points', () => {
    expect(decodePunycode('pypal-4ve')).toBe('p\u0430ypal');
    expect(decodePunycode('80ak6aa92e')).toBe('\u0430\u0440\u0440\u04cf\u0435');
    expect(decodePunycode('e28h')).toBe('😀');
    expect(decodePunycode('PYPAL-4VE')).toBe('P\u0430YPAL');
    expect(decodePunycode('')).toBe('');
    expect(decodePunycode('abc-')).toBe('abc');
  });

  it('agrees with the runtime IDNA on labels of many scripts', () => {
    const labels = [
      'bücher',
      'пример',
      '例え',
      'αβγ',
      'ελληνικά',
      'עברית',
      'مثال',
      'हिन्दी',
      'ไทย',
      '한국어',
      'ㄅ中',
      'straße-ß',
      'ab\u2800',
    ];
    for (const label of labels) {
      const ascii = domainToASCII(label);
      expect(ascii.startsWith('xn--')).toBe(true);
      expect(decodePunycode(ascii.slice(4))).toBe(domainToUnicode(ascii));
    }
  });

  it('returns undefined for invalid input instead of throwing', () => {
    expect(decodePunycode('zz')).toBeUndefined(); // ends inside a number
    expect(decodePunycode('-')).toBeUndefined(); // a delimiter first is not followed by digits
    expect(decodePunycode('ab-c!')).toBeUndefined(); // not a digit
    expect(decodePunycode('é-a')).toBeUndefined(); // non-ASCII before the delimiter
    expect(decodePunycode('9999z')).toBeUndefined(); // a code point past U+10FFFF
    expect(decodePunycode('ib9b')).toBeUndefined(); // a surrogate
    expect(decodePunycode('99999999999')).toBeUndefined(); // overflow
  });

  it('bounds its work: input longer than a DNS label is refused', () => {
    const longest = domainToASCII(`${'a'.repeat(55)}é`).slice(4);
    expect(longest).toHaveLength(59);
    expect(decodePunycode(longest)).toBe(`${'a'.repeat(55)}é`);
    expect(decodePunycode(domainToASCII(`${'a'.repeat(56)}é`).slice(4))).toBeUndefined();
    expect(decodePunycode('xn--'.repeat(25_000))).toBeUndefined();
    expect(decodePunycode('9'.repeat(100_000))).toBeUndefined();
    expect(decodePunycode(`${'-'.repeat(100_000)}a`)).toBeUndefined();
  });
});

describe('toUnicodeLabel', () => {
  it('decodes xn-- labels in any case and leaves other labels as they are', () => {
    expect(toUnicodeLabel('xn--e1afmkfd')).toBe('пример');
    expect(toUnicodeLabel('XN--E1AFMKFD')).toBe('пример');
    expect(toUnicodeLabel('example')).toBe('example');
    expect(toUnicodeLabel('xn--')).toBe('xn--');
  });

  it('keeps labels that do not decode to Unicode: invalid Punycode, or only ASCII', () => {
    expect(toUnicodeLabel('xn--zz')).toBe('xn--zz');
    expect(toUnicodeLabel('xn--abc-')).toBe('xn--abc-');
    expect(toUnicodeLabel(`xn--${'a'.repeat(100)}`)).toBe(`xn--${'a'.repeat(100)}`);
  });
});

describe('toUnicodeHost', () => {
  it('decodes each label of a host', () => {
    expect(toUnicodeHost('www.xn--e1afmkfd.xn--p1ai')).toBe('www.пример.рф');
    expect(toUnicodeHost('login.xn--pypal-4ve.com.')).toBe('login.p\u0430ypal.com.');
    expect(toUnicodeHost('mcp.example.com')).toBe('mcp.example.com');
    expect(toUnicodeHost('[::1]')).toBe('[::1]');
    expect(toUnicodeHost('')).toBe('');
  });

  it('stays linear on 100,000-character hosts', () => {
    expect(toUnicodeHost(`${'xn--e1afmkfd.'.repeat(7692)}com`)).toBe(`${'пример.'.repeat(7692)}com`);
    expect(toUnicodeHost('xn--'.repeat(25_000))).toBe('xn--'.repeat(25_000));
    expect(toUnicodeHost('.'.repeat(100_000))).toBe('.'.repeat(100_000));
    expect(toUnicodeHost(`xn--.${'xn--a.'.repeat(16_000)}`)).toBe(`xn--.${'\u0080.'.repeat(16_000)}`);
  });
});
