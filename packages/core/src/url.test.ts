// The URL corpus: every link with the verdict the kit gives it (canOpen and warning codes), then the parts to
// highlight, the server's site, the messages, and hostile lengths.
import { describe, expect, it } from 'vitest';
import { parseElicitation } from './parse.js';
import type { PublicSuffixList } from './site.js';
import { analyzeUrl, type AnalyzeUrlOptions, type UrlWarningCode } from './url.js';

const codesOf = (url: unknown, options?: AnalyzeUrlOptions): UrlWarningCode[] =>
  analyzeUrl(url, options).warnings.map((warning) => warning.code);

const corpus: [url: string, canOpen: boolean, warnings: UrlWarningCode[], host?: string][] = [
  // Ordinary links
  ['https://mcp.example.com/connect?flow=7f3c2a', true, [], 'mcp.example.com'],
  ['HTTPS://MCP.Example.COM:8443/a', true, [], 'mcp.example.com'],
  ['https://a.example/path#frag', true, []],
  ['https://mcp.example.com./', true, [], 'mcp.example.com.'],
  // Loopback development hosts may use plain http
  ['http://localhost:5173/callback', true, [], 'localhost'],
  ['HTTP://LOCALHOST:5173/', true, [], 'localhost'],
  ['http://app.localhost/', true, []],
  ['http://127.0.0.1:3000/', true, ['ip-literal'], '127.0.0.1'],
  ['http://127.8.9.10/', true, ['ip-literal']],
  ['http://[::1]:8080/', true, ['ip-literal'], '[::1]'],
  // Plain http elsewhere: shown, not opened
  ['http://mcp.example.com/connect', false, ['insecure-http']],
  ['http://127.0.0.1.evil.example/', false, ['insecure-http']],
  ['http://localhost.evil.example/', false, ['insecure-http']],
  ['http://localhost./', false, ['insecure-http'], 'localhost.'],
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
  ['https://:secret@evil.example/', false, ['userinfo'], 'evil.example'],
  ['https://good.example\\@evil.example/', true, [], 'good.example'],
  // Punycode and mixed scripts, judged on the decoded labels (IDNA turns Unicode hosts into xn-- labels)
  ['https://xn--80ak6aa92e.com/', true, ['punycode'], 'xn--80ak6aa92e.com'],
  ['https://аpple.com/', true, ['punycode', 'mixed-script']],
  ['https://раураl.com/', true, ['punycode', 'mixed-script']],
  ['https://пример.рф/', true, ['punycode']],
  ['https://bücher.example/', true, ['punycode']],
  ['https://例え.jp/', true, ['punycode']],
  ['https://пример.com/', true, ['punycode']],
  ['https://пример-123.com/', true, ['punycode']],
  ['https://gооgle.com/', true, ['punycode', 'mixed-script']],
  ['https://xn--ggle-55da.com/', true, ['punycode', 'mixed-script'], 'xn--ggle-55da.com'],
  ['https://xn--pypal-4ve.com/', true, ['punycode', 'mixed-script'], 'xn--pypal-4ve.com'],
  ['https://XN--PYPAL-4VE.com/', true, ['punycode', 'mixed-script'], 'xn--pypal-4ve.com'],
  ['https://xn--paypal-8of.com/', true, ['punycode', 'mixed-script']],
  ['https://p%D0%B0ypal.com/', true, ['punycode', 'encoded-host', 'mixed-script'], 'xn--pypal-4ve.com'],
  ['https://%65vil.example/', true, ['encoded-host'], 'evil.example'],
  ['https://αpple.com/', true, ['punycode', 'mixed-script']],
  ['https://login.xn--pypal-4ve.com/', true, ['punycode', 'mixed-script']],
  ['https://한국中.kr/', true, ['punycode']],
  ['https://ㄅ中.tw/', true, ['punycode']],
  ['https://abc例え.jp/', true, ['punycode', 'mixed-script']],
  ['https://xn--abc-.com/', true, ['punycode'], 'xn--abc-.com'],
  ['foo://p%D0%B0ypal.com/', false, ['blocked-scheme', 'mixed-script'], 'p%D0%B0ypal.com'],
  // Invisible and direction-changing characters, in the input or in the decoded host
  ['https://exa\u200Bmple.com/', true, ['invisible-characters'], 'example.com'],
  ['https://example.com/\u202Egnp.exe', true, ['invisible-characters']],
  ['https://exa\u00ADmple.com/', true, ['invisible-characters'], 'example.com'],
  ['https://example.com/\u2066x', true, ['invisible-characters']],
  ['https://a\uFE0F.com/', true, ['invisible-characters'], 'a.com'],
  ['https://example.com/a\u0007b', true, ['invisible-characters']],
  ['https://example.com/\u{E0041}', true, ['invisible-characters']],
  ['https://xn--ab-20y.com/', true, ['punycode', 'invisible-characters'], 'xn--ab-20y.com'],
  ['https://a\u3164.com/', false, ['invalid', 'invisible-characters']],
  // Dangerous and other schemes are blocked
  ['javascript:alert(document.cookie)', false, ['blocked-scheme']],
  ['  JaVaScRiPt:alert(1)', false, ['blocked-scheme']],
  ['java\tscript:alert(1)', false, ['blocked-scheme', 'invisible-characters']],
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
  ['https://xn--zz.com/', false, ['invalid']],
  // Very long
  [`https://a.example/?q=${'x'.repeat(3000)}`, true, ['long-url']],
  [`https://a.example/${'ж'.repeat(400)}`, true, ['long-url']],
];

describe('analyzeUrl', () => {
  it.each(corpus)('%s → canOpen %s, warnings %j', (url, canOpen, warnings, host) => {
    const result = analyzeUrl(url);
    expect(result.canOpen).toBe(canOpen);
    expect(result.warnings.map((warning) => warning.code)).toEqual(warnings);
    if (host !== undefined) {
      expect(result.host).toBe(host);
    }
  });

  it('returns the normalised href to open, the scheme and the host', () => {
    expect(analyzeUrl('HTTPS://A.Example/x y')).toMatchObject({
      href: 'https://a.example/x%20y',
      scheme: 'https',
      host: 'a.example',
      unicodeHost: 'a.example',
      site: 'a.example',
    });
    expect(analyzeUrl('nope')).toEqual({
      canOpen: false,
      href: 'nope',
      host: '',
      unicodeHost: '',
      site: '',
      parts: { before: 'nope', site: '', after: '' },
      scheme: '',
      warnings: [{ code: 'invalid', message: 'This is not a valid web address, so it cannot be opened.' }],
    });
  });

  it('refuses input that is not a string instead of throwing', () => {
    for (const url of [null, undefined, 42, {}, ['https://a.example/'], new String('https://a.example/')]) {
      const result = analyzeUrl(url);
      expect(result).toMatchObject({ canOpen: false, href: '', host: '', scheme: '', site: '' });
      expect(result.warnings.map((warning) => warning.code)).toEqual(['invalid']);
    }
    expect(analyzeUrl(null, { serverUrl: 'https://mcp.example.com/' }).sameSiteAsServer).toBe(false);
  });

  it('decodes the host for display: Punycode labels, and percent-escapes of opaque hosts', () => {
    expect(analyzeUrl('https://www.пример.рф/').unicodeHost).toBe('www.пример.рф');
    expect(analyzeUrl('https://xn--pypal-4ve.com/')).toMatchObject({
      host: 'xn--pypal-4ve.com',
      unicodeHost: 'p\u0430ypal.com',
      site: 'xn--pypal-4ve.com',
    });
    expect(analyzeUrl('https://xn--abc-.com/').unicodeHost).toBe('xn--abc-.com');
    expect(analyzeUrl('foo://p%D0%B0ypal.com/').unicodeHost).toBe('p\u0430ypal.com');
    expect(analyzeUrl('foo://a%FF%C3b/').unicodeHost).toBe('a\uFFFD\uFFFDb');
    expect(analyzeUrl('foo://%F0%9F%98%80%C3%A9/').unicodeHost).toBe('😀é');
    // Overlong forms, surrogates, truncated and out-of-range sequences are not characters.
    expect(analyzeUrl('foo://%C0%AF.%ED%A0%80.%E2%82.%F4%90%80%80/').unicodeHost).toBe(
      '\uFFFD\uFFFD.\uFFFD\uFFFD\uFFFD.\uFFFD\uFFFD.\uFFFD\uFFFD\uFFFD\uFFFD',
    );
    expect(analyzeUrl('http://[::1]/').unicodeHost).toBe('[::1]');
  });

  it('names the scripts a label mixes', () => {
    const [warning] = analyzeUrl('https://xn--pypal-4ve.com/').warnings.filter(({ code }) => code === 'mixed-script');
    expect(warning?.message).toBe(
      "The link's address mixes alphabets (Latin and Cyrillic), a common trick to imitate another site.",
    );
    const three = analyzeUrl('https://pаyπal.com/').warnings.find(({ code }) => code === 'mixed-script');
    expect(three?.message).toContain('(Latin, Greek and Cyrillic)');
  });

  it('gives every warning a sentence a person can read, never the hostile input itself', () => {
    const seen = new Map<UrlWarningCode, string>();
    const samples = [
      ...corpus.map(([url]) => url),
      `https://${'@'.repeat(5000)}evil.example/${'x'.repeat(5000)}`,
      'https://other.example/',
    ];
    for (const url of samples) {
      for (const { code, message } of analyzeUrl(url, { serverUrl: 'https://mcp.example.com/' }).warnings) {
        seen.set(code, message);
      }
    }
    const allCodes: UrlWarningCode[] = [
      'invalid',
      'blocked-scheme',
      'insecure-http',
      'userinfo',
      'punycode',
      'encoded-host',
      'ip-literal',
      'mixed-script',
      'invisible-characters',
      'long-url',
      'different-site',
    ];
    expect(new Set(seen.keys())).toEqual(new Set(allCodes));
    for (const message of seen.values()) {
      expect(message).toMatch(/^[A-Z].{30,160}\.$/);
      expect(message).not.toMatch(/evil|@@|xxx/);
    }
  });
});

describe('analyzeUrl parts', () => {
  it('cuts href around the site: scheme and subdomains before, port, path, query and fragment after', () => {
    expect(analyzeUrl('https://login.mcp.example.com:8443/a?b#c').parts).toEqual({
      before: 'https://login.mcp.',
      site: 'example.com',
      after: ':8443/a?b#c',
    });
    expect(analyzeUrl('https://shop.example.co.uk/').parts).toEqual({
      before: 'https://shop.',
      site: 'example.co.uk',
      after: '/',
    });
    expect(analyzeUrl('https://alice.github.io/x').parts).toEqual({
      before: 'https://',
      site: 'alice.github.io',
      after: '/x',
    });
    expect(analyzeUrl('http://[::1]:8080/').parts).toEqual({ before: 'http://', site: '[::1]', after: ':8080/' });
    expect(analyzeUrl('http://localhost:5173/cb').parts).toEqual({
      before: 'http://',
      site: 'localhost',
      after: ':5173/cb',
    });
  });

  it('finds the real host after userinfo that repeats it, never a look-alike in the path', () => {
    expect(analyzeUrl('https://evil.example@evil.example/x').parts).toEqual({
      before: 'https://evil.example@',
      site: 'evil.example',
      after: '/x',
    });
    expect(analyzeUrl('https://bank.example:pw@www.evil.example/').parts).toEqual({
      before: 'https://bank.example:pw@www.',
      site: 'evil.example',
      after: '/',
    });
    expect(analyzeUrl('https://a.example/b.example').parts).toEqual({
      before: 'https://',
      site: 'a.example',
      after: '/b.example',
    });
  });

  it('puts all of href before when there is no host', () => {
    expect(analyzeUrl('not a url').parts).toEqual({ before: 'not a url', site: '', after: '' });
    expect(analyzeUrl('javascript:alert(1)').parts).toEqual({ before: 'javascript:alert(1)', site: '', after: '' });
    expect(analyzeUrl('file:///etc/passwd').parts).toEqual({ before: 'file:///etc/passwd', site: '', after: '' });
  });

  it('always concatenates to href, with the analysis site in the middle', () => {
    for (const [url] of corpus) {
      const { href, site, parts } = analyzeUrl(url);
      expect(parts.before + parts.site + parts.after).toBe(href);
      expect([site, '']).toContain(parts.site);
    }
  });
});

describe('analyzeUrl with serverUrl', () => {
  const serverUrl = 'https://mcp.example.com/mcp';

  it('tells whether the link is on the server site; another site is a warning that does not block', () => {
    expect(analyzeUrl('https://login.example.com:8443/x', { serverUrl })).toMatchObject({
      canOpen: true,
      sameSiteAsServer: true,
      warnings: [],
    });
    expect(analyzeUrl('https://example.org/', { serverUrl })).toMatchObject({ canOpen: true, sameSiteAsServer: false });
    expect(codesOf('https://example.org/', { serverUrl })).toEqual(['different-site']);
    expect(codesOf('https://mallory.github.io/', { serverUrl: 'https://alice.github.io/' })).toEqual([
      'different-site',
    ]);
    expect(codesOf('http://localhost:9000/page', { serverUrl: 'http://localhost:3000/mcp' })).toEqual([]);
    expect(codesOf('https://xn--e1afmkfd.xn--p1ai/', { serverUrl: 'https://api.пример.рф/' })).toEqual(['punycode']);
    expect(codesOf('http://evil.example/', { serverUrl })).toEqual(['insecure-http', 'different-site']);
  });

  it('adds no site warning to a link without a host', () => {
    expect(analyzeUrl('javascript:alert(1)', { serverUrl })).toMatchObject({ sameSiteAsServer: false });
    expect(codesOf('javascript:alert(1)', { serverUrl })).toEqual(['blocked-scheme']);
    expect(codesOf('nope', { serverUrl })).toEqual(['invalid']);
  });

  it('leaves sameSiteAsServer out without a usable serverUrl', () => {
    expect(analyzeUrl('https://example.org/')).not.toHaveProperty('sameSiteAsServer');
    expect(analyzeUrl('https://example.org/', { serverUrl: 'not a url' })).not.toHaveProperty('sameSiteAsServer');
    expect(analyzeUrl('https://example.org/', { serverUrl: 'mailto:a@b.example' })).not.toHaveProperty(
      'sameSiteAsServer',
    );
    expect(codesOf('https://example.org/', { serverUrl: 'not a url' })).toEqual([]);
  });
});

describe('look-alike sites are a different site than the server that asks', () => {
  const serverUrl = 'https://example.com/mcp';

  it.each([
    ["the server's name as subdomains of another site", 'https://api.example.com.evil.com/login', 'evil.com'],
    ["the server's name after a # (a fragment, not userinfo)", 'https://evil.com#@example.com', 'evil.com'],
    ["the server's name after a ?", 'https://evil.com?@example.com', 'evil.com'],
    ['an encoded dot joining the names', 'https://example.com%2eevil.com/', 'evil.com'],
    ['a look-alike registrable domain', 'https://example-com.evil.net/', 'evil.net'],
  ])('%s', (_, url, site) => {
    const result = analyzeUrl(url, { serverUrl });
    expect(result.site).toBe(site);
    expect(result.sameSiteAsServer).toBe(false);
    expect(result.warnings.map((warning) => warning.code)).toContain('different-site');
  });
});

describe('percent-encoded hosts and paths are decoded before judging, and warned', () => {
  it('warns about a host written with percent-escapes and judges it decoded', () => {
    const result = analyzeUrl('https://%65vil.com/x', { serverUrl: 'https://evil.com/' });
    expect(result).toMatchObject({
      canOpen: true,
      host: 'evil.com',
      href: 'https://evil.com/x',
      sameSiteAsServer: true,
    });
    expect(result.warnings.map((warning) => warning.code)).toEqual(['encoded-host']);
    expect(result.warnings[0]!.message).toBe(
      "The link writes its site's name with percent-escapes (such as %65 for e), a trick to hide where it goes; the address shown is decoded.",
    );
    expect(codesOf('https://example.com%2eevil.com/', { serverUrl: 'https://example.com/' })).toEqual([
      'encoded-host',
      'different-site',
    ]);
  });

  it('reads the host after userinfo and before the path, whatever the slashes', () => {
    expect(codesOf('https://a.example/%65vil')).toEqual([]);
    expect(codesOf('https://a.example?q=%65')).toEqual([]);
    expect(codesOf('https:\\\\%61.example/')).toEqual(['encoded-host']);
    expect(codesOf('https://u%40@a.example/')).toEqual(['userinfo']);
  });

  it('finds an encoded right-to-left override (or any invisible character) in the path, query or fragment', () => {
    expect(codesOf('https://a.example/files/%E2%80%AEfdp.exe')).toEqual(['invisible-characters']);
    expect(codesOf('https://a.example/?name=%e2%80%8b')).toEqual(['invisible-characters']);
    expect(codesOf('https://a.example/#%E2%81%A6x')).toEqual(['invisible-characters']);
    expect(codesOf('https://a.example/%20and%2F')).toEqual([]);
  });
});

describe('sites by a plugged-in Public Suffix List', () => {
  // A stand-in with the suffixes the cases need; @elicitation-kit/mcp's publicSuffixList (tldts) is tested there.
  const SUFFIXES = new Set(['com', 'io', 'app', 's3.amazonaws.com', 'github.io', 'vercel.app']);
  const publicSuffixList: PublicSuffixList = {
    registrableDomain(host) {
      const labels = host.split('.');
      for (let index = 1; index < labels.length; index++) {
        if (SUFFIXES.has(labels.slice(index).join('.'))) return labels.slice(index - 1).join('.');
      }
      return undefined;
    },
  };

  it('tells tenants of a shared host apart', () => {
    const options = { serverUrl: 'https://victim.s3.amazonaws.com/mcp', publicSuffixList };
    expect(analyzeUrl('https://attacker.s3.amazonaws.com/', options)).toMatchObject({
      site: 'attacker.s3.amazonaws.com',
      sameSiteAsServer: false,
    });
    expect(analyzeUrl('https://files.victim.s3.amazonaws.com/', options)).toMatchObject({ sameSiteAsServer: true });
    // Without the list, the built-in excerpt cannot see the three-label suffix
    expect(analyzeUrl('https://attacker.s3.amazonaws.com/', { serverUrl: options.serverUrl })).toMatchObject({
      sameSiteAsServer: true,
    });
  });

  it('reaches parseElicitation', () => {
    const result = parseElicitation(
      { mode: 'url', message: 'm', url: 'https://attacker.s3.amazonaws.com/x' },
      { serverUrl: 'https://victim.s3.amazonaws.com/mcp', publicSuffixList },
    );
    expect(result.ok && result.request.mode === 'url' && result.request.link.sameSiteAsServer).toBe(false);
  });
});

describe('analyzeUrl on 100,000-character hostile links', () => {
  const long = 100_000;
  const cases: [name: string, url: string, canOpen: boolean, warnings: UrlWarningCode[], host?: string][] = [
    ['a run of /', `https://a.example/${'/'.repeat(long)}`, true, ['long-url'], 'a.example'],
    ['a run of @ (userinfo)', `https://${'@'.repeat(long)}evil.example/`, false, ['userinfo', 'long-url']],
    ['a run of @ in the path', `https://a.example/${'@'.repeat(long)}`, true, ['long-url']],
    ['xn-- labels', `https://${'xn--e1afmkfd.'.repeat(long / 13)}com/`, true, ['punycode', 'long-url']],
    [
      'mixed xn-- labels',
      `https://${'xn--pypal-4ve.'.repeat(long / 14)}com/`,
      true,
      ['punycode', 'mixed-script', 'long-url'],
    ],
    ['a run of % in the path', `https://a.example/${'%'.repeat(long)}`, true, ['long-url']],
    ['a run of % as host', `https://${'%'.repeat(long)}/`, false, ['invalid', 'long-url']],
    ['a run of % in an opaque host', `foo://${'%'.repeat(long)}/`, false, ['blocked-scheme', 'long-url']],
    ['escapes in an opaque host', `foo://${'%D0%B0'.repeat(long / 6)}/`, false, ['blocked-scheme', 'long-url']],
    [
      'mixed escapes in an opaque host',
      `foo://${'a%D0%B0'.repeat(long / 7)}/`,
      false,
      ['blocked-scheme', 'mixed-script', 'long-url'],
    ],
    ['a run of . before the host', `https://${'.'.repeat(long)}example.com/`, true, ['long-url']],
    ['many labels under co.uk', `https://${'a.'.repeat(long / 2)}co.uk/`, true, ['long-url']],
    ['a run of digits as host', `https://${'1'.repeat(long)}/`, false, ['invalid', 'long-url']],
    ['a run of digits as port', `https://a.example:${'1'.repeat(long)}/`, false, ['invalid', 'long-url']],
    ['digits after 127.0.0.', `http://127.0.0.${'1'.repeat(long)}/`, false, ['invalid', 'long-url']],
    ['a run of : in brackets', `https://[${':'.repeat(long)}]/`, false, ['invalid', 'long-url']],
    [
      'zero-width spaces in the host',
      `https://exa${'\u200B'.repeat(long)}mple.com/`,
      true,
      ['invisible-characters', 'long-url'],
      'example.com',
    ],
    [
      'bidi overrides in the path',
      `https://a.example/${'\u202E'.repeat(long)}`,
      true,
      ['invisible-characters', 'long-url'],
    ],
    [
      'tag characters as host',
      `https://${'\u{E0041}'.repeat(long / 2)}/`,
      false,
      ['invalid', 'invisible-characters', 'long-url'],
    ],
    ['a scheme of letters', `${'a'.repeat(long)}:x`, false, ['blocked-scheme', 'long-url']],
    ['escapes as host', `https://${'%61'.repeat(long / 3)}.example/`, true, ['encoded-host', 'long-url']],
    [
      'encoded bidi overrides in the path',
      `https://a.example/${'%E2%80%AE'.repeat(long / 9)}`,
      true,
      ['invisible-characters', 'long-url'],
    ],
    ['a run of : after the scheme', `https:${':'.repeat(long)}`, false, ['invalid', 'long-url']],
  ];

  it.each(cases)('%s', (_name, url, canOpen, warnings, host) => {
    const result = analyzeUrl(url, { serverUrl: 'https://a.example/' });
    expect(result.canOpen).toBe(canOpen);
    expect(result.warnings.map((warning) => warning.code).filter((code) => code !== 'different-site')).toEqual(
      warnings,
    );
    expect(result.parts.before + result.parts.site + result.parts.after).toBe(result.href);
    for (const warning of result.warnings) {
      expect(warning.message.length).toBeLessThan(200);
    }
    if (host !== undefined) {
      expect(result.host).toBe(host);
    }
  });

  it('decodes every label of a long Punycode host', () => {
    const result = analyzeUrl(`https://${'xn--e1afmkfd.'.repeat(long / 13)}com/`);
    expect(result.unicodeHost).toBe(`${'пример.'.repeat(long / 13)}com`);
    expect(result.site).toBe('xn--e1afmkfd.com');
  });
});

describe('analyzeUrl agrees with parseElicitation', () => {
  it('blocked schemes and unparseable links are rejected, the rest are shown', () => {
    for (const [url, canOpen, warnings] of corpus) {
      const result = parseElicitation({ mode: 'url', message: 'm', url });
      if (warnings.includes('blocked-scheme')) {
        expect(result).toMatchObject({ ok: false, error: { data: { reason: 'url-blocked' } } });
      } else if (warnings.includes('invalid')) {
        expect(result).toMatchObject({ ok: false, error: { data: { reason: 'url-invalid' } } });
      } else if (result.ok && result.request.mode === 'url') {
        expect(result.request.link.canOpen).toBe(canOpen);
      } else {
        // Links with non-ASCII or whitespace fail the official schema's `format: uri` and are rejected as url-invalid.
        expect(result).toMatchObject({ ok: false, error: { data: { reason: 'url-invalid' } } });
      }
    }
  });
});
