// URL-mode hygiene (spec 2025-11-25 §7.3/§7.4 and kit policy): which links the user may open, which part of the
// address names the site, and what to warn about. The kit never fetches the URL: this is string analysis over the
// WHATWG URL parser every host has, so links are judged as the browser will read them.
import { hasInvisibleCharacters } from './invisible.js';
import { toUnicodeHost } from './punycode.js';
import { isIpAddress, isLoopbackHost, isSameSite, registrableDomain, type SiteOptions } from './site.js';

/** Stable codes of URL warnings. The first four (`invalid` … `userinfo`) block opening the link; the rest inform. */
export type UrlWarningCode =
  | 'invalid'
  | 'blocked-scheme'
  | 'insecure-http'
  | 'userinfo'
  | 'punycode'
  | 'encoded-host'
  | 'ip-literal'
  | 'mixed-script'
  | 'invisible-characters'
  | 'long-url'
  | 'different-site';

/** A reason to be careful with a URL: a stable `code` for programs and an English sentence for people. */
export interface UrlWarning {
  code: UrlWarningCode;
  message: string;
}

/** Result of {@link analyzeUrl}. */
export interface UrlAnalysis {
  /** Whether the kit lets the user open it: `https:` (or `http:` on a loopback host), parseable, without userinfo. */
  canOpen: boolean;
  /** The normalised URL (WHATWG serialisation) to open and to show, or the input when it does not parse. */
  href: string;
  /** The host as the browser will look it up (ASCII, Punycode for Unicode labels), `''` when there is none. */
  host: string;
  /** `host` with its `xn--` labels decoded (`пример.рф`), for display beside `href`; `''` when there is none. */
  unicodeHost: string;
  /**
   * The site of `host` ({@link registrableDomain}, by the Public Suffix List when one is given): `example.co.uk` for
   * `login.example.co.uk`; `''` when none.
   */
  site: string;
  /**
   * `href` cut around its site, so a UI can highlight the site: `before` (scheme, userinfo and subdomains), `site`,
   * `after` (port, path, query and fragment). `before + site + after === href`; without a host, `before` is `href`.
   */
  parts: { before: string; site: string; after: string };
  /** The scheme without the colon, e.g. `https`; `''` when it does not parse. */
  scheme: string;
  /** Why to be careful, most serious first. */
  warnings: UrlWarning[];
  /** With a parseable `serverUrl`: whether the link's site is the server's ({@link isSameSite}). */
  sameSiteAsServer?: boolean;
}

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
type ParsedUrl = InstanceType<typeof URLParser>;

/** Schemes whose links may be opened (`http` only on loopback). */
const WEB_SCHEMES: ReadonlySet<string> = new Set(['https', 'http']);
/** Warnings that stop the kit from opening the link. */
const BLOCKING_WARNINGS: ReadonlySet<UrlWarningCode> = new Set([
  'invalid',
  'blocked-scheme',
  'insecure-http',
  'userinfo',
]);
/** Longer links (input or normalised) get `long-url`: 2,048 is the de facto limit of address bars and servers. */
const MAX_URL_LENGTH = 2048;
/** The IDNA ACE prefix, at the start of a label. */
const ACE_PREFIX = 'xn--';
/** A run of percent-escapes (`%D0%B0`), decoded together as UTF-8. */
const PERCENT_ESCAPES = /(?:%[\da-f]{2})+/gi;
/** Any code unit outside ASCII. */
const NON_ASCII = /[\u0080-\uffff]/;
const REPLACEMENT_CHARACTER = '\ufffd';

/** A script whose letters a host label may use, with the name shown to the user. */
interface Script {
  name: string;
  letters: RegExp;
}

/**
 * The scripts `mixed-script` tells apart: those with letters in use in host names. Characters of the Common and
 * Inherited scripts (digits, hyphen, combining marks) belong to none; letters of scripts not listed are not judged.
 */
const SCRIPTS: readonly Script[] = [
  { name: 'Latin', letters: /\p{Script=Latin}/u },
  { name: 'Greek', letters: /\p{Script=Greek}/u },
  { name: 'Cyrillic', letters: /\p{Script=Cyrillic}/u },
  { name: 'Armenian', letters: /\p{Script=Armenian}/u },
  { name: 'Georgian', letters: /\p{Script=Georgian}/u },
  { name: 'Hebrew', letters: /\p{Script=Hebrew}/u },
  { name: 'Arabic', letters: /\p{Script=Arabic}/u },
  { name: 'Syriac', letters: /\p{Script=Syriac}/u },
  { name: 'Thaana', letters: /\p{Script=Thaana}/u },
  { name: "N'Ko", letters: /\p{Script=Nko}/u },
  { name: 'Devanagari', letters: /\p{Script=Devanagari}/u },
  { name: 'Bengali', letters: /\p{Script=Bengali}/u },
  { name: 'Gurmukhi', letters: /\p{Script=Gurmukhi}/u },
  { name: 'Gujarati', letters: /\p{Script=Gujarati}/u },
  { name: 'Oriya', letters: /\p{Script=Oriya}/u },
  { name: 'Tamil', letters: /\p{Script=Tamil}/u },
  { name: 'Telugu', letters: /\p{Script=Telugu}/u },
  { name: 'Kannada', letters: /\p{Script=Kannada}/u },
  { name: 'Malayalam', letters: /\p{Script=Malayalam}/u },
  { name: 'Sinhala', letters: /\p{Script=Sinhala}/u },
  { name: 'Thai', letters: /\p{Script=Thai}/u },
  { name: 'Lao', letters: /\p{Script=Lao}/u },
  { name: 'Tibetan', letters: /\p{Script=Tibetan}/u },
  { name: 'Myanmar', letters: /\p{Script=Myanmar}/u },
  { name: 'Khmer', letters: /\p{Script=Khmer}/u },
  { name: 'Mongolian', letters: /\p{Script=Mongolian}/u },
  { name: 'Ethiopic', letters: /\p{Script=Ethiopic}/u },
  { name: 'Cherokee', letters: /\p{Script=Cherokee}/u },
  { name: 'Canadian Aboriginal', letters: /\p{Script=Canadian_Aboriginal}/u },
  { name: 'Tifinagh', letters: /\p{Script=Tifinagh}/u },
  { name: 'Coptic', letters: /\p{Script=Coptic}/u },
  { name: 'Han', letters: /\p{Script=Han}/u },
  { name: 'Hiragana', letters: /\p{Script=Hiragana}/u },
  { name: 'Katakana', letters: /\p{Script=Katakana}/u },
  { name: 'Bopomofo', letters: /\p{Script=Bopomofo}/u },
  { name: 'Hangul', letters: /\p{Script=Hangul}/u },
];

/**
 * Writing systems that combine several scripts; a label within one of them is not mixed (UTS #39 §5.1 lists the
 * same combinations, and also allows Latin with them, which the kit does not).
 */
const MULTI_SCRIPT_WRITING_SYSTEMS: readonly ReadonlySet<string>[] = [
  new Set(['Han', 'Hiragana', 'Katakana']), // Japanese
  new Set(['Han', 'Hangul']), // Korean
  new Set(['Han', 'Bopomofo']), // Chinese with phonetic annotation
];

/** What a warning's message is built from. */
interface WarningDetail {
  /** `mixed-script`: the scripts of the first mixed label, in `SCRIPTS` order. */
  scripts: readonly string[];
}

/** The English message of each warning, by code. */
const URL_WARNING_MESSAGES: Record<UrlWarningCode, (detail: WarningDetail) => string> = {
  invalid: () => 'This is not a valid web address, so it cannot be opened.',
  'blocked-scheme': () =>
    'This link is not a web page address (only https: links are allowed), so it cannot be opened.',
  'insecure-http': () =>
    'The link is not encrypted (http: instead of https:): others on the network could read or change the page, so it cannot be opened.',
  userinfo: () =>
    "The link's address puts a user name before the real site, a trick to hide where it goes, so it cannot be opened.",
  punycode: () =>
    "The link's address contains international characters, written in encoded form (xn--); check that it is the site you expect.",
  'encoded-host': () =>
    "The link writes its site's name with percent-escapes (such as %65 for e), a trick to hide where it goes; the address shown is decoded.",
  'ip-literal': () =>
    "The link's address is a bare IP address instead of a site name, so it does not tell whose server it is.",
  'mixed-script': ({ scripts }) =>
    `The link's address mixes alphabets (${listNames(scripts)}), a common trick to imitate another site.`,
  'invisible-characters': () =>
    'The link contains invisible or direction-changing characters, which can hide or reorder what you read.',
  'long-url': () =>
    `The link is unusually long (over ${MAX_URL_LENGTH} characters), which can hide where it really goes.`,
  'different-site': () =>
    'The link goes to a different site than the server that asks; make sure you expect to be sent there.',
};

/** `A`, `A and B`, `A, B and C`. */
function listNames(names: readonly string[]): string {
  if (names.length <= 1) {
    return names.join('');
  }
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The WHATWG parse of `input`, or `undefined` when it is not a URL (the constructor reports that only by throwing). */
function parseUrl(input: string): ParsedUrl | undefined {
  try {
    return new URLParser(input);
  } catch {
    return undefined;
  }
}

/** The length of the UTF-8 sequence a lead byte starts (RFC 3629 §4), or 0 when it starts none. */
function utf8SequenceLength(lead: number): number {
  if (lead < 0x80) {
    return 1;
  }
  if (lead >= 0xc2 && lead <= 0xdf) {
    return 2;
  }
  if (lead >= 0xe0 && lead <= 0xef) {
    return 3;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    return 4;
  }
  return 0;
}

/** The smallest code point each sequence length may encode (longer forms are overlong, hence invalid). */
const UTF8_SMALLEST_CODE_POINT: readonly number[] = [0, 0, 0x80, 0x800, 0x10000];

/** The code point of the UTF-8 sequence of `length` (2–4) bytes at `start`, or `undefined` when it is invalid. */
function utf8CodePoint(bytes: readonly number[], start: number, length: number): number | undefined {
  if (start + length > bytes.length) {
    return undefined;
  }
  // The lead byte keeps 7 - length payload bits: 5 for two bytes, 4 for three, 3 for four.
  let codePoint = (bytes[start] ?? 0) & (0x7f >> length);
  for (let index = start + 1; index < start + length; index++) {
    const byte = bytes[index] ?? 0;
    if ((byte & 0xc0) !== 0x80) {
      return undefined;
    }
    codePoint = (codePoint << 6) | (byte & 0x3f);
  }
  const isSurrogate = codePoint >= 0xd800 && codePoint <= 0xdfff;
  const tooSmall = codePoint < (UTF8_SMALLEST_CODE_POINT[length] ?? 0);
  return tooSmall || isSurrogate || codePoint > 0x10ffff ? undefined : codePoint;
}

/** UTF-8 bytes as text; each byte that starts no valid sequence becomes U+FFFD. */
function decodeUtf8(bytes: readonly number[]): string {
  let text = '';
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index] ?? 0;
    const length = utf8SequenceLength(lead);
    const codePoint = length === 1 ? lead : length === 0 ? undefined : utf8CodePoint(bytes, index, length);
    if (codePoint === undefined) {
      text += REPLACEMENT_CHARACTER;
      index += 1;
    } else {
      text += String.fromCodePoint(codePoint);
      index += length;
    }
  }
  return text;
}

/** One run of percent-escapes decoded as UTF-8. */
function decodeEscapeRun(run: string): string {
  const bytes: number[] = [];
  for (let index = 0; index < run.length; index += 3) {
    bytes.push(Number.parseInt(run.slice(index + 1, index + 3), 16));
  }
  return decodeUtf8(bytes);
}

/**
 * The host as the user reads it: percent-escapes decoded (left in the opaque hosts of non-web schemes; the parser
 * has already decoded those of `http:`/`https:`) and Punycode labels decoded.
 */
function readableHost(host: string): string {
  const unescaped = host.includes('%') ? host.replace(PERCENT_ESCAPES, decodeEscapeRun) : host;
  return toUnicodeHost(unescaped);
}

/** Whether a host has a label that starts with `xn--`. */
function hasPunycodeLabel(host: string): boolean {
  const lowerCase = host.toLowerCase();
  return lowerCase.startsWith(ACE_PREFIX) || lowerCase.includes(`.${ACE_PREFIX}`);
}

/** The scripts of one label, in `SCRIPTS` order. */
function scriptsOf(label: string): string[] {
  return SCRIPTS.filter((script) => script.letters.test(label)).map((script) => script.name);
}

/** Whether the scripts of one label belong to one writing system. */
function isOneWritingSystem(scripts: readonly string[]): boolean {
  return (
    scripts.length <= 1 || MULTI_SCRIPT_WRITING_SYSTEMS.some((system) => scripts.every((script) => system.has(script)))
  );
}

/** The scripts of the first label of `readable` that mixes writing systems, or `undefined` when none does. */
function findMixedScripts(readable: string): readonly string[] | undefined {
  if (!NON_ASCII.test(readable)) {
    return undefined;
  }
  for (const label of readable.split('.')) {
    if (NON_ASCII.test(label)) {
      const scripts = scriptsOf(label);
      if (!isOneWritingSystem(scripts)) {
        return scripts;
      }
    }
  }
  return undefined;
}

/** `href` cut around the site: the host is found at the place the WHATWG serialisation puts it, after any userinfo. */
function splitAtSite(parsed: ParsedUrl, host: string, site: string): UrlAnalysis['parts'] {
  const { href, protocol, username, password } = parsed;
  const noParts = { before: href, site: '', after: '' };
  if (host === '' || site === '') {
    return noParts;
  }
  const userinfo = username === '' && password === '' ? '' : `${username}${password === '' ? '' : `:${password}`}@`;
  if (!href.startsWith(`//${userinfo}${host}`, protocol.length)) {
    return noParts;
  }
  const hostEnd = protocol.length + 2 + userinfo.length + host.length;
  return { before: href.slice(0, hostEnd - site.length), site, after: href.slice(hostEnd) };
}

/** Where the authority of a URL as written ends: at the first `/`, `\\`, `?` or `#` after it. */
const AUTHORITY_END: ReadonlySet<string> = new Set(['/', '\\', '?', '#']);

/**
 * Whether the host of `input`, as written, holds a percent-escape (`https://%65vil.com`, `https://example.com%2eevil.com`):
 * the parser decodes it, so the user is shown the real name, but writing a host that way only serves to hide it from
 * a reader or a filter. Reads the authority after the first `:` and the slashes, after any userinfo. Linear.
 */
function hasEncodedHost(input: string): boolean {
  let start = input.indexOf(':') + 1;
  while (start < input.length && (input[start] === '/' || input[start] === '\\')) {
    start += 1;
  }
  let end = start;
  let hostStart = start;
  while (end < input.length && !AUTHORITY_END.has(input[end]!)) {
    if (input[end] === '@') {
      hostStart = end + 1;
    }
    end += 1;
  }
  return input.slice(hostStart, end).includes('%');
}

/** `href` with its percent-escapes decoded, as a page or a log would show it: an escaped bidi control is revealed. */
function decodedHref(href: string): string {
  return href.includes('%') ? href.replace(PERCENT_ESCAPES, decodeEscapeRun) : href;
}

/** Options of {@link analyzeUrl}. */
export interface AnalyzeUrlOptions extends SiteOptions {
  /** The URL of the server that asks: a link on another site gets `different-site`. */
  serverUrl?: string;
}

/** The host of the asking server, or `undefined` when `serverUrl` is absent or has none. */
function serverHostOf(serverUrl: unknown): string | undefined {
  if (typeof serverUrl !== 'string') {
    return undefined;
  }
  const host = parseUrl(serverUrl)?.hostname ?? '';
  return host === '' ? undefined : host;
}

/**
 * Analyses a URL-mode link without fetching it: whether the kit lets the user open it, which part of the address to
 * highlight, and why to be careful. Never throws; a non-string `url` is refused as `invalid`.
 *
 * - Can be opened: only `https:`, and `http:` on a loopback host ({@link isLoopbackHost}: `localhost`,
 *   `*.localhost`, `127.0.0.0/8`, `[::1]`). Refused: unparseable input (`invalid`), any other scheme
 *   (`blocked-scheme`: `javascript:`, `data:`, `file:`, …), `http:` elsewhere (`insecure-http`) and userinfo
 *   (`userinfo`: `https://good.example@evil.example` goes to `evil.example`).
 * - Warn only: `punycode` (an `xn--` label), `encoded-host` (the host written with percent-escapes: `%65vil.com`,
 *   `example.com%2eevil.com`; judged decoded, as the browser reads it), `ip-literal` (IPv4 in any spelling, IPv6),
 *   `mixed-script` (a host label that, decoded, mixes writing systems: `xn--pypal-4ve.com` is `pаypal.com` with a
 *   Cyrillic `а`; a label wholly in one script such as `пример` or `例え` is fine), `invisible-characters`
 *   ({@link hasInvisibleCharacters}, in the input, the decoded host or the decoded address: an escaped right-to-left
 *   override `%E2%80%AE` in the path counts), `long-url` (over 2,048 characters) and, with `serverUrl`,
 *   `different-site` (sites by `options.publicSuffixList`, the real Public Suffix List, when given: without it
 *   `victim.s3.amazonaws.com` and `attacker.s3.amazonaws.com` look like one site).
 *
 * Open `href` (the WHATWG-normalised form), never the raw input. Linear in the length of `url`.
 *
 * @param url The link from the request (`ElicitRequestURLParams["url"]`).
 * @param options.serverUrl The URL of the server that asks: a link on another site gets `different-site`.
 * @param options.publicSuffixList The Public Suffix List to judge sites by (see {@link registrableDomain}).
 * @example analyzeUrl('https://login.example.co.uk/x').parts // { before: 'https://login.', site: 'example.co.uk', after: '/x' }
 */
export function analyzeUrl(url: unknown, options: AnalyzeUrlOptions = {}): UrlAnalysis {
  const input = typeof url === 'string' ? url : '';
  const parsed = typeof url === 'string' ? parseUrl(url) : undefined;
  const href = parsed?.href ?? input;
  const host = parsed?.hostname ?? '';
  const scheme = parsed?.protocol.slice(0, -1) ?? '';
  const unicodeHost = readableHost(host);
  const sites: SiteOptions =
    options.publicSuffixList === undefined ? {} : { publicSuffixList: options.publicSuffixList };
  const site = registrableDomain(host, sites);
  const serverHost = serverHostOf(options.serverUrl);
  const sameSiteAsServer = serverHost === undefined ? undefined : host !== '' && isSameSite(host, serverHost, sites);
  const mixedScripts = findMixedScripts(unicodeHost);

  const codes: UrlWarningCode[] = [];
  if (parsed === undefined) {
    codes.push('invalid');
  } else {
    if (!WEB_SCHEMES.has(scheme)) {
      codes.push('blocked-scheme');
    }
    if (scheme === 'http' && !isLoopbackHost(host)) {
      codes.push('insecure-http');
    }
    if (parsed.username !== '' || parsed.password !== '') {
      codes.push('userinfo');
    }
  }
  if (hasPunycodeLabel(host)) {
    codes.push('punycode');
  }
  if (parsed !== undefined && WEB_SCHEMES.has(scheme) && host !== '' && hasEncodedHost(input)) {
    codes.push('encoded-host');
  }
  if (host !== '' && isIpAddress(host)) {
    codes.push('ip-literal');
  }
  if (mixedScripts !== undefined) {
    codes.push('mixed-script');
  }
  if (
    hasInvisibleCharacters(input) ||
    hasInvisibleCharacters(unicodeHost) ||
    hasInvisibleCharacters(decodedHref(href))
  ) {
    codes.push('invisible-characters');
  }
  if (Math.max(input.length, href.length) > MAX_URL_LENGTH) {
    codes.push('long-url');
  }
  if (sameSiteAsServer === false && host !== '') {
    codes.push('different-site');
  }

  const detail: WarningDetail = { scripts: mixedScripts ?? [] };
  const analysis: UrlAnalysis = {
    canOpen: !codes.some((code) => BLOCKING_WARNINGS.has(code)),
    href,
    host,
    unicodeHost,
    site,
    parts: parsed === undefined ? { before: href, site: '', after: '' } : splitAtSite(parsed, host, site),
    scheme,
    warnings: codes.map((code) => ({ code, message: URL_WARNING_MESSAGES[code](detail) })),
  };
  if (sameSiteAsServer !== undefined) {
    analysis.sameSiteAsServer = sameSiteAsServer;
  }
  return analysis;
}
