// The browsers of the end-to-end bridge run (bridge-e2e.mjs forks them: their CPU is theirs, as on the users'
// machines, not the demo server's or the backend's): one scripted browser half per user (`user-<i>`), the remote queue
// of `@elicitation-kit/bridge/browser` (answers posted as browser-fetch.mjs says, the stream on Node's fetch),
// answering each question as it arrives with the next serial in `maxRows`. A refused answer comes back kept under a
// new id and is answered again with the same serial.
import { bridgeModule } from './bridge-module.mjs';
import { browserFetch } from './browser-fetch.mjs';
import { exportValues } from './values.mjs';

const { connectElicitationBridge } = await bridgeModule('browser');

const answerOf = (serial) => ({ action: 'accept', content: { ...exportValues, maxRows: serial } });

const closers = [];
/** Each refused answer's status and code (`503 unavailable`), counted. */
const refused = new Map();
let connected = 0;
let serial = 0;
let cpu = process.cpuUsage();
/**
 * When (ms since the epoch, `performance.timeOrigin` based) each question first appeared in a page's queue and each
 * answer's POST was handed to `fetch`: the page's marks of a question's path (the backend's are in
 * bridge-e2e-backend.mjs).
 */
let marks = { shown: [], posted: [] };
/** The ids of the entries a page has shown (since the last `reset`). */
let seen = new Set();
const stamp = () => performance.timeOrigin + performance.now();
/** The browsers' fetch, marking each answer handed to it. */
const markedFetch = (url, init) => {
  if (init?.method === 'POST') marks.posted.push(stamp());
  return browserFetch(url, init);
};

async function start({ url, users, timeoutMs }) {
  for (let index = 0; index < users; index += 1) {
    const queue = connectElicitationBridge({
      url,
      fetch: markedFetch,
      headers: { 'x-bench-owner': `user-${index}` },
      retryMs: 50,
      lingerMs: 0,
      onEvent: (event) => {
        if (event.type === 'connected') connected += 1;
        else if (event.type === 'refused') {
          const key = `${event.status} ${event.error.error}`;
          refused.set(key, (refused.get(key) ?? 0) + 1);
        }
      },
    });
    let scheduled = false;
    const answerShown = () => {
      scheduled = false;
      for (const entry of queue.getSnapshot()) {
        const again = entry.refused?.result?.content?.maxRows;
        if (again === undefined) serial += 1;
        queue.respond(entry.id, answerOf(again ?? serial));
      }
    };
    // Answered outside the listener, as a dialog would be.
    const unsubscribe = queue.subscribe(() => {
      for (const entry of queue.getSnapshot()) {
        if (seen.has(entry.id)) continue;
        seen.add(entry.id);
        marks.shown.push(stamp());
      }
      if (scheduled) return;
      scheduled = true;
      queueMicrotask(answerShown);
    });
    closers.push(() => {
      unsubscribe();
      queue.close();
    });
  }
  await until(
    () => connected >= users,
    timeoutMs,
    () => `${users - connected} of ${users} browser streams did not open`,
  );
}

/** Resolves once `predicate()` holds, checked every 20 ms; rejects with `what()` after `timeoutMs`. */
async function until(predicate, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(what());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Where the browsers stand: the last serial answered, refusals, the CPU used and the marks made since the last `reset`.
 */
function state() {
  const used = process.cpuUsage(cpu);
  return { serial, refused: Object.fromEntries(refused), cpuMs: (used.user + used.system) / 1000, marks };
}

process.on('message', async (message) => {
  try {
    if (message.cmd === 'start') {
      await start(message);
      process.send({ type: 'started' });
    } else if (message.cmd === 'reset') {
      serial = message.serial;
      cpu = process.cpuUsage();
      marks = { shown: [], posted: [] };
      seen = new Set();
      process.send({ type: 'reset' });
    } else if (message.cmd === 'state') process.send({ type: 'state', ...state() });
    else if (message.cmd === 'stop') {
      for (const close of closers) close();
      process.send({ type: 'stopped' });
      process.disconnect();
    }
  } catch (error) {
    process.send({ type: 'error', error: String(error?.stack ?? error) });
  }
});
