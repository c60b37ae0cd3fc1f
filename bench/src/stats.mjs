// Timing helpers: min / median / max over repeated runs, with the kit and its baseline measured back to back in each run
// so that machine noise (shared cores, CPU frequency, GC) hits both sides alike.
import { performance } from 'node:perf_hooks';

/** Median of a list of numbers (NaN when empty). */
export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = values.toSorted((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile (0–100). */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = values.toSorted((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/**
 * The spread of a list of samples: `{ min, median, max, n }` (NaN when empty). Every timing row of the report shows
 * all three, so one lucky or unlucky run cannot pass for the typical figure.
 */
export function spread(values) {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return { min: Number.NaN, median: Number.NaN, max: Number.NaN, n: 0 };
  return { min: Math.min(...finite), median: median(finite), max: Math.max(...finite), n: finite.length };
}

/**
 * Times one batch: `prepare(size)` builds the inputs outside the clock (fresh schema copies, so no cache can help),
 * `run(inputs)` is timed, `cleanup(inputs)` runs outside the clock. Returns microseconds per operation.
 */
function timeBatch({ size, prepare = () => undefined, run, cleanup = () => {} }) {
  const inputs = prepare(size);
  const start = performance.now();
  run(inputs, size);
  const elapsed = performance.now() - start;
  cleanup(inputs);
  return (elapsed * 1000) / size;
}

/**
 * Compares a subject with its baseline: `runs` rounds, each timing one batch of each side (order alternating),
 * after `warmup` untimed rounds. Returns the spread (min / median / max) of the µs/op of each side and of the
 * per-round ratios baseline ÷ subject (so > 1 means the subject is cheaper).
 */
export function compare(subject, baseline, { runs = 15, warmup = 3 } = {}) {
  const a = [];
  const b = [];
  const ratios = [];
  for (let round = 0; round < warmup + runs; round++) {
    let x;
    let y;
    if (round % 2 === 0) {
      x = timeBatch(subject);
      y = timeBatch(baseline);
    } else {
      y = timeBatch(baseline);
      x = timeBatch(subject);
    }
    if (round < warmup) continue;
    a.push(x);
    b.push(y);
    ratios.push(y / x);
  }
  return { subjectUs: spread(a), baselineUs: spread(b), ratio: spread(ratios), runs };
}

/** The spread of the reciprocals (a ratio turned round: min and max swap). */
export function invert({ min, median: mid, max, n }) {
  return { min: 1 / max, median: 1 / mid, max: 1 / min, n };
}

/** Rounds for display: 3 significant digits. */
export function sig(value, digits = 3) {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  return Number(value.toPrecision(digits)).toString();
}

/** Formats a ratio as e.g. `31.2×`. */
export function times(value) {
  return Number.isFinite(value) ? `${sig(value)}×` : '—';
}

/** Formats bytes as KB with two decimals. */
export function kb(bytes) {
  return `${(bytes / 1024).toFixed(2)} KB`;
}
