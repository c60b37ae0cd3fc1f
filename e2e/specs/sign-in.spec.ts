// Signing in to a protected server: the demo server's /mcp-protected answers 401, the host (through its relay) shows
// who signs in and for which scopes, "Sign in" opens the demo's own authorization server (oidc-provider, offline) in a
// popup, the relay redeems the code and keeps the tokens, the card connects, a tool that elicits runs, and "Sign out"
// revokes and forgets the sign-in: connecting again is refused again.
import type { Request } from '@playwright/test';
import { signInAndConsent } from '../support/authorization-server.js';
import { DEMO_SERVER_ORIGIN } from '../support/env.js';
import { TIMEOUTS } from '../support/timeouts.js';
import { expect, test } from '../support/test.js';

const PROTECTED_URL = `${DEMO_SERVER_ORIGIN}/mcp-protected`;

test('signs in to the protected demo server, runs a tool that elicits, and signs out', async ({ context, host }) => {
  const page = host.page;
  const bearerSeenByPage: string[] = [];
  context.on('request', (request: Request) => {
    // The page never holds a token: its own requests carry no Authorization header.
    if (request.frame().page() === page && request.headers()['authorization'] !== undefined) {
      bearerSeenByPage.push(request.url());
    }
  });
  await host.open({ server: PROTECTED_URL, query: { relay: '1' } });
  await host.connectButton.click();

  const signIn = page.getByTestId('sign-in');
  await expect(page.getByRole('alert')).toContainText('The server requires authorization (HTTP 401)', {
    timeout: TIMEOUTS.tool,
  });
  await expect(signIn.getByTestId('sign-in-issuer')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+$/);
  await expect(signIn.getByTestId('sign-in-scopes')).toHaveText('tools:read export:write');

  const popupOpened = page.waitForEvent('popup');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  const popup = await popupOpened;
  // oidc-provider's development login page (any login, any password), then its consent page.
  await signInAndConsent(popup, 'export:write');
  // The host closes the popup once the relay has the tokens, and connects.
  await popup.waitForEvent('close', { timeout: TIMEOUTS.tool });
  await expect(host.toolButton('confirm-action')).toBeVisible({ timeout: TIMEOUTS.tool });
  await expect(page.getByTestId('sign-in')).toContainText('Signed in at http://127.0.0.1:');

  await host.runTool('confirm-action');
  await host.dialog.expectOpen();
  await host.dialog.accept();
  await host.dialog.expectClosed();
  await host.expectResult(/archived/i);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(host.toolButton('confirm-action')).toBeHidden();
  // Connecting again: the relay holds no token any more, so the server asks for sign-in again.
  await host.connectButton.click();
  await expect(page.getByTestId('sign-in').getByRole('button', { name: 'Sign in' })).toBeVisible({
    timeout: TIMEOUTS.tool,
  });
  expect(bearerSeenByPage).toEqual([]);
});
