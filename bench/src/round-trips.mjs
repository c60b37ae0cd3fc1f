// 4. Round trips over loopback Streamable HTTP: the demo server (startDemoServer on port 0) and a Node SDK v2 client
// with the kit's handler (attachElicitation) and a queue that auto-answers every form with a valid, unique answer.
// Each answer carries a serial number in `maxRows`; the server's own log then tells whether every answer arrived
// exactly once (zero lost, zero duplicated).
import { createElicitationQueue } from '@elicitation-kit/core';
import { attachElicitation } from '@elicitation-kit/mcp/sdk-v2';
import { startDemoServer } from '@elicitation-kit/demo-server';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { performance } from 'node:perf_hooks';
import { median, percentile, spread } from './stats.mjs';

// The package scripts pass --disable-warning=MaxListenersExceededWarning: after ~1,500 calls on one client, Node warns
// about abort listeners on one AbortSignal. They are undici's: every fetch the SDK's StreamableHTTPClientTransport
// makes adds a listener to the transport's long-lived signal, removed only when the Request is garbage-collected
// (traced to @modelcontextprotocol/core-internal shared/transport.ts → undici `new Request`), not the kit's.

/** The tool that elicits (the guide's export_options form) and its arguments. */
const ELICITING_TOOL = { name: 'export-data', arguments: {} };

/**
 * The baseline: the same tool with its options passed as arguments, so the demo server runs the same operation (same
 * validation, same export) in one round trip with no elicitation.
 */
const PLAIN_TOOL = { name: 'export-data', arguments: { format: 'csv', maxRows: 10_000, includeHeaders: false } };

const SERIAL_BASE = 1000;

/** Rejects after `ms` so that a lost answer fails the run instead of hanging it. */
function within(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A connected client in `era` whose queue answers each pending form with the next serial number. */
async function connectClient(url, era) {
  const client = new Client(
    { name: 'elicitation-kit-bench', version: '0.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {},
  );
  const queue = createElicitationQueue({ maxPendingPerServer: 10_000 });
  const attachment = attachElicitation(client, { queue, server: { name: 'demo' } });
  const answered = new Map(); // queue id → serial
  // Serials start above the 120-row demo table, so every export produces the same document as the baseline's.
  let serial = SERIAL_BASE;
  let refused = 0;
  let scheduled = false;
  const answerPending = () => {
    scheduled = false;
    for (const entry of queue.getSnapshot()) {
      if (entry.status !== 'pending' || entry.kind !== 'request' || answered.has(entry.id)) continue;
      const maxRows = ++serial;
      answered.set(entry.id, maxRows);
      if (!queue.respond(entry.id, { action: 'accept', content: { format: 'csv', maxRows, includeHeaders: false } }))
        refused++;
    }
  };
  // Answer outside the listener call, as a UI would (and so the queue never re-enters itself).
  const unsubscribe = queue.subscribe(() => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(answerPending);
  });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  const actualEra = client.getProtocolEra();
  if (actualEra !== era) throw new Error(`expected a ${era} session, the client negotiated ${actualEra}`);
  return {
    client,
    get serial() {
      return serial;
    },
    /** `respond` calls the queue refused (entry already gone): should stay 0. */
    get refused() {
      return refused;
    },
    async close() {
      unsubscribe();
      attachment.detach();
      await client.close();
    },
  };
}

/** Serial numbers the server accepted for export-data calls logged after index `from`. */
export function acceptedSerials(log, from) {
  const serials = [];
  for (const entry of log.slice(from)) {
    const maxRows = serialOf(entry);
    if (maxRows !== undefined) serials.push(maxRows);
  }
  return serials;
}

/** The serial number in one server log entry, if it records an accepted export answer. */
function serialOf(entry) {
  if (entry.tool !== ELICITING_TOOL.name || entry.action !== 'accept' || entry.validation !== 'passed')
    return undefined;
  const maxRows = entry.detail?.maxRows;
  return typeof maxRows === 'number' ? maxRows : undefined;
}

/**
 * The demo server's answer ledger (what arrived on the wire) for one volley. Legacy: one record per
 * `elicitation/create`, each must be answered exactly once. Modern: one record per round (keyed by its sealed
 * `requestState`), each answered exactly once; records exist once answered, so none can show as unanswered.
 */
export function wireCount(report, era) {
  const records = report.requests.filter((r) => r.era === era);
  return {
    requests: records.length,
    answers: records.reduce((sum, r) => sum + r.answers, 0),
    duplicates: records.filter((r) => r.answers > 1).length,
    unanswered: records.filter((r) => r.answers === 0).length,
  };
}

/** Compares what the client answered (serials first+1 … last) with what the server logged. */
export function tally(serials, first, last) {
  const counts = new Map();
  for (const s of serials) counts.set(s, (counts.get(s) ?? 0) + 1);
  let lost = 0;
  let duplicated = 0;
  for (let s = first + 1; s <= last; s++) {
    const n = counts.get(s) ?? 0;
    if (n === 0) lost++;
    else if (n > 1) duplicated += n - 1;
  }
  let foreign = 0;
  for (const s of counts.keys()) if (s <= first || s > last) foreign++;
  return { answered: last - first, received: serials.length, lost, duplicated, foreign };
}

function assertToolOk(result, what) {
  if (result?.isError) throw new Error(`${what} returned an error result: ${JSON.stringify(result.content)}`);
}

/**
 * `count` elicitations, one after another (`concurrency` 1) or all at once. Checked on both ends: the server's log
 * must hold every answered serial exactly once, and the tool results the client got back must name each serial once.
 */
async function volley(server, session, era, count, concurrency, timeoutMs) {
  const from = server.log.length;
  server.answers.reset();
  const first = session.serial;
  const refusedBefore = session.refused;
  const returned = [];
  const errors = [];
  const call = async () => {
    try {
      const result = await session.client.callTool(ELICITING_TOOL);
      assertToolOk(result, ELICITING_TOOL.name);
      returned.push(result.structuredContent?.maxRows);
    } catch (error) {
      errors.push(String(error?.message ?? error));
    }
  };
  const started = performance.now();
  const work = async () => {
    if (concurrency === 1) {
      for (let i = 0; i < count; i++) await call();
    } else {
      await Promise.all(Array.from({ length: count }, call));
    }
  };
  // A lost answer shows up as a call that never finishes: bound the volley and count what arrived by then.
  await within(work(), timeoutMs, `${count} elicitations`).catch((error) =>
    errors.push(String(error?.message ?? error)),
  );
  const elapsedMs = performance.now() - started;
  const logged = tally(acceptedSerials(server.log, from), first, session.serial);
  const client = tally(returned, first, session.serial);
  const refused = session.refused - refusedBefore;
  const wire = wireCount(server.answers.report(), era);
  const ok =
    wire.answers === count &&
    wire.duplicates === 0 &&
    errors.length === 0 &&
    refused === 0 &&
    logged.answered === count &&
    logged.lost === 0 &&
    logged.duplicated === 0 &&
    logged.foreign === 0 &&
    client.lost === 0 &&
    client.duplicated === 0 &&
    client.foreign === 0;
  return {
    count,
    concurrency,
    elapsedMs,
    ...logged,
    failures: errors.length,
    firstError: errors[0],
    refused,
    clientResults: {
      received: client.received,
      lost: client.lost,
      duplicated: client.duplicated,
      foreign: client.foreign,
    },
    wire,
    ok,
  };
}

/** Median latency of a tool call with one elicitation and of a plain one, interleaved. */
async function latency(session, plainTool, samples) {
  const withElicitation = [];
  const plain = [];
  for (let i = 0; i < samples + 5; i++) {
    let t = performance.now();
    assertToolOk(await session.client.callTool(ELICITING_TOOL), 'export-data');
    const a = performance.now() - t;
    t = performance.now();
    assertToolOk(await session.client.callTool(plainTool), plainTool.name);
    const b = performance.now() - t;
    if (i < 5) continue;
    withElicitation.push(a);
    plain.push(b);
  }
  const e = median(withElicitation);
  const p = median(plain);
  return {
    elicitationCallMs: e,
    elicitationCallP90Ms: percentile(withElicitation, 90),
    plainCallMs: p,
    plainCallP90Ms: percentile(plain, 90),
    /** min / median / max of each side, for the table's spread. */
    elicitationCall: spread(withElicitation),
    plainCall: spread(plain),
    overheadMs: e - p,
    ratio: e / p,
    samples,
  };
}

/**
 * Runs the round-trip measurement in both eras against one demo server. `sequential`/`concurrent` size the loss
 * check; `samples` sizes the latency medians (0 skips them).
 */
export async function measureRoundTrips({
  sequential = 1000,
  concurrent = 100,
  samples = 100,
  plainTool = PLAIN_TOOL,
  timeoutMs = 180_000,
} = {}) {
  const server = await startDemoServer({ port: 0, host: '127.0.0.1', silent: true });
  const results = {};
  try {
    for (const era of ['modern', 'legacy']) {
      const session = await connectClient(server.url, era);
      try {
        const entry = { era };
        if (samples > 0) entry.latency = await latency(session, plainTool, samples);
        entry.sequential = await volley(server, session, era, sequential, 1, timeoutMs);
        entry.concurrent = await volley(server, session, era, concurrent, concurrent, timeoutMs);
        results[era] = entry;
      } finally {
        await session.close();
      }
    }
  } finally {
    await server.close();
  }
  return results;
}
