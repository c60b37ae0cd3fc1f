// axe-core scans scoped to the elicitation dialog, in the page's current colour scheme.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** The kit's roots that are shown: the open modal dialog, or an inline one (a region in the page). */
const OPEN_ROOTS = '[data-scope="elicitation"][data-part="root"][data-state="open"]';

/**
 * Runs axe (WCAG 2.x A/AA and best practices) on the shown elicitation roots (or on the elements `within` selects)
 * and fails on any violation, listing them.
 */
export async function expectNoAxeViolations(
  page: Page,
  testInfo: TestInfo,
  label: string,
  within: string = OPEN_ROOTS,
): Promise<void> {
  const results = await new AxeBuilder({ page })
    .include(within)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  await testInfo.attach(`axe-${label}.json`, {
    body: JSON.stringify(results.violations, null, 2),
    contentType: 'application/json',
  });
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations in the dialog (${label})`).toEqual([]);
}
