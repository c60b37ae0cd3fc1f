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

  it('writes each colour once for both schemes, following prefers-color-scheme unless data-theme says otherwise', () => {
    const colours = [...css.matchAll(/--_elicitation-([a-z-]+): var\(--elicitation-[a-z-]+, (light-dark\()?/g)];
    const themed = colours.filter((match) => !['font', 'radius', 'gap', 'width', 'shadow'].includes(match[1]!));
    expect(themed.length).toBeGreaterThan(10);
    for (const match of themed) expect(match[2], match[1]).toBe('light-dark(');
    // One declaration per variable: no second palette (a media query or a [data-theme] block) to keep in step.
    expect(new Set(colours.map((match) => match[1])).size).toBe(colours.length);
    expect(css).toMatch(/color-scheme: light dark;/);
    expect(css).toContain("[data-theme='dark']");
    expect(css).toContain("[data-theme='light']");
  });

  it('documents every CSS variable it uses in the README', () => {
    const variables = new Set(css.match(/--elicitation-[a-z-]+/g));
    expect(variables.size).toBeGreaterThan(10);
    for (const variable of variables) expect(readme).toContain(`\`${variable}\``);
  });
});
