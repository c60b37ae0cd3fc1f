// The core as a host ships it: its sources bundled and minified by esbuild (what a production build does), imported
// from memory. The bench times this rather than the sources under tsx: tsx keeps function names by wrapping every
// named closure in a `__name(...)` call, a cost that no host bundle pays.
import { build } from 'esbuild';
import { join } from 'node:path';
import { root } from './forms.mjs';

/** Imports `packages/core/src/index.ts` bundled and minified (ES2022, no dependencies to resolve). */
export async function loadShippedCore() {
  const result = await build({
    entryPoints: [join(root, 'packages/core/src/index.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].contents).toString('base64')}`);
}
