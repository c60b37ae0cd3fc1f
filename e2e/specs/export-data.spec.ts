// The guide's `export-data` tool, end to end in both eras: the user's answer (accept with defaults, accept after
// editing every field, decline, cancel by button and by Escape) reaches the server, and the server's answer is what
// the Result region shows.
import { ERAS } from '../support/env.js';
import { expect, test } from '../support/test.js';

for (const era of ERAS) {
  test.describe(`export-data (${era} era)`, () => {
    test.beforeEach(async ({ host }) => {
      await host.openAndConnect(era);
      await host.runTool('export-data');
    });

    test('accept with the defaults exports the CSV the defaults describe', async ({ host, traffic }) => {
      const dialog = await host.dialog.expectOpen();
      await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(/Elicitation Kit demo server/);
      await expect(dialog).toContainText('How should the orders export be produced?');
      // Defaults are pre-filled; `format` has none and is required, so the user picks one.
      await expect(host.dialog.field('Maximum rows')).toHaveValue('1000');
      await expect(host.dialog.field('Include column headings')).toBeChecked();
      await host.dialog.field('Export format').selectOption('csv');
      await host.dialog.accept();
      await host.dialog.expectClosed();

      await host.expectResult('"status":"completed"');
      await expect(host.result).toContainText('"format":"csv","maxRows":1000,"includeHeaders":true,"rows":120');
      await expect(host.result).toContainText('id,date,customer,product,quantity,total');
      await expect(host.result).toContainText('"Monitor, 27"""');
      expect(traffic.elicitationAnswers()).toEqual([
        { action: 'accept', content: { format: 'csv', maxRows: 1000, includeHeaders: true } },
      ]);
    });

    test('accept after editing every field exports exactly that', async ({ host, traffic }) => {
      await host.dialog.expectOpen();
      await host.dialog.field('Export format').selectOption('json');
      await host.dialog.field('Maximum rows').fill('3');
      await host.dialog.field('Include column headings').uncheck();
      await host.dialog.accept();
      await host.dialog.expectClosed();

      await host.expectResult('"format":"json","maxRows":3,"includeHeaders":false,"rows":3');
      // Without headers the JSON export is an array of value arrays: ids, no column names.
      await expect(host.result).toContainText('"ORD-1003"');
      await expect(host.result).not.toContainText('"ORD-1004"');
      await expect(host.result).not.toContainText('"customer":');
      expect(traffic.elicitationAnswers()).toEqual([
        { action: 'accept', content: { format: 'json', maxRows: 3, includeHeaders: false } },
      ]);
    });

    test('decline: the server does not start the export', async ({ host, traffic }) => {
      await host.dialog.expectOpen();
      await host.dialog.decline();
      await host.dialog.expectClosed();
      await host.expectResult('"status":"not_started"');
      await expect(host.result).toContainText('Export not started: you declined');
      expect(traffic.elicitationAnswers()).toEqual([{ action: 'decline' }]);
    });

    test('cancel with the button: the server reports a cancelled export', async ({ host, traffic }) => {
      await host.dialog.expectOpen();
      await host.dialog.cancel();
      await host.dialog.expectClosed();
      await host.expectResult('"status":"cancelled"');
      await expect(host.result).toContainText('Export cancelled: the options dialog was dismissed.');
      expect(traffic.elicitationAnswers()).toEqual([{ action: 'cancel' }]);
    });

    test('cancel with Escape: same answer as the Cancel button', async ({ page, host, traffic }) => {
      await host.dialog.expectOpen();
      await page.keyboard.press('Escape');
      await host.dialog.expectClosed();
      await host.expectResult('"status":"cancelled"');
      expect(traffic.elicitationAnswers()).toEqual([{ action: 'cancel' }]);
    });
  });
}
