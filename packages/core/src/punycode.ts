// Punycode (RFC 3492) decoding, to show and judge hosts as the user reads them: `xn--pypal-4ve` is `pаypal` with a
// Cyrillic `а`. Decoding only: the WHATWG URL parser already turns Unicode hosts into ASCII.

/** Parameters of Punycode for IDNA (RFC 3492 §5). */
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;
const DELIMITER = '-';
/** RFC 3492 §6.4: decoders must detect overflow past the integer range they use (here 2³¹ − 1, as the RFC's C code). */
const MAX_INT = 0x7fffffff;
const MAX_CODE_POINT = 0x10ffff;
/**
 * The longest encoded part accepted: a DNS label has at most 63 octets (RFC 1035 §2.3.4), `xn--` included. The bound
 * keeps the decoder's insertions (quadratic in the label in the worst case) to a constant cost per label.
 */
const MAX_ENCODED_LENGTH = 59;
/** The ACE prefix of an IDNA A-label (RFC 5890 §2.3.2.1), compared case-insensitively. */
const ACE_PREFIX = 'xn--';

/** The value of one Punycode digit (`a`–`z` = 0–25, `0`–`9` = 26–35, either case), or `BASE` when it is none. */
function digitValue(charCode: number): number {
  if (charCode >= 0x30 && charCode <= 0x39) {
    return charCode - 0x30 + 26;
  }
  if (charCode >= 0x41 && charCode <= 0x5a) {
    return charCode - 0x41;
  }
  if (charCode >= 0x61 && charCode <= 0x7a) {
    return charCode - 0x61;
  }
  return BASE;
}

/** Bias adaptation (RFC 3492 §6.1). */
function adapt(delta: number, pointCount: number, firstTime: boolean): number {
  let scaled = firstTime ? Math.floor(delta / DAMP) : delta >> 1;
  scaled += Math.floor(scaled / pointCount);
  let k = 0;
  while (scaled > ((BASE - T_MIN) * T_MAX) >> 1) {
    scaled = Math.floor(scaled / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * scaled) / (scaled + SKEW));
}

/**
 * Decodes a Punycode string (RFC 3492, the part of an IDNA label after `xn--`) into Unicode: `pypal-4ve` → `pаypal`.
 * Returns `undefined` for anything that is not valid Punycode: a non-ASCII character, a bad digit, an overflow, a
 * code point out of range or a surrogate, or input longer than 59 characters (no DNS label is longer). Never throws;
 * bounded work per call.
 *
 * @example decodePunycode('80ak6aa92e') // 'аррӏе' (Cyrillic)
 */
export function decodePunycode(encoded: string): string | undefined {
  if (encoded.length > MAX_ENCODED_LENGTH) {
    return undefined;
  }
  const output: number[] = [];
  const lastDelimiter = encoded.lastIndexOf(DELIMITER);
  for (let index = 0; index < lastDelimiter; index++) {
    const charCode = encoded.charCodeAt(index);
    if (charCode >= INITIAL_N) {
      return undefined;
    }
    output.push(charCode);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  let position = lastDelimiter > 0 ? lastDelimiter + 1 : 0;
  while (position < encoded.length) {
    const oldI = i;
    let weight = 1;
    for (let k = BASE; ; k += BASE) {
      if (position >= encoded.length) {
        return undefined;
      }
      const digit = digitValue(encoded.charCodeAt(position));
      position++;
      if (digit >= BASE || digit > Math.floor((MAX_INT - i) / weight)) {
        return undefined;
      }
      i += digit * weight;
      const threshold = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < threshold) {
        break;
      }
      if (weight > Math.floor(MAX_INT / (BASE - threshold))) {
        return undefined;
      }
      weight *= BASE - threshold;
    }
    const pointCount = output.length + 1;
    bias = adapt(i - oldI, pointCount, oldI === 0);
    if (Math.floor(i / pointCount) > MAX_INT - n) {
      return undefined;
    }
    n += Math.floor(i / pointCount);
    i %= pointCount;
    // A decoded code point must be non-basic (RFC 3492 §6.2), in range and not a surrogate.
    if (n < INITIAL_N || n > MAX_CODE_POINT || (n >= 0xd800 && n <= 0xdfff)) {
      return undefined;
    }
    output.splice(i, 0, n);
    i++;
  }
  return String.fromCodePoint(...output);
}

/**
 * The Unicode form of one host label: an `xn--` label (any case) decoded with {@link decodePunycode}, any other label
 * unchanged. A label that does not decode to Unicode (invalid Punycode, or only ASCII, which no A-label may encode)
 * stays as written, since that is the name the browser will look up.
 *
 * @example toUnicodeLabel('xn--e1afmkfd') // 'пример'
 */
export function toUnicodeLabel(label: string): string {
  if (label.length <= ACE_PREFIX.length || label.slice(0, ACE_PREFIX.length).toLowerCase() !== ACE_PREFIX) {
    return label;
  }
  const decoded = decodePunycode(label.slice(ACE_PREFIX.length));
  if (decoded === undefined) {
    return label;
  }
  for (let index = 0; index < decoded.length; index++) {
    if (decoded.charCodeAt(index) >= INITIAL_N) {
      return decoded;
    }
  }
  return label;
}

/**
 * The Unicode form of a host, for display and for judging scripts: each `xn--` label decoded with
 * {@link toUnicodeLabel}, everything else (other labels, dots, IP addresses) unchanged. Linear in the length of `host`.
 *
 * @example toUnicodeHost('www.xn--e1afmkfd.xn--p1ai') // 'www.пример.рф'
 */
export function toUnicodeHost(host: string): string {
  if (!host.toLowerCase().includes(ACE_PREFIX)) {
    return host;
  }
  return host.split('.').map(toUnicodeLabel).join('.');
}
