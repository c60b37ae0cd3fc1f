#!/usr/bin/env node
// Installable tarballs of every published package, before they are on npm:
//
//   npm run tarballs            → packs/elicitation-kit-{core,mcp,react,server}-<version>.tgz
//   node scripts/pack.mjs DIR   → the same into DIR
//
// It prints each tarball's absolute path and, last, the `npm install` line to run in your app: absolute paths, so it
// works from any folder (quoted when a path holds a character the shell would split or expand).
//
// `pnpm pack` rewrites each `workspace:*` dependency to the real version and applies `publishConfig` (plain `npm pack`
// leaves `workspace:*` in the tarball, which npm refuses to install); each package's `prepack` builds it first.
// scripts/pack-test/install-test.mjs packs with the same command and installs the result outside the workspace.
import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packAll } from './lib/pack.mjs';
import { ensurePnpm, root, run } from './lib/workspace.mjs';

/** A path as one shell word: as is when plain, else in single quotes. */
const shellWord = (path) => (/^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`);

/**
 * The `npm install` command for `files` (tarball paths, made absolute): it works from whatever folder the user's app
 * is in. Checked by scripts/readme/readme.test.ts.
 * @param {Iterable<string>} files
 * @returns {string}
 */
export function installCommand(files) {
  return `npm install ${[...files].map((file) => shellWord(isAbsolute(file) ? file : resolve(file))).join(' ')}`;
}

// Run, not imported (the test imports installCommand); realpath: the module's URL is the real path of the file.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  const destination = process.argv[2] === undefined ? join(root, 'packs') : resolve(process.argv[2]);
  const pnpm = ensurePnpm();
  if (!existsSync(join(root, 'node_modules'))) {
    run(pnpm, ['install', '--frozen-lockfile']);
  }
  const tarballs = packAll(pnpm, destination);
  for (const [name, file] of tarballs) {
    console.log(`${name.padEnd(24)} ${file}`);
  }
  console.log(
    `Install in your app (all the ones you use, in one command, so they resolve each other): ${installCommand(tarballs.values())}`,
  );
}
