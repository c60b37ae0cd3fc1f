// Keyboard only, no mouse: connect, pick the tool, run it, fill the dialog and submit; Tab never leaves the modal
// dialog for the page behind; closing the dialog returns focus to the control that opened it. Focus moves with Tab;
// buttons are pressed with Enter or Space; a select is changed with the arrow keys.
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

for (const era of ERAS) {
  test(`keyboard-only export: open, fill, submit, focus returns (${era} era)`, async ({ page, host, traffic }) => {
    await host.open({ era });
    await tabTo(page, host.connectButton);
    await page.keyboard.press('Enter');
    const tool = host.toolButton('export-data');
    await expect(tool).toBeVisible({ timeout: 15_000 });
    await tabTo(page, tool);
    await page.keyboard.press('Space');
    await expect(tool).toHaveAttribute('aria-pressed', 'true');
    await tabTo(page, host.runButton);
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
