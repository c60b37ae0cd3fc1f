// The browsers of the bridge load run (bridge-load.mjs forks one process per 250 owners or so, as users' browsers do
// not share a heap: one process of 1,000 simulated browsers pauses them all at each of its collections): a browser
// half (`connectElicitationBridge`, its answers posted as browser-fetch.mjs says) per owner `owner-<from>` …
// `owner-<from + count − 1>`, answering every question it shows with the serial its message carries in `nickname`. A
// refused answer comes back kept, and is answered again. Told over IPC: `start`, `state` (connected streams,
// refusals, the CPU since the last `mark`), `mark`, `stop`.
import { bridgeModule } from './bridge-module.mjs';
import { browserFetch } from './browser-fetch.mjs';
import { answerOf, serialOf } from './bridge-serials.mjs';

const { connectElicitationBridge } = await bridgeModule('browser');

const closers = [];
/** Each refused answer's status and code (`503 unavailable`), counted. */
const refused = new Map();
let connected = 0;
let cpu = process.cpuUsage();

function start({ url, from, count }) {
  for (let index = from; index < from + count; index += 1) {
    const queue = connectElicitationBridge({
      url,
      fetch: browserFetch,
      headers: { 'x-bench-owner': `owner-${index}` },
      retryMs: 50,
      lingerMs: 0,
      onEvent: (event) => {
        if (event.type === 'refused') {
          const key = `${event.status} ${event.error.error}`;
          refused.set(key, (refused.get(key) ?? 0) + 1);
          if (process.env.BENCH_BRIDGE_DEBUG) console.error(event.error.message);
        } else if (event.type === 'connected') connected += 1;
        else if (event.type === 'disconnected' && process.env.BENCH_BRIDGE_DEBUG) console.error('disconnected', event);
      },
    });
    let scheduled = false;
    const answerShown = () => {
      scheduled = false;
      for (const entry of queue.getSnapshot()) queue.respond(entry.id, answerOf(serialOf(entry)));
    };
    // Answered outside the listener, as a dialog would be.
    const unsubscribe = queue.subscribe(() => {
      if (!scheduled) {
        scheduled = true;
        queueMicrotask(answerShown);
      }
    });
    closers.push(() => {
      unsubscribe();
      queue.close();
    });
  }
}

process.on('message', (message) => {
  try {
    if (message.cmd === 'start') {
      start(message);
      process.send({ type: 'started' });
    } else if (message.cmd === 'mark') {
      cpu = process.cpuUsage();
      process.send({ type: 'marked' });
    } else if (message.cmd === 'state') {
      const used = process.cpuUsage(cpu);
      process.send({
        type: 'state',
        connected,
        refused: Object.fromEntries(refused),
        cpuMs: (used.user + used.system) / 1000,
      });
    } else if (message.cmd === 'stop') {
      for (const close of closers) close();
      process.send({ type: 'stopped' });
      process.disconnect();
    }
  } catch (error) {
    process.send({ type: 'error', error: String(error?.stack ?? error) });
  }
});
