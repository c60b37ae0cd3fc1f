// Sites and loopback hosts: the host-name rules the kit shares.
import { describe, expect, it } from 'vitest';
import { isIpAddress, isLoopbackHost, isSameSite, registrableDomain, type PublicSuffixList } from './site.js';

describe('registrableDomain', () => {
  it.each([
    ['mcp.example.com', 'example.com'],
    ['a.b.c.example.com', 'example.com'],
    ['example.com', 'example.com'],
    ['Login.Example.COM', 'Example.COM'],
    ['www.example.com.', 'example.com.'],
    ['shop.example.co.uk', 'example.co.uk'],
    ['example.co.uk', 'example.co.uk'],
    ['co.uk', 'co.uk'],
    ['a.b.example.com.au', 'example.com.au'],
    ['www.example.co.jp', 'example.co.jp'],
    ['loja.example.com.br', 'example.com.br'],
    ['alice.github.io', 'alice.github.io'],
    ['docs.alice.github.io', 'alice.github.io'],
    ['github.io', 'github.io'],
    ['my-app.vercel.app', 'my-app.vercel.app'],
    ['www.xn--e1afmkfd.xn--p1ai', 'xn--e1afmkfd.xn--p1ai'],
    ['www.пример.рф', 'пример.рф'],
    ['localhost', 'localhost'],
    ['app.localhost', 'app.localhost'],
    ['', ''],
  ])('%s → %s', (host, site) => {
    expect(registrableDomain(host)).toBe(site);
  });

  it('returns IP addresses as they are', () => {
    for (const host of ['127.0.0.1', '216.58.214.206', '[::1]', '[2001:db8::1]', '::1', '0x7f.1', '2130706433']) {
      expect(registrableDomain(host)).toBe(host);
    }
  });

  it('always returns a suffix of the host, also on 100,000-character hosts', () => {
    for (const host of [
      'a.'.repeat(50_000) + 'co.uk',
      '.'.repeat(100_000),
      'a'.repeat(100_000),
      `${'x.'.repeat(50_000)}`,
    ]) {
      const site = registrableDomain(host);
      expect(host.endsWith(site)).toBe(true);
      expect(site.length).toBeLessThanOrEqual(100_000);
    }
    expect(registrableDomain(`${'a.'.repeat(50_000)}example.co.uk`)).toBe('example.co.uk');
  });
});

describe('isSameSite', () => {
  it('compares sites, ignoring subdomains, case, a trailing dot and the Punycode spelling', () => {
    expect(isSameSite('mcp.example.com', 'login.example.com')).toBe(true);
    expect(isSameSite('MCP.Example.com', 'example.com.')).toBe(true);
    expect(isSameSite('пример.рф', 'www.xn--e1afmkfd.xn--p1ai')).toBe(true);
    expect(isSameSite('a.example.co.uk', 'b.example.co.uk')).toBe(true);
    expect(isSameSite('127.0.0.1', '127.0.0.1')).toBe(true);
  });

  it('tells different sites apart', () => {
    expect(isSameSite('example.com', 'example.org')).toBe(false);
    expect(isSameSite('example.co.uk', 'other.co.uk')).toBe(false);
    expect(isSameSite('alice.github.io', 'mallory.github.io')).toBe(false);
    expect(isSameSite('xn--pypal-4ve.com', 'paypal.com')).toBe(false);
    expect(isSameSite('localhost', '127.0.0.1')).toBe(false);
    expect(isSameSite('127.0.0.1', '127.0.0.2')).toBe(false);
    expect(isSameSite('', '')).toBe(false);
  });
});

describe('isLoopbackHost', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    'app.localhost',
    'a.b.localhost',
    '127.0.0.1',
    '127.8.9.10',
    '127.255.255.255',
    '[::1]',
    '::1',
  ])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each([
    '',
    'localhost.',
    'localhost.evil.example',
    'evil-localhost',
    'notlocalhost',
    '127.0.0.1.evil.example',
    '127.0.0.256',
    '127.0.0',
    '128.0.0.1',
    '0.0.0.0',
    '[::ffff:7f00:1]',
    '[::2]',
    '::1.evil.example',
    '2130706433',
  ])('%s is not loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  it('answers on 100,000-character hosts', () => {
    expect(isLoopbackHost(`${'a.'.repeat(50_000)}localhost`)).toBe(true);
    expect(isLoopbackHost(`127.0.0.${'1'.repeat(100_000)}`)).toBe(false);
    expect(isLoopbackHost(`${'127.'.repeat(25_000)}1`)).toBe(false);
  });
});

describe('isIpAddress', () => {
  it('recognises IPv4 in the forms the parser reads and IPv6', () => {
    for (const host of ['127.0.0.1', '1.2.3.4.', '2130706433', '0x7f.1', 'a.0x', '[::1]', '::1', '[2001:db8::1]']) {
      expect(isIpAddress(host)).toBe(true);
    }
    for (const host of ['example.com', '1.2.3.example', 'a1', '', 'x.', '1a']) {
      expect(isIpAddress(host)).toBe(false);
    }
    expect(isIpAddress('1.'.repeat(50_000))).toBe(true);
  });
});

/** Site options with a stand-in list that answers `answer`. */
const list = (answer: (host: string) => string | null | undefined): { publicSuffixList: PublicSuffixList } => ({
  publicSuffixList: { registrableDomain: answer },
});

describe('a plugged-in Public Suffix List', () => {
  it('decides the site, in the case and with the trailing dot of the host as written', () => {
    const amazon = list((host) =>
      host.endsWith('.s3.amazonaws.com') ? host.split('.').slice(-4).join('.') : undefined,
    );
    expect(registrableDomain('Files.Victim.S3.AmazonAWS.com.', amazon)).toBe('Victim.S3.AmazonAWS.com.');
    expect(isSameSite('attacker.s3.amazonaws.com', 'victim.s3.amazonaws.com', amazon)).toBe(false);
    expect(isSameSite('a.victim.s3.amazonaws.com', 'victim.s3.amazonaws.com', amazon)).toBe(true);
  });

  it('makes a host that is itself a public suffix its own site', () => {
    expect(
      registrableDomain(
        'github.io',
        list(() => null),
      ),
    ).toBe('github.io');
  });

  it('is called with lower-case names without the trailing dot, and never with IP addresses or single labels', () => {
    const seen: string[] = [];
    const recording = list((host) => {
      seen.push(host);
      return host;
    });
    registrableDomain('WWW.Example.COM.', recording);
    registrableDomain('127.0.0.1', recording);
    registrableDomain('localhost', recording);
    expect(seen).toEqual(['www.example.com']);
  });

  it('is ignored when its answer is no suffix of the host, or when it throws (the built-in excerpt judges)', () => {
    expect(
      registrableDomain(
        'mcp.example.com',
        list(() => 'evil.com'),
      ),
    ).toBe('example.com');
    expect(
      registrableDomain(
        'mcp.example.com',
        list(() => 'ample.com'),
      ),
    ).toBe('example.com');
    expect(
      registrableDomain(
        'mcp.example.com',
        list(() => ''),
      ),
    ).toBe('example.com');
    expect(
      registrableDomain(
        'mcp.example.com',
        list(() => {
          throw new Error('broken list');
        }),
      ),
    ).toBe('example.com');
  });
});
