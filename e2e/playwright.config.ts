// Browser end-to-end suite: real Chromium, the production build of the demo host served with a strict CSP, the
// demo server over real Streamable HTTP, and the chat host (its build served by its backend, on the same demo server). `pnpm --filter @elicitation-kit/e2e test` (or root `npm test`) runs it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/ensure-chromium.mjs';
import { CHAT_ORIGIN, CHAT_PORT, DEMO_SERVER_PORT, DEMO_SERVER_URL, HOST_ORIGIN, HOST_PORT } from './support/env.js';
import { TIMEOUTS } from './support/timeouts.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const onCi = Boolean(process.env.CI);
// Never adopt a server some other run started (its owner would stop it mid-run): a busy port fails fast instead.
// Opt in with E2E_REUSE_SERVERS=1 when you keep the two servers running yourself.
const reuse = !onCi && process.env.E2E_REUSE_SERVERS === '1';

// Inside a pnpm script `npm_execpath` is the pnpm that started us (it may be the copy in `.tools/`, not on PATH).
const pnpm =
  process.env.npm_execpath && existsSync(process.env.npm_execpath) ? `"${process.env.npm_execpath}"` : 'pnpm';
const executablePath = findChromium();
// The demo server's own `start` script (`node --conditions=@elicitation-kit/source --import tsx src/main.ts`), run in its folder as
// pnpm would, but without pnpm in between: SIGTERM then reaches the server, which closes cleanly.
const demoServerDir = join(root, 'apps', 'demo-server');
const demoServerStart = (
  JSON.parse(readFileSync(join(demoServerDir, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start;
// One build folder per host port, so concurrent runs on other ports never empty each other's build.
const hostDist = join(here, 'artifacts', `host-dist-${HOST_PORT}`);
const chatDist = join(here, 'artifacts', `chat-dist-${CHAT_PORT}`);
// The chat host's own `start` script (its backend, serving the build it is given), run without pnpm in between.
const chatHostDir = join(root, 'apps', 'chat-host');
const chatHostStart = (
  JSON.parse(readFileSync(join(chatHostDir, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start;

export default defineConfig({
  testDir: './specs',
  outputDir: './artifacts/test-results',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  // Per test: a tool call round-trips in well under a second; a journey makes a handful of them.
  timeout: TIMEOUTS.test,
  expect: { timeout: TIMEOUTS.dialog },
  reporter: onCi ? [['list'], ['html', { outputFolder: 'artifacts/report', open: 'never' }]] : [['list']],
  use: {
    baseURL: HOST_ORIGIN,
    actionTimeout: TIMEOUTS.dialog,
    navigationTimeout: TIMEOUTS.tool,
    screenshot: 'only-on-failure',
    // Traces cost a DOM snapshot per action in every test; record them only when asked (E2E_TRACE=1).
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [...CHROMIUM_ARGS],
    },
  },
  projects: [{ name: 'chromium-csp' }],
  webServer: [
    {
      name: 'demo-server',
      command: demoServerStart,
      cwd: demoServerDir,
      env: { PORT: String(DEMO_SERVER_PORT) },
      url: DEMO_SERVER_URL, // GET without a session answers 400, which counts as up
      reuseExistingServer: reuse,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 2_000 },
    },
    {
      // The main run: the production build, served with the strict Content-Security-Policy header.
      name: 'demo-host (production build, strict CSP)',
      // Built into a private folder (see support/serve-host.mjs), then served by the host's own serve.mjs.
      command: `${pnpm} --filter @elicitation-kit/demo-host build --outDir "${hostDist}" --emptyOutDir && node --conditions=@elicitation-kit/source --import tsx e2e/support/serve-host.mjs`,
      cwd: root,
      // VITE_CHAT_HOST_URL: the demo host links to the chat host the suite runs.
      env: {
        PORT: String(HOST_PORT),
        HOST: '127.0.0.1',
        E2E_HOST_DIST: hostDist,
        VITE_CHAT_HOST_URL: `${CHAT_ORIGIN}/`,
      },
      url: HOST_ORIGIN,
      reuseExistingServer: reuse,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 2_000 },
    },
    {
      // The chat host (apps/chat-host): its production build, served by its backend under its strict CSP, with the
      // AI SDK's MCP client connected to the same demo server.
      name: 'chat-host (production build, strict CSP)',
      command: `${pnpm} --filter @elicitation-kit/chat-host build --outDir "${chatDist}" --emptyOutDir && ${chatHostStart}`,
      cwd: chatHostDir,
      env: { PORT: String(CHAT_PORT), HOST: '127.0.0.1', MCP_URL: DEMO_SERVER_URL, CHAT_DIST: chatDist },
      url: `${CHAT_ORIGIN}/api/session`,
      reuseExistingServer: reuse,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 2_000 },
    },
  ],
});
