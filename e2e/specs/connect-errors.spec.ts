// A failed connection names its real cause in Chromium, where `fetch` says only "Failed to fetch" both when nothing
// answers and when CORS blocked the reply: the host's no-cors probe tells the two apart, and the card says which,
// with what to do. Both targets are loopback servers this test starts and stops itself.
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { ERAS } from '../support/env.js';
import { expect, test } from '../support/test.js';

/** A loopback server that answers everything (preflights included) with no CORS headers at all. */
async function startWithoutCors(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A loopback URL nothing listens on (a port that was free a moment ago). */
async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/mcp`;
}

for (const era of ERAS) {
  test(`a server without CORS headers is named as such, with the relay as the way out (${era} era)`, async ({
    host,
  }) => {
    const target = await startWithoutCors();
    try {
      await host.open({ era, server: target.url });
      await host.connectButton.click();
      const alert = host.page.getByRole('alert').filter({ hasText: 'Could not connect' });
      await expect(alert).toContainText(
        `${new URL(target.url).origin} answers, but sends no CORS headers for this page, so the browser blocked its replies. Tick “Connect through the local relay”`,
      );
      await expect(alert).not.toContainText('Failed to fetch');
    } finally {
      await target.close();
    }
  });

  test(`a server that is down is named as down, not as a CORS problem (${era} era)`, async ({ host }) => {
    const url = await closedPortUrl();
    await host.open({ era, server: url });
    await host.connectButton.click();
    const alert = host.page.getByRole('alert').filter({ hasText: 'Could not connect' });
    await expect(alert).toContainText(
      `Nothing answers at ${new URL(url).origin}: the server is not running, or the address or port is wrong.`,
    );
    await expect(alert).not.toContainText('CORS');
  });
}
