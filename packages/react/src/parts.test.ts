import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitHost } from './elicitation-dialog.js';
import { flag, ids, revealInvisible } from './parts.js';
import { toLocalInput } from './rjsf/theme.js';

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

describe('toLocalInput', () => {
  it('shows an RFC 3339 date-time as the same instant in local time', () => {
    const local = toLocalInput('2025-12-01T09:00:00Z');
    expect(local).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    expect(new Date(local).getTime()).toBe(Date.parse('2025-12-01T09:00:00Z'));
    expect(new Date(toLocalInput('2025-12-01T09:00:30+02:00')).getTime()).toBe(Date.parse('2025-12-01T07:00:30Z'));
  });

  it('leaves local values and text it cannot read unchanged', () => {
    expect(toLocalInput('2025-12-01T09:00')).toBe('2025-12-01T09:00');
    expect(toLocalInput('soon Z')).toBe('soon Z');
  });
});

describe('the shipped sources', () => {
  const sources = readdirSync(import.meta.dirname, { recursive: true, encoding: 'utf8' }).filter(
    (name) => /\.(ts|tsx|css)$/.test(name) && !/\.test\.|(^|\/)test\//.test(name),
  );

  it('never evaluate code, inject HTML or load ajv', () => {
    expect(sources.length).toBeGreaterThan(5);
    for (const name of sources) {
      // Code only: comments may name what the code avoids.
      const code = readFileSync(join(import.meta.dirname, name), 'utf8').replace(
        /\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm,
        '$1',
      );
      const hits = code.match(
        /\bnew Function\b|\bFunction\s*\(|\beval\s*\(|dangerouslySetInnerHTML|innerHTML|from\s+['"][^'"]*ajv/gi,
      );
      expect({ name, hits }).toEqual({ name, hits: null });
    }
  });
});
