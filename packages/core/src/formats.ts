// String formats of the restricted schema, mirrored from ajv-formats 3.0.1 in its default ("full") mode, so that the
// kit's verdicts agree with the ajv most MCP servers re-check with (issue 2 item 3). EMAIL, URI and TIME are copied
// verbatim from ajv-formats/dist/formats.js (a test checks URI's source against ajv-formats' text, and the
// differential tests compare verdicts); full-date and time follow its code.
import type { StringFormat } from './types.js';

const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
/** ajv-formats' URI expression, verbatim (a test compares its source with the original). */
export const URI =
  /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;
const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;

const DATE = /^\d{4}-\d\d-\d\d$/;
const ZERO = 0x30;

/** The number the characters of `s` from `start` to `end` write, all of them known to be decimal digits. */
function digitsAt(s: string, start: number, end: number): number {
  let value = 0;
  for (let index = start; index < end; index++) {
    value = value * 10 + s.charCodeAt(index) - ZERO;
  }
  return value;
}

// ajv-formats' full-date: YYYY-MM-DD, a real day of the proleptic Gregorian calendar (30 + (m + m>>3)&1 days in
// months other than February: 31 in January…July's odd months and August…December's even ones).
const isDate = (s: string): boolean => {
  if (!DATE.test(s)) {
    return false;
  }
  const y = digitsAt(s, 0, 4);
  const m = digitsAt(s, 5, 7);
  const d = digitsAt(s, 8, 10);
  return (
    m > 0 &&
    m < 13 &&
    d > 0 &&
    d <= (m === 2 ? (y % 4 || (!(y % 100) && y % 400) ? 28 : 29) : 30 + ((m + (m >> 3)) & 1))
  );
};

// RFC 3339 time with a mandatory offset (ajv-formats' strict time zone); a leap second only at 23:59:60 UTC.
// (Read by index: a match array is not a plain array, and destructuring or mapping it costs more than the check.)
const isTime = (s: string): boolean => {
  const match = TIME.exec(s) ?? [];
  const hr = +match[1]!;
  const min = +match[2]!;
  const sec = +match[3]!;
  const tzH = +(match[6] ?? 0);
  const tzM = +(match[7] ?? 0);
  const west = match[5] === '-';
  const utcMin = west ? min + tzM : min - tzM;
  const utcHr = (west ? hr + tzH : hr - tzH) - (utcMin < 0 ? 1 : 0);
  return (
    !!match[4] &&
    tzH < 24 &&
    tzM < 60 &&
    ((hr < 24 && min < 60 && sec < 60) ||
      ((utcHr === 23 || utcHr === -1) && (utcMin === 59 || utcMin === -1) && sec < 61))
  );
};

/** Format checks, keyed by format name. */
export const formats: Record<StringFormat, (value: string) => boolean> = {
  email: (s) => EMAIL.test(s),
  uri: (s) => /\/|:/.test(s) && URI.test(s),
  date: isDate,
  // ajv-formats splits at /t|\s/i and wants two parts: neither part may hold a separator, so cutting at the first
  // one gives the same verdicts without a regex split.
  'date-time': (s) => {
    const at = s.search(/t|\s/i);
    return at > 0 && isDate(s.slice(0, at)) && isTime(s.slice(at + 1));
  },
};
