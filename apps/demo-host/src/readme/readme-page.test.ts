// The snippets on the README page must be the READMEs' own: a README change that breaks them fails here first.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..', '..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const page = read('apps/demo-host/src/readme/readme-page.tsx');
/** The lines of a code block, trimmed (indentation differs once a snippet sits inside a component). */
const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

describe('the README page', () => {
  it("carries the react README's Ask component verbatim", () => {
    const readme = read('packages/react/README.md');
    const block = /## Usage\n\n```tsx\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const component = block.slice(block.indexOf('function Ask'));
    expect(component).not.toBe('');
    for (const line of lines(component)) expect(page).toContain(line);
  });

  it("carries the root README's dialog snippet verbatim", () => {
    const readme = read('README.md');
    const block = /### react — the dialog\n\n```tsx\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const dialog = block.slice(block.indexOf('<ElicitationDialog'), block.indexOf('/>;') + 2);
    expect(dialog).toContain('onRespond');
    for (const line of lines(dialog)) expect(page).toContain(line);
  });
});
