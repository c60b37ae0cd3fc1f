// axe-core on the dialog in every state (form, errors, URL, secret warning), in the light and the dark theme,
// under the production build's strict CSP. Each state's screenshot is kept in e2e/artifacts/screenshots/.
import { expectNoAxeViolations } from '../support/axe.js';
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

    test('form state: the kitchen-sink form has no axe violations', async ({ page, gallery }, testInfo) => {
      const dialog = await gallery.open('form-12-kitchen-sink-all-variants');
      await expect(dialog.getByRole('heading', { level: 2 })).toContainText('is asking for input');
      await expectNoAxeViolations(page, testInfo, `form-${colorScheme}`);
      await saveScreenshot(dialog, `dialog-form-${colorScheme}`);
    });

    test('error state: a rejected submit has no axe violations', async ({ page, gallery }, testInfo) => {
      const dialog = await gallery.open('form-12-kitchen-sink-all-variants');
      const nickname = gallery.dialog.field('Nickname');
      await nickname.fill('');
      await gallery.dialog.control('textbox', /^Contact email/).fill('not-an-email');
      await gallery.dialog.accept();
      await gallery.dialog.expectInvalid(nickname, /Nickname is required/);
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page, testInfo, `errors-${colorScheme}`);
      await saveScreenshot(dialog, `dialog-errors-${colorScheme}`);
    });

    test('URL state: consent to open a page has no axe violations', async ({ page, gallery }, testInfo) => {
      const dialog = await gallery.open('url-02-third-party-oauth');
      await expect(dialog).toContainText('https://mcp.calendar.example/connect?elicitationId=cal-connect-000173');
      await expect(gallery.dialog.openButton).toHaveText('Open mcp.calendar.example');
      await expectNoAxeViolations(page, testInfo, `url-${colorScheme}`);
      await saveScreenshot(dialog, `dialog-url-${colorScheme}`);
    });

    test('warning state: a secret-looking field has no axe violations', async ({ page, playground }, testInfo) => {
      await playground.open();
      await playground.paste(SECRET_FORM);
      await page.getByRole('button', { name: 'Show dialog' }).click();
      const dialog = await playground.dialog.expectOpen();
      await expect(dialog.getByRole('listitem').filter({ hasText: 'looks like a secret' })).toContainText('“API key”');
      await expectNoAxeViolations(page, testInfo, `warning-${colorScheme}`);
      await saveScreenshot(dialog, `dialog-warning-${colorScheme}`);
    });
  });
}
