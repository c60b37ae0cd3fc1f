// The core as a host ships it: its sources bundled and minified by esbuild (what a production build does, and what
// the size budgets measure), imported from memory. The bench times this rather than the sources under tsx: tsx keeps
// function names by wrapping every named closure in a `__name(...)` call, a cost that no host bundle pays.
import { budgets, bundle } from '../../scripts/size.mjs';

/** Imports `@elicitation-kit/core` bundled and minified (it has no dependencies to resolve). */
export async function loadShippedCore() {
  const code = await bundle(budgets.core.entry);
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}
