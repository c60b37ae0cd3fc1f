// String formats of the restricted schema, mirrored from ajv-formats 3.0.1 in its default ("full") mode, so that the
// kit's verdicts agree with the ajv most MCP servers re-check with (issue 2 item 3). EMAIL, DATE and TIME are copied
// verbatim from ajv-formats/dist/formats.js; URI is the same expression assembled from its repeated parts (a test
// checks that its source equals ajv-formats' text, and the differential tests compare verdicts).
import type { StringFormat } from './types.js';

const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const H = '[0-9a-f]{1,4}';
const O = String.raw`(?:25[0-5]|2[0-4]\d|[01]?\d\d?)`;
const U = "a-z0-9\\-._~!$&'()*+,;=";
const P = `(?:[${U}:@]|%[0-9a-f]{2})`;
const Q = `(?:[${U}:@/?]|%[0-9a-f]{2})`;
/** ajv-formats' URI expression (exported for the test that compares it with the original). */
export const URI = new RegExp(String.raw`^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[${U}:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:${H}:){6}|::(?:${H}:){5}|(?:${H})?::(?:${H}:){4}|(?:(?:${H}:){0,1}${H})?::(?:${H}:){3}|(?:(?:${H}:){0,2}${H})?::(?:${H}:){2}|(?:(?:${H}:){0,3}${H})?::${H}:|(?:(?:${H}:){0,4}${H})?::)(?:${H}:${H}|(?:${O}\.){3}${O})|(?:(?:${H}:){0,5}${H})?::${H}|(?:(?:${H}:){0,6}${H})?::)|[Vv][0-9a-f]+\.[${U}:]+)\]|(?:${O}\.){3}${O}|(?:[${U}]|%[0-9a-f]{2})*)(?::\d*)?(?:\/${P}*)*|\/(?:${P}+(?:\/${P}*)*)?|${P}+(?:\/${P}*)*)(?:\?${Q}*)?(?:#${Q}*)?$`, 'i');
const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;

const isDate = (s: string): boolean => {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [+m[1]!, +m[2]!, +m[3]!];
  const feb = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return mo >= 1 && mo <= 12 && d >= 1 && d <= [0, 31, feb, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo]!;
};

// RFC 3339 time with a mandatory offset (ajv-formats' strict time zone); a leap second only at 23:59:60 UTC.
const isTime = (s: string): boolean => {
  const m = TIME.exec(s);
  if (!m?.[4]) return false;
  const [hr, min, sec] = [+m[1]!, +m[2]!, +m[3]!];
  const sign = m[5] === '-' ? -1 : 1;
  const tzH = +(m[6] ?? 0);
  const tzM = +(m[7] ?? 0);
  if (tzH > 23 || tzM > 59) return false;
  if (hr <= 23 && min <= 59 && sec < 60) return true;
  const utcMin = min - tzM * sign;
  const utcHr = hr - tzH * sign - (utcMin < 0 ? 1 : 0);
  return (utcHr === 23 || utcHr === -1) && (utcMin === 59 || utcMin === -1) && sec < 61;
};

/** Format checks, keyed by format name. */
export const formats: Record<StringFormat, (value: string) => boolean> = {
  email: (s) => EMAIL.test(s),
  uri: (s) => /\/|:/.test(s) && URI.test(s),
  date: isDate,
  'date-time': (s) => {
    const parts = s.split(/t|\s/i);
    return parts.length === 2 && isDate(parts[0]!) && isTime(parts[1]!);
  },
};
