// connect-account's page, as a user finishes it: the demo server sends the browser to the demo's authorization
// server (oidc-provider's development pages: any login, any password, then "Continue" on the consent page for the
// warehouse's `warehouse:read`), whose answer comes back to the demo server's callback, which shows "Connected".
import type { Page } from '@playwright/test';
import { signInAndConsent } from './authorization-server.js';
import { expect } from './test.js';

/** Signs in at the authorization server in `popup` (opened on connect-account's URL) and waits for "Connected". */
export async function authorizeConnectAccount(popup: Page): Promise<void> {
  await signInAndConsent(popup, 'warehouse:read');
  await expect(popup.getByTestId('connect-completed')).toBeVisible();
}
