// The replica fault run, shared by the test (CI size, `npm test`) and the bench (full size, `npm run bench`): two
// replicas as real processes (src/test/replica.ts), the sticky proxy of examples/ in front of them (2026 requests go
// round-robin), one real redis-server with appendonly, and an SDK v2 client that plays 2026-07-28 round trips the way
// a careful client does: it asks, answers, resends the same retry after a network failure or a "send again"
// refusal, and then replays that retry once more to check that the replay gets the same bytes. In the middle of the
// sequential phase a replica is killed (kill -9) while an operation runs, and Redis is restarted; in the middle of
// the concurrent phase another replica is killed. Then it counts, across every replica's own report: answers lost
// (the user would have to be asked again, or an answered round's effect never happened), effects doubled, replays
// that differed from the first result.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { performance } from 'node:perf_hooks';
import { startRedis } from '@elicitation-kit/test-redis';
import type { TestRedis } from '@elicitation-kit/test-redis';
import { startStickyProxy } from '../../examples/sticky-proxy.js';
import { startReplica } from './cluster.js';
import type { Replica, ReplicaEvent } from './cluster.js';

/** Options of {@link runReplicaFaults}. */
export interface ReplicaRunOptions {
  /** Round trips one after another (a replica killed at a third, Redis restarted at two thirds). */
  sequential: number;
  /** Round trips all at once (a replica killed once a third are done). */
  concurrent: number;
  /** The replicas' lease: how long a resend waits for a dead replica's claim. @default 1000 */
  leaseMs?: number;
  /** Progress lines. */
  log?: (line: string) => void;
}

/** What one phase measured. */
export interface PhaseFigures {
  roundTrips: number;
  /** Wall time of the phase, in milliseconds (each round trip includes its replay). */
  ms: number;
  roundTripsPerSecond: number;
  /** Ask + answer of one round trip (resends included), in milliseconds. */
  p50Ms: number;
  p99Ms: number;
  /** Round trips whose answer was not used: the user would have to be asked again, or its effect never happened. */
  lost: number;
  /** Effects applied more than once for one answer. */
  doubled: number;
  replays: number;
  /** Replays whose result differed, byte for byte, from the first result of the same retry. */
  replaysDiffering: number;
  /** Copies of a request sent again after a network failure or a "send again" refusal. */
  resends: number;
  /** Refusals seen by the client, by reason. */
  refusals: Record<string, number>;
  /** Operations run again after the replica running them died (at-least-once: the effect still happened once). */
  takeovers: number;
}

/** What the whole run measured, and the faults it injected. */
export interface ReplicaRunReport {
  sequential: PhaseFigures;
  concurrent: PhaseFigures;
  faults: string[];
}

const STATE_KEY = 'replica fault run: the same key on every replica';
const TAG = 'elicitation-kit.test/call';
/** How long the operation that a replica dies in works: long enough to be killed in the middle of it. */
const KILLED_WORK_MS = 400;
/** How long a client keeps resending one request before it counts it as lost. */
const PATIENCE_MS = 60_000;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) {
    return 0;
  }
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

/** A manual-rounds SDK client over the proxy that keeps the wire text of every result, by call. */
async function connectClient(
  url: string,
): Promise<{ client: Client; send: (params: Record<string, unknown>) => Promise<string> }> {
  const texts = new Map<string, string>();
  const client = new Client(
    { name: 'replica-fault-run', version: '1.0.0' },
    {
      capabilities: { elicitation: { form: {} } },
      versionNegotiation: { mode: 'auto' },
      inputRequired: { autoFulfill: false },
    },
  );
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const body = (await request
        .clone()
        .json()
        .catch(() => undefined)) as { params?: { _meta?: Record<string, unknown> } } | undefined;
      // oxlint-disable-next-line no-underscore-dangle -- `_meta` is the protocol's own field name
      const tag = body?.params?._meta?.[TAG];
      const response = await fetch(request);
      if (typeof tag === 'string' && response.ok) {
        const text = await response.clone().text();
        const start = text.indexOf('"result":');
        const tail = text.indexOf(',"jsonrpc":', start);
        texts.set(tag, tail === -1 ? text.slice(start + 9, -1) : text.slice(start + 9, tail));
      }
      return response;
    },
  });
  await client.connect(transport);
  return {
    client,
    async send(params) {
      const tag = crypto.randomUUID();
      await client.callTool(
        { name: 'export-data', ...params, _meta: { [TAG]: tag } },
        {
          allowInputRequired: true,
          timeout: PATIENCE_MS,
        },
      );
      const text = texts.get(tag);
      texts.delete(tag);
      if (text === undefined) {
        throw new Error('no result on the wire');
      }
      return text;
    },
  };
}

interface Tally {
  resends: number;
  refusals: Record<string, number>;
}

/**
 * Sends `params` until a result comes back: again after a network failure, again (after a pause) after a refusal
 * that says to send again. `undefined` when the user would have to be asked again, or patience ran out.
 */
async function untilAnswered(
  send: (params: Record<string, unknown>) => Promise<string>,
  params: Record<string, unknown>,
  tally: Tally,
): Promise<string | undefined> {
  const giveUpAt = Date.now() + PATIENCE_MS;
  for (let first = true; Date.now() < giveUpAt; first = false) {
    if (!first) {
      tally.resends += 1;
    }
    let text: string;
    try {
      text = await send(params);
    } catch {
      await pause(50);
      continue;
    }
    const summary = (
      JSON.parse(text) as { structuredContent?: { status?: string; reason?: string; askAgain?: boolean } }
    ).structuredContent;
    if (summary?.status !== 'refused' || summary.reason === undefined) {
      return text;
    }
    tally.refusals[summary.reason] = (tally.refusals[summary.reason] ?? 0) + 1;
    if (summary.askAgain === true) {
      return undefined;
    }
    await pause(100);
  }
  return undefined;
}

interface Trip {
  serial: string;
  ms: number;
  answered: boolean;
  replayDiffers: boolean;
}

/** One round trip: ask, answer (resending as needed), replay the answer once. */
async function roundTrip(
  send: (params: Record<string, unknown>) => Promise<string>,
  format: 'csv' | 'json',
  maxRows: number,
  workMs: number,
  tally: Tally,
): Promise<Trip> {
  const serial = `${format}:${maxRows}`;
  const started = performance.now();
  const ask = { name: 'export-data', arguments: { workMs } };
  const round = await untilAnswered(send, ask, tally);
  const requestState = round === undefined ? undefined : (JSON.parse(round) as { requestState?: string }).requestState;
  if (requestState === undefined) {
    return { serial, ms: performance.now() - started, answered: false, replayDiffers: false };
  }
  const retry = {
    ...ask,
    inputResponses: { export_options: { action: 'accept', content: { format, maxRows } } },
    requestState,
  };
  const first = await untilAnswered(send, retry, tally);
  const ms = performance.now() - started;
  if (first === undefined) {
    return { serial, ms, answered: false, replayDiffers: false };
  }
  const replay = await untilAnswered(send, retry, tally);
  return { serial, ms, answered: true, replayDiffers: replay !== first };
}

/** The figures of one phase, from the client's trips and every replica's reports. */
function figures(trips: readonly Trip[], ms: number, events: readonly ReplicaEvent[], tally: Tally): PhaseFigures {
  const serials = new Set(trips.map((trip) => trip.serial));
  const effects = new Map<string, number>();
  // The serials whose effect is in the ledger: a run that applied it, or a run that found it applied (`SET … NX`
  // refused). A replica killed between its write and its report leaves only the second kind: the run that took over
  // found the effect, so it happened, once.
  const done = new Set<string>();
  let takeovers = 0;
  for (const event of events) {
    if (event.serial === undefined || !serials.has(event.serial)) {
      continue;
    }
    if (event.event === 'effect') {
      done.add(event.serial);
    }
    if (event.event === 'effect' && event.applied === true) {
      effects.set(event.serial, (effects.get(event.serial) ?? 0) + 1);
    }
    if (event.event === 'started' && (event.attempt ?? 1) > 1) {
      takeovers += 1;
    }
  }
  const sorted = trips.map((trip) => trip.ms).toSorted((a, b) => a - b);
  const answered = trips.filter((trip) => trip.answered);
  return {
    roundTrips: trips.length,
    ms: Math.round(ms),
    roundTripsPerSecond: Math.round((trips.length / ms) * 1000 * 10) / 10,
    p50Ms: Math.round(percentile(sorted, 0.5) * 10) / 10,
    p99Ms: Math.round(percentile(sorted, 0.99) * 10) / 10,
    lost: trips.length - answered.filter((trip) => done.has(trip.serial)).length,
    doubled: [...effects.values()].filter((count) => count > 1).length,
    replays: answered.length,
    replaysDiffering: answered.filter((trip) => trip.replayDiffers).length,
    resends: tally.resends,
    refusals: tally.refusals,
    takeovers,
  };
}

/** Kills (kill -9) the replica that starts the operation of `serial`, mid-operation; starts it again afterwards. */
function killWhenStarted(
  replicas: readonly Replica[],
  listeners: Set<(event: ReplicaEvent) => void>,
  serial: string,
  faults: string[],
): Promise<void> {
  return new Promise((resolve) => {
    const listener = (event: ReplicaEvent): void => {
      if (event.event !== 'started' || event.serial !== serial) {
        return;
      }
      listeners.delete(listener);
      const replica = replicas.find((candidate) => candidate.pid === event.pid);
      if (replica === undefined) {
        resolve();
        return;
      }
      faults.push(`kill -9 of replica ${event.pid} while it ran the operation of ${serial}`);
      void replica
        .kill()
        .then(() => replica.start())
        .then(resolve);
    };
    listeners.add(listener);
  });
}

/** Plays the whole run and tears everything down. */
export async function runReplicaFaults(options: ReplicaRunOptions): Promise<ReplicaRunReport> {
  const log = options.log ?? (() => undefined);
  const faults: string[] = [];
  const events: ReplicaEvent[] = [];
  const listeners = new Set<(event: ReplicaEvent) => void>();
  const onEvent = (event: ReplicaEvent): void => {
    events.push(event);
    for (const listener of listeners) {
      listener(event);
    }
  };
  let redis: TestRedis | undefined;
  const replicas: Replica[] = [];
  let proxy: Awaited<ReturnType<typeof startStickyProxy>> | undefined;
  let client: Client | undefined;
  try {
    redis = await startRedis({ appendonly: true });
    const settings = { redisUrl: redis.url, stateKey: STATE_KEY, leaseMs: options.leaseMs ?? 1_000 };
    replicas.push(...(await Promise.all([startReplica(settings, onEvent), startReplica(settings, onEvent)])));
    proxy = await startStickyProxy(
      0,
      replicas.map((replica) => replica.url),
    );
    const connection = await connectClient(proxy.url);
    client = connection.client;
    const { send } = connection;

    // Sequential: one round trip after another; a replica dies mid-operation at a third, Redis restarts at two thirds.
    const killAt = Math.floor(options.sequential / 3);
    const restartAt = Math.floor((options.sequential * 2) / 3);
    const sequentialTally: Tally = { resends: 0, refusals: {} };
    const pending: Promise<void>[] = [];
    const trips: Trip[] = [];
    let started = performance.now();
    for (let index = 0; index < options.sequential; index += 1) {
      const maxRows = index + 1;
      if (index === killAt) {
        pending.push(killWhenStarted(replicas, listeners, `csv:${maxRows}`, faults));
      }
      if (index === restartAt) {
        faults.push(`restart of redis-server (appendonly) before round trip ${maxRows}`);
        pending.push(redis.restart());
      }
      trips.push(await roundTrip(send, 'csv', maxRows, index === killAt ? KILLED_WORK_MS : 0, sequentialTally));
      if (maxRows % 1_000 === 0) {
        log(`sequential: ${maxRows} of ${options.sequential}`);
      }
    }
    const sequential = figures(trips, performance.now() - started, events, sequentialTally);
    await Promise.all(pending.splice(0));

    // Concurrent: every round trip at once; a replica dies once a third of them applied their effect.
    const concurrentTally: Tally = { resends: 0, refusals: {} };
    const third = Math.max(1, Math.floor(options.concurrent / 3));
    let applied = 0;
    const killed = new Promise<void>((resolve) => {
      const listener = (event: ReplicaEvent): void => {
        if (event.event === 'effect' && event.serial?.startsWith('json:') === true && ++applied === third) {
          listeners.delete(listener);
          const victim = replicas[0];
          faults.push(
            `kill -9 of replica ${String(victim?.pid)} with ${options.concurrent - third} concurrent round trips in flight`,
          );
          void victim
            ?.kill()
            .then(() => victim.start())
            .then(resolve);
        }
      };
      listeners.add(listener);
    });
    started = performance.now();
    const concurrentTrips = await Promise.all(
      Array.from({ length: options.concurrent }, (_, index) => roundTrip(send, 'json', index + 1, 0, concurrentTally)),
    );
    const concurrent = figures(concurrentTrips, performance.now() - started, events, concurrentTally);
    await killed;
    log(`concurrent: ${options.concurrent} done`);
    return { sequential, concurrent, faults };
  } finally {
    await client?.close().catch(() => undefined);
    await proxy?.close();
    await Promise.all(replicas.map((replica) => replica.stop()));
    await redis?.stop();
  }
}
