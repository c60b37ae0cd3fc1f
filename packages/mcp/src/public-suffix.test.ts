// The tldts-backed Public Suffix List through core's site rules: tenants of shared hosts are sites of their own.
import { analyzeUrl, isSameSite, parseElicitation, registrableDomain } from '@elicitation-kit/core';
import { describe, expect, it } from 'vitest';
import { publicSuffixList } from './public-suffix.js';

const sites = { publicSuffixList };

describe('publicSuffixList (tldts)', () => {
  it.each([
    ['attacker.s3.amazonaws.com', 'victim.s3.amazonaws.com'],
    ['mallory.github.io', 'alice.github.io'],
    ['evil.vercel.app', 'shop.vercel.app'],
    ['x.pages.dev', 'y.pages.dev'],
    ['api.example.com.evil.com', 'example.com'],
  ])('%s is another site than %s', (a, b) => {
    expect(isSameSite(a, b, sites)).toBe(false);
  });

  it.each([
    ['files.victim.s3.amazonaws.com', 'victim.s3.amazonaws.com'],
    ['docs.alice.github.io', 'alice.github.io'],
    ['login.example.co.uk', 'example.co.uk'],
    ['a.b.example.com.au', 'example.com.au'],
    ['www.xn--e1afmkfd.xn--p1ai', 'xn--e1afmkfd.xn--p1ai'],
    ['github.io', 'github.io'],
    ['Login.Example.COM.', 'Example.COM.'],
  ])('the site of %s is %s', (host, site) => {
    expect(registrableDomain(host, sites)).toBe(site);
  });

  it('reaches a parsed URL-mode request: the dialog says another tenant is a different site', () => {
    const result = parseElicitation(
      { mode: 'url', message: 'Sign in', url: 'https://attacker.s3.amazonaws.com/login' },
      { serverUrl: 'https://victim.s3.amazonaws.com/mcp', publicSuffixList },
    );
    expect(result.ok && result.request.mode === 'url' && result.request.link).toMatchObject({
      site: 'attacker.s3.amazonaws.com',
      sameSiteAsServer: false,
    });
    expect(
      analyzeUrl('https://victim.s3.amazonaws.com/x', { serverUrl: 'https://victim.s3.amazonaws.com/', ...sites }),
    ).toMatchObject({ sameSiteAsServer: true, warnings: [] });
  });
});
