// Renders results.json as the markdown table the README quotes (also printed by the bench).
import { invert, kb, sig, times } from './stats.mjs';

const COMMAND = 'npm run bench   # = pnpm --filter @elicitation-kit/bench bench';

const ms = (v) => (Number.isFinite(v) ? `${sig(v)} ms` : '—');
const mark = (ok) => (ok === undefined ? '' : ok ? '✓' : '✗');
/** `rjsfOverKit` as words: "1.6× faster" or "1.4× slower". */
const speed = (ratio) =>
  !Number.isFinite(ratio) ? '—' : ratio >= 1 ? `${times(ratio)} faster` : `${times(1 / ratio)} slower`;
/** Why a section has no figures (not run, pending a package, or failed: the error's first line), or undefined. */
function missing(section) {
  if (!section) return '—';
  if (section.pending) return `pending: ${section.pending}`;
  if (section.error) return `failed: ${section.error.split('\n')[0]}`;
  return undefined;
}

/** A spread `{ min, median, max }` as the table writes it: `3.23 µs (3–3.6)`, the median then the range over runs. */
function spreadOf(s, unit) {
  if (!Number.isFinite(s?.median)) return '—';
  const range = Number.isFinite(s.min) && Number.isFinite(s.max) ? ` (${sig(s.min, 2)}–${sig(s.max, 2)})` : '';
  return `${sig(s.median)}${unit}${range}`;
}
const usSpread = (s) => spreadOf(s, ' µs');
const msSpread = (s) => spreadOf(s, ' ms');

/**
 * A paired ratio baseline ÷ kit (min / median / max over runs) in words: "120× cheaper (95–130)" when the kit takes
 * less time, "1.9× slower (1.6–2.3)" when it takes more (the range then of kit ÷ baseline, so it reads the same way).
 */
function versus(ratio) {
  if (!Number.isFinite(ratio?.median)) return '—';
  const [s, word] = ratio.median >= 1 ? [ratio, 'cheaper'] : [invert(ratio), 'slower'];
  return `${times(s.median)} ${word} (${sig(s.min, 2)}–${sig(s.max, 2)})`;
}

const NO_SLOWER = 'no slower than @cfworker';
const CFWORKER = '@cfworker/json-schema';

/**
 * Every comparison of the client-cost section: the kit's measurement, the baseline's words, the target and whether
 * it is met (from the median ratio baseline ÷ kit). Each comes once per form, the 13-field and the 3-field side by side.
 */
const COST_ROWS = [
  {
    what: 'Per request, fresh schema (parse + describe + validate)',
    get: (c) => c.cold?.fresh?.ajv,
    baseline: 'ajv compile + validate; a cache misses on a new schema',
    target: '≥ 100× cheaper than ajv compile + validate',
    met: (r) => r.ratio.median >= 100,
  },
  {
    what: 'Per request, fresh schema (parse + describe + validate)',
    get: (c) => c.cold?.fresh?.cfworker,
    baseline: `${CFWORKER} new Validator + validate; CSP-safe, interpreting`,
    target: NO_SLOWER,
    met: (r) => r.ratio.median >= 1,
  },
  {
    what: 'Per request, repeated schema (the same schema, a new object each time)',
    get: (c) => c.cold?.repeated?.ajvCached,
    baseline: 'ajv from a schema cache, JSON key → compiled validator; needs unsafe-eval',
    target: 'information (a host without CSP)',
  },
  {
    what: 'Per request, repeated schema (the same schema, a new object each time)',
    get: (c) => c.cold?.repeated?.cfworkerCached,
    baseline: `${CFWORKER} from a schema cache, JSON key → Validator; CSP-safe`,
    target: NO_SLOWER,
    met: (r) => r.ratio.median >= 1,
  },
  {
    what: 'Warm client validation (validateValues)',
    get: (c) => c.warm?.ajv,
    baseline: 'compiled ajv',
    target: 'information',
  },
  {
    what: 'Warm client validation (validateValues)',
    get: (c) => c.warm?.cfworker,
    baseline: `${CFWORKER}, Validator kept`,
    target: NO_SLOWER,
    met: (r) => r.ratio.median >= 1,
  },
  {
    what: 'Warm server check (createContentValidator)',
    get: (c) => c.server?.ajv,
    baseline: 'compiled ajv',
    target: 'information',
  },
  {
    what: 'Warm server check (createContentValidator)',
    get: (c) => c.server?.cfworker,
    baseline: `${CFWORKER}, Validator kept`,
    target: NO_SLOWER,
    met: (r) => r.ratio.median >= 1,
  },
  {
    what: (c) => `Warm server check, sparse answer (the defaults only, ${c.serverSparse.keys} keys)`,
    get: (c) => c.serverSparse?.ajv,
    baseline: 'compiled ajv',
    target: 'information',
  },
  {
    what: (c) => `Warm server check, sparse answer (the defaults only, ${c.serverSparse.keys} keys)`,
    get: (c) => c.serverSparse?.cfworker,
    baseline: `${CFWORKER}, Validator kept`,
    target: NO_SLOWER,
    met: (r) => r.ratio.median >= 1,
  },
];

function costRows(cost) {
  if (missing(cost)) return [[`Per-request client cost`, missing(cost), '', '', '', '']];
  const rows = [];
  for (const spec of COST_ROWS) {
    // The 13-field and the 3-field form next to each other for every comparison (the sparse answer only where the
    // defaults alone make a valid answer: the export schema requires a field without a default).
    for (const c of Object.values(cost)) {
      const r = spec.get(c);
      if (!r) continue;
      const what = typeof spec.what === 'function' ? spec.what(c) : spec.what;
      rows.push([
        `${what}, ${c.label}`,
        usSpread(r.coreUs),
        `${usSpread(r.baselineUs)} (${spec.baseline})`,
        versus(r.ratio),
        spec.target,
        spec.met ? mark(spec.met(r)) : '',
      ]);
    }
  }
  return rows;
}

function dialogRows(dialog) {
  if (missing(dialog)) return [['Dialog readiness in Chromium', missing(dialog), '', '', '', '']];
  const rows = [];
  for (const key of ['fields13', 'fields200']) {
    const d = dialog[key];
    const target = key === 'fields13' ? '≤ 30 ms, no slower than rjsf' : 'no slower than rjsf';
    const ok = d.kit.focus.median <= d.rjsf.focus.median && (key !== 'fields13' || d.kit.focus.median <= 30);
    rows.push([
      `Dialog ready (render → first field focused), ${d.fields} fields${dialog.stylesheet?.applied ? ', kit styled by its styles.css' : ''}`,
      msSpread(d.kit.focus),
      `${msSpread(d.rjsf.focus)} (rjsf Form + validator-ajv8; ships no CSS)`,
      speed(d.rjsfOverKit),
      target,
      mark(ok),
    ]);
  }
  const k = dialog.keystroke50;
  rows.push([
    'Keystroke to next frame (keydown → rAF after the value changed), 50 fields',
    msSpread(k.kit),
    `${msSpread(k.rjsf)} (rjsf)`,
    speed(k.rjsfOverKit),
    'reported',
    '',
  ]);
  // Issue 23's goal: a keystroke costs at most 0.8× rjsf's time (each field row re-renders alone, from its slice).
  rows.push([
    'Keystroke handled (keydown → input handled, incl. React re-render), 50 fields',
    msSpread(handledSpread(k.kit)),
    `${msSpread(handledSpread(k.rjsf))} (rjsf)`,
    `${speed(k.handledRjsfOverKit)} (${times(1 / k.handledRjsfOverKit)} rjsf's time)`,
    "≤ 0.8× rjsf's time",
    mark(k.kit.handledMedian <= 0.8 * k.rjsf.handledMedian),
  ]);
  if (dialog.csp) {
    const c = dialog.csp;
    rows.push([
      'Under a strict CSP in Chromium (no unsafe-eval): parse + validate, kitchen sink',
      `kit ${c.kit}`,
      `@cfworker/json-schema ${c.cfworker}; ajv ${c.ajv}`,
      '',
      'the kit runs',
      mark(c.kit === 'runs'),
    ]);
  }
  return rows;
}

/** The keystroke's "handled" figures as a spread. */
const handledSpread = (k) => ({ min: k.handledMin, median: k.handledMedian, max: k.handledMax });

function bundleRows(bundle) {
  if (missing(bundle)) return [['Bundle size', missing(bundle), '', '', '', '']];
  const rows = [];
  for (const [name, label] of [
    ['core', '@elicitation-kit/core, min+gz'],
    ['react', '@elicitation-kit/react, min+gz (peers excluded)'],
  ]) {
    const b = bundle[name];
    rows.push([
      label,
      b.missing ? `not landed (${b.missing})` : kb(b.gzipped),
      '',
      b.missing ? '' : `${b.budget - b.gzipped} bytes of headroom`,
      b.target < b.budget ? `≤ ${kb(b.target)} (target); ≤ ${kb(b.budget)} enforced` : `≤ ${kb(b.budget)}`,
      b.target < b.budget && b.ok && !b.targetMet ? '✗ target, ✓ enforced' : mark(b.ok),
    ]);
  }
  const d = bundle.dialogPath;
  const shippedCss = Object.values(bundle.baseline.css ?? {}).flat();
  const baselineCss = !bundle.baseline.css
    ? ''
    : shippedCss.length === 0
      ? '; rjsf ships no CSS'
      : `; rjsf ships ${shippedCss.join(', ')} (not measured)`;
  rows.push([
    "Host's dialog path (ElicitationDialog + parseElicitation), min+gz, React excluded",
    d.missing ? 'not landed' : kb(d.gzipped),
    `${kb(bundle.baseline.gzipped)} (rjsf Form + validator-ajv8)`,
    d.missing
      ? ''
      : `${d.ratio.toFixed(4)}× the baseline; ${d.forbidden.length === 0 ? 'no markdown-to-jsx, no fast-uri' : `carries ${d.forbidden.join(', ')}`}`,
    `≤ ${d.maxRatio}×, neither package (enforced)`,
    mark(d.ok),
  ]);
  const css = bundle.stylesheet;
  if (css) {
    rows.push([
      'The same with `@elicitation-kit/react/styles.css` beside it (JS + CSS, each min+gz)',
      css.missing || !d.withStylesheet
        ? `not landed (${css.missing ?? 'the dialog path'})`
        : `${kb(d.gzipped)} JS + ${kb(css.gzipped)} CSS = ${kb(d.withStylesheet.gzipped)}`,
      `${kb(bundle.baseline.gzipped)} (rjsf Form + validator-ajv8${baselineCss})`,
      d.withStylesheet ? `${d.withStylesheet.ratio.toFixed(4)}× the baseline` : '',
      'reported',
      '',
    ]);
  }
  return rows;
}

function roundTripRows(rt) {
  if (missing(rt)) return [['Round trips', missing(rt), '', '', '', '']];
  const rows = [];
  for (const era of ['modern', 'legacy']) {
    const r = rt[era];
    if (!r) continue;
    const name =
      era === 'modern' ? 'modern era (2026-07-28, versionNegotiation auto)' : 'legacy era (2025-11-25 session)';
    if (r.latency) {
      rows.push([
        `Tool call with one elicitation, ${name}`,
        `${r.latency.elicitationCall ? msSpread(r.latency.elicitationCall) : ms(r.latency.elicitationCallMs)} (+${ms(r.latency.overheadMs)} per elicitation)`,
        `${r.latency.plainCall ? msSpread(r.latency.plainCall) : ms(r.latency.plainCallMs)} (same call, no elicitation)`,
        `${times(r.latency.ratio)} a plain call`,
        'reported',
        '',
      ]);
    }
    for (const v of [r.sequential, r.concurrent]) {
      const how = v.concurrency === 1 ? 'sequential' : 'concurrent';
      rows.push([
        `${v.count.toLocaleString('en-US')} ${how} elicitations, ${era}`,
        `${v.lost} lost, ${v.duplicated} duplicated, ${v.failures} failed (${ms(v.elapsedMs)} total)`,
        `server logged ${v.received} of ${v.answered}; ${v.wire.answers} answers on the wire`,
        '',
        '0 lost, 0 duplicated',
        mark(v.ok),
      ]);
    }
  }
  return rows;
}

/** A count as the table writes it: `10,000`. */
const count = (n) => n.toLocaleString('en-US');

function replicaRows(replicas) {
  if (missing(replicas)) return [['Replicas with faults', missing(replicas), '', '', '', '']];
  const rows = [];
  for (const [phase, fault] of [
    ['sequential', 'kill -9 + Redis restart'],
    ['concurrent', 'kill -9 under load'],
  ]) {
    const p = replicas[phase];
    rows.push([
      `${count(p.roundTrips)} ${phase} round trips, 2 replicas + proxy + Redis, ${fault}`,
      `${p.lost} lost, ${p.doubled} doubled, ${p.replaysDiffering} of ${count(p.replays)} replays differ`,
      `${sig(p.roundTripsPerSecond)} round trips/s; p50 ${ms(p.p50Ms)}, p99 ${ms(p.p99Ms)}`,
      `${p.resends} resends, ${p.takeovers} taken over`,
      '0 lost, 0 doubled, replays identical',
      mark(p.ok),
    ]);
  }
  return rows;
}

/** The durable rounds' row (durable.mjs): questions open across a rolling restart of two replicas. */
function durableRows(durable) {
  if (missing(durable)) return [['Durable questions across a rolling restart', missing(durable), '', '', '', '']];
  const handovers = durable.handovers
    .map(({ from, to, rounds, ms: taken }) => `${from} → ${to}: ${count(rounds)} rounds shown again in ${ms(taken)}`)
    .join('; ');
  return [
    [
      `${count(durable.questions)} durable questions open (2026-07-28), 2 replicas + Redis, both redeployed in turn`,
      `${durable.lost} lost, ${durable.doubled} doubled, ${durable.failed} failed; ${count(durable.operations)} operations run`,
      handovers,
      `all answered in ${ms(durable.answeringMs)}`,
      '0 lost, 0 doubled',
      mark(durable.ok),
    ],
  ];
}

/** What an idle stream may grow by over the window and still count as constant (GC noise): 1 KB. */
const IDLE_GROWTH_NOISE = 1024;

/** The bridge's rows (bridge.mjs): each beside its floors (node:http by hand, the in-process queue) where it has them. */
function bridgeRows(bridge) {
  if (missing(bridge)) return [['Bridge under load', missing(bridge), '', '', '', '']];
  const rows = [];
  const t = bridge.throughput;
  const load = `${t.owners} owners × ${t.perOwner} questions after ${t.warmupPerOwner} each to warm up, ${t.pendingPerOwner} pending each, ${t.fields} fields, memory hub`;
  const floor = `in-process queue (no bridge, no HTTP)`;
  rows.push([
    `Bridge backend CPU per question (${load})`,
    msSpread(t.backendCpuMs),
    `${msSpread(t.httpFloor.cpuMs)} (its wire protocol hand-written on node:http); ${msSpread(t.floor.cpuMs)} (${floor}, both halves)`,
    `${times(t.backendCpuMs.median / t.httpFloor.cpuMs.median)} the node:http floor`,
    '≤ 0.25 ms',
    mark(t.backendCpuMs.median <= 0.25),
  ]);
  rows.push([`Bridge page-half CPU per question (same run)`, msSpread(t.pageCpuMs), '', '', 'reported', '']);
  rows.push([
    `Bridge throughput, saturated (same run)`,
    `${sig(t.perSecond.median)} questions/s (${sig(t.perSecond.min, 2)}–${sig(t.perSecond.max, 2)}), p99 ${msSpread(t.p99Ms)}`,
    `${sig(t.floor.perSecond.median)} questions/s, p99 ${msSpread(t.floor.p99Ms)} (${floor})`,
    `${times(t.ratio.median)} the floor (${sig(t.ratio.min, 2)}–${sig(t.ratio.max, 2)})`,
    // The 0.8× target is against the same calls without the bridge (the end-to-end rows), not the in-process floor.
    'reported',
    '',
  ]);
  for (const [hub, target] of [
    ['memory', 10],
    ['redis', 20],
  ]) {
    const p = bridge.paced[hub];
    const shape = bridge.paced.memory;
    const name = `Bridge p99 ask → answer, ${count(shape.owners)} owners paced at ${shape.ratePerSecond} questions/s, ${hub === 'redis' ? 'Redis hub (redis-server)' : 'memory hub'}`;
    if (missing(p)) {
      rows.push([name, missing(p), '', '', `≤ ${target} ms`, '']);
      continue;
    }
    const runsSaid = `${count(p.questions)} questions a run, ${p.runs} run${p.runs === 1 ? '' : 's'}`;
    const httpFloor = p.httpFloor;
    rows.push([
      name,
      `p99 ${msSpread(p.p99Ms)}, p50 ${msSpread(p.p50Ms)}; ${p.lost} lost, ${p.doubled} doubled, ${p.wrong} wrong, ${p.refused} refused`,
      httpFloor
        ? `p99 ${msSpread(httpFloor.p99Ms)}, p50 ${msSpread(httpFloor.p50Ms)} (its wire protocol hand-written on node:http, paced alike); ${runsSaid} each`
        : runsSaid,
      httpFloor ? `${times(p.p99Ms.median / httpFloor.p99Ms.median)} the node:http floor's p99` : '',
      `≤ ${target} ms (median), 0 refused`,
      mark(p.p99Ms.median <= target && p.refused === 0 && p.lost + p.doubled + p.wrong === 0),
    ]);
  }
  const sat = bridge.saturated;
  if (missing(sat)) rows.push(['Bridge saturated, Redis hub', missing(sat), '', '', '', '']);
  else {
    rows.push([
      `Bridge saturated, Redis hub (${sat.owners} owners × ${sat.perOwner}, ${sat.pendingPerOwner} pending each, as fast as answers come)`,
      `${sat.lost} lost, ${sat.doubled} doubled, ${sat.wrong} wrong; ${sat.refused} refused${
        sat.refused > 0
          ? ` (${Object.entries(sat.refusals)
              .map(([k, v]) => `${v}× ${k}`)
              .join(', ')})`
          : ''
      }, each answered again`,
      `${sig(sat.perSecond)} questions/s, p99 ${ms(sat.p99Ms)}`,
      '',
      '0 lost, 0 doubled, 0 wrong; a refusal is retried',
      mark(sat.lost + sat.doubled + sat.wrong === 0),
    ]);
  }
  rows.push(...endToEndRows(bridge.endToEnd));
  const idle = bridge.idle;
  if (missing(idle)) rows.push(['Bridge memory per idle stream', missing(idle), '', '', '', '']);
  else {
    rows.push([
      `Bridge backend memory per idle stream (${count(idle.streams)} streams, heap + external after GC)`,
      `${kb(idle.bytesPerStream)} per stream; ${idle.growthPerStream >= 0 ? '+' : ''}${sig(idle.growthPerStream)} bytes each after ${sig(idle.idleMs / 1000)} s idle (${idle.keepAlivesPerStream} keep-alives)`,
      '',
      '',
      `≤ 50 KB, not growing (≤ ${IDLE_GROWTH_NOISE} bytes over the window)`,
      mark(idle.bytesPerStream <= 50 * 1024 && idle.growthPerStream <= IDLE_GROWTH_NOISE),
    ]);
  }
  return rows;
}

/** What the end-to-end ratio must reach: the bridge's calls/s ≥ 0.8× its no-bridge twin's (issue 38). */
const END_TO_END_TARGET = 0.8;

/** A volley's calls/s and latencies as a cell: `88.7 calls/s (80–95); p50 10.1 ms (9.8–11), p99 …`. */
const callsCell = (v) =>
  `${spreadOf(v.perSecond, ' calls/s')}; p50 ${msSpread(v.p50Ms)}, p99 ${msSpread(v.p99Ms)}; ${v.lost} lost, ${v.doubled} doubled` +
  (v.failures > 0 ? `, ${v.failures} failed (${v.firstError})` : '');

/** The Met cell of an end-to-end row: ✓, or ✗ saying which part missed. */
function endToEndMet(fastEnough, intact) {
  if (fastEnough && intact) return '✓';
  if (fastEnough) return '✗ (lost, doubled or failed calls)';
  return intact ? `✗ (below ${END_TO_END_TARGET}×)` : `✗ (below ${END_TO_END_TARGET}×; lost, doubled or failed calls)`;
}

/** A question's steps (bridge-e2e.mjs `pathOf`), each as median (min–max) over runs. */
const pathCell = (path) =>
  `to the page ${msSpread(path.toPageMs)}; in the page ${msSpread(path.inPageMs)}; ` +
  `the answer to the backend ${msSpread(path.toBackendMs)}; its arrival to the question answered ${msSpread(path.inBackendMs)}`;

/** The end-to-end rows (bridge-e2e.mjs): with the bridge beside its twin, sequential and concurrent. */
function endToEndRows(e2e) {
  if (!e2e) return [];
  if (missing(e2e)) return [['Bridge end to end (with and without the bridge)', missing(e2e), '', '', '', '']];
  const rows = [];
  for (const [key, shape] of [
    ['sequential', (v) => `${count(v.calls)} sequential calls, one user`],
    ['concurrent', (v) => `${count(e2e.users)} concurrent users × ${e2e.perUser} calls = ${count(v.calls)} calls`],
  ]) {
    const { bridge, twin, ratio, floor, floorRatio, floorShare } = e2e[key];
    const floorCell = floor
      ? `; with the bridge's wire protocol hand-written on node:http in its place (the floor): ${sig(floor.perSecond.median)} calls/s, ${ratioSpread(floorRatio)} the twin`
      : '';
    rows.push([
      `Bridge end to end, ${shape(bridge)} (demo server, SDK v2 + attachElicitation on a backend, a scripted browser; ${e2e.era} era)`,
      `${callsCell(bridge)}; the question on the bridge (shown → answered) p50 ${msSpread(bridge.questionP50Ms)}`,
      `${callsCell(twin)} (the same calls answered on the backend from the queue, no bridge)${floorCell}`,
      `${times(ratio.median)} the twin's calls/s (${sig(ratio.min, 2)}–${sig(ratio.max, 2)})` +
        (floorShare ? `; ${ratioSpread(floorShare)} the floor's, run by run` : ''),
      `≥ ${END_TO_END_TARGET}×, 0 lost, 0 doubled`,
      endToEndMet(ratio.median >= END_TO_END_TARGET, bridge.ok && twin.ok),
    ]);
  }
  const { path } = e2e.sequential.bridge;
  if (path) {
    const floorPath = e2e.sequential.floor?.path;
    rows.push([
      'Bridge end to end, a sequential question step by step (p50 of each step over the volley)',
      pathCell(path),
      floorPath ? `${pathCell(floorPath)} (the floor)` : '',
      '',
      'reported',
      '',
    ]);
  }
  const { bridge, twin } = e2e.concurrent;
  rows.push([
    `Bridge end to end, CPU per call (the concurrent volley)`,
    `backend ${msSpread(bridge.backendCpuMsPerCall)}; browsers ${msSpread(bridge.pageCpuMsPerCall)}`,
    `backend ${msSpread(twin.backendCpuMsPerCall)} (the twin)`,
    `${times(bridge.backendCpuMsPerCall.median / twin.backendCpuMsPerCall.median)} the twin's backend CPU`,
    'reported',
    '',
  ]);
  return rows;
}

/** A ratio's median and its range over runs: `0.85× (0.8–0.9)`. */
const ratioSpread = (ratio) => `${times(ratio.median)} (${sig(ratio.min, 2)}–${sig(ratio.max, 2)})`;

/** When the replica rows were measured on their own (`--only=replicas`, merged into results.json): when and where. */
function replicasMeasured(replicas) {
  const m = replicas?.measured;
  if (!m) return [];
  return [
    '',
    `The replica rows were measured on their own (\`bench --only=replicas\`): ${m.date}, commit ${m.commit}; load average ${sig(m.loadBefore, 2)} before, ${sig(m.loadAfter, 2)} after.`,
  ];
}

/** How many runs the client-cost rows took, in words. */
function runsOf(cost) {
  const first = cost && !missing(cost) ? Object.values(cost)[0]?.cold?.fresh?.ajv : undefined;
  return first
    ? `min / median / max over ${first.runs} runs after 3 untimed warm-up runs`
    : 'min / median / max over runs';
}

/** How many mounts each readiness row took. */
function mountsOf(dialog) {
  if (!dialog || missing(dialog)) return 'min / median / max over mounts';
  const n = (key) => dialog[key]?.kit?.focus?.n;
  return `min / median / max over ${n('fields13')} mounts of each (${n('fields200')} at 200 fields) after 3 untimed rounds`;
}

/** How many keystrokes the keystroke rows took. */
function keysOf(dialog) {
  const n = dialog && !missing(dialog) ? dialog.keystroke50?.kit?.n : undefined;
  return n ? `min / median / max over ${n} keys of each` : 'keys';
}

/** The stylesheet's transfer in the page, when measured. */
function cssLoad(dialog) {
  const s = dialog?.stylesheet;
  return Number.isFinite(s?.loadMs) ? `: ${s.bytes} bytes, loaded in ${sig(s.loadMs, 2)} ms from 127.0.0.1` : '';
}

/** How many calls the latency rows took. */
function latencyOf(rt) {
  const n = rt && !missing(rt) ? (rt.modern?.latency?.samples ?? rt.legacy?.latency?.samples) : undefined;
  return n ? `latency min / median / max over ${n} calls of each kind after 5 untimed ones` : 'latency over calls';
}

/** How many runs and calls the end-to-end rows took. */
function endToEndOf(e2e) {
  if (!e2e || missing(e2e)) return 'min / median / max over runs';
  return `min / median / max over ${e2e.runs} run${e2e.runs === 1 ? '' : 's'} of each mode`;
}

const line = (cells) => `| ${cells.map((c) => String(c).replaceAll('|', '\\|')).join(' | ')} |`;

/** The results table as markdown, with the environment and the command that reproduces it. */
export function renderMarkdown(results) {
  const header = ['Measurement', 'Elicitation Kit', 'Baseline', 'Ratio', 'Target', 'Met'];
  const rows = [
    ...costRows(results.clientCost),
    ...dialogRows(results.dialog),
    ...bundleRows(results.bundle),
    ...roundTripRows(results.roundTrips),
    ...replicaRows(results.replicas),
    ...durableRows(results.durable),
    ...bridgeRows(results.bridge),
  ];
  const env = results.environment;
  return [
    `## Benchmarks`,
    '',
    `Reproduce with \`${COMMAND}\` (writes \`bench/results.json\` and this table to \`bench/RESULTS.md\`).`,
    `Every timing is the median over runs with the range over those runs in brackets, "median (min–max)"; the baseline is measured in the same process or browser session.`,
    `Timing targets are reported, not asserted; sizes and zero loss are enforced by \`pnpm --filter @elicitation-kit/bench budgets\` in \`npm test\`.`,
    '',
    line(header),
    line(header.map(() => '---')),
    ...rows.map(line),
    '',
    `Measured ${env.date} on ${env.cpus}× ${env.cpu}, Node ${env.node}${results.dialog?.chromium ? `, Chromium ${results.dialog.chromium}` : ''}` +
      `${env.commit ? `, commit ${env.commit}${env.commit.endsWith('+dirty') ? " (uncommitted edits in the kit's sources at the time)" : ''}` : ''}${results.options?.quick ? ' (quick run)' : ''}` +
      `${Number.isFinite(env.loadBefore) ? `; load average ${sig(env.loadBefore, 2)} before, ${sig(env.loadAfter, 2)} after (shared machine: compare the ratios)` : ''}.`,
    ...replicasMeasured(results.replicas),
    '',
    'How each row is measured:',
    '',
    `- **Per request**: ${runsOf(results.clientCost)}, each timing a batch of requests on both sides back to back (order alternating); each ratio is the median (and range) over runs of baseline ÷ kit. Kit: \`parseElicitation\` (checks and describes the schema: what the dialog renders) then \`validateValues\` of a valid value set, on a fresh copy of the request each time (a request is a new object off the wire). *Fresh schema*: every request a schema no cache has seen; ajv (one long-lived \`Ajv2020\`, \`allErrors\`, ajv-formats) compiles it then validates (a host's cache misses on a new schema, so this is also what a cached ajv pays then), @cfworker/json-schema 4 builds a \`Validator\` (draft 2020-12, every error) and validates. *Repeated schema*: the same schema every request, as a host whose servers ask the same form sees it; ajv and @cfworker each take a validator from a host's cache keyed by the schema's JSON (filled before the clock: every lookup hits), the kit does what it always does (it has no cache). ajv needs \`unsafe-eval\`, so it is the baseline for a host without a strict CSP; @cfworker interprets the schema (no code generation) and is what a host under a strict CSP can use instead.`,
    "- **Warm server check**: a validator from `createContentValidator(schema)`, created once (as a tool definition would), checking the accepted `content`, against the compiled ajv validator and a kept @cfworker `Validator` on the same content; the fresh copy of the content is part of the kit's work, and each copy is kept, as a server keeps it (an unread one could be optimised away).",
    '- **Warm validation**: `validateValues(fields, values)` against the already compiled ajv validator and a kept @cfworker `Validator`, same values. Core reads the rules of a list of fields once into plain data (no code generation: CSP); ajv generates JavaScript per schema, with property names fixed in the code, so on a 3-field form it stays several times ahead. The warm targets against ajv were withdrawn (issue 33: the check runs once per human answer), so those rows are information; against @cfworker, the validator a strict-CSP host would use, the target is to be no slower.',
    "- **Strict CSP**: the dialog page served again with `Content-Security-Policy: default-src 'self'; script-src 'self'; style-src 'self'` (no `unsafe-eval`); as it loads, the page itself parses and validates the kitchen sink with the kit, validates it with @cfworker and compiles it with ajv (code Playwright evaluates is exempt from the eval check, so none of it runs from the harness); the row says which ran and what the others threw.",
    '- **Core as shipped**: the client-cost rows time `packages/core/src` bundled and minified by esbuild (`bench/src/shipped.mjs`), as a host build would ship it; not the sources under tsx, whose `__name` wrappers add per-call costs no host pays.',
    `- **Dialog ready**: in headless Chromium, from \`root.render\` (kit: \`parseElicitation\` + \`<ElicitationDialog>\`; baseline: rjsf \`<Form>\` with \`@rjsf/validator-ajv8\` on Ajv2020 and \`ui:autofocus\` on the first field) to the \`focusin\` of the first field; ${mountsOf(results.dialog)}. Every mount gets a schema no cache has seen; kit and baseline alternate in one page; production React. The page links the kit's \`styles.css\` (imported as a host imports it, extracted by esbuild, a render-blocking \`<link>\`${cssLoad(results.dialog)}), and the bench checks that it styles the mounted dialog, so the kit is timed with its style and layout work; rjsf's core ships no CSS, so its form is timed unstyled.`,
    `- **Keystroke**: 50-field form, ${keysOf(results.dialog)} typed into the focused text field; ` +
      '"to next frame" is keydown → the first `requestAnimationFrame` after the value changed (includes waiting for the frame), "handled" is keydown → after the last `input` listener and React\'s synchronous re-render.',
    "- **Bundle**: esbuild, minified, gzip level 9, `NODE_ENV=production`; core and react via the root `scripts/size.mjs` (peers external); dialog path = `ElicitationDialog` + `parseElicitation` vs rjsf `Form` + `validator-ajv8`, React and react-dom external on both sides; the packages it carries come from esbuild's metafile (bytes that survived tree shaking). The kit's stylesheet is minified by esbuild and gzipped on its own (a second file); the baseline's packages are searched for CSS they ship (rjsf's core ships none: its markup carries Bootstrap 3 class names and the host brings the styles). The enforced 0.50× ceiling is on the JS.",
    "- **Replicas**: the server package's replica fault run (`packages/server/src/test/replica-run.ts`, also in `npm test` at 1,000 + 100): two replicas as real processes (each an `@elicitation-kit/server` kit with a Redis round store and one state key) behind the sticky proxy of `packages/server/examples` (2026-07-28 requests round-robin), one `redis-server` with `appendonly yes`, and a Node SDK v2 client. Each round trip asks, answers (resending the same retry after a network failure or a refusal that says to send again) and replays the answer once; latency is ask + answer. A replica is killed with kill -9 while it runs an operation a third of the way through the sequential phase and Redis is restarted at two thirds; a replica is killed once a third of the concurrent round trips are done. Lost = answers whose effect never happened or whose user would have to be asked again; doubled = effects applied twice (each keyed by `call.idempotencyKey`); replays are compared byte for byte with the first result.",
    "- **Durable questions**: integration's rolling-restart run (`integration/src/test/durable-rolling-run.ts`, also in `npm test` with 20 questions): two backend replicas as real processes, each running `callToolDurably` (a Node SDK v2 client on the demo server's `confirm-action`, 2026-07-28) and `resumeRounds`, one `redis-server` as their round store (lease 2 s). Each replica asks half the questions; A is redeployed (SIGTERM: its rounds are handed over, B shows them all), a quarter are answered on B, B is redeployed (A' shows what is left), the rest are answered on A'. A handover's time runs from the SIGTERM to the other replica showing every open round. Lost = calls never completed; doubled = calls told complete twice, or operations the demo server ran beyond one per call (its log); failed = rounds that ended otherwise.",
    "- **Bridge**: `bench/src/bridge-load.mjs`. A backend process (`bridge-backend.mjs`: `createElicitationBridge` served by `toNodeListener(bridge)` on 127.0.0.1, one core queue exposed per owner, the memory hub or a Redis hub on a `redis-server` from `@elicitation-kit/test-redis`) asks the kitchen sink (13 fields, parsed once as an adapter would hand it over) under a message carrying a serial; processes of their own (`bridge-load-browsers.mjs`, up to 250 owners each: users' browsers share no heap, nor its collections' pauses) run one browser half (`connectElicitationBridge`; its answers posted over a keep-alive node:http agent, as a browser's native fetch keeps its connection, its stream on Node's fetch: `browser-fetch.mjs`) per owner, answering each question it shows with the serial in `nickname`. Lost = asked and never answered, doubled = answered twice, wrong = an answer carrying another serial; latency is ask → answer on the backend's clock; CPU per question is `process.cpuUsage()` of each process over the run ÷ questions (the backend's includes Node's HTTP), after a warm-up run of the same shape that is not measured (a backend runs warm; the first thousands of questions also pay the JIT). The node:http floor: the same backend and browsers with the bridge's wire protocol hand-written on `node:http` in its place (`bridge-floor.mjs`: no hub, no limits, no MAC). The in-process floor: the same questions and answers through an in-process `createElicitationQueue`, same owners and pending. A refused answer comes back kept, and the simulated user answers it again. Idle streams: a fresh backend, its heap + external memory after `gc()` before the browsers connect, once all have, and after the idle window; `--bridge-idle-long` runs 3,000 streams for 10 minutes of 15 s keep-alives. Where the time goes: `node --conditions=@elicitation-kit/source --import tsx src/bridge-profile.mjs` (CPU profiles of both halves, functions by self time).",
    `- **Bridge end to end**: ${endToEndOf(results.bridge?.endToEnd)}. \`bench/src/bridge-e2e.mjs\`: the demo server (\`startDemoServer\`, 127.0.0.1) in the bench's process and a backend process (\`bridge-e2e-backend.mjs\`) with one Node SDK v2 \`Client\` per user, the kit's \`attachElicitation\` on its own queue, calling \`export-data\` (the \`export_options\` form) with \`kit.callTool\` in the 2026-07-28 era. With the bridge: each queue exposed under its user by \`createElicitationBridge\` served by \`toNodeListener(bridge)\`, and one scripted browser per user (\`@elicitation-kit/bridge/browser\`'s remote queue, its answers posted as in the load run) answering each question as it arrives. The twin: the same backend and calls, each question answered on the backend from its queue as it arrives. Sequential: one user's calls one after another; concurrent: every user at once, each user's calls one after another. The browsers run in a process of their own (their CPU is the users' machines', not the backend's or the demo server's), though on this machine they share its two cores with the backend and the demo server, which users' browsers do not. The floor: the same backend and browsers with the bridge's wire protocol hand-written on node:http (\`bridge-floor.mjs\`) in the bridge's place. Calls/s = calls ÷ the volley's time; p50/p99 of each \`kit.callTool\` on the backend; the question on the bridge = from its entry appearing in the backend's queue to its answer arriving there; CPU per call = \`process.cpuUsage()\` of the backend and of the browsers' process over the volley ÷ calls; the ratio is the bridge's calls/s ÷ the twin's, run by run, and beside it the bridge's ÷ the floor's, run by run (the demo server warmed first by a twin run not counted; each run a fresh backend per mode, each mode first in turn, after an untimed warm-up of a quarter of the sequential calls and one concurrent call per user). Every answer carries a serial in \`maxRows\`: the demo server's log, its ledger of answers on the wire and the tool results must each name every serial exactly once.`,
    `- **Round trips**: ${latencyOf(results.roundTrips)}; ` +
      'the demo server (`startDemoServer`, port 0) and a Node SDK v2 client with `attachElicitation` and a queue that answers every form at once with a unique `maxRows`. The plain call is the same `export-data` tool with its options passed as arguments (one round trip, the same validation and export, no elicitation). Zero loss is checked on the server (its log of validated answers, and its ledger of answers on the wire: in the legacy era one record per `elicitation/create`, each answered exactly once) and on the client (the tool results).',
    '',
  ].join('\n');
}
