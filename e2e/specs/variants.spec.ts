// Every schema variant the demo server asks for round-trips: the user changes each field, the content sent on the
// wire is exactly those choices in the spec's types, and the server (after re-validating it) echoes the same back.
import { ERAS } from '../support/env.js';
import { expect, test } from '../support/test.js';
import type { HostPage } from '../models/host-page.js';
import type { ServerTraffic } from '../support/test.js';

/** Accepts, then checks the wire answer and the server's echo both equal `content`. */
async function acceptAndExpectEcho(
  host: HostPage,
  traffic: ServerTraffic,
  content: Record<string, unknown>,
): Promise<void> {
  await host.dialog.accept();
  await host.dialog.expectClosed();
  await expect(host.result).toContainText('"status":"received"');
  expect(await host.resultSummary()).toEqual({ status: 'received', content });
  expect(traffic.elicitationAnswers()).toEqual([{ action: 'accept', content }]);
}

for (const era of ERAS) {
  test.describe(`schema variants round-trip (${era} era)`, () => {
    // A zone with a half-hour offset, so a date-time must carry the browser's offset, not "Z".
    test.use({ timezoneId: 'Asia/Kolkata' });

    test.beforeEach(async ({ host }) => {
      await host.openAndConnect(era);
    });

    test('all-field-types: string, integer, boolean and the four enum styles', async ({ host, traffic }) => {
      await host.runTool('all-field-types');
      const { dialog } = host;
      await dialog.expectOpen();
      await expect(dialog.field('Display name')).toHaveValue('Ada');
      await dialog.field('Display name').fill('Grace');
      await dialog.field('Age').fill('85');
      await dialog.field('Send me the newsletter').check();
      await dialog.field('T-shirt size').selectOption('XL');
      await dialog.field('Plan').selectOption({ label: 'Enterprise' });
      await expect(dialog.group('Tags').getByRole('checkbox', { name: 'support' })).toBeChecked();
      await dialog.group('Tags').getByRole('checkbox', { name: 'billing' }).check();
      await dialog.group('Regions').getByRole('checkbox', { name: 'Europe' }).uncheck();
      await dialog.group('Regions').getByRole('checkbox', { name: 'Asia Pacific' }).check();
      await dialog.field('Priority').selectOption({ label: 'Urgent' });
      await acceptAndExpectEcho(host, traffic, {
        name: 'Grace',
        age: 85,
        newsletter: true,
        size: 'XL',
        plan: 'enterprise',
        tags: ['billing', 'support'],
        regions: ['apac'],
        priority: 'p1',
      });
    });

    test('string-formats: email, uri, date, date-time (with the local offset) and lengths', async ({
      host,
      traffic,
    }) => {
      await host.runTool('string-formats');
      const { dialog } = host;
      await dialog.expectOpen();
      await dialog.field('Email').fill('grace@example.org');
      await dialog.field('Website').fill('https://example.org/grace');
      await dialog.field('Birthday').fill('1906-12-09');
      await dialog.field('Meeting time').fill('2026-03-04T10:30');
      await dialog.field('Username').fill('ghopper');
      await dialog.field('Short bio').fill('Rear admiral, COBOL.');
      await acceptAndExpectEcho(host, traffic, {
        email: 'grace@example.org',
        website: 'https://example.org/grace',
        birthday: '1906-12-09',
        meeting: '2026-03-04T10:30:00+05:30',
        username: 'ghopper',
        bio: 'Rear admiral, COBOL.',
      });
    });

    test('number-bounds: integers and numbers at fractional and negative bounds', async ({ host, traffic }) => {
      await host.runTool('number-bounds');
      const { dialog } = host;
      await dialog.expectOpen();
      await dialog.field('Quantity').fill('12');
      await dialog.field('Discount (%)').fill('12.5');
      await dialog.field('Temperature (°C)').fill('-7.5');
      await dialog.field('Floor').fill('-3');
      await acceptAndExpectEcho(host, traffic, { quantity: 12, discount: 12.5, temperature: -7.5, floor: -3 });
    });

    test('choice-fields: single and multi-select, titled, untitled and legacy enumNames', async ({ host, traffic }) => {
      await host.runTool('choice-fields');
      const { dialog } = host;
      await dialog.expectOpen();
      await dialog.field('Colour (untitled enum)').selectOption('blue');
      await dialog.field('Shipping (titled oneOf)').selectOption({ label: 'Express, next day' });
      const toppings = dialog.group('Toppings (untitled multi-select, 1–2)');
      await toppings.getByRole('checkbox', { name: 'olives' }).check();
      // maxItems 2 reached: the remaining boxes cannot be ticked.
      await expect(toppings.getByRole('checkbox', { name: 'basil' })).toBeDisabled();
      const channels = dialog.group('Channels (titled multi-select)');
      await channels.getByRole('checkbox', { name: 'Text message' }).check();
      await channels.getByRole('checkbox', { name: 'Email' }).check();
      await dialog.field('Tier (legacy enumNames)').selectOption({ label: 'Gold' });
      await acceptAndExpectEcho(host, traffic, {
        color: 'blue',
        shipping: 'express',
        toppings: ['cheese', 'olives'],
        channels: ['mail', 'sms'],
        tier: 'g',
      });
    });

    test('confirm-action: an empty form is a plain confirmation', async ({ host, traffic }) => {
      await host.runTool('confirm-action');
      const dialog = await host.dialog.expectOpen();
      await expect(dialog).toContainText('Archive the 3 exports older than 30 days?');
      await expect(dialog.getByRole('textbox')).toHaveCount(0);
      await host.dialog.accept();
      await host.dialog.expectClosed();
      await host.expectResult('"status":"completed","archived":3');
      expect(traffic.elicitationAnswers()).toEqual([{ action: 'accept', content: {} }]);
    });
  });
}
