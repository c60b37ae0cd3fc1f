// The server withdraws its own question (`cancel-midway`). On 2025 sessions it aborts the elicitation/create, the
// client receives notifications/cancelled, and the open dialog closes by itself with nothing sent. On 2026-07-28
// nothing can reach the client while it holds the question, so the server refuses an answer that comes too late.
import { expect, test } from '../support/test.js';

test('legacy era: a server-side cancel closes the open dialog and nothing is answered', async ({ host, traffic }) => {
  await host.openAndConnect('legacy');
  await host.runTool('cancel-midway', { afterMs: 3000 });
  const dialog = await host.dialog.expectOpen();
  await expect(dialog).toContainText('this question is withdrawn after a moment');
  // No user action: the server's cancellation alone closes it.
  await host.dialog.expectClosed();
  await host.expectResult('"status":"withdrawn"');
  await expect(host.result).toContainText('The server withdrew its question after 3000 ms. Nothing was done.');
  await expect(host.logOutcomes('cancelled')).toHaveCount(1);
  expect(traffic.elicitationAnswers()).toEqual([]);
});

test('modern era: an answer after the server withdrew its question is refused, never used', async ({
  host,
  traffic,
}) => {
  await host.openAndConnect('modern');
  await host.runTool('cancel-midway', { afterMs: 0 });
  await host.dialog.expectOpen();
  await host.dialog.field('Export format').selectOption('csv');
  await host.dialog.accept();
  await host.dialog.expectClosed();
  await host.expectResult('"status":"withdrawn"');
  await expect(host.result).toContainText('before your answer arrived. Your answer was not used; nothing was done.');
  expect(traffic.elicitationAnswers()).toEqual([
    { action: 'accept', content: { format: 'csv', maxRows: 1000, includeHeaders: true } },
  ]);
});
