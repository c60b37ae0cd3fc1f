// The report renders whatever the bench gathered: a section that failed or never ran gets a row saying so, never a
// crash that loses the sections that did run (a missing browser once failed the whole report after the replica run).
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './report.mjs';

const environment = {
  date: '2026-12-05T00:00:00.000Z',
  cpus: 2,
  cpu: 'test CPU',
  node: '20',
  loadBefore: 0,
  loadAfter: 0,
};
const SECTIONS = ['clientCost', 'dialog', 'bundle', 'roundTrips', 'replicas'];
const TITLES = [
  'Per-request client cost',
  'Dialog readiness in Chromium',
  'Bundle size',
  'Round trips',
  'Replicas with faults',
];

describe('renderMarkdown', () => {
  it('gives each failed section a row with the first line of its error', () => {
    const results = {
      environment,
      ...Object.fromEntries(SECTIONS.map((key) => [key, { error: `Error: ${key} broke\n    at x` }])),
    };
    const markdown = renderMarkdown(results);
    for (const [index, key] of SECTIONS.entries()) {
      expect(markdown).toContain(`| ${TITLES[index]} | failed: Error: ${key} broke |`);
    }
    expect(markdown).not.toContain('    at x');
  });

  it('gives each section that did not run, or waits for a package, a row saying so', () => {
    const markdown = renderMarkdown({ environment, dialog: { pending: 'Cannot find package x' } });
    expect(markdown).toContain('| Dialog readiness in Chromium | pending: Cannot find package x |');
    expect(markdown).toContain('| Per-request client cost | — |');
    expect(markdown).toContain('| Replicas with faults | — |');
  });
});
