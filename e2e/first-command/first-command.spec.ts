// The README's first command, `npm run demo`, on a fresh clone of HEAD with nothing built and nothing run before it:
// it prints its URLs, the demo host connects to the demo server and asks through the dialog, the chat host signs in
// and asks under its reply; Ctrl-C then stops every part. `npm test` runs it after the main suite
// (`e2e/first-command.config.ts`), on ports of its own.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
// First: it sets the ports that support/env.ts (read by the page models) reads.
import { FIRST_COMMAND_PORTS } from './ports.js';
import { ChatPage } from '../models/chat-page.js';
import { HostPage } from '../models/host-page.js';
import { CHAT_ORIGIN, DEMO_SERVER_URL, HOST_ORIGIN } from '../support/env.js';
import { startFreshDemo, type FreshDemo } from './fresh-clone.js';

/** A fresh install (from the shared store), the demo server's start and the chat host's build. */
const START_TIMEOUT_MS = 8 * 60_000;

let demo: FreshDemo | undefined;

/** The demo `beforeAll` started. */
function running(): FreshDemo {
  if (demo === undefined) {
    throw new Error('the demo did not start');
  }
  return demo;
}

/** Whether something listens on a loopback port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

test.beforeAll(async () => {
  test.setTimeout(START_TIMEOUT_MS + 60_000);
  demo = await startFreshDemo({
    serverPort: FIRST_COMMAND_PORTS.server,
    hostPort: FIRST_COMMAND_PORTS.host,
    chatPort: FIRST_COMMAND_PORTS.chat,
    timeoutMs: START_TIMEOUT_MS,
    // FIRST_COMMAND_REF=<commit> runs the check on another commit (e.g. to see it fail where the command failed).
    ...(process.env.FIRST_COMMAND_REF ? { ref: process.env.FIRST_COMMAND_REF } : {}),
  });
});

test.afterAll(async () => {
  await demo?.stop();
});

test('npm run demo prints the URLs of every part, on the ports it was given', () => {
  expect(running().urls).toEqual({ host: `${HOST_ORIGIN}/`, chat: `${CHAT_ORIGIN}/`, server: DEMO_SERVER_URL });
  expect(running().output()).not.toMatch(/failed to load config|Failed to resolve entry/);
  // Nothing was built: the kit's packages have no dist/ (every part of the demo reads their sources).
  for (const name of ['core', 'react', 'mcp', 'server']) {
    expect(existsSync(join(running().dir, 'packages', name, 'dist')), `packages/${name}/dist`).toBe(false);
  }
});

test('the demo host (Vite dev server) connects to the demo server and asks through the dialog', async ({ page }) => {
  const host = new HostPage(page);
  await host.open();
  await host.connect();
  await host.runTool('export-data');
  await host.dialog.expectOpen();
  await host.dialog.field('Export format').selectOption('csv');
  await host.dialog.accept();
  await host.dialog.expectClosed();
  await host.expectResult('"status":"completed"');
  // The relay the dev server mounts (its config loads the kit from source) forwards to the demo server.
  const relayed = await page.request.post(`${HOST_ORIGIN}/relay/${DEMO_SERVER_URL}`, {
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    data: { jsonrpc: '2.0', id: 1, method: 'ping' },
  });
  expect(relayed.status()).toBe(400);
  expect(await relayed.text()).toContain('start with initialize');
});

test('the chat host signs in and shows the question under its reply', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.signIn('newcomer');
  await chat.send('Export the orders');
  const question = await chat.questionOfLastReply();
  await question.field('Export format').selectOption('csv');
  await question.accept();
  await chat.expectReply(/^export-data answered: \{"status":"completed"/);
});

test('an edit to a package source shows on reload: the demo serves the sources, never a stale build', async ({
  page,
}) => {
  const strings = join(running().dir, 'packages', 'react', 'src', 'strings.ts');
  const source = readFileSync(strings, 'utf8');
  expect(source).toContain("accept: 'Accept',");
  writeFileSync(strings, source.replace("accept: 'Accept',", "accept: 'Accept (edited)',"));
  const host = new HostPage(page);
  await host.open();
  await host.connect();
  await host.runTool('export-data');
  const dialog = await host.dialog.expectOpen();
  await expect(dialog.getByRole('button', { name: 'Accept (edited)' })).toBeVisible();
});

test('Ctrl-C stops every part of the demo', async () => {
  await running().stop();
  // The demo script took the signal itself (npm, in the same group, ends on it as a terminal's Ctrl-C ends it).
  expect(running().output()).toContain('› stopping the demo…');
  for (const port of Object.values(FIRST_COMMAND_PORTS)) {
    // npm may end before the demo script has stopped its children: give them the script's own 5 s grace.
    await expect.poll(() => listening(port), { message: `port ${port} is still in use`, timeout: 10_000 }).toBe(false);
  }
});
