// Shared by the root scripts: find the pinned pnpm (installing it locally when missing) and run commands.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.replace(/^pnpm@/, '');

function versionOf(command) {
  try {
    return execFileSync(command, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** The path of a pnpm binary at the version `packageManager` pins, installed into `.tools/` with npm if needed. */
export function ensurePnpm() {
  if (versionOf('pnpm') === pinned) return 'pnpm';
  const local = join(root, '.tools', 'node_modules', '.bin', 'pnpm');
  if (!existsSync(local) || versionOf(local) !== pinned) {
    console.log(`› installing pnpm@${pinned} into .tools/`);
    run('npm', [
      'install',
      '--prefix',
      join(root, '.tools'),
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      `pnpm@${pinned}`,
    ]);
  }
  return local;
}

/** Runs a command with inherited stdio from the repository root; exits the process if it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✗ ${[command, ...args].join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

/** Installs the workspace's dependencies with the pinned pnpm (frozen lockfile on CI). */
export function install(pnpm) {
  run(pnpm, ['install', '--frozen-lockfile', '--prefer-offline']);
}
