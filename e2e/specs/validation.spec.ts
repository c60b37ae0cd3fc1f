// Invalid answers never leave the dialog: each is blocked with the right message on the right field, focus moves
// there, and nothing is sent to the server. Then the user corrects it and the server gets exactly the fixed answer.
import { ERAS } from '../support/env.js';
import { expect, test } from '../support/test.js';

const INVALID_MAX_ROWS = [
  { value: '0', message: 'Maximum rows must be at least 1.' },
  { value: '10001', message: 'Maximum rows must be at most 10000.' },
  { value: '1.5', message: 'Enter a whole number.' },
  { value: '', message: 'Maximum rows is required.' },
];

for (const era of ERAS) {
  test.describe(`invalid input is blocked in the dialog (${era} era)`, () => {
    test.beforeEach(async ({ host }) => {
      await host.openAndConnect(era);
      await host.runTool('export-data');
      await host.dialog.expectOpen();
    });

    test('maxRows 0, 10001, 1.5 and empty are refused in turn; the corrected value is sent once', async ({
      host,
      traffic,
    }) => {
      const maxRows = host.dialog.field('Maximum rows');
      await host.dialog.field('Export format').selectOption('json');
      for (const { value, message } of INVALID_MAX_ROWS) {
        await maxRows.fill(value);
        // Focus elsewhere first, so the focus check proves the dialog moved it to the invalid field.
        await host.dialog.field('Include column headings').focus();
        await host.dialog.accept();
        await host.dialog.expectInvalid(maxRows, message);
        await expect(host.dialog.root).toBeVisible();
        await expect(host.result).toContainText('Waiting for the server');
        expect(traffic.elicitationAnswers(), `nothing sent for maxRows="${value}"`).toEqual([]);
      }

      await maxRows.fill('7');
      await expect(maxRows).not.toHaveAttribute('aria-invalid', 'true');
      await host.dialog.accept();
      await host.dialog.expectClosed();
      await host.expectResult('"format":"json","maxRows":7,"includeHeaders":true,"rows":7');
      expect(traffic.elicitationAnswers()).toEqual([
        { action: 'accept', content: { format: 'json', maxRows: 7, includeHeaders: true } },
      ]);
    });

    test('an empty required choice is refused with focus on it; choosing one sends the answer', async ({
      host,
      traffic,
    }) => {
      const format = host.dialog.field('Export format');
      await expect(format).toHaveValue('');
      await host.dialog.field('Maximum rows').fill('2');
      await host.dialog.accept();
      await host.dialog.expectInvalid(format, /Export format is required\./);
      await expect(host.result).toContainText('Waiting for the server');
      expect(traffic.elicitationAnswers()).toEqual([]);

      await format.selectOption('csv');
      await host.dialog.accept();
      await host.dialog.expectClosed();
      await host.expectResult('"format":"csv","maxRows":2,"includeHeaders":true,"rows":2');
      expect(traffic.elicitationAnswers()).toEqual([
        { action: 'accept', content: { format: 'csv', maxRows: 2, includeHeaders: true } },
      ]);
    });
  });
}
