// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { normalizeServerUrl } from './server-url.js';

describe('normalizeServerUrl', () => {
  it('keeps a full http(s) URL as the browser reads it', () => {
    expect(normalizeServerUrl('  http://127.0.0.1:3901/mcp ')).toEqual({ ok: true, url: 'http://127.0.0.1:3901/mcp' });
    expect(normalizeServerUrl('HTTPS://MCP.Example.com/mcp')).toEqual({ ok: true, url: 'https://mcp.example.com/mcp' });
  });

  it('adds http:// to a scheme-less loopback address (IPv4, localhost, IPv6)', () => {
    expect(normalizeServerUrl('127.0.0.1:3901/mcp')).toEqual({
      ok: true,
      url: 'http://127.0.0.1:3901/mcp',
      addedScheme: 'http://',
    });
    // `localhost:3901/mcp` alone parses as a URL whose scheme is "localhost:": that made an untitled card.
    expect(normalizeServerUrl('localhost:3901/mcp')).toMatchObject({ ok: true, url: 'http://localhost:3901/mcp' });
    expect(normalizeServerUrl('[::1]:3901/mcp')).toMatchObject({ ok: true, url: 'http://[::1]:3901/mcp' });
    expect(normalizeServerUrl('//127.0.0.1:3901/mcp')).toMatchObject({ ok: true, url: 'http://127.0.0.1:3901/mcp' });
    expect(normalizeServerUrl('localhost')).toEqual({ ok: true, url: 'http://localhost/', addedScheme: 'http://' });
    expect(normalizeServerUrl('app.LOCALHOST:5173')).toMatchObject({ ok: true, url: 'http://app.localhost:5173/' });
  });

  it('reads the host as the URL parser does before picking the scheme', () => {
    // User info is not the host; the parser's hostname is what core's isLoopbackHost judges.
    expect(normalizeServerUrl('me@127.0.0.1:3901/mcp')).toMatchObject({ ok: true, addedScheme: 'http://' });
    expect(normalizeServerUrl('0x7f.1:3901/mcp')).toMatchObject({ ok: true, url: 'http://127.0.0.1:3901/mcp' });
    expect(normalizeServerUrl('[0:0::1]:3901/mcp')).toMatchObject({ ok: true, url: 'http://[::1]:3901/mcp' });
    // Look-alikes of loopback are remote.
    expect(normalizeServerUrl('localhost.evil.example/mcp')).toMatchObject({ addedScheme: 'https://' });
    expect(normalizeServerUrl('127.0.0.1.evil.example/mcp')).toMatchObject({ addedScheme: 'https://' });
  });

  it('adds https:// to a scheme-less remote address', () => {
    expect(normalizeServerUrl('mcp.example.com/mcp')).toEqual({
      ok: true,
      url: 'https://mcp.example.com/mcp',
      addedScheme: 'https://',
    });
    expect(normalizeServerUrl('example.com')).toEqual({
      ok: true,
      url: 'https://example.com/',
      addedScheme: 'https://',
    });
    // The port typed stays, even the one http:// would have dropped as its default.
    expect(normalizeServerUrl('example.com:80/mcp')).toMatchObject({ ok: true, url: 'https://example.com:80/mcp' });
  });

  it('explains what it cannot connect to instead of making a card', () => {
    expect(normalizeServerUrl('')).toMatchObject({ ok: false, message: expect.stringContaining('Enter the URL') });
    expect(normalizeServerUrl('ftp://files.example.com/mcp')).toMatchObject({
      ok: false,
      message: expect.stringContaining('uses ftp:'),
    });
    expect(normalizeServerUrl('ftp://x')).toEqual({
      ok: false,
      message: 'A browser reaches MCP servers over http:// or https:// only; “ftp://x” uses ftp:',
    });
    expect(normalizeServerUrl('javascript:alert(1)')).toMatchObject({
      ok: false,
      message: expect.stringContaining('uses javascript:'),
    });
    expect(normalizeServerUrl('mailto:me@example.com')).toMatchObject({
      ok: false,
      message: expect.stringContaining('uses mailto:'),
    });
    expect(normalizeServerUrl('http://')).toMatchObject({
      ok: false,
      message: expect.stringContaining('is not a URL'),
    });
    expect(normalizeServerUrl('not a url at all')).toMatchObject({
      ok: false,
      message: expect.stringContaining('is not a URL'),
    });
  });

  it('reads a 100,000-character address in linear time without a stack or regex blow-up', () => {
    const started = performance.now();
    const long = `${'a'.repeat(100_000)}:${'1'.repeat(10)}`;
    expect(normalizeServerUrl(long).ok).toBe(false);
    expect(normalizeServerUrl(`${'a.'.repeat(50_000)}example/mcp`)).toMatchObject({
      ok: true,
      addedScheme: 'https://',
    });
    expect(normalizeServerUrl(`[${':'.repeat(100_000)}`).ok).toBe(false);
    // Scheme-like text with no colon (the scheme pattern fails at the very end) is a host name.
    expect(normalizeServerUrl(`${'a+'.repeat(50_000)}-`)).toMatchObject({ ok: true, addedScheme: 'https://' });
    expect(normalizeServerUrl(`${'a'.repeat(100_000)}:x`)).toMatchObject({
      ok: false,
      message: expect.stringContaining('http:// or https:// only'),
    });
    // Generous for a shared CI machine; a super-linear reading of these would take minutes.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
