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
});
