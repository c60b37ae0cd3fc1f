// Shared by the package checks: find the packages that publish and pack them as `pnpm publish` would.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './workspace.mjs';

/** The first line of `pnpm pack --json` output (an object, or an array of one). */
const JSON_START = /^[[{]/m;

/**
 * @typedef {object} PublishedPackage
 * @property {string} name        the package's name, e.g. `@elicitation-kit/core`
 * @property {string} version
 * @property {string} dir         its folder
 * @property {Record<string, unknown>} manifest  its package.json as in the work tree
 */

/** Every package under packages/ that is not private: what `pnpm -r publish` would publish. */
export function publishedPackages() {
  /** @type {PublishedPackage[]} */
  const found = [];
  for (const entry of readdirSync(join(root, 'packages'), { withFileTypes: true })) {
    if (!entry.isDirectory()) {
      continue;
    }
    const dir = join(root, 'packages', entry.name);
    let text;
    try {
      text = readFileSync(join(dir, 'package.json'), 'utf8');
    } catch {
      continue; // a folder without a package.json is no package
    }
    const manifest = JSON.parse(text);
    if (manifest.private !== true) {
      found.push({ name: manifest.name, version: manifest.version, dir, manifest });
    }
  }
  return found.toSorted((left, right) => left.name.localeCompare(right.name));
}

/**
 * Packs `pkg` into `destination` with `pnpm pack` (its `prepack` builds it; `workspace:*` becomes the real version,
 * `publishConfig` is applied) and returns the tarball's path.
 * @param {string} pnpm the pnpm binary
 * @param {PublishedPackage} pkg
 * @param {string} destination
 */
export function packPackage(pnpm, pkg, destination) {
  // Quiet unless it fails: pnpm echoes each lifecycle script, tsc prints only errors.
  const packed = spawnSync(pnpm, ['pack', '--json', '--pack-destination', destination], {
    cwd: pkg.dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (packed.status !== 0) {
    throw new Error(
      `pnpm pack failed for ${pkg.name} (exit ${packed.status ?? packed.signal}):\n${packed.stdout}${packed.stderr}`,
    );
  }
  const output = packed.stdout;
  // `--json` prints one object (or an array of one) after whatever the lifecycle scripts printed.
  const start = output.search(JSON_START);
  const parsed = JSON.parse(output.slice(start));
  const details = Array.isArray(parsed) ? parsed[0] : parsed;
  if (typeof details?.filename !== 'string') {
    throw new Error(`pnpm pack printed no tarball name for ${pkg.name}:\n${output}`);
  }
  return details.filename.startsWith('/') ? details.filename : join(destination, details.filename);
}

/**
 * The subpaths of `exports` that lead to a stylesheet (`./styles.css`): no types to check there.
 * @param {unknown} exportsField
 * @returns {string[]}
 */
export function stylesheetEntrypoints(exportsField) {
  if (typeof exportsField !== 'object' || exportsField === null || Array.isArray(exportsField)) {
    return [];
  }
  return Object.entries(exportsField)
    .filter(([key, value]) => key.startsWith('.') && typeof value === 'string' && value.endsWith('.css'))
    .map(([key]) => key);
}

/**
 * The exports a published package.json must have: the work tree's, without the workspace-only
 * `@elicitation-kit/source` condition (it points at TypeScript sources that are not shipped).
 * @param {unknown} exportsField
 * @returns {unknown}
 */
export function withoutSourceCondition(exportsField) {
  if (typeof exportsField !== 'object' || exportsField === null || Array.isArray(exportsField)) {
    return exportsField;
  }
  return Object.fromEntries(
    Object.entries(exportsField)
      .filter(([key]) => key !== '@elicitation-kit/source')
      .map(([key, value]) => [key, withoutSourceCondition(value)]),
  );
}

/** The pnpm arguments of the one command that packs every published package (the README's `npm run tarballs`). */
const PACK_ALL_ARGS = ['-r', '--filter', './packages/*', 'pack', '--pack-destination'];

/**
 * Packs every published package into `destination` with one recursive `pnpm pack` (each `prepack` builds its
 * package; `workspace:*` becomes the real version, `publishConfig` applies) and returns each tarball's path by name.
 * @param {string} pnpm the pnpm binary
 * @param {string} destination
 * @returns {Map<string, string>}
 */
export function packAll(pnpm, destination) {
  const packed = spawnSync(pnpm, [...PACK_ALL_ARGS, destination], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
  if (packed.status !== 0) {
    throw new Error(
      `pnpm ${PACK_ALL_ARGS.join(' ')} failed (exit ${packed.status ?? packed.signal}):\n${packed.stderr}`,
    );
  }
  // pnpm names each tarball <scope>-<name>-<version>.tgz.
  return new Map(
    publishedPackages().map((pkg) => [
      pkg.name,
      join(destination, `${pkg.name.replace(/^@/, '').replace('/', '-')}-${pkg.version}.tgz`),
    ]),
  );
}
