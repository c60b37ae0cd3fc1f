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
  });

  it('adds https:// to a scheme-less remote address', () => {
    expect(normalizeServerUrl('mcp.example.com/mcp')).toEqual({
      ok: true,
      url: 'https://mcp.example.com/mcp',
      addedScheme: 'https://',
    });
  });

  it('explains what it cannot connect to instead of making a card', () => {
    expect(normalizeServerUrl('')).toMatchObject({ ok: false, message: expect.stringContaining('Enter the URL') });
    expect(normalizeServerUrl('ftp://files.example.com/mcp')).toMatchObject({
      ok: false,
      message: expect.stringContaining('uses ftp:'),
    });
    expect(normalizeServerUrl('javascript:alert(1)')).toMatchObject({ ok: false });
    expect(normalizeServerUrl('not a url at all')).toMatchObject({
      ok: false,
      message: expect.stringContaining('is not a URL'),
    });
  });

  it('reads a 100,000-character address in linear time without a stack or regex blow-up', () => {
    const long = `${'a'.repeat(100_000)}:${'1'.repeat(10)}`;
    expect(normalizeServerUrl(long).ok).toBe(false);
    expect(normalizeServerUrl(`${'a.'.repeat(50_000)}example/mcp`)).toMatchObject({
      ok: true,
      addedScheme: 'https://',
    });
    expect(normalizeServerUrl(`[${':'.repeat(100_000)}`).ok).toBe(false);
  });
});
