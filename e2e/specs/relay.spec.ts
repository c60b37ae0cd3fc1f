// "Connect through the local relay": the page talks only to its own origin (`/relay/<server URL>` on serve.mjs), the
// relay forwards Streamable HTTP (SSE included) to the loopback demo server, and an elicitation round trip works in
// both eras under the strict CSP.
import type { Request } from '@playwright/test';
import { DEMO_SERVER_ORIGIN, ERAS, HOST_ORIGIN } from '../support/env.js';
import { expect, test } from '../support/test.js';

for (const era of ERAS) {
  test(`export-data through the relay (${era} era)`, async ({ context, host }) => {
    const direct: string[] = [];
    const relayed: string[] = [];
    context.on('request', (request: Request) => {
      if (request.url().startsWith(DEMO_SERVER_ORIGIN)) {
        direct.push(request.url());
      } else if (request.url().startsWith(`${HOST_ORIGIN}/relay/`)) {
        relayed.push(`${request.method()} ${request.url()}`);
      }
    });
    await host.open({ era, query: { relay: '1' } });
    await expect(host.page.getByRole('checkbox', { name: 'Connect through the local relay' })).toBeChecked();
    await host.connect();
    await expect(host.eraBadge).toHaveText(era);
    await expect(host.page.getByText('via relay', { exact: true })).toBeVisible();

    await host.runTool('export-data');
    await host.dialog.expectOpen();
    await host.dialog.field('Export format').selectOption('json');
    await host.dialog.field('Maximum rows').fill('2');
    await host.dialog.accept();
    await host.dialog.expectClosed();
    await host.expectResult('"format":"json","maxRows":2,"includeHeaders":true,"rows":2');

    expect(direct, 'the page never talks to the server directly').toEqual([]);
    const target = encodeURIComponent(`${DEMO_SERVER_ORIGIN}/mcp`);
    expect(relayed.length).toBeGreaterThanOrEqual(3);
    for (const line of relayed) {
      expect(line).toContain(`/relay/${target}`);
    }
  });
}
