// The deterministic budgets: `pnpm --filter @elicitation-kit/bench budgets` runs this file; the root `npm test` runs that script once ../budgets.mjs exists.
//  - sizes: core and react min+gz within their budgets, the host's dialog path ≤ 0.50× rjsf + validator-ajv8 and
//    without markdown-to-jsx or fast-uri (read from the esbuild metafile; see bundle.mjs);
//  - zero loss: 100 sequential and 50 concurrent elicitations in each era, every answer logged once by the server.
//    (~5 s on a quiet machine; sized so that it stays under 60 s even on a shared 2-core machine at load average ~25.)
//  - the bridge: 100 browsers (distinct owners) × 3 questions of 13 fields on the memory hub and on a Redis hub (a real
//    redis-server), 0 lost, 0 doubled, 0 wrong answers (bridge.mjs; ~8 s).
// Prints every figure and exits 1 on any breach. Timing targets live in the bench and are never asserted here.
import { pathToFileURL } from 'node:url';
import { checkBridgeLoad } from './bridge.mjs';
import { measureBundles } from './bundle.mjs';
import { measureRoundTrips } from './round-trips.mjs';
import { kb } from './stats.mjs';

/** Checks every deterministic budget, printing each figure. Resolves with the breaches (empty when all are met). */
export async function checkBudgets() {
  const started = Date.now();
  const breaches = [];
  const report = (ok, text) => {
    console.log(`${ok ? '✓' : '✗'} ${text}`);
    if (!ok) breaches.push(text);
  };

  const bundle = await measureBundles();
  for (const name of ['core', 'react']) {
    const b = bundle[name];
    if (b.missing) report(false, `@elicitation-kit/${name}: ${b.missing} not found`);
    else {
      report(
        b.ok,
        `@elicitation-kit/${name}: ${kb(b.gzipped)} min+gz, budget ${kb(b.budget)} (${b.budget - b.gzipped} bytes of headroom)` +
          (b.target < b.budget
            ? `; target ${kb(b.target)} ${b.targetMet ? 'met' : 'not met (reported by the bench)'}`
            : ''),
      );
    }
  }
  const d = bundle.dialogPath;
  if (d.missing) report(false, `dialog path: ${d.missing} not found`);
  else {
    const carried = Object.entries(d.packages)
      .toSorted(([, a], [, b]) => b - a)
      .map(([name, bytes]) => `${name} ${kb(bytes)} min`)
      .join(', ');
    report(
      d.ok,
      `dialog path (ElicitationDialog + parseElicitation): ${kb(d.gzipped)} min+gz = ${d.ratio.toFixed(4)}× rjsf + validator-ajv8 (${kb(bundle.baseline.gzipped)}), ceiling ${d.maxRatio}× (${Math.floor(bundle.baseline.gzipped * d.maxRatio) - d.gzipped} bytes to spare); ` +
        `${d.forbidden.length === 0 ? 'no markdown-to-jsx, no fast-uri' : `carries ${d.forbidden.join(' and ')}`} (metafile: ${carried})`,
    );
  }

  // The kit's stylesheet has no budget: its size is reported here and in the bench's weight rows, beside the JS.
  const css = bundle.stylesheet;
  if (!css.missing) console.log(`· ${css.entry}: ${kb(css.gzipped)} min+gz (reported, no budget)`);

  const trips = await measureRoundTrips({ sequential: 100, concurrent: 50, samples: 0, timeoutMs: 40_000 });
  for (const era of ['modern', 'legacy']) {
    for (const v of [trips[era].sequential, trips[era].concurrent]) {
      report(
        v.ok,
        `${era}: ${v.count} ${v.concurrency === 1 ? 'sequential' : 'concurrent'} elicitations → server logged ${v.received} of ${v.answered} answers ` +
          `(${v.wire.answers} on the wire${v.wire.duplicates ? `, ${v.wire.duplicates} requests answered twice` : ''}), ` +
          `${v.lost} lost, ${v.duplicated} duplicated, ${v.foreign} unexpected, ${v.failures} failed calls (${Math.round(v.elapsedMs)} ms)`,
      );
    }
  }

  for (const check of await checkBridgeLoad({ owners: 100, perOwner: 3 })) report(check.ok, check.text);

  console.log(
    `${breaches.length === 0 ? '✓ every budget met' : `✗ ${breaches.length} budget(s) breached`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { breaches };
}

// Run directly by the package's `budgets` script (the root `npm test` runs that script once ../budgets.mjs exists).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { breaches } = await checkBudgets();
  if (breaches.length > 0) process.exit(1);
}
