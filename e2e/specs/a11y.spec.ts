// axe-core on the dialog in every state (form, errors, URL, secret warning), in the light and the dark theme,
// under the production build's strict CSP, in both presentations: inline (the gallery renders its previews in the
// page: the kit's look and the rjsf themes) and modal (the playground's "Show dialog"). Each state's screenshot is
// kept in e2e/artifacts/screenshots/.
import { expectNoAxeViolations } from '../support/axe.js';
import { fixtureParams } from '../support/fixtures.js';
import { saveScreenshot } from '../support/screenshots.js';
import { expect, test } from '../support/test.js';

/** A form that asks for a secret-looking field (the kit warns; it does not block by default). */
const SECRET_FORM = {
  mode: 'form',
  message: 'The weather service needs credentials.',
  requestedSchema: {
    type: 'object',
    properties: {
      account: { type: 'string', title: 'Account name' },
      apiKey: { type: 'string', title: 'API key', description: 'From your provider dashboard.' },
    },
    required: ['apiKey'],
  },
};

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`dialog accessibility (${colorScheme} theme)`, () => {
    test.use({ colorScheme });

    test.afterEach(async ({ page }) => {
      // The host follows prefers-color-scheme until the user picks a theme: the scan really ran in this theme.
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    });

    test('form state (inline): the kitchen-sink form has no axe violations', async ({ page, gallery }, testInfo) => {
      const dialog = await gallery.open('form-12-kitchen-sink-all-variants');
      await expect(dialog.getByRole('heading', { level: 2 })).toContainText('is asking for input');
      await expectNoAxeViolations(page, testInfo, `form-${colorScheme}`);
      await saveScreenshot(dialog, `dialog-form-${colorScheme}`);
    });

    test('form and error states (modal): the kitchen-sink form has no axe violations', async ({
      page,
      playground,
    }, testInfo) => {
      await playground.open();
      const dialog = await playground.showDialog(fixtureParams('form-12-kitchen-sink-all-variants'));
      await expect(dialog).toHaveAttribute('data-presentation', 'modal');
      await expectNoAxeViolations(page, testInfo, `modal-form-${colorScheme}`);
      const nickname = playground.dialog.field('Nickname');
      await nickname.fill('');
      await playground.dialog.accept();
      await playground.dialog.expectInvalid(playground.dialog.field('Nickname'), /Nickname is required/);
      await expectNoAxeViolations(page, testInfo, `modal-errors-${colorScheme}`);
      await saveScreenshot(dialog, `dialog-modal-errors-${colorScheme}`);
    });

    test('error state (inline): a rejected submit has no axe violations', async ({ page, gallery }, testInfo) => {
      const dialog = await gallery.open('form-12-kitchen-sink-all-variants');
      const nickname = gallery.dialog.field('Nickname');
      await nickname.fill('');
      await gallery.dialog.control('textbox', /^Contact email/).fill('not-an-email');
      await gallery.dialog.accept();
      await gallery.dialog.expectInvalid(gallery.dialog.field('Nickname'), /Nickname is required/);
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page, testInfo, `errors-${colorScheme}`);
      await saveScreenshot(dialog, `dialog-errors-${colorScheme}`);
    });

    test('URL state (inline): consent to open a page has no axe violations', async ({ page, gallery }, testInfo) => {
      const dialog = await gallery.open('url-02-third-party-oauth');
      await expect(dialog).toContainText('https://mcp.calendar.example/connect?elicitationId=cal-connect-000173');
      await expect(gallery.dialog.openButton).toHaveText('Open mcp.calendar.example');
      await expectNoAxeViolations(page, testInfo, `url-${colorScheme}`);
      await saveScreenshot(dialog, `dialog-url-${colorScheme}`);
    });

    test('warning state (modal): a secret-looking field has no axe violations', async ({
      page,
      playground,
    }, testInfo) => {
      await playground.open();
      const dialog = await playground.showDialog(SECRET_FORM);
      await expect(dialog.getByRole('listitem').filter({ hasText: 'looks like a secret' })).toContainText('“API key”');
      await expectNoAxeViolations(page, testInfo, `warning-${colorScheme}`);
      await saveScreenshot(dialog, `dialog-warning-${colorScheme}`);
    });
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`the host page (${colorScheme} theme)`, () => {
    test.use({ colorScheme });

    test('around the dialog has no axe violations: server card, era badge, result, protocol log', async ({
      page,
      host,
    }, testInfo) => {
      await host.openAndConnect('modern');
      await host.runTool('export-data');
      await host.dialog.expectOpen();
      await host.dialog.field('Export format').selectOption('csv');
      await host.dialog.accept();
      await host.expectResult('"status":"completed"');
      await expect(host.logOutcomes('accept')).not.toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      await expectNoAxeViolations(page, testInfo, `host-page-${colorScheme}`, 'main');
    });
  });
}
