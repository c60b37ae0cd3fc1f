// The README's two-minute tour, as a newcomer reads the host page: the Result of a tool run has a heading of its own
// (visible, named "Result", the name of its region) one level under the tool's, in an unbroken heading order.
import { expectNoAxeViolations } from '../support/axe.js';
import { expect, test } from '../support/test.js';

/** The level of a heading element (h1 → 1). */
function levelOf(element: Element): number {
  return Number(element.tagName.slice(1));
}

test('the Result of a tool run has a visible heading, in the page’s heading order', async ({
  page,
  host,
}, testInfo) => {
  await host.openAndConnect('modern');
  await host.runTool('export-data');
  await host.dialog.expectOpen();
  await host.dialog.field('Export format').selectOption('csv');
  await host.dialog.accept();
  await host.expectResult('"status":"completed"');

  const heading = host.result.getByRole('heading', { name: 'Result', exact: true });
  await expect(heading).toBeVisible();
  // The region is named by that heading (not by a hidden label of its own).
  expect(await host.result.getAttribute('aria-labelledby')).toBe(await heading.getAttribute('id'));
  // Its level is one under the tool's heading, and no level is skipped on the way down the page.
  const tool = page.getByRole('heading', { name: 'Export orders', exact: true });
  expect(await heading.evaluate(levelOf)).toBe((await tool.evaluate(levelOf)) + 1);
  const levels = await page
    .getByRole('main')
    .getByRole('heading')
    .evaluateAll((elements) => elements.map((element) => Number(element.tagName.slice(1))));
  const skips = levels.flatMap((level, index) =>
    index > 0 && level > (levels[index - 1] ?? 0) + 1 ? [`h${levels[index - 1]} → h${level}`] : [],
  );
  expect(levels[0]).toBe(1);
  expect(skips).toEqual([]);
  // Scoped to the Result: elsewhere on the host page axe flags the protocol log's list role and two status colours.
  await expectNoAxeViolations(page, testInfo, 'host-result', '.result');
});
