#!/usr/bin/env node
// Installable tarballs of every published package, before they are on npm:
//
//   npm run tarballs            → packs/elicitation-kit-{core,mcp,react,server}-<version>.tgz
//   node scripts/pack.mjs DIR   → the same into DIR
//
// `pnpm pack` rewrites each `workspace:*` dependency to the real version and applies `publishConfig` (plain `npm pack`
// leaves `workspace:*` in the tarball, which npm refuses to install); each package's `prepack` builds it first.
// scripts/pack-test/install-test.mjs packs with the same command and installs the result outside the workspace.
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { packAll } from './lib/pack.mjs';
import { ensurePnpm, root, run } from './lib/workspace.mjs';

const destination = process.argv[2] === undefined ? join(root, 'packs') : resolve(process.argv[2]);
const pnpm = ensurePnpm();
if (!existsSync(join(root, 'node_modules'))) {
  run(pnpm, ['install', '--frozen-lockfile']);
}
const tarballs = packAll(pnpm, destination);
for (const [name, file] of tarballs) {
  console.log(`${name.padEnd(24)} ${relative(process.cwd(), file)}`);
}
console.log(
  `Install in your app (all the ones you use, in one command, so they resolve each other): npm install ${[...tarballs.values()].map((file) => relative(process.cwd(), file)).join(' ')}`,
);
