#!/usr/bin/env node
// Packs every published package as `pnpm publish` would and checks the tarballs, not the work tree:
//   - publint (strict: warnings fail) on what the package.json promises and what the tarball holds;
//   - @arethetypeswrong/cli (profile esm-only: the packages are ESM only) on how TypeScript resolves every entry;
//   - the packed exports are the work tree's minus the workspace-only `@elicitation-kit/source` condition
//     (publishConfig.exports must not drift from exports);
//   - the MIT licence text (LICENSE) is in every tarball.
// Prints one line per package when all is well; the tools' full reports only for what fails.
//
//   node scripts/pack-test/lint-packages.mjs
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { packPackage, publishedPackages, stylesheetEntrypoints, withoutSourceCondition } from '../lib/pack.mjs';
import { ensurePnpm, root } from '../lib/workspace.mjs';

const started = Date.now();
const pnpm = ensurePnpm();
const attw = join(root, 'node_modules', '.bin', 'attw');
const destination = mkdtempSync(join(tmpdir(), 'elicitation-kit-lint-'));
let failures = 0;

try {
  for (const pkg of publishedPackages()) {
    const tarball = packPackage(pnpm, pkg, destination);
    const problems = [];

    const { messages, pkg: packed } = await publint({
      pack: { tarball: readFileSync(tarball).buffer },
      level: 'suggestion',
      strict: true,
    });
    for (const message of messages) {
      problems.push(`publint ${message.type}: ${formatMessage(message, packed) ?? message.code}`);
    }

    const expected = withoutSourceCondition(pkg.manifest.exports);
    if (!isDeepStrictEqual(packed.exports, expected)) {
      problems.push(
        `packed exports differ from the work tree's (without @elicitation-kit/source): update publishConfig.exports\n` +
          `  packed:   ${JSON.stringify(packed.exports)}\n  expected: ${JSON.stringify(expected)}`,
      );
    }

    // attw's exit code says whether it found problems; its table only when it did. Stylesheets have no types.
    const css = stylesheetEntrypoints(pkg.manifest.exports);
    const attwArgs = [tarball, '--profile', 'esm-only', ...(css.length > 0 ? ['--exclude-entrypoints', ...css] : [])];
    const quiet = spawnSync(attw, [...attwArgs, '--quiet'], { stdio: 'ignore' });
    if (quiet.status !== 0) {
      const report = spawnSync(attw, [...attwArgs, '--no-color', '--format', 'ascii'], { encoding: 'utf8' });
      problems.push(`attw:\n${report.stdout}${report.stderr}`);
    }

    const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
    // The manifest says MIT; the licence text must travel with the code (npm packs a LICENSE file by itself).
    if (!listing.includes('package/LICENSE')) {
      problems.push('no LICENSE in the tarball: copy the root LICENSE into the package folder');
    }
    const files = listing.length;
    if (problems.length === 0) {
      console.log(`✓ ${pkg.name}@${pkg.version}: publint and attw clean, LICENSE included (${files} files)`);
    } else {
      failures += 1;
      console.error(`✗ ${pkg.name}@${pkg.version}:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    }
  }
} finally {
  rmSync(destination, { recursive: true, force: true });
}

if (failures > 0) {
  console.error(`\n✗ ${failures} package(s) would not publish cleanly`);
  process.exit(1);
}
console.log(`✓ every published package lints clean in ${((Date.now() - started) / 1000).toFixed(1)} s`);
