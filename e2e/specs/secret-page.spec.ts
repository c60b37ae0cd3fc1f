// The guide's step 6 done right, both eras: `api-key-page` asks in URL mode for the server's own secret page (the
// server package's `secretPage`). In Chromium: the host's consent dialog, Open, the demo server's sign-in (the demo's
// stand-in for a real session), the page's form under its strict CSP; the account that asked submits the key and
// the tool call finishes; a second submission of the same form is refused (409); another account is refused (403).
// The key never appears in what the host sent the MCP server, nor on the host's page.
import type { ConsoleMessage, Page } from '@playwright/test';
import { DEMO_SERVER_ORIGIN, ERAS } from '../support/env.js';
import { expect, test } from '../support/test.js';

const SECRET = 'wh-e2e-key-4Kp9-NEVER-IN-MCP';
const PAGE_URL = new RegExp(`^${DEMO_SERVER_ORIGIN.replaceAll('.', '\\.')}/secrets/[\\w-]{22}$`);

/** Collects the CSP violations Chromium reports on a server page's console (the refusals' statuses are expected). */
function watchConsole(page: Page, errors: string[]): void {
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) {
      errors.push(`${page.url()}: ${message.text()}`);
    }
  });
}

for (const era of ERAS) {
  test.describe(`secret page: api-key-page (${era} era)`, () => {
    test('the account that asked submits the key, the call finishes, a second submission and another account are refused', async ({
      page,
      context,
      browser,
      host,
      traffic,
    }) => {
      const consoleErrors: string[] = [];
      await host.openAndConnect(era);
      await host.runTool('api-key-page');
      const dialog = await host.dialog.expectOpen();
      await expect(dialog).toContainText('Enter your (simulated) warehouse API key on this server’s page.');
      const href = dialog.locator('[data-part="href"]');
      await expect(href).toHaveText(PAGE_URL);
      const url = (await href.textContent()) ?? '';

      // Someone else (another browser, signed in as another account) gets the page's 403 and no form.
      const strangerContext = await browser.newContext();
      try {
        const stranger = await strangerContext.newPage();
        await stranger.goto(url);
        await stranger.getByRole('button', { name: 'Continue as someone-else' }).click();
        await expect(stranger.getByRole('heading', { name: 'Not available' })).toBeVisible();
        await expect(stranger.getByText('This page belongs to another user.')).toBeVisible();
        await expect(stranger.locator('form')).toHaveCount(0);
      } finally {
        await strangerContext.close();
      }

      // The user: Open, sign in as the account that asked, enter the key.
      const popupEvent = context.waitForEvent('page');
      await host.dialog.openButton.click();
      const popup = await popupEvent;
      watchConsole(popup, consoleErrors);
      await expect(popup.getByRole('heading', { name: 'Sign in (demo)' })).toBeVisible();
      await popup.getByRole('button', { name: 'Continue as demo-user (the account that asked)' }).click();
      await expect(popup.getByRole('heading', { name: 'Connect your warehouse (demo)' })).toBeVisible();
      expect(popup.url()).toBe(url);
      // The page's own stylesheet applies under its CSP (nonce), and it runs no script at all.
      expect(await popup.evaluate(() => getComputedStyle(document.body).maxWidth)).toBe('576px');
      await expect(popup.locator('script')).toHaveCount(0);
      const key = popup.getByLabel('API key');
      await expect(key).toHaveAttribute('type', 'password');
      await key.fill(SECRET);
      const csrf = await popup.locator('input[name="_csrf"]').inputValue();
      const saved = popup.waitForResponse(
        (response) => response.url() === url && response.request().method() === 'POST',
      );
      await popup.getByRole('button', { name: 'Save' }).click();
      expect((await saved).status()).toBe(200);
      await expect(popup.getByRole('heading', { name: 'Done' })).toBeVisible();

      if (era === 'modern') {
        // 2026-07-28: the host retries when the user says so; the retry finds the page complete.
        await dialog.getByRole('button', { name: "I'm done" }).click();
      }
      await host.dialog.expectClosed();
      await host.expectResult('"status":"completed","keyStored":true');
      if (era === 'legacy') {
        // 2025-11-25: the server's notifications/elicitation/complete reached the host.
        await expect(page.getByRole('log').locator('[data-outcome="completed"]')).toHaveCount(1);
      }

      // The same form, sent again from the page (what a double submit or a resubmitted POST does): refused.
      const replayed = popup.waitForResponse(
        (response) => response.url() === url && response.request().method() === 'POST',
      );
      await popup.evaluate(
        ({ token, value }) => {
          const form = document.createElement('form');
          form.method = 'post';
          form.action = location.pathname;
          for (const [name, content] of [
            ['_csrf', token],
            ['apiKey', value],
          ] as const) {
            const input = document.createElement('input');
            input.type = 'hidden';
            input.name = name;
            input.value = content;
            form.append(input);
          }
          document.body.append(form);
          form.submit();
        },
        { token: csrf, value: SECRET },
      );
      expect((await replayed).status()).toBe(409);
      await expect(popup.getByText('This form was already submitted. Nothing was saved again.')).toBeVisible();

      // The key went to the server's page only: in no request to /mcp, not on the host's page.
      expect(traffic.toolCalls('api-key-page').length).toBeGreaterThan(0);
      const carried = traffic.requests.filter((request) => (request.postData() ?? '').includes(SECRET));
      expect(carried.map((request) => request.url())).toEqual([url, url]);
      const mcp = traffic.requests.filter((request) => new URL(request.url()).pathname === '/mcp');
      expect(mcp.length).toBeGreaterThan(0);
      expect(mcp.map((request) => request.postData() ?? '').join('\n')).not.toContain(SECRET);
      await expect(page.locator('body')).not.toContainText(SECRET);
      expect(consoleErrors).toEqual([]);
      await popup.close();
    });
  });
}
