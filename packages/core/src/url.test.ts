// The URL corpus: every link with the verdict the kit gives it (canOpen and warning codes).
import { describe, expect, it } from 'vitest';
import { analyzeUrl, parseElicitation, type UrlWarningCode } from './index.js';

const corpus: [url: string, canOpen: boolean, warnings: UrlWarningCode[], host?: string][] = [
  // Ordinary links
  ['https://mcp.example.com/connect?flow=7f3c2a', true, [], 'mcp.example.com'],
  ['HTTPS://MCP.Example.COM:8443/a', true, [], 'mcp.example.com'],
  ['https://a.example/path#frag', true, []],
  // Loopback development hosts may use plain http
  ['http://localhost:5173/callback', true, [], 'localhost'],
  ['http://app.localhost/', true, []],
  ['http://127.0.0.1:3000/', true, ['ip-literal'], '127.0.0.1'],
  ['http://127.8.9.10/', true, ['ip-literal']],
  ['http://[::1]:8080/', true, ['ip-literal'], '[::1]'],
  // Plain http elsewhere: shown, not opened
  ['http://mcp.example.com/connect', false, ['insecure-http']],
  ['http://127.0.0.1.evil.example/', false, ['insecure-http']],
  ['http://localhost.evil.example/', false, ['insecure-http']],
  ['http://[::ffff:7f00:1]/', false, ['insecure-http', 'ip-literal']],
  // IPv4 written in decimal, octal or hex is normalised by the WHATWG parser (and shown as such)
  ['http://2130706433/', true, ['ip-literal'], '127.0.0.1'],
  ['http://0x7f.1/', true, ['ip-literal'], '127.0.0.1'],
  ['http://0177.0.0.1/', true, ['ip-literal'], '127.0.0.1'],
  ['https://3627734734/', true, ['ip-literal'], '216.58.214.206'],
  ['http://0x08080808/', false, ['insecure-http', 'ip-literal'], '8.8.8.8'],
  ['https://[2001:db8::1]/', true, ['ip-literal'], '[2001:db8::1]'],
  // Userinfo tricks: the real host is after the @
  ['https://good.example@evil.example/login', false, ['userinfo'], 'evil.example'],
  ['https://good.example:pass@evil.example/', false, ['userinfo'], 'evil.example'],
  ['https://good.example%40x@evil.example/', false, ['userinfo'], 'evil.example'],
  ['https://a@b@evil.example/', false, ['userinfo'], 'evil.example'],
  ['https://good.example\\@evil.example/', true, [], 'good.example'],
  // Punycode and mixed scripts (IDNA turns Unicode hosts into xn-- labels)
  ['https://xn--80ak6aa92e.com/', true, ['punycode'], 'xn--80ak6aa92e.com'],
  ['https://аpple.com/', true, ['punycode', 'mixed-script']],
  ['https://раураl.com/', true, ['punycode', 'mixed-script']],
  ['https://пример.рф/', true, ['punycode']],
  ['https://bücher.example/', true, ['punycode']],
  ['https://例え.jp/', true, ['punycode']],
  ['https://пример.com/', true, ['punycode']],
  ['https://gооgle.com/', true, ['punycode', 'mixed-script']],
  ['https://xn--ggle-55da.com/', true, ['punycode']],
  // Invisible and direction-changing characters
  ['https://exa\u200Bmple.com/', true, ['invisible-characters'], 'example.com'],
  ['https://example.com/\u202Egnp.exe', true, ['invisible-characters']],
  ['https://exa\u00ADmple.com/', true, ['invisible-characters'], 'example.com'],
  ['https://example.com/\u2066x', true, ['invisible-characters']],
  // Dangerous and other schemes are blocked
  ['javascript:alert(document.cookie)', false, ['blocked-scheme']],
  ['  JaVaScRiPt:alert(1)', false, ['blocked-scheme']],
  ['java\tscript:alert(1)', false, ['blocked-scheme']],
  ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', false, ['blocked-scheme']],
  ['file:///etc/passwd', false, ['blocked-scheme']],
  ['blob:https://a.example/550e8400-e29b-41d4-a716-446655440000', false, ['blocked-scheme']],
  ['vbscript:msgbox(1)', false, ['blocked-scheme']],
  ['ftp://files.example.com/', false, ['blocked-scheme']],
  ['wss://a.example/socket', false, ['blocked-scheme']],
  ['intent://scan/#Intent;scheme=zxing;end', false, ['blocked-scheme']],
  ['about:blank', false, ['blocked-scheme']],
  // Unparseable
  ['', false, ['invalid']],
  ['not a url', false, ['invalid']],
  ['//evil.example/', false, ['invalid']],
  ['https://', false, ['invalid']],
  ['https://exa mple.com/', false, ['invalid']],
  ['http://[::1/', false, ['invalid']],
  // Very long
  [`https://a.example/?q=${'x'.repeat(3000)}`, true, ['long-url']],
];

describe('analyzeUrl', () => {
  it.each(corpus)('%s → canOpen %s, warnings %j', (url, canOpen, warnings, host) => {
    const result = analyzeUrl(url);
    expect(result.canOpen).toBe(canOpen);
    expect(result.warnings.map((warning) => warning.code)).toEqual(warnings);
    for (const warning of result.warnings) expect(warning.message.length).toBeGreaterThan(0);
    if (host !== undefined) expect(result.host).toBe(host);
  });

  it('returns the normalised href to open and the scheme', () => {
    expect(analyzeUrl('HTTPS://A.Example/x y')).toMatchObject({
      href: 'https://a.example/x%20y',
      scheme: 'https',
      host: 'a.example',
    });
    expect(analyzeUrl('nope')).toMatchObject({ href: 'nope', scheme: '', host: '' });
  });

  it('agrees with parseElicitation: blocked schemes and unparseable links are rejected, the rest are shown', () => {
    for (const [url, canOpen, warnings] of corpus) {
      const result = parseElicitation({ mode: 'url', message: 'm', url });
      if (warnings.includes('blocked-scheme'))
        expect(result).toMatchObject({ ok: false, error: { data: { reason: 'url-blocked' } } });
      else if (warnings.includes('invalid'))
        expect(result).toMatchObject({ ok: false, error: { data: { reason: 'url-invalid' } } });
      else if (result.ok && result.request.mode === 'url') expect(result.request.link.canOpen).toBe(canOpen);
      // Links with non-ASCII or whitespace fail the official schema's `format: uri` and are rejected as url-invalid.
      else expect(result).toMatchObject({ ok: false, error: { data: { reason: 'url-invalid' } } });
    }
  });
});
