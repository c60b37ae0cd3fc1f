#!/usr/bin/env node
// Size budgets: each package's own code, bundled from source with esbuild, minified and gzipped.
// Peers (and sibling kit packages) are external: the figure is what the package itself adds to a host's bundle.
// Usage: node scripts/size.mjs [core|react|mcp]   (all when omitted). Exits 1 when a budget is exceeded.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib/workspace.mjs';

/** Budgets in bytes (min+gz). Raise only on purpose. */
export const budgets = {
  core: { entry: 'packages/core/src/index.ts', budget: 4 * 1024 },
  react: { entry: 'packages/react/src/index.ts', budget: 8 * 1024 },
  mcp: { entry: 'packages/mcp/src/index.ts', budget: 4 * 1024 },
};
const external = ['react', 'react-dom', 'react/*', 'react-dom/*', '@rjsf/*', '@modelcontextprotocol/*', '@elicitation-kit/*'];

/** Minified and gzipped size of one entry. */
export async function measure(entry) {
  const result = await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    external,
    conditions: ['source'],
    jsx: 'automatic',
    loader: { '.css': 'empty' },
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

const only = process.argv[2];
let failed = false;
for (const [name, { entry, budget }] of Object.entries(budgets)) {
  if (only && only !== name) continue;
  if (!existsSync(join(root, entry))) continue;
  const { minified, gzipped } = await measure(entry);
  const ok = gzipped <= budget;
  failed ||= !ok;
  console.log(
    `${ok ? '✓' : '✗'} @elicitation-kit/${name}: ${(gzipped / 1024).toFixed(2)} KB min+gz (${(minified / 1024).toFixed(1)} KB min), budget ${(budget / 1024).toFixed(0)} KB`,
  );
}
if (failed) {
  console.error('size budget exceeded');
  process.exit(1);
}
