import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ELICITATION_PARTS, flag, idList, part } from './anatomy.js';
import { anatomyTable } from './anatomy-docs.js';

const read = (path: string): string => readFileSync(join(import.meta.dirname, path), 'utf8');
const sources = ['.', 'rjsf']
  .flatMap((folder) => readdirSync(join(import.meta.dirname, folder)).map((file) => join(folder, file)))
  .filter((file) => /\.tsx?$/.test(file) && !/\.test(-d)?\.tsx?$/.test(file) && !file.endsWith('anatomy-docs.ts'));

/** A markdown table as oxfmt leaves it, with padding and dash runs collapsed. */
const normalize = (table: string | undefined) => table?.replace(/ {2,}/g, ' ').replace(/-{3,}/g, '---');

describe('the anatomy', () => {
  it('stamps scope and part, and renders booleans as presence attributes', () => {
    expect(part('title')).toEqual({ 'data-scope': 'elicitation', 'data-part': 'title' });
    expect([flag(true), flag(0), flag(2)]).toEqual(['', undefined, '']);
    expect(idList('a', false, undefined, 'b')).toBe('a b');
    expect(idList(false)).toBeUndefined();
  });

  it('lists every part the sources render, and no part twice', () => {
    const used = new Set(
      sources.flatMap((file) =>
        [...read(file).matchAll(/part\('([a-z-]+)'\)|data-part="([a-z-]+)"/g)].map((match) => match[1] ?? match[2]),
      ),
    );
    expect([...used].toSorted()).toEqual([...ELICITATION_PARTS].toSorted());
    expect(new Set(ELICITATION_PARTS).size).toBe(ELICITATION_PARTS.length);
  });

  it('is the README table, generated from the same list', () => {
    const readme = read('../README.md');
    const between = /<!-- anatomy:start[^>]*-->([\s\S]*?)<!-- anatomy:end -->/.exec(readme)?.[1]?.trim();
    // Regenerate with: pnpm --filter @elicitation-kit/react exec tsx scripts/anatomy-table.ts (prints the table).
    expect(normalize(between)).toBe(normalize(anatomyTable(ELICITATION_PARTS)));
  });
});
