// The demo's authorization server as a user goes through it: oidc-provider's development pages (any login, any
// password), then its consent page, which lists the scopes asked for.
import type { Page } from '@playwright/test';
import { expect } from './test.js';

/** Signs in on `page` (at the authorization server's login page) and consents, once `scope` is listed. */
export async function signInAndConsent(page: Page, scope: string): Promise<void> {
  await page.getByPlaceholder('Enter any login').fill('alice');
  await page.getByPlaceholder('and password').fill('demo');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: new RegExp(`^${scope}$`) })
      .first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
}
