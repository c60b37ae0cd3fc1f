// URL-mode hygiene (spec 2025-11-25 §7.3/§7.4 and kit policy): which links the user may open and what to warn about.
// The kit never fetches the URL; this is string analysis over the WHATWG URL parser every host has.
import type { UrlAnalysis, UrlWarningCode } from './types.js';

/** The global WHATWG `URL` (the core's lib has no DOM types, so only what is used is declared). */
const URLParser = (
  globalThis as unknown as {
    URL: new (input: string) => {
      protocol: string;
      hostname: string;
      href: string;
      username: string;
      password: string;
    };
  }
).URL;

// Every warning in order; the first four block opening the link.
const MESSAGES: [UrlWarningCode, string][] = Object.entries({
  invalid: 'Not a valid URL',
  'blocked-scheme': 'Only https: links can be opened',
  'insecure-http': 'Not encrypted (http:)',
  userinfo: 'A user name hides the real host',
  punycode: 'Punycode host (xn--)',
  'ip-literal': 'Bare IP address host',
  'mixed-script': 'Host mixes alphabets',
  'invisible-characters': 'Invisible characters',
  'long-url': 'Unusually long link',
}) as never;

/**
 * Analyses a URL-mode link without fetching it: the host to highlight, whether the kit lets the user open it, and
 * why to be careful. Only `https:` (and `http:` on loopback: localhost, *.localhost, 127.0.0.0/8, [::1]) can be
 * opened; other schemes, unparseable input and userinfo (`https://good.example@evil.example`) cannot. Punycode,
 * IP hosts, mixed scripts, invisible/bidi characters and links over 2048 characters only warn.
 * Open `href` (the WHATWG-normalised form), never the raw input.
 */
export function analyzeUrl(url: string): UrlAnalysis {
  let parsed;
  try {
    parsed = new URLParser(url);
  } catch {
    // Not a URL: `invalid`.
  }
  const host = parsed?.hostname ?? '';
  const scheme = parsed?.protocol.slice(0, -1) ?? '';
  // The host labels as written (before IDNA turns them into punycode), to see whether one label mixes alphabets
  // (`раураl`); a whole label in one script (`пример.com`, `例え.jp`) is fine. Kana is not listed: it mixes with Han.
  const labels = String(url)
    .replace(/^[^/]*\/\/([^/?#]*@)?/, '')
    .split(/[/?#:\\]/)[0]!
    .split('.');
  const found = [
    !parsed,
    parsed && !/^https?$/.test(scheme),
    scheme === 'http' && !/^(localhost|.+\.localhost|127(\.\d+){3}|\[::1\])$/.test(host),
    parsed?.username || parsed?.password,
    /(^|\.)xn--/i.test(host),
    /^[\d.]+$|^\[/.test(host),
    labels.some(
      (label) =>
        'Latin Cyrillic Greek Armenian Cherokee Han Arabic Hebrew'
          .split(' ')
          .filter((script) => new RegExp(`\\p{sc=${script}}`, 'u').test(label)).length > 1,
    ),
    // Zero-width characters, soft hyphen, word joiners, BOM and bidi controls.
    /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/.test(url),
    url.length > 2048,
  ];
  return {
    canOpen: !found.slice(0, 4).some(Boolean),
    href: parsed?.href ?? String(url),
    host,
    scheme,
    warnings: MESSAGES.filter((_, index) => found[index]).map(([code, message]) => ({ code, message })),
  };
}
