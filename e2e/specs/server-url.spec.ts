// The Server URL field reads what people type: a loopback address without a scheme connects over http://, and what a
// browser cannot reach (ftp://, text that is no URL, nothing) gets a sentence under the field, not a card.
import { AxeBuilder } from '@axe-core/playwright';
import { DEMO_SERVER_PORT, DEMO_SERVER_URL } from '../support/env.js';
import { expect, test } from '../support/test.js';

test('a scheme-less loopback address connects over http:// and the field shows the URL used', async ({
  page,
  host,
}) => {
  await host.open();
  await host.serverUrl.fill(`127.0.0.1:${DEMO_SERVER_PORT}/mcp`);
  await host.connect();
  await expect(host.serverUrl).toHaveValue(DEMO_SERVER_URL);
  await expect(host.serverUrl).not.toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByRole('region', { name: 'Elicitation Kit demo server' }).getByText(DEMO_SERVER_URL),
  ).toBeVisible();
  // The tool toolbar (one Tab stop, roving tabindex) and the field with its message pass axe.
  await host.selectTool('export-data');
  await host.serverUrl.fill('ftp://x');
  await host.connectButton.click();
  await expect(host.serverUrl).toHaveAttribute('aria-invalid', 'true');
  const results = await new AxeBuilder({ page })
    .include('[role="toolbar"]')
    .include('form')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  expect(results.passes.length, 'axe really scanned something').toBeGreaterThan(0);
});

test('ftp://, no URL and an empty field get an inline message and no card', async ({ page, host }) => {
  await host.open();
  const disconnect = page.getByRole('button', { name: 'Disconnect' });
  for (const [typed, message] of [
    ['ftp://x', 'A browser reaches MCP servers over http:// or https:// only; “ftp://x” uses ftp:'],
    ['not a url', '“not a url” is not a URL. Type one such as http://127.0.0.1:3901/mcp.'],
    ['', 'Enter the URL of an MCP server, such as http://127.0.0.1:3901/mcp.'],
  ] as const) {
    await host.serverUrl.fill(typed);
    await host.connectButton.click();
    await expect(host.serverUrl, `"${typed}" is marked invalid`).toHaveAttribute('aria-invalid', 'true');
    await expect(host.serverUrl).toHaveAccessibleDescription(message);
    await expect(host.serverUrl, 'focus goes back to the field').toBeFocused();
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(disconnect).toHaveCount(0);
  }
  // Typing again clears the message.
  await host.serverUrl.fill(DEMO_SERVER_URL);
  await expect(host.serverUrl).not.toHaveAttribute('aria-invalid', 'true');
  await expect(host.serverUrl).not.toHaveAttribute('aria-describedby');
});
