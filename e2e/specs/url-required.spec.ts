// 2025-11-25 only: a tool call that fails with -32042 (URL elicitation required). The host turns the error's URL
// elicitation into a consent dialog and offers Retry; once the out-of-band step is done, the retry succeeds.
import { DEMO_SERVER_ORIGIN } from '../support/env.js';
import { expect, test } from '../support/test.js';

test('legacy era: -32042 surfaces a URL consent dialog, and Retry succeeds after the step is done', async ({
  context,
  host,
}) => {
  const fetched: string[] = [];
  context.on('request', (request) => {
    if (request.url().startsWith(`${DEMO_SERVER_ORIGIN}/connect/`)) {
      fetched.push(request.url());
    }
  });
  await host.openAndConnect('legacy');
  await host.runTool('connect-storage');
  await host.expectResult('-32042');
  const retry = host.result.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();

  const dialog = await host.dialog.expectOpen();
  await expect(dialog).toContainText('Connect your (simulated) storage bucket, then retry.');
  const url = (await dialog.locator('[data-part="href"]').textContent()) ?? '';
  expect(url).toMatch(new RegExp(`^${DEMO_SERVER_ORIGIN.replaceAll('.', '\\.')}/connect/[0-9a-f-]{36}$`));
  expect(fetched, 'nothing fetched before consent').toEqual([]);

  const popupEvent = context.waitForEvent('page');
  await host.dialog.openButton.click();
  const popup = await popupEvent;
  await popup.waitForLoadState('domcontentloaded');
  expect(popup.url()).toBe(url);
  await host.dialog.expectClosed();

  await popup.getByTestId('connect-done').click();
  await expect(popup.getByTestId('connect-completed')).toBeVisible();
  await popup.close();
  // The server's notifications/elicitation/complete reached the kit.
  await expect(host.logOutcomes('completed')).toHaveCount(1, { timeout: 15_000 });

  await retry.click();
  await host.expectResult('"status":"completed","connected":true');
});
