import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitHost } from './elicitation-dialog.js';
import { flag, ids, revealInvisible } from './parts.js';

describe('splitHost', () => {
  it('splits around the host', () => {
    expect(splitHost('https://mcp.example/a?b#c', 'mcp.example')).toEqual(['https://', 'mcp.example', '/a?b#c']);
    expect(splitHost('https://mcp.example:8443/', 'mcp.example')).toEqual(['https://', 'mcp.example', ':8443/']);
  });

  it('finds the real host after userinfo that repeats it', () => {
    expect(splitHost('https://evil.example@evil.example/x', 'evil.example')).toEqual([
      'https://evil.example@',
      'evil.example',
      '/x',
    ]);
    expect(splitHost('https://bank.example:pw@evil.example/', 'evil.example')).toEqual([
      'https://bank.example:pw@',
      'evil.example',
      '/',
    ]);
  });

  it('does not highlight a host that only appears in the path', () => {
    expect(splitHost('https://a.example/b.example', 'b.example')).toEqual(['https://a.example/b.example', '', '']);
    expect(splitHost('not a url', 'x')).toEqual(['not a url', '', '']);
    expect(splitHost('https://a.example/', '')).toEqual(['https://a.example/', '', '']);
  });
});

describe('revealInvisible', () => {
  it('shows bidi controls, zero-width and control characters as code points', () => {
    expect(revealInvisible('a\u202Eb\u200Bc\u0000d\u2066')).toBe('a<U+202E>b<U+200B>c<U+0000>d<U+2066>');
    expect(revealInvisible('plain ünïcödé 日本')).toBe('plain ünïcödé 日本');
  });
});

describe('attribute helpers', () => {
  it('renders booleans as presence attributes and joins only present ids', () => {
    expect([flag(true), flag(0), flag(2)]).toEqual(['', undefined, '']);
    expect(ids('a', false, undefined, 'b')).toBe('a b');
    expect(ids(false)).toBeUndefined();
  });
});
