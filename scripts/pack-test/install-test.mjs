#!/usr/bin/env node
// The packages as a stranger gets them: pack every published package (`npm run tarballs`'s command, a recursive
// `pnpm pack`, so each `prepack` builds its package and `workspace:*` becomes the version), install
// the tarballs into a scratch Vite app in a temporary folder outside the workspace (no workspace links, no source
// condition: only what the tarballs hold), build it with Vite, serve the build and render the dialog in Chromium:
// the kit's stylesheet must apply, a typed answer must come back through onRespond, and core's queue must work.
// The server package is imported by Node from the same install.
//
//   node scripts/pack-test/install-test.mjs            (KEEP_PACK_TEST=1 keeps the scratch folder and prints it)
//
// Installs with the workspace's pinned pnpm from the repository's own store (--prefer-offline): the registry is
// asked only for what the store lacks.
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { CHROMIUM_ARGS, findChromium } from '../ensure-chromium.mjs';
import { packAll } from '../lib/pack.mjs';
import { ensurePnpm, root } from '../lib/workspace.mjs';

/** How long the page may take to show the dialog, answer, or load. */
const BROWSER_TIMEOUT_MS = 15_000;
/** Content types of what the Vite build emits. */
const TYPES = new Map([
  ['.html', 'text/html; charset=utf-8'],
  ['.js', 'text/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
  ['.svg', 'image/svg+xml'],
]);

const started = Date.now();
const timings = [];
let lap = started;
/** Records how long the step since the last mark took. */
function mark(step) {
  const now = Date.now();
  timings.push(`${step} ${((now - lap) / 1000).toFixed(1)} s`);
  lap = now;
}

/** Runs a command in `cwd`, quiet unless it fails. */
function run(command, args, cwd, env = {}) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    throw new Error(
      `${[command, ...args].join(' ')} failed in ${cwd} (exit ${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`,
    );
  }
  return result.stdout;
}

/** The exact version the workspace pins for `name` (so the scratch app installs from the store, as tested). */
function workspaceVersion(name) {
  for (const manifest of ['apps/demo-host/package.json', 'packages/server/package.json', 'package.json']) {
    const { dependencies = {}, devDependencies = {} } = JSON.parse(readFileSync(join(root, manifest), 'utf8'));
    const version = dependencies[name] ?? devDependencies[name];
    if (version !== undefined && !version.startsWith('workspace:')) {
      return version;
    }
  }
  throw new Error(`no pinned version of ${name} in the workspace`);
}

/** The scratch app's page: parse at module scope, render the dialog, record the answer on <body>. */
const MAIN_JS = `import { createElicitationQueue, parseElicitation } from '@elicitation-kit/core';
import { ElicitationDialog } from '@elicitation-kit/react';
import '@elicitation-kit/react/styles.css';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const params = {
  mode: 'form',
  message: 'How should the export be formatted?',
  requestedSchema: {
    type: 'object',
    properties: {
      format: { type: 'string', title: 'Format', enum: ['csv', 'json'], default: 'csv' },
      maxRows: { type: 'integer', title: 'Max rows', minimum: 1, maximum: 10000 },
    },
    required: ['format', 'maxRows'],
  },
};
const parsed = parseElicitation(params, { protocolVersion: '2025-11-25' });
if (!parsed.ok) throw new Error(parsed.error.message);

// The queue is framework-free: one entry in, one answer out.
const queue = createElicitationQueue();
document.body.dataset.queue = typeof queue.respond;

createRoot(document.getElementById('root')).render(
  createElement(ElicitationDialog, {
    request: parsed.request,
    server: { name: 'Pack test server', url: 'https://mcp.example.com/mcp' },
    onRespond: (result) => {
      document.body.dataset.answer = JSON.stringify(result);
    },
  }),
);
`;

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Elicitation Kit pack test</title></head>
  <body><div id="root"></div><script type="module" src="/main.js"></script></body>
</html>
`;

/** What Node sees of the server package from the tarball: its exports load and the question builder works. */
const SERVER_CHECK = `import { formQuestion } from '@elicitation-kit/server';
const question = formQuestion({ message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } });
if (typeof question !== 'object' || question === null) throw new Error('formQuestion returned ' + String(question));
console.log('server ok');
`;

/** Serves `dist` on a free loopback port. */
function serve(dist) {
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = normalize(join(dist, path === '/' ? 'index.html' : path));
    if (!file.startsWith(`${dist}${sep}`) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES.get(extname(file)) ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        url: `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/`,
        server,
      });
    });
  });
}

/** Opens the build in Chromium and checks the dialog: named, styled by the kit's stylesheet, answering once. */
async function checkInBrowser(url) {
  // Playwright is the e2e package's dependency; resolve it from there.
  const { chromium } = createRequire(join(root, 'e2e', 'package.json'))('@playwright/test');
  const executablePath = findChromium();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: [...CHROMIUM_ARGS] });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url, { timeout: BROWSER_TIMEOUT_MS });
    const dialog = page.getByRole('dialog', { name: 'Pack test server is asking for input' });
    await dialog.waitFor({ timeout: BROWSER_TIMEOUT_MS });
    // The kit's stylesheet came along: its accent on Accept, its max height on the dialog.
    const accept = dialog.getByRole('button', { name: 'Accept' });
    const styled = await accept.evaluate((button) => getComputedStyle(button).backgroundColor);
    if (styled !== 'rgb(31, 95, 209)') {
      throw new Error(`Accept is not styled by @elicitation-kit/react/styles.css (background ${styled})`);
    }
    await dialog.getByRole('spinbutton', { name: /Max rows/ }).fill('25');
    await accept.click();
    await page.waitForFunction(() => document.body.dataset.answer !== undefined, undefined, {
      timeout: BROWSER_TIMEOUT_MS,
    });
    const answer = JSON.parse((await page.evaluate(() => document.body.dataset.answer)) ?? 'null');
    const expected = { action: 'accept', content: { format: 'csv', maxRows: 25 } };
    if (JSON.stringify(answer) !== JSON.stringify(expected)) {
      throw new Error(`onRespond got ${JSON.stringify(answer)}, expected ${JSON.stringify(expected)}`);
    }
    if ((await page.evaluate(() => document.body.dataset.queue)) !== 'function') {
      throw new Error('@elicitation-kit/core: createElicitationQueue() gave no queue');
    }
    if (errors.length > 0) {
      throw new Error(`errors in the page: ${errors.join('; ')}`);
    }
  } finally {
    await browser.close();
  }
}

const pnpm = ensurePnpm();
const scratch = mkdtempSync(join(tmpdir(), 'elicitation-kit-pack-test-'));
const keep = process.env.KEEP_PACK_TEST === '1';
let failed = false;
try {
  // 1. Pack, with the README's one command (`npm run tarballs` = scripts/pack.mjs = packAll).
  const tarballs = join(scratch, 'tarballs');
  mkdirSync(tarballs);
  const tarballOf = packAll(pnpm, tarballs);
  for (const [name, file] of tarballOf) {
    if (!existsSync(file)) throw new Error(`${name}: no tarball at ${file}`);
    // Installable by npm: no workspace protocol left in the manifest.
    const manifest = run('tar', ['-xOzf', file, 'package/package.json'], scratch);
    if (manifest.includes('workspace:')) throw new Error(`${name}: the packed package.json still says workspace:`);
  }
  mark(`pack (${tarballOf.size} packages)`);

  // 2. npm takes the tarballs as the README says (all in one `npm install`): the manifests are valid for npm, and each
  //    package's dependency on core resolves to core's tarball, not to the registry. Peers are left out here
  //    (--legacy-peer-deps: nothing to download); the app below installs and runs them.
  const npmApp = join(scratch, 'npm-app');
  mkdirSync(npmApp);
  writeFileSync(join(npmApp, 'package.json'), '{ "name": "npm-install-check", "private": true, "type": "module" }\n');
  run(
    'npm',
    ['install', '--legacy-peer-deps', '--no-audit', '--no-fund', '--ignore-scripts', ...tarballOf.values()],
    npmApp,
  );
  for (const name of tarballOf.keys()) {
    if (!existsSync(join(npmApp, 'node_modules', ...name.split('/'), 'package.json'))) {
      throw new Error(`npm install of the tarballs did not install ${name}`);
    }
    if (
      name !== '@elicitation-kit/core' &&
      existsSync(join(npmApp, 'node_modules', ...name.split('/'), 'node_modules', '@elicitation-kit', 'core'))
    ) {
      throw new Error(`npm installed a second @elicitation-kit/core for ${name}`);
    }
  }
  run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import('@elicitation-kit/core').then((core) => { if (typeof core.parseElicitation !== 'function') process.exit(1); })",
    ],
    npmApp,
  );
  mark('npm install');

  // 3. A scratch Vite app that depends on the tarballs only (overrides: the packages' dependencies on each other
  //    point at the tarballs too, never at the registry).
  const app = join(scratch, 'app');
  mkdirSync(app);
  const fromTarball = Object.fromEntries([...tarballOf].map(([name, file]) => [name, `file:${file}`]));
  const peers = [
    'react',
    'react-dom',
    '@rjsf/utils',
    '@modelcontextprotocol/client',
    '@modelcontextprotocol/server',
    'vite',
  ];
  writeFileSync(
    join(app, 'package.json'),
    `${JSON.stringify(
      {
        name: 'elicitation-kit-pack-test',
        private: true,
        type: 'module',
        dependencies: { ...fromTarball, ...Object.fromEntries(peers.map((name) => [name, workspaceVersion(name)])) },
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(
    join(app, 'pnpm-workspace.yaml'),
    [
      `storeDir: ${JSON.stringify(join(root, '.pnpm-store'))}`,
      'overrides:',
      ...[...tarballOf].map(([name, file]) => `  ${JSON.stringify(name)}: ${JSON.stringify(`file:${file}`)}`),
      '',
    ].join('\n'),
  );
  writeFileSync(join(app, 'index.html'), INDEX_HTML);
  writeFileSync(join(app, 'main.js'), MAIN_JS);
  writeFileSync(join(app, 'server-check.mjs'), SERVER_CHECK);
  // Outside the workspace: pnpm must not walk up into the repository's own workspace file.
  run(pnpm, ['install', '--prefer-offline', '--reporter=silent'], app, {
    CI: 'true',
  });
  mark('install');

  // 4. Node: the server package.
  if (tarballOf.has('@elicitation-kit/server')) {
    run(process.execPath, ['server-check.mjs'], app);
  }

  // 5. Build with Vite (no plugins: plain ES modules and the kit's CSS).
  run(process.execPath, [join(app, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'error'], app);
  mark('vite build');

  // 6. Chromium.
  const { url, server } = await serve(join(app, 'dist'));
  try {
    await checkInBrowser(url);
  } finally {
    server.close();
  }
  mark('Chromium');
  console.log(
    `✓ packed ${[...tarballOf.keys()].join(', ')}; installed outside the workspace (npm took the tarballs too), built with Vite, the dialog ` +
      `rendered styled and answered in Chromium (${((Date.now() - started) / 1000).toFixed(1)} s: ${timings.join(', ')})`,
  );
} catch (error) {
  failed = true;
  console.error(`✗ pack-and-install test: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  if (keep) {
    console.log(`  scratch folder kept: ${scratch}`);
  } else {
    rmSync(scratch, { recursive: true, force: true });
  }
}
process.exit(failed ? 1 : 0);
