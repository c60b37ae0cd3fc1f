// URL mode against the demo server's own connect page, both eras: the dialog shows the full URL and its host,
// nothing is fetched before the user consents, Open creates a new tab (no opener, no referrer), and completing the
// out-of-band step (a real third-party authorization at the demo's authorization server) is reflected in the tool's
// result.
import type { Page, Request } from '@playwright/test';
import { authorizeConnectAccount } from '../support/connect-account.js';
import { DEMO_SERVER_ORIGIN, ERAS } from '../support/env.js';
import { expect, test } from '../support/test.js';

const CONNECT_URL = new RegExp(`^${DEMO_SERVER_ORIGIN.replaceAll('.', '\\.')}/connect/[0-9a-f-]{36}$`);

/** Signs in at the authorization server the connect page sent the tab to; the server then marks the flow complete. */
async function completeFlow(popup: Page): Promise<void> {
  await authorizeConnectAccount(popup);
}

for (const era of ERAS) {
  test.describe(`URL mode: connect-account (${era} era)`, () => {
    test('full URL and host shown, nothing fetched before consent, Open makes a new tab, completion reflected', async ({
      page,
      context,
      host,
    }) => {
      const fetched: string[] = [];
      context.on('request', (request: Request) => {
        if (request.url().startsWith(`${DEMO_SERVER_ORIGIN}/connect/`)) {
          fetched.push(`${request.method()} ${request.url()}`);
        }
      });
      // Interception as well: any prefetch, preconnect-with-request or HEAD would pass through here.
      const intercepted: string[] = [];
      await context.route(`${DEMO_SERVER_ORIGIN}/connect/**`, async (route) => {
        intercepted.push(route.request().url());
        await route.continue();
      });

      await host.openAndConnect(era);
      await host.runTool('connect-account');
      const dialog = await host.dialog.expectOpen();
      await expect(dialog).toContainText('Connect your (simulated) warehouse account.');
      const href = dialog.locator('[data-part="href"]');
      await expect(href).toHaveText(CONNECT_URL);
      const url = (await href.textContent()) ?? '';
      await expect(dialog.locator('[data-part="host"]')).toHaveText('127.0.0.1');
      await expect(host.dialog.openButton).toHaveText('Open 127.0.0.1');
      // Shown as text, never as a link the browser could prefetch.
      await expect(dialog.getByRole('link')).toHaveCount(0);
      expect(fetched, 'nothing fetched before consent').toEqual([]);
      expect(intercepted).toEqual([]);

      const popupEvent = context.waitForEvent('page');
      await host.dialog.openButton.click();
      const popup = await popupEvent;
      await popup.waitForLoadState('domcontentloaded');
      // The server's URL, which sends the tab on to the authorization server's sign-in.
      expect(fetched).toEqual([`GET ${url}`]);
      await expect(popup.getByPlaceholder('Enter any login')).toBeVisible();
      expect(await popup.evaluate(() => window.opener)).toBeNull();
      const opened = intercepted[0] ?? '';
      expect(opened).toBe(url);

      if (era === 'modern') {
        // 2026-07-28 has no completion notification, and accepting makes the client retry at once: so the dialog
        // stays after Open and answers only when the user says they are done (one tab, one answer).
        // The dialog says what "I'm done" waits for, and what happens if the page was not finished.
        await expect(dialog.getByRole('status')).toHaveText(
          "Opened in a new tab. Finish there, then choose I'm done. If the page was not finished, the server will ask again.",
        );
        await completeFlow(popup);
        await dialog.getByRole('button', { name: "I'm done" }).click();
      } else {
        await completeFlow(popup);
      }
      await host.dialog.expectClosed();
      await host.expectResult('"status":"completed","connected":true');
      if (era === 'legacy') {
        // 2025-11-25: the server's notifications/elicitation/complete reached the kit.
        await expect(page.getByRole('log').locator('[data-outcome="completed"]')).toHaveCount(1);
      }
      await popup.close();
    });

    if (era === 'modern') {
      test("I'm done before the page was finished: the server asks again and the dialog says why", async ({
        context,
        host,
      }) => {
        await host.openAndConnect(era);
        await host.runTool('connect-account');
        const dialog = await host.dialog.expectOpen();
        await expect(dialog.locator('[data-part="asked-again"]')).toHaveCount(0);
        const popupEvent = context.waitForEvent('page');
        await host.dialog.openButton.click();
        const popup = await popupEvent;
        await popup.waitForLoadState('domcontentloaded');
        await dialog.getByRole('button', { name: "I'm done" }).click();
        // The next round asks for the same page: the kit marks it, and the dialog says the step is not finished.
        await expect(dialog.locator('[data-part="asked-again"]')).toHaveText(
          'The server asks again: it does not count this step as finished yet. Finish on the page (open it again if you closed it), then answer.',
        );
        await completeFlow(popup);
        await dialog.getByRole('button', { name: /^Open / }).click();
        await dialog.getByRole('button', { name: "I'm done" }).click();
        await host.dialog.expectClosed();
        await host.expectResult('"status":"completed","connected":true');
        await popup.close();
      });
    }

    test('declining a URL request opens nothing and the server reports it', async ({ context, host, traffic }) => {
      const opened: string[] = [];
      context.on('page', (page) => opened.push(page.url()));
      await host.openAndConnect(era);
      await host.runTool('connect-account');
      await host.dialog.expectOpen();
      await host.dialog.decline();
      await host.dialog.expectClosed();
      await host.expectResult('"status":"not_started"');
      expect(opened).toEqual([]);
      expect(traffic.elicitationAnswers()).toEqual([{ action: 'decline' }]);
    });
  });
}
