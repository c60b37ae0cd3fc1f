#!/usr/bin/env node
// `prepack` of every published package: a clean build of the package in the current directory, so a tarball never
// ships without its dist/ (a fresh clone has none) nor with files left over from sources that no longer exist.
//
//   "prepack": "node ../../scripts/lib/build-package.mjs"     (run by npm pack, pnpm pack and publish)
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const packageDir = process.cwd();
// This package's own outputs only: the projects it references are built incrementally by `tsc -b`.
rmSync(join(packageDir, 'dist'), { recursive: true, force: true });
rmSync(join(packageDir, '.tsbuild'), { recursive: true, force: true });

const tsc = createRequire(join(packageDir, 'package.json')).resolve('typescript/bin/tsc');
const result = spawnSync(process.execPath, [tsc, '-b', packageDir], { cwd: packageDir, stdio: 'inherit' });
if (result.status !== 0) {
  console.error(`✗ tsc -b ${packageDir} failed (exit ${result.status ?? result.signal})`);
  process.exit(result.status || 1);
}
