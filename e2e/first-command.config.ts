// The first-command check (`first-command/`): the README's `npm run demo` on a fresh clone of HEAD, driven in
// Chromium. Its own config because it starts its own servers (the demo does) on ports of its own (first-command/
// ports.ts, imported first so `support/env.ts` reads them), one test at a time. `npm test` runs it after the main
// suite: `pnpm --filter @elicitation-kit/e2e exec playwright test -c first-command.config.ts`.
import { FIRST_COMMAND_PORTS } from './first-command/ports.js';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/ensure-chromium.mjs';
import { TIMEOUTS } from './support/timeouts.js';

const executablePath = findChromium();

export default defineConfig({
  testDir: './first-command',
  outputDir: './artifacts/first-command-results',
  forbidOnly: true,
  workers: 1,
  retries: 0,
  // The dev server compiles each module on first request: the first page load is slower than a built page's.
  timeout: TIMEOUTS.test * 2,
  expect: { timeout: TIMEOUTS.tool },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${FIRST_COMMAND_PORTS.host}`,
    actionTimeout: TIMEOUTS.tool,
    navigationTimeout: 60_000,
    screenshot: 'only-on-failure',
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [...CHROMIUM_ARGS],
    },
  },
});
