// Keyboard only, no mouse: connect, pick the tool, run it, fill the dialog and submit; Tab never leaves the modal
// dialog for the page behind; closing the dialog returns focus to the control that opened it. Focus moves with Tab;
// buttons are pressed with Enter or Space; a select and the tool toolbar are moved through with the arrow keys.
// Connect lands on the new server's heading, and Run is at most 4 Tabs from there (the toolbar is one Tab stop).
import type { Locator, Page } from '@playwright/test';
import { ERAS } from '../support/env.js';
import { expect, test } from '../support/test.js';

/** Presses Tab until `target` has focus (at most `limit` times); fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      return;
    }
    await page.keyboard.press('Tab');
  }
  await expect(target, `reachable with Tab within ${limit} presses`).toBeFocused();
}

/** Whether `target` has focus right now. */
function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/** The demo server's title (`apps/demo-server`), the heading of its card once connected. */
const DEMO_SERVER_TITLE = 'Elicitation Kit demo server';

/** At most this many Tab presses from pressing Connect to reaching Run (the Space that selects a tool aside). */
const TABS_TO_RUN = 4;

for (const era of ERAS) {
  test(`keyboard-only export: connect, ${TABS_TO_RUN} Tabs to Run, fill, submit, focus returns (${era} era)`, async ({
    page,
    host,
    traffic,
  }) => {
    await host.open({ era });
    await tabTo(page, host.connectButton);
    await page.keyboard.press('Enter');
    const tool = host.toolButton('export-data');
    await expect(tool).toBeVisible({ timeout: 15_000 });
    // Connect moved focus to the new server's card: its heading, not a Tab stop of its own.
    const heading = page.getByRole('heading', { level: 2, name: DEMO_SERVER_TITLE });
    await expect(heading).toBeFocused();

    // The tools are one Tab stop (a toolbar); inside it the arrow keys, Home and End move focus without selecting.
    const toolbar = page.getByRole('toolbar', { name: 'Tools' });
    const tools = toolbar.getByRole('button');
    let tabs = 0;
    while (!(await toolbar.evaluate((element) => element.contains(document.activeElement))) && tabs < TABS_TO_RUN) {
      await page.keyboard.press('Tab');
      tabs += 1;
    }
    await expect(tools.first(), 'Tab enters the toolbar on its first tool').toBeFocused();
    await page.keyboard.press('End');
    await expect(tools.last()).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tools.first(), 'ArrowRight wraps from the last tool to the first').toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    await expect(tools.first()).toBeFocused();
    const count = await tools.count();
    for (let presses = 0; presses < count && !(await isFocused(tool)); presses += 1) {
      await page.keyboard.press('ArrowRight');
    }
    await expect(tool).toBeFocused();
    await expect(toolbar.getByRole('button', { pressed: true }), 'the arrow keys select nothing').toHaveCount(0);
    await page.keyboard.press('Space');
    await expect(tool).toHaveAttribute('aria-pressed', 'true');
    while (!(await isFocused(host.runButton)) && tabs < TABS_TO_RUN) {
      await page.keyboard.press('Tab');
      tabs += 1;
    }
    await expect(host.runButton, `Run within ${TABS_TO_RUN} Tabs of Connect`).toBeFocused();
    expect(tabs).toBeLessThanOrEqual(TABS_TO_RUN);
    await page.keyboard.press('Enter');

    // The dialog opens with focus on its first field; Tab stays inside the modal dialog.
    const { dialog } = host;
    await dialog.expectOpen();
    const format = dialog.field('Export format');
    await expect(format).toBeFocused();
    await page.keyboard.press('ArrowDown'); // placeholder → csv
    await page.keyboard.press('ArrowDown'); // csv → json
    await expect(format).toHaveValue('json');
    await page.keyboard.press('Tab');
    const maxRows = dialog.field('Maximum rows');
    await expect(maxRows).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('25');
    await page.keyboard.press('Tab');
    await expect(dialog.field('Include column headings')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(dialog.field('Include column headings')).not.toBeChecked();
    await tabTo(page, dialog.acceptButton, 10);
    await page.keyboard.press('Enter');

    await dialog.expectClosed();
    // Focus returns to the control that opened the dialog (Run stays focusable while the call runs).
    await expect(host.runButton).toBeFocused();
    await host.expectResult('"format":"json","maxRows":25,"includeHeaders":false,"rows":25');
    expect(traffic.elicitationAnswers()).toEqual([
      { action: 'accept', content: { format: 'json', maxRows: 25, includeHeaders: false } },
    ]);
  });

  test(`keyboard-only: Tab cycles inside the dialog and Escape cancels (${era} era)`, async ({
    page,
    host,
    traffic,
  }) => {
    await host.openAndConnect(era);
    await host.selectTool('export-data');
    await host.runButton.focus();
    await page.keyboard.press('Enter');
    await host.dialog.expectOpen();
    // The page behind a modal <dialog> is inert: Tab visits the dialog's controls, may pass through the browser's
    // own UI (document.activeElement is then <body>), and comes back; it never reaches the page.
    const visited = new Set<string>();
    for (let presses = 0; presses < 16; presses += 1) {
      await page.keyboard.press('Tab');
      const where = await host.dialog.root.evaluate((dialog) => {
        const active = document.activeElement;
        if (active === null || active === document.body) {
          return 'outside-document';
        }
        return dialog.contains(active)
          ? `dialog:${active.outerHTML.slice(0, 80)}`
          : `page:${active.outerHTML.slice(0, 80)}`;
      });
      expect(where, `Tab press ${presses + 1} never lands on the page behind`).not.toMatch(/^page:/);
      visited.add(where);
    }
    // Every control of the form was reached (3 fields + 3 buttons), so Tab cycles back into the dialog.
    expect([...visited].filter((where) => where.startsWith('dialog:')).length).toBeGreaterThanOrEqual(6);
    await page.keyboard.press('Escape');
    await host.dialog.expectClosed();
    await host.expectResult('"status":"cancelled"');
    await expect(host.runButton).toBeFocused();
    expect(traffic.elicitationAnswers()).toEqual([{ action: 'cancel' }]);
  });
}

test('a failed connection lands focus on its card too, and the ?connect=1 connection on load takes none', async ({
  page,
  host,
}) => {
  // Port 1 on loopback: nothing listens, the connection is refused at once.
  await host.open({ server: 'http://127.0.0.1:1/mcp' });
  await host.serverUrl.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Could not connect:', { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 2, name: '127.0.0.1:1' })).toBeFocused();

  await host.open({ query: { connect: '1' } });
  await expect(host.toolButton('export-data')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 2, name: DEMO_SERVER_TITLE })).not.toBeFocused();
});
