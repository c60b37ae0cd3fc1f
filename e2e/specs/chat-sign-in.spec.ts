// The chat host signs its users in to an MCP server that needs it (MCP authorization), in Chromium: a chat host of its
// own (the suite's production build, its backend started here) pointed at the demo server's protected endpoint, whose
// authorization server (oidc-provider, development login pages) the suite's demo server runs. The page says which
// server and authorization server, a message is refused until the user signs in, "Sign in" goes to the authorization
// server and back to the chat host's backend (which keeps the tokens), the tool call then works, "Sign out" ends it.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { ChatPage } from '../models/chat-page.js';
import { signInAndConsent } from '../support/authorization-server.js';
import { CHAT_PORT, DEMO_SERVER_ORIGIN } from '../support/env.js';
import { expect, test } from '../support/test.js';
import { TIMEOUTS } from '../support/timeouts.js';

const CHAT_HOST_DIR = fileURLToPath(new URL('../../apps/chat-host/', import.meta.url));
/** The build the suite's chat host serves (playwright.config.ts makes it before any test runs). */
const CHAT_DIST = fileURLToPath(new URL(`../artifacts/chat-dist-${CHAT_PORT}`, import.meta.url));
const PROTECTED_URL = `${DEMO_SERVER_ORIGIN}/mcp-protected`;

let child: ChildProcess | undefined;
let origin = '';

test.beforeAll(async () => {
  child = spawn(process.execPath, ['--conditions=@elicitation-kit/source', '--import', 'tsx', 'server/main.ts'], {
    cwd: CHAT_HOST_DIR,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', MCP_URL: PROTECTED_URL, CHAT_DIST },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const lines = createInterface({ input: child.stdout! });
  const [first] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(() => {
      throw new Error('the chat host exited before listening');
    }),
  ])) as [string];
  origin = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(first)?.[1] ?? '';
  expect(origin, first).not.toBe('');
});

test.afterAll(async () => {
  if (child !== undefined && child.exitCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
});

test('sign in to the protected server from the chat, export, sign out', async ({ page }) => {
  await page.goto(`${origin}/`);
  await page.getByLabel('Your name').fill('ada');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const servers = page.getByRole('region', { name: 'MCP servers' });
  await expect(servers).toContainText(
    new RegExp(
      `^${PROTECTED_URL.replaceAll('.', '\\.')} needs you to sign in at http://127\\.0\\.0\\.1:\\d+ \\(scopes: tools:read, export:write\\)\\.`,
    ),
  );

  // Before signing in, the chat says what to do.
  const chat = new ChatPage(page);
  await page.getByRole('button', { name: 'Export the orders' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: `${PROTECTED_URL} needs you to sign in` });
  await expect(refusal).toBeVisible({ timeout: TIMEOUTS.tool });
  // The refusal's sentence, not its JSON body.
  await expect(refusal).toHaveText(
    new RegExp(
      `^The MCP server ${PROTECTED_URL.replaceAll('.', '\\.')} needs you to sign in at http://127\\.0\\.0\\.1:\\d+: press "Sign in" above the chat, then send your message again\\.$`,
    ),
  );

  await servers.getByRole('button', { name: `Sign in to ${PROTECTED_URL}` }).click();
  // oidc-provider's development login page (any login, any password), then its consent page.
  await signInAndConsent(page, 'export:write');
  await page.waitForURL(`${origin}/`);
  await expect(servers).toContainText(`Signed in to ${PROTECTED_URL}.`);

  await page.getByRole('button', { name: 'Export the orders' }).click();
  const question = await chat.questionOfLastReply();
  await expect(question.root).toContainText('How should the orders export be produced?');
  await question.field('Export format').selectOption('csv');
  await question.accept();
  await chat.expectReply(/^export-data answered: \{"status":"completed","format":"csv",/);

  await servers.getByRole('button', { name: `Sign out of ${PROTECTED_URL}` }).click();
  await expect(servers.getByRole('button', { name: `Sign in to ${PROTECTED_URL}` })).toBeVisible();
});
