// Which site a host belongs to, and which hosts are loopback: host-name rules the whole kit shares.
// Hosts are host names as the WHATWG URL parser gives them (`URL.hostname`): no port, IPv6 in brackets.
//
// The real Public Suffix List (~50 KB gzipped through `tldts`) is not in core: core has no dependencies and a size
// ceiling less than half of that list. A host plugs it in (`publicSuffixList`, which @elicitation-kit/mcp exports
// backed by `tldts`); without one, the small built-in excerpt below approximates it.
import { toUnicodeHost } from './punycode.js';

/**
 * The Public Suffix List (https://publicsuffix.org), as a host supplies it: `@elicitation-kit/mcp` exports one backed
 * by `tldts` (`publicSuffixList`), and any object with this method will do.
 */
export interface PublicSuffixList {
  /**
   * The registrable domain of a host name — its public suffix and the one label before it, counting private
   * suffixes such as `s3.amazonaws.com` or `github.io` (`victim.s3.amazonaws.com` for `x.victim.s3.amazonaws.com`) —
   * or `null`/`undefined` when the host is itself a public suffix or has none. Called with lower-case ASCII names
   * (Punycode for Unicode labels), without a trailing dot, never with an IP address. An answer that is not a
   * label-aligned suffix of the name is ignored (the built-in list is used instead).
   */
  registrableDomain(host: string): string | null | undefined;
}

/** Options of the site functions: the Public Suffix List to judge by. */
export interface SiteOptions {
  /** The real list; without one, a built-in excerpt (the generic second levels of large countries, big hosts). */
  publicSuffixList?: PublicSuffixList;
}

/**
 * Public suffixes of two labels under which each name is a separate site, so that `shop.example.co.uk` is the site
 * `example.co.uk` and `alice.github.io` is not the same site as `mallory.github.io`. A small, hand-kept excerpt of
 * the Public Suffix List (https://publicsuffix.org): the generic second levels of large country domains, and the
 * hosting platforms that give each user a subdomain. Names under suffixes not listed here (and under suffixes of
 * three or more labels) are cut at two labels.
 */
const TWO_LABEL_PUBLIC_SUFFIXES: ReadonlySet<string> = new Set([
  // Country domains with generic second levels
  'ac.uk',
  'co.uk',
  'gov.uk',
  'ltd.uk',
  'me.uk',
  'net.uk',
  'org.uk',
  'plc.uk',
  'sch.uk',
  'com.au',
  'edu.au',
  'gov.au',
  'net.au',
  'org.au',
  'ac.jp',
  'co.jp',
  'go.jp',
  'ne.jp',
  'or.jp',
  'com.br',
  'gov.br',
  'net.br',
  'org.br',
  'co.nz',
  'govt.nz',
  'net.nz',
  'org.nz',
  'co.za',
  'org.za',
  'co.in',
  'gov.in',
  'net.in',
  'org.in',
  'co.kr',
  'or.kr',
  'co.il',
  'org.il',
  'co.id',
  'co.th',
  'com.ar',
  'com.cn',
  'gov.cn',
  'net.cn',
  'org.cn',
  'com.hk',
  'com.mx',
  'com.my',
  'com.sg',
  'com.tr',
  'com.tw',
  'com.ua',
  'com.vn',
  // Hosting platforms (one site per customer subdomain)
  'github.io',
  'gitlab.io',
  'pages.dev',
  'workers.dev',
  'netlify.app',
  'vercel.app',
  'web.app',
  'firebaseapp.com',
  'appspot.com',
  'herokuapp.com',
  'azurewebsites.net',
  'cloudfront.net',
  'blogspot.com',
  'onrender.com',
  'fly.dev',
  'ngrok.io',
  'ngrok-free.app',
]);

/** A host name the WHATWG parser reads as IPv4: its last label is a number (decimal, or hex with `0x`). */
const NUMERIC_LABEL = /^(?:\d+|0x[\da-f]*)$/i;
/** The loopback IPv4 range 127.0.0.0/8 in the parser's dotted-decimal form. */
const LOOPBACK_IPV4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
/** The loopback IPv6 address, with and without brackets. */
const LOOPBACK_IPV6: ReadonlySet<string> = new Set(['[::1]', '::1']);
const LOCALHOST = 'localhost';

/** `host` without one trailing dot (`example.com.` is the fully qualified `example.com`). */
function withoutTrailingDot(host: string): string {
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/**
 * Whether `host` is an IP address: IPv6 (`[2001:db8::1]`, or bare with a colon) or IPv4 (a host whose last label is
 * a number, which the WHATWG parser turns into dotted decimal: `127.0.0.1`, `2130706433`, `0x7f.1`).
 */
export function isIpAddress(host: string): boolean {
  if (host.startsWith('[') || host.includes(':')) {
    return true;
  }
  const name = withoutTrailingDot(host);
  const lastLabel = name.slice(name.lastIndexOf('.') + 1);
  return NUMERIC_LABEL.test(lastLabel);
}

/** The site by the built-in excerpt: the last two labels, or three under a listed two-label suffix. */
function builtInSite(host: string, name: string): string {
  const lastDot = name.lastIndexOf('.');
  if (lastDot <= 0) {
    return host;
  }
  const secondDot = name.lastIndexOf('.', lastDot - 1);
  if (secondDot < 0) {
    return host;
  }
  const lastTwo = name.slice(secondDot + 1);
  if (!TWO_LABEL_PUBLIC_SUFFIXES.has(lastTwo.toLowerCase())) {
    return host.slice(secondDot + 1);
  }
  // Under a known two-label suffix the site has a third label, when there is one.
  const thirdDot = secondDot > 0 ? name.lastIndexOf('.', secondDot - 1) : -1;
  return host.slice(thirdDot + 1);
}

/** The site by a plugged-in list, or `undefined` when its answer cannot be used (then the built-in one is). */
function listedSite(host: string, name: string, list: PublicSuffixList): string | undefined {
  const lowerCase = name.toLowerCase();
  let domain: unknown;
  try {
    domain = list.registrableDomain(lowerCase);
  } catch {
    // A list that throws is no list: the built-in excerpt judges instead.
    return undefined;
  }
  if (domain === null || domain === undefined) {
    // The host is a public suffix itself (`github.io`) or under none: it is its own site.
    return host;
  }
  if (typeof domain !== 'string' || domain === '' || !(lowerCase === domain || lowerCase.endsWith(`.${domain}`))) {
    return undefined;
  }
  const trailing = host.length - name.length;
  return host.slice(host.length - trailing - domain.length);
}

/**
 * The site of a host: the part a user must read to know whose page it is, and the part a UI should highlight — its
 * registrable domain (`mcp.example.com` → `example.com`, `shop.example.co.uk` → `example.co.uk`). With
 * `options.publicSuffixList` (the real Public Suffix List: `@elicitation-kit/mcp`'s `publicSuffixList`), tenants of
 * shared hosts are sites of their own (`victim.s3.amazonaws.com`, `alice.github.io`, `app.vercel.app`). Without one,
 * a built-in excerpt approximates it: the last two labels, or three when the last two are a listed public suffix
 * (`co.uk`, `com.au`, `github.io`, `vercel.app`, …; suffixes of three labels such as `s3.amazonaws.com` are not
 * known). IP addresses, single labels (`localhost`) and the empty string are returned as they are. The result is
 * always a suffix of `host`, in its case and with its trailing dot, so it can be found in the URL as written. Linear
 * in the length of `host` (plus whatever the list costs).
 *
 * @example registrableDomain('login.mcp.example.co.uk') // 'example.co.uk'
 */
export function registrableDomain(host: string, options: SiteOptions = {}): string {
  if (isIpAddress(host)) {
    return host;
  }
  const name = withoutTrailingDot(host);
  if (name.lastIndexOf('.') <= 0) {
    return host;
  }
  const list = options.publicSuffixList;
  return (list === undefined ? undefined : listedSite(host, name, list)) ?? builtInSite(host, name);
}

/** The comparable form of a site: Unicode labels, lower case, no trailing dot. */
function siteKey(host: string, options: SiteOptions): string {
  return withoutTrailingDot(toUnicodeHost(registrableDomain(host, options)).toLowerCase());
}

/**
 * Whether two hosts belong to the same site ({@link registrableDomain}, by `options.publicSuffixList` when given),
 * ignoring case, a trailing dot and the Punycode/Unicode spelling (`пример.рф` and `xn--e1afmkfd.xn--p1ai` are one
 * site). Ports and schemes are not part of a host and are not compared. An empty host is the same site as nothing.
 *
 * @example isSameSite('mcp.example.com', 'login.example.com') // true
 */
export function isSameSite(a: string, b: string, options: SiteOptions = {}): boolean {
  const siteA = siteKey(a, options);
  return siteA !== '' && siteA === siteKey(b, options);
}

/**
 * Whether `host` is a loopback host, served by the user's own machine: `localhost` and any `*.localhost`
 * (RFC 6761 §6.3), `127.0.0.0/8` in dotted decimal, and `[::1]` or `::1`. Case is ignored. Pass the parser's
 * `URL.hostname`, which has already normalised `0x7f.1` to `127.0.0.1`. Deliberately narrow: a trailing dot
 * (`localhost.`) and IPv4-mapped IPv6 (`[::ffff:7f00:1]`) are not loopback here.
 *
 * @example isLoopbackHost('app.localhost') // true
 */
export function isLoopbackHost(host: string): boolean {
  const lowerCase = host.toLowerCase();
  if (LOOPBACK_IPV6.has(lowerCase) || lowerCase === LOCALHOST || lowerCase.endsWith(`.${LOCALHOST}`)) {
    return true;
  }
  return LOOPBACK_IPV4.test(lowerCase) && lowerCase.split('.').every((octet) => Number(octet) <= 255);
}
