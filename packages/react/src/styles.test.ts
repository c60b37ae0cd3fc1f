import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const read = (path: string): string => readFileSync(join(import.meta.dirname, path), 'utf8');
const css = read('styles.css').replace(/\/\*[\s\S]*?\*\//g, '');
const readme = read('../README.md');

describe('styles.css', () => {
  it('has zero specificity: every selector is wrapped in :where()', () => {
    const selectors = [...css.matchAll(/(^|})\s*([^{}@]+?)\s*{/g)].map((match) => match[2]!.trim());
    expect(selectors.length).toBeGreaterThan(20);
    for (const selector of selectors) expect(selector).toMatch(/^:where\(.*\)(::backdrop)?$/s);
  });

  it('defines a dark theme for prefers-color-scheme and for data-theme', () => {
    expect(css).toMatch(/@media \(prefers-color-scheme: dark\)/);
    expect(css).toContain("[data-theme='dark']");
  });

  it('documents every CSS variable it uses in the README', () => {
    const variables = new Set(css.match(/--elicitation-[a-z-]+/g));
    expect(variables.size).toBeGreaterThan(10);
    for (const variable of variables) expect(readme).toContain(`\`${variable}\``);
  });

  it('documents every data-part the components render in the README', () => {
    const sources = ['elicitation.tsx', 'elicitation-dialog.tsx', 'rjsf/theme.tsx'].map(read).join('\n');
    const parts = new Set(
      [...sources.matchAll(/part\('([a-z-]+)'\)|data-part="([a-z-]+)"/g)].map((match) => (match[1] ?? match[2])!),
    );
    expect(parts.size).toBeGreaterThan(20);
    for (const part of parts) expect(readme).toMatch(new RegExp(`\`${part}\``));
  });
});
