// The backend of the end-to-end bridge run (bridge-e2e.mjs forks it: its CPU is its own): `users` hosts' MCP clients,
// each a Node SDK v2 `Client` with the kit's adapter (`attachElicitation`, modern era) on its own core queue, calling
// the demo server's `export-data` tool with `kit.callTool`. Its questions are answered either here, straight from the
// queue (`direct`: the no-bridge twin), or by the user's browser: each queue exposed under its user by a bridge
// (`createElicitationBridge` behind `toNodeListener` on 127.0.0.1) that the user's scripted browser half answers
// (`bridge`; bridge-e2e-browsers.mjs). Told over IPC to run a volley, it makes the calls (one user one after another,
// or every user at once) and reports each call's latency, each question's time in its queue (and the marks of its
// path: shown, its answer's arrival, answered), the `maxRows` each tool result carries (the answer's serial) and its
// CPU.
import { performance } from 'node:perf_hooks';
import { createElicitationQueue } from '@elicitation-kit/core';
import { attachElicitation } from '@elicitation-kit/mcp/sdk-v2';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { serveBridge } from './bridge-module.mjs';
import { exportValues } from './values.mjs';

/** The tool that elicits (the demo's export_options form: format, maxRows, includeHeaders). */
const ELICITING_TOOL = { name: 'export-data', arguments: {} };

/** The answer carrying `serial` (above the demo table's 120 rows, so every export is the same document). */
const answerOf = (serial) => ({ action: 'accept', content: { ...exportValues, maxRows: serial } });

let mode;
let bridge;
let server;
const users = [];
/** The serial the next answer given here carries (`direct` mode; in `bridge` mode the browsers number them). */
let serial = 0;
/** `respond` calls the queue refused (the entry already gone): 0 expected. */
let refused = 0;
/** How long each question stayed in its queue (shown → answered): the bridge's share of a call's time. */
let waits = [];
/**
 * When (ms since the epoch, `performance.timeOrigin` based: one clock for every process here) each question appeared in
 * its queue, each answer's POST reached the bridge and each question left its queue: the backend's marks of a
 * question's path (bridge-e2e-browsers.mjs has the page's).
 */
let marks = { shown: [], arrived: [], answered: [] };
const stamp = (at = performance.now()) => performance.timeOrigin + at;

/** Records how long each entry of `queue` stays in it, in `waits`. */
function timeQuestions(queue) {
  const shownAt = new Map();
  queue.subscribe(() => {
    const now = performance.now();
    const present = new Set();
    for (const entry of queue.getSnapshot()) {
      present.add(entry.id);
      if (!shownAt.has(entry.id)) {
        shownAt.set(entry.id, now);
        marks.shown.push(stamp(now));
      }
    }
    for (const [id, at] of shownAt) {
      if (present.has(id)) continue;
      shownAt.delete(id);
      waits.push(now - at);
      marks.answered.push(stamp(now));
    }
  });
}

/** Answers every pending form of `queue` with the next serial, outside the listener call (as a UI would). */
function answerHere(queue) {
  let scheduled = false;
  const answered = new Set();
  const answerPending = () => {
    scheduled = false;
    for (const entry of queue.getSnapshot()) {
      if (entry.status !== 'pending' || entry.kind !== 'request' || answered.has(entry.id)) continue;
      answered.add(entry.id);
      serial += 1;
      if (!queue.respond(entry.id, answerOf(serial))) refused += 1;
    }
  };
  queue.subscribe(() => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(answerPending);
  });
}

async function start({ mode: chosen, demoUrl, users: count }) {
  mode = chosen;
  let url;
  if (mode === 'bridge') {
    const served = await serveBridge({
      onEvent: (event) => {
        if (event.type === 'failed' || event.type === 'dropped') process.send({ type: 'event', event: event.type });
      },
    });
    ({ server, bridge, url } = served);
    // Before the bridge's own listener: the moment the answer's request reached this process.
    server.prependListener('request', (request) => {
      if (request.method === 'POST') marks.arrived.push(stamp());
    });
  }
  for (let index = 0; index < count; index += 1) {
    const queue = createElicitationQueue({ maxPendingPerServer: 10_000 });
    timeQuestions(queue);
    if (mode === 'bridge') bridge.expose(`user-${index}`, queue);
    else answerHere(queue);
    const client = new Client(
      { name: 'elicitation-kit-bench', version: '0.0.0' },
      { versionNegotiation: { mode: 'auto' } },
    );
    const kit = attachElicitation(client, { queue, server: { name: 'demo' } });
    await client.connect(new StreamableHTTPClientTransport(new URL(demoUrl)));
    if (client.getProtocolEra() !== 'modern')
      throw new Error(`expected a modern session, got ${client.getProtocolEra()}`);
    users.push({ client, kit });
  }
  return { url };
}

/**
 * One volley: `calls` calls by user 0 one after another (`concurrent` false), or `calls` calls by each user, every
 * user at once (each user's own calls one after another). Resolves once all are done or `timeoutMs` passed.
 */
async function volley({ calls, concurrent, timeoutMs, serialFrom }) {
  serial = serialFrom;
  waits = [];
  marks = { shown: [], arrived: [], answered: [] };
  const refusedBefore = refused;
  const latencies = [];
  const returned = [];
  const errors = [];
  const callAs = async (user) => {
    for (let k = 0; k < calls; k += 1) {
      const at = performance.now();
      try {
        const result = await user.kit.callTool(ELICITING_TOOL, { timeout: timeoutMs });
        if (result.isError) throw new Error(`export-data returned an error: ${JSON.stringify(result.content)}`);
        latencies.push(performance.now() - at);
        returned.push(result.structuredContent?.maxRows);
      } catch (error) {
        errors.push(String(error?.message ?? error));
      }
    }
  };
  const cpu = process.cpuUsage();
  const started = performance.now();
  let timer;
  const deadline = new Promise((resolve) => {
    timer = setTimeout(() => {
      errors.push(`the volley did not finish within ${timeoutMs} ms`);
      resolve();
    }, timeoutMs);
  });
  await Promise.race([Promise.all((concurrent ? users : users.slice(0, 1)).map(callAs)), deadline]);
  clearTimeout(timer);
  const elapsedMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return {
    elapsedMs,
    latencies,
    waits,
    marks,
    returned,
    errors,
    cpuMs: (used.user + used.system) / 1000,
    /** `direct`: the last serial answered here. */
    lastSerial: mode === 'direct' ? serial : undefined,
    refused: refused - refusedBefore,
  };
}

process.on('message', async (message) => {
  try {
    if (message.cmd === 'start') process.send({ type: 'started', ...(await start(message)) });
    else if (message.cmd === 'volley') process.send({ type: 'volley', ...(await volley(message)) });
    else if (message.cmd === 'stop') {
      for (const { kit } of users) kit.detach();
      await Promise.all(users.map(({ client }) => client.close()));
      await bridge?.close();
      server?.closeAllConnections();
      server?.close();
      process.send({ type: 'stopped' });
      process.disconnect();
    }
  } catch (error) {
    process.send({ type: 'error', error: String(error?.stack ?? error) });
  }
});
