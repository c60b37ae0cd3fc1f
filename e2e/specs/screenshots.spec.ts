// Screenshots of the dialog as the demo host shows it, taken under the strict CSP build: every run keeps them in
// e2e/artifacts/screenshots/; with E2E_UPDATE_DOCS=1 (or when it is missing) the README's picture,
// docs/screenshot-dialog.png, is written from the first one.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { saveScreenshot } from '../support/screenshots.js';
import { expect, test } from '../support/test.js';

const DOCS_SCREENSHOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'screenshot-dialog.png');

test.use({ colorScheme: 'light', viewport: { width: 1100, height: 800 }, timezoneId: 'UTC' });

test('README screenshot: the export-data dialog with a validation message', async ({ host }) => {
  await host.openAndConnect('modern');
  await host.runTool('export-data');
  const dialog = await host.dialog.expectOpen();
  await host.dialog.field('Export format').selectOption('csv');
  await host.dialog.field('Maximum rows').fill('0');
  await host.dialog.accept();
  await host.dialog.expectInvalid(host.dialog.field('Maximum rows'), 'Maximum rows must be at least 1.');
  // Park the caret away from the screenshot's focus ring flicker.
  await host.dialog.field('Maximum rows').blur();
  const saved = await saveScreenshot(dialog, 'readme-dialog-export-data');
  if (process.env.E2E_UPDATE_DOCS === '1' || !existsSync(DOCS_SCREENSHOT)) {
    mkdirSync(dirname(DOCS_SCREENSHOT), { recursive: true });
    copyFileSync(saved, DOCS_SCREENSHOT);
  }
  expect(existsSync(DOCS_SCREENSHOT)).toBe(true);
  await host.dialog.cancel();
  await host.dialog.expectClosed();
});

test('dialog states in both eras are captured for review', async ({ host }) => {
  for (const era of ['modern', 'legacy'] as const) {
    await host.openAndConnect(era);
    await host.runTool('connect-account');
    await saveScreenshot(await host.dialog.expectOpen(), `host-url-${era}`);
    await host.dialog.decline();
    await host.dialog.expectClosed();
    await host.runTool('schedule-report');
    await saveScreenshot(await host.dialog.expectOpen(), `host-queued-${era}`);
    await host.dialog.cancel();
    await host.dialog.cancel();
    await host.dialog.expectClosed();
    await host.expectResult('"status":"cancelled"');
  }
});
