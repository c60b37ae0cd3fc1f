// The host's rjsf theme: the gallery passes two real rjsf themes (@rjsf/mui, @rjsf/antd) to the dialog, exactly as a
// host would (`theme={Theme}`), next to the kit's own look. In real Chromium, under the production build's strict CSP
// (style-src with a per-page nonce, no 'unsafe-inline': both design systems insert their styles through it): every
// fixture renders and answers in each look, with the same content; every control of the kitchen sink is the theme's
// own component (text-like and number fields through its BaseInputTemplate); core's validation, messages and hints
// and the aria wiring stay the kit's; axe finds nothing; a keyboard-only journey works. (The suite fails any test on a
// CSP violation: support/test.ts.)
import type { Locator, Page } from '@playwright/test';
import type { ElicitationDialogModel } from '../models/dialog.js';
import { LOOKS, type LookId } from '../models/gallery.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { expect, test } from '../support/test.js';

/** Chooses an option of a single select, whatever control the look renders it with (native, MUI, Ant Design). */
async function choose(page: Page, look: LookId, control: Locator, option: string): Promise<void> {
  if (look === 'kit') {
    await control.selectOption({ label: option });
    return;
  }
  await control.click();
  // Both design systems render the options in a popup at the end of the page (the preview is inline). MUI's are
  // options by role; Ant Design's visible rows carry the option's title (its role=option list is for screen readers
  // only, zero-sized).
  await (
    look === 'mui' ? page.getByRole('option', { name: option, exact: true }) : page.getByTitle(option, { exact: true })
  ).click();
}

/**
 * A control by its whole label, with the kit's " (required)" or the theme's own marker: MUI's labels (`labels:
 * 'widget'`) end a required field's label with an asterisk.
 */
const field = (dialog: ElicitationDialogModel, label: string): Locator =>
  dialog.field(new RegExp(`^${label}(?: \\(required\\)|\\s*\\*)?$`));

/** Per fixture: what the user fills before Accept (nothing when the defaults suffice) and the content expected. */
const FIXTURES: Record<
  string,
  { fill?: (page: Page, look: LookId, region: Locator) => Promise<void>; content: Record<string, unknown> }
> = {
  'form-01-single-string': {
    fill: (_page, _look, region) => region.getByLabel(/^Branch/).fill('release/2.4'),
    content: { branch: 'release/2.4' },
  },
  'form-02-string-formats-and-lengths': {
    fill: (_page, _look, region) => region.getByLabel(/^Recipient email/).fill('ops@atlas.example'),
    content: {
      displayName: 'Team Atlas',
      email: 'ops@atlas.example',
      dashboard: 'https://dashboards.example.com/atlas',
      startDate: '2025-12-01',
      sendAt: '2025-12-01T09:00:00Z',
    },
  },
  'form-03-number-and-integer': { content: { threshold: 85.5, windowMinutes: 5 } },
  'form-04-boolean': { content: { dryRun: true } },
  'form-05-enum-untitled-single': { content: { region: 'eu-west-1' } },
  'form-06-enum-titled-single': { content: { priority: 'p2' } },
  'form-07-enum-untitled-multi': { content: { environments: ['dev', 'staging'] } },
  'form-08-enum-titled-multi': { content: { channels: ['ch_email'] } },
  'form-09-enum-legacy-enumNames': { content: { level: '1' } },
  'form-10-mode-omitted-2025-06-18-style': {
    fill: (_page, _look, region) => region.getByLabel(/^Project name/).fill('atlas'),
    content: { projectName: 'atlas', private: false },
  },
  'form-11-empty-properties-confirmation': { content: {} },
  'form-12-kitchen-sink-all-variants': {
    content: {
      nickname: 'dev',
      ratio: 0.25,
      seats: 10,
      telemetry: false,
      theme: 'system',
      locale: 'en-US',
      digest: ['mon'],
      density: 'r',
    },
  },
  'form-13-task-augmented': {
    fill: (page, look, region) => choose(page, look, region.getByLabel(/^Export window/), '03:00 UTC'),
    content: { window: '0300' },
  },
};

const LOOK_IDS = Object.keys(LOOKS) as LookId[];

/**
 * Per theme, the element of the theme's own component each control of the kitchen sink sits in (by its field's
 * label), and the one each box of a multi-select sits in: text-like and number fields are rendered by the theme's
 * `BaseInputTemplate` (MUI's TextField; Ant Design's Input and InputNumber), dates by Ant Design's own pickers.
 */
const THEMED_CONTROLS: Record<'mui' | 'antd', { fields: Record<string, string>; option: string }> = {
  mui: {
    fields: {
      Nickname: '.MuiTextField-root',
      'Contact email': '.MuiTextField-root',
      Homepage: '.MuiTextField-root',
      'Start date': '.MuiTextField-root',
      'Reminder at': '.MuiTextField-root',
      'Split ratio': '.MuiTextField-root',
      Seats: '.MuiTextField-root',
      'Share usage telemetry': '.MuiCheckbox-root',
      Theme: '.MuiTextField-root',
      Locale: '.MuiTextField-root',
      Density: '.MuiTextField-root',
    },
    option: '.MuiCheckbox-root',
  },
  antd: {
    fields: {
      Nickname: '.ant-input',
      'Contact email': '.ant-input',
      Homepage: '.ant-input',
      'Start date': '.ant-picker',
      'Reminder at': '.ant-picker',
      'Split ratio': '.ant-input-number',
      Seats: '.ant-input-number',
      'Share usage telemetry': '.ant-checkbox',
      Theme: '.ant-select',
      Locale: '.ant-select',
      Density: '.ant-select',
    },
    option: '.ant-checkbox',
  },
};

for (const [fixture, { fill, content }] of Object.entries(FIXTURES)) {
  test(`${fixture}: renders and answers with the same content in every look`, async ({ page, gallery }) => {
    await gallery.open(fixture);
    for (const look of LOOK_IDS) {
      const dialog = gallery.look(look);
      await dialog.expectOpen();
      await fill?.(page, look, dialog.root);
      await dialog.accept();
      expect(await gallery.expectAnswered(look, 'accept'), look).toEqual({ action: 'accept', content });
    }
  });
}

for (const fixture of ['url-01-api-key-entry', 'url-02-third-party-oauth']) {
  test(`${fixture}: the URL consent renders and answers in every look`, async ({ gallery }) => {
    await gallery.open(fixture);
    for (const look of LOOK_IDS) {
      const dialog = gallery.look(look);
      await expect(dialog.openButton).toBeVisible();
      await dialog.decline();
      expect(await gallery.expectAnswered(look, 'decline'), look).toEqual({ action: 'decline' });
    }
  });
}

for (const look of ['mui', 'antd'] as const) {
  test.describe(`the ${LOOKS[look]} theme`, () => {
    test("renders every control of the kitchen sink with its own components, none with the kit's", async ({
      gallery,
    }) => {
      await gallery.open('form-12-kitchen-sink-all-variants');
      const dialog = gallery.look(look);
      const expected = THEMED_CONTROLS[look];
      for (const [label, container] of Object.entries(expected.fields)) {
        const control = field(dialog, label);
        await expect(control, label).toHaveCount(1);
        expect(
          await control.evaluate((element, selector) => element.closest(selector) !== null, container),
          label,
        ).toBe(true);
      }
      for (const legend of ['Tags', 'Digest days']) {
        const boxes = dialog.group(legend).getByRole('checkbox');
        await expect(boxes.first(), legend).toBeVisible();
        for (const box of await boxes.all()) {
          expect(
            await box.evaluate((element, selector) => element.closest(selector) !== null, expected.option),
            legend,
          ).toBe(true);
        }
      }
      // No control is the kit's own: its parts are the plain look's inputs, selects and boxes.
      await expect(
        dialog.root.locator('[data-part="input"], [data-part="select"], [data-part="checkbox"], [data-part="option"]'),
      ).toHaveCount(0);
    });

    test("keeps core's validation, the kit's messages, hints and aria wiring", async ({ gallery }) => {
      await gallery.open('form-12-kitchen-sink-all-variants');
      const dialog = gallery.look(look);
      const nickname = field(dialog, 'Nickname');
      await expect(nickname).toHaveAccessibleDescription('1 to 20 characters.');
      await nickname.fill('');
      await field(dialog, 'Seats').fill('501');
      await dialog.accept();
      // Focus moved to the first invalid field (its widget remounted with rjsf's autofocus).
      await dialog.expectInvalid(field(dialog, 'Nickname'), /^Nickname is required\. 1 to 20 characters\.$/);
      await dialog.expectInvalid(field(dialog, 'Seats'), /^Seats must be at most 500\./, { focused: false });
      await expect(dialog.root.getByText('Seats must be at most 500.')).toBeVisible();
      // Nothing was answered.
      await expect(gallery.card(look).getByRole('status')).toHaveCount(0);
    });

    for (const colorScheme of ['light', 'dark'] as const) {
      test(`has no axe violations, with and without errors (${colorScheme})`, async ({ page, gallery }, testInfo) => {
        await page.emulateMedia({ colorScheme });
        await gallery.open('form-12-kitchen-sink-all-variants');
        const dialog = gallery.look(look);
        const root = `[data-look="${look}"] [data-part="root"]`;
        await expectNoAxeViolations(page, testInfo, `${look}-${colorScheme}`, root);
        await field(dialog, 'Nickname').fill('');
        await dialog.accept();
        await dialog.expectInvalid(field(dialog, 'Nickname'), /^Nickname is required/);
        await expectNoAxeViolations(page, testInfo, `${look}-errors-${colorScheme}`, root);
      });
    }

    test('answers by keyboard alone: type, Tab through every control to Accept, Enter', async ({ page, gallery }) => {
      await gallery.open('form-10-mode-omitted-2025-06-18-style');
      const dialog = gallery.look(look);
      // The kit look took focus when the page appeared; start at this look's first control.
      await field(dialog, 'Project name').focus();
      await page.keyboard.type('atlas');
      await page.keyboard.press('Tab');
      await expect(field(dialog, 'Private repository')).toBeFocused();
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      await expect(dialog.cancelButton).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(dialog.declineButton).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(dialog.acceptButton).toBeFocused();
      await page.keyboard.press('Enter');
      expect(await gallery.expectAnswered(look, 'accept')).toEqual({
        action: 'accept',
        content: { projectName: 'atlas', private: true },
      });
    });
  });
}

test("the themes' styles come in through the page's nonce, and nothing else may inject one", async ({
  page,
  gallery,
}) => {
  await gallery.open('form-05-enum-untitled-single');
  await expect(gallery.look('mui').root).toBeVisible();
  await expect(gallery.look('antd').root).toBeVisible();
  const styles = await page.evaluate(() => {
    const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';
    const elements = [...document.querySelectorAll('style')];
    return {
      nonce,
      count: elements.length,
      emotion: elements.filter((element) => element.dataset['emotion'] !== undefined).length,
      withNonce: elements.filter((element) => element.nonce === nonce).length,
    };
  });
  expect(styles.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(styles.emotion).toBeGreaterThan(0);
  // Every <style> on the page (emotion's and Ant Design's) carries this page's nonce.
  expect(styles.withNonce).toBe(styles.count);
});
