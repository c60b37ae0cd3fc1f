#!/usr/bin/env node
// Makes sure a Chromium exists for the browser suite, and says which one will be used.
// Order: $CHROMIUM_PATH, Debian's /usr/bin/chromium (installed with apt when running as root and missing),
// then Playwright's own downloaded browser (ordinary machines). Exits 1 with a clear message otherwise.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const DEBIAN = '/usr/bin/chromium';

/** The flags every headless Chromium run of the project uses (e2e suite and bench): no GPU, sandbox or background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The Chromium executable the e2e suite will launch, or undefined to use Playwright's bundled browser. */
export function findChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  if (existsSync(DEBIAN)) return DEBIAN;
  return undefined;
}

function tryApt() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) return false;
  console.log('› installing Debian chromium with apt-get (running as root)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  const inst = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env,
  });
  return inst.status === 0 && existsSync(DEBIAN);
}

function playwrightHasBrowser() {
  try {
    const out = execFileSync(
      'pnpm',
      [
        '--filter',
        '@elicitation-kit/e2e',
        'exec',
        'node',
        '-e',
        "const p=require('@playwright/test').chromium.executablePath();process.stdout.write(require('fs').existsSync(p)?p:'')",
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    return out.trim() !== '';
  } catch {
    return false;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let path = findChromium();
  if (!path && tryApt()) path = DEBIAN;
  if (path) {
    const version = spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout?.trim();
    console.log(`✓ Chromium for e2e: ${path} (${version || 'version unknown'})`);
  } else if (playwrightHasBrowser()) {
    console.log("✓ Chromium for e2e: Playwright's installed browser");
  } else {
    console.error(
      "✗ No Chromium found. Install Debian's package as root (apt-get install chromium), set CHROMIUM_PATH, " +
        'or run `pnpm --filter @elicitation-kit/e2e exec playwright install chromium` where downloads are allowed.',
    );
    process.exit(1);
  }
}
