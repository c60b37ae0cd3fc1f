// The backend of the bridge load run (bridge-load.mjs forks it: its CPU and memory are its own): a bridge behind
// Node's `http` (toNodeListener) on 127.0.0.1, on the memory hub or a Redis hub, one queue exposed per owner. Told
// over IPC to ask, it keeps `pending` questions of the kitchen-sink form (13 fields) open per owner until each owner
// was asked `perOwner`, either as fast as answers come back or paced at `ratePerSecond` in all. Each question's
// message carries its serial, and its answer must carry it back in `nickname`: an answer with another is wrong, a
// second answer to a question is doubled, a question never answered is lost. Latency is ask → answer on this clock.
import { performance } from 'node:perf_hooks';
import { createElicitationQueue, parseElicitation } from '@elicitation-kit/core';
import { kitchenSinkParams } from './forms.mjs';
import { bridgeModule, serveBridge } from './bridge-module.mjs';
import { messageOf } from './bridge-serials.mjs';

const SERVER = { id: 'bench-server', name: 'Bench server' };

/** The kitchen sink parsed once, as an adapter would hand it over (the parse is the adapter's, not the bridge's). */
const parsed = parseElicitation(kitchenSinkParams);
if (!parsed.ok) throw new Error('the kitchen-sink fixture does not parse');

/** The request of question `serial`: the kitchen sink under its own message. */
const requestOf = (serial) => ({ ...parsed.request, message: messageOf(serial) });

let bridge;
let server;
let redis;
const owners = [];

async function start({ hub, redisUrl, owners: count, keepAliveMs }) {
  let hubOption;
  if (hub === 'redis') {
    const [{ Redis }, { createRedisBridgeHub }] = await Promise.all([import('ioredis'), bridgeModule('redis')]);
    redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
    hubOption = createRedisBridgeHub(redis, { prefix: `bench:${process.pid}:` });
  }
  const served = await serveBridge({
    ...(hubOption && { hub: hubOption, secret: 'bench-secret-of-at-least-32-bytes!!' }),
    ...(keepAliveMs && { keepAliveMs }),
    onEvent: (event) => {
      if (event.type === 'failed' || event.type === 'dropped')
        process.send({ type: 'event', event: String(event.type) });
    },
  });
  ({ server, bridge } = served);
  for (let index = 0; index < count; index += 1) {
    const queue = createElicitationQueue({ maxPendingPerServer: 10_000 });
    bridge.expose(`owner-${index}`, queue);
    owners.push({ producer: queue.openProducer() });
  }
  return { url: served.url };
}

/** Asks the questions of one run and resolves with its tally once every one is answered or `timeoutMs` passed. */
function run({ perOwner, pending, ratePerSecond = 0, timeoutMs }) {
  const total = owners.length * perOwner;
  const asked = new Map(); // serial → ask time
  const latencies = [];
  let answered = 0;
  let doubled = 0;
  let wrong = 0;
  let serial = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  return new Promise((resolve) => {
    let timer;
    let pacer;
    const finish = () => {
      clearTimeout(timer);
      clearInterval(pacer);
      const used = process.cpuUsage(cpu);
      resolve({
        total,
        asked: serial,
        answered,
        lost: serial - answered + (total - serial),
        doubled,
        wrong,
        elapsedMs: performance.now() - started,
        cpuMs: (used.user + used.system) / 1000,
        latencies,
      });
    };
    const ask = (owner) => {
      if (owner.asked >= perOwner) return false;
      owner.asked += 1;
      serial += 1;
      const mine = serial;
      const made = owner.producer.create({ request: requestOf(mine), server: SERVER, era: 'modern', kind: 'request' });
      if (!made.ok) throw new Error(made.error.message);
      asked.set(mine, performance.now());
      let settled = false;
      owner.producer.add(made.entry, (result) => {
        if (settled) {
          doubled += 1;
          return;
        }
        settled = true;
        if (result.action !== 'accept' || result.content?.nickname !== `q${mine}`) wrong += 1;
        answered += 1;
        latencies.push(performance.now() - asked.get(mine));
        asked.delete(mine);
        if (ratePerSecond === 0) ask(owner);
        if (answered === total) finish();
      });
      return true;
    };
    for (const owner of owners) owner.asked = 0;
    timer = setTimeout(finish, timeoutMs);
    if (ratePerSecond === 0) {
      for (const owner of owners) for (let k = 0; k < pending; k += 1) ask(owner);
    } else {
      // Paced: every 10 ms, as many questions as the rate allows by now, the owners taken in turn.
      let next = 0;
      pacer = setInterval(() => {
        const due = Math.min(total, Math.floor(((performance.now() - started) * ratePerSecond) / 1000));
        for (let count = serial; count < due; count += 1) {
          if (!ask(owners[next % owners.length])) break;
          next += 1;
        }
        if (serial >= total) clearInterval(pacer);
      }, 10);
    }
  });
}

/** What the process holds, after a full collection. */
function memory() {
  globalThis.gc?.();
  globalThis.gc?.();
  const { heapUsed, external, arrayBuffers, rss } = process.memoryUsage();
  return { heapUsed, external, arrayBuffers, rss };
}

process.on('message', async (message) => {
  try {
    if (message.cmd === 'start') process.send({ type: 'started', ...(await start(message)) });
    else if (message.cmd === 'run') process.send({ type: 'ran', ...(await run(message)) });
    else if (message.cmd === 'memory') process.send({ type: 'memory', ...memory() });
    else if (message.cmd === 'stop') {
      await bridge?.close();
      server?.closeAllConnections();
      server?.close();
      await redis?.quit();
      process.send({ type: 'stopped' });
      process.disconnect();
    }
  } catch (error) {
    process.send({ type: 'error', error: String(error?.stack ?? error) });
  }
});
