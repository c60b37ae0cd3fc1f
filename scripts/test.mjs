#!/usr/bin/env node
// `npm test`: from a fresh clone with only Node and npm, install everything and run every check.
// Steps run in order and stop at the first failure; each prints its own figures.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePnpm, install, root, run } from './lib/workspace.mjs';

const started = Date.now();
const step = (title) => console.log(`\n━━ ${title} ━━`);

step('install');
const pnpm = ensurePnpm();
install(pnpm);

step('typecheck (tsc -b)');
run(pnpm, ['exec', 'tsc', '-b']);
if (existsSync(join(root, 'e2e', 'tsconfig.json'))) run(pnpm, ['exec', 'tsc', '-p', 'e2e/tsconfig.json']);

step('lint (oxlint, zero warnings)');
run(pnpm, ['exec', 'oxlint', '--max-warnings=0', '--report-unused-disable-directives']);

step('regular expressions run in linear time (eslint-plugin-regexp)');
run(pnpm, ['exec', 'eslint', '--max-warnings=0', '.']);

step('packages publish cleanly (publint, attw on the packed tarballs)');
run(process.execPath, ['scripts/pack-test/lint-packages.mjs']);

step('format (oxfmt --check)');
run(pnpm, ['exec', 'oxfmt', '--check', '.']);

step('no unused files, exports or dependencies (knip)');
run(pnpm, ['exec', 'knip']);

step('unit and integration tests (vitest)');
// The server package's replay store is tested against a real Redis (Debian's redis-server, installed when missing;
// each test file starts its own on a free loopback port).
run(process.execPath, ['scripts/ensure-redis.mjs']);
run(pnpm, ['exec', 'vitest', 'run']);

step('size budgets');
run(process.execPath, ['scripts/size.mjs']);

if (existsSync(join(root, 'e2e', 'playwright.config.ts'))) {
  step('browser end-to-end (Playwright, Chromium)');
  run(process.execPath, ['scripts/ensure-chromium.mjs']);
  // The packages as a newcomer gets them: packed, installed into a scratch Vite app outside the workspace, built,
  // and the dialog rendered in Chromium.
  run(process.execPath, ['scripts/pack-test/install-test.mjs']);
  run(pnpm, ['--filter', '@elicitation-kit/e2e', 'test']);

  step("the README's first command on a fresh clone of HEAD (npm run demo, nothing built, driven in Chromium)");
  // Everything above ran in this workspace after a build; a newcomer runs `npm run demo` first, on a clone where
  // nothing was built. This clones HEAD (committed work only) into a temporary folder and runs exactly that.
  run(pnpm, ['--filter', '@elicitation-kit/e2e', 'exec', 'playwright', 'test', '-c', 'first-command.config.ts']);
}

if (existsSync(join(root, 'bench', 'budgets.mjs'))) {
  step('deterministic budgets (zero loss, zero duplicates)');
  run(pnpm, ['--filter', '@elicitation-kit/bench', 'budgets']);
}

console.log(`\n✓ every check passed in ${Math.round((Date.now() - started) / 1000)} s`);
