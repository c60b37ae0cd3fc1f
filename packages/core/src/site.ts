// Which site a host belongs to, and which hosts are loopback: host-name rules the whole kit shares.
// Hosts are host names as the WHATWG URL parser gives them (`URL.hostname`): no port, IPv6 in brackets.
import { toUnicodeHost } from './punycode.js';

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

/**
 * The site of a host: the part a user must read to know whose page it is, and the part a UI should highlight. Without
 * a full public-suffix list, this is the last two labels (`mcp.example.com` → `example.com`), or the last three when
 * the last two are a known public suffix such as `co.uk`, `com.au`, `co.jp`, `com.br` or `github.io`
 * (`shop.example.co.uk` → `example.co.uk`, `alice.github.io` stays whole). IP addresses, single labels
 * (`localhost`) and the empty string are returned as they are. The result is always a suffix of `host`, in its case
 * and with its trailing dot, so it can be found in the URL as written. Linear in the length of `host`.
 *
 * @example registrableDomain('login.mcp.example.co.uk') // 'example.co.uk'
 */
export function registrableDomain(host: string): string {
  if (isIpAddress(host)) {
    return host;
  }
  const name = withoutTrailingDot(host);
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

/** The comparable form of a site: Unicode labels, lower case, no trailing dot. */
function siteKey(host: string): string {
  return withoutTrailingDot(toUnicodeHost(registrableDomain(host)).toLowerCase());
}

/**
 * Whether two hosts belong to the same site ({@link registrableDomain}), ignoring case, a trailing dot and the
 * Punycode/Unicode spelling (`пример.рф` and `xn--e1afmkfd.xn--p1ai` are one site). Ports and schemes are not part
 * of a host and are not compared. An empty host is the same site as nothing.
 *
 * @example isSameSite('mcp.example.com', 'login.example.com') // true
 */
export function isSameSite(a: string, b: string): boolean {
  const siteA = siteKey(a);
  return siteA !== '' && siteA === siteKey(b);
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
