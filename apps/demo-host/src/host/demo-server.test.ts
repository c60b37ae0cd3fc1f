// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SERVER_URL_PLACEHOLDER, demoServerUrl, initialServerUrl, noServerHint } from './demo-server.js';

describe('the demo server handed over by npm run demo', () => {
  it('accepts only an http(s) URL', () => {
    expect(demoServerUrl('http://127.0.0.1:3977/mcp')).toBe('http://127.0.0.1:3977/mcp');
    expect(demoServerUrl(undefined)).toBeUndefined();
    expect(demoServerUrl('')).toBeUndefined();
    expect(demoServerUrl('javascript:alert(1)')).toBeUndefined();
    expect(demoServerUrl('not a url')).toBeUndefined();
  });

  it('fills the Server URL: ?server= first, then the demo server, else nothing', () => {
    const demo = 'http://127.0.0.1:3977/mcp';
    expect(initialServerUrl('?server=http://127.0.0.1:9000/mcp', demo)).toBe('http://127.0.0.1:9000/mcp');
    expect(initialServerUrl('', demo)).toBe(demo);
    expect(initialServerUrl('?relay=1', undefined)).toBe('');
  });

  it('names the real port in the hint, and never looks like a value in the placeholder', () => {
    expect(noServerHint('http://127.0.0.1:3977/mcp')).toContain('http://127.0.0.1:3977/mcp');
    expect(noServerHint(undefined)).toContain('npm run demo');
    expect(noServerHint(undefined)).not.toMatch(/\d{4}/);
    expect(SERVER_URL_PLACEHOLDER).not.toMatch(/https?:|\d/);
  });
});
