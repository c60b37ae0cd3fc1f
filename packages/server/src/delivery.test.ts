// What a 2026-07-28 answer and every copy of it get: the operation runs once, its result is stored and every replay
// gets the same bytes; a copy that arrives while it runs waits for it; a replica that dies mid-operation is taken
// over after its lease (at-least-once, same idempotency key) or reported as "outcome unknown" (at-most-once); every
// refusal has its own reason, words and askAgain, and is logged. Real SDK clients and servers, in memory; the same
// with real processes and a real Redis is in replicas.test.ts.
import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createElicitationServer, createMemoryRoundStore, defineTool, REFUSAL_MESSAGES, toolResult } from './index.js';
import type {
  DeliveryGuarantee,
  ElicitationServerOptions,
  OutcomeRecord,
  RoundRefusalReason,
  RoundStore,
  ToolCall,
} from './index.js';
import { exportOptions } from '../examples/export-tool.js';
import { connectRecorded } from './test/wire.js';
import type { RecordedClient } from './test/wire.js';

const KEY = 'replicas share this key: 32 bytes or more';
const ANSWER = { export_options: { action: 'accept', content: { format: 'csv', maxRows: 5 } } };

/** One run of the operation: what its call carried. */
interface Run {
  idempotencyKey: string;
  attempt: number;
}

/** A tool whose operation the test controls: it waits for `gate` (when set) and records each run. */
function exportTool(options: { delivery?: DeliveryGuarantee; gate?: Promise<void>; rows?: number; throws?: boolean }) {
  const runs: Run[] = [];
  const tool = defineTool({
    name: 'export-data',
    description: 'Exports once per answered round.',
    questions: { export_options: exportOptions },
    ...(options.delivery === undefined ? {} : { delivery: options.delivery }),
    accept: async ({ export_options }, call: ToolCall<unknown>) => {
      runs.push({ idempotencyKey: call.idempotencyKey, attempt: call.attempt });
      await options.gate;
      if (options.throws === true) {
        throw new Error('The warehouse is closed.');
      }
      const rows = Array.from({ length: options.rows ?? 1 }, (_, row) => `row ${row} · Zürich 🚀`);
      return toolResult({ status: 'completed', maxRows: export_options.maxRows, run: runs.length }, { texts: rows });
    },
  });
  return { tool, runs };
}

/** A server process: a kit (with its own records) over a round store, and a recorded client to it. */
interface Replica {
  records: OutcomeRecord[];
  client: RecordedClient;
}

const clients: RecordedClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function replica(
  tool: ReturnType<typeof exportTool>['tool'],
  options: Omit<ElicitationServerOptions, 'onOutcome' | 'requestState'> = {},
): Promise<Replica> {
  const records: OutcomeRecord[] = [];
  const kit = createElicitationServer({ ...options, requestState: { key: KEY }, onOutcome: (r) => records.push(r) });
  const client = await connectRecorded(() => {
    const server = new McpServer({ name: 'replica', version: '1.0.0' }, { requestState: kit.requestState });
    kit.register(server, [tool]);
    return server;
  });
  clients.push(client);
  return { records, client };
}

/** Asks for a round and returns the retry that answers it (to be sent, and replayed, as is). */
async function answeringRetry(asker: Replica): Promise<Record<string, unknown>> {
  const round = JSON.parse(await asker.client.call({ name: 'export-data', arguments: {} })) as { requestState: string };
  return { name: 'export-data', arguments: {}, inputResponses: ANSWER, requestState: round.requestState };
}

function refusal(reason: RoundRefusalReason, askAgain: boolean) {
  return {
    structuredContent: { status: 'refused', reason, askAgain, message: REFUSAL_MESSAGES[reason] },
    isError: true,
  };
}

/** A store that shares `store`'s data but stops renewing leases once `die()` is called: its replica is gone. */
function dyingStore(store: RoundStore): RoundStore & { die(): void } {
  let dead = false;
  return {
    open: (id, ttl) => store.open(id, ttl),
    claim: (id, options) => store.claim(id, options),
    renew: (id, token, lease) => (dead ? false : store.renew(id, token, lease)),
    finish: (id, token, result, ttl) => (dead ? false : store.finish(id, token, result, ttl)),
    release: (id, token) => store.release(id, token),
    die() {
      dead = true;
    },
  };
}

describe('a finished round is stored and replayed', () => {
  it('every replay, on any replica, gets the same result byte for byte; the operation ran once', async () => {
    const { tool, runs } = exportTool({ rows: 3 });
    const store = createMemoryRoundStore();
    const [a, b] = [await replica(tool, { rounds: store }), await replica(tool, { rounds: store })];
    const retry = await answeringRetry(a);
    const first = await b.client.call(retry);
    expect(JSON.parse(first)).toMatchObject({ structuredContent: { status: 'completed', maxRows: 5, run: 1 } });
    const replays = [await a.client.call(retry), await b.client.call(retry), await a.client.call(retry)];
    expect(replays).toEqual([first, first, first]);
    expect(runs).toHaveLength(1);
    expect(a.records.map((r) => r.action)).toEqual(['input-requested', 'replayed', 'replayed']);
    expect(b.records.map((r) => r.action)).toEqual(['accept', 'replayed']);
  });

  it('replays what the kit answered too: a decline, an invalid answer, a throwing operation', async () => {
    const { tool, runs } = exportTool({ throws: true });
    const one = await replica(tool);
    const answered: string[] = [];
    for (const inputResponses of [
      { export_options: { action: 'decline' } },
      { export_options: { action: 'accept', content: { format: 'xml', maxRows: 5 } } },
      ANSWER,
    ]) {
      const retry = { ...(await answeringRetry(one)), inputResponses };
      answered.push(await one.client.call(retry), await one.client.call(retry));
    }
    expect(answered.map((text) => JSON.parse(text) as unknown)).toMatchObject([
      { structuredContent: { status: 'not_started' } },
      { structuredContent: { status: 'not_started' } },
      { structuredContent: { status: 'invalid' }, isError: true },
      { structuredContent: { status: 'invalid' }, isError: true },
      { content: [{ type: 'text', text: 'The warehouse is closed.' }], isError: true },
      { content: [{ type: 'text', text: 'The warehouse is closed.' }], isError: true },
    ]);
    expect(answered[1]).toBe(answered[0]);
    expect(answered[3]).toBe(answered[2]);
    expect(answered[5]).toBe(answered[4]);
    expect(runs).toHaveLength(1);
  });

  it('copies that arrive while the operation runs wait for it and get its result', async () => {
    let open!: () => void;
    const { tool, runs } = exportTool({ gate: new Promise<void>((resolve) => (open = resolve)) });
    const store = createMemoryRoundStore();
    const [a, b] = [await replica(tool, { rounds: store }), await replica(tool, { rounds: store })];
    const retry = await answeringRetry(a);
    const copies = [a.client.call(retry), b.client.call(retry), a.client.call(retry), b.client.call(retry)];
    setTimeout(open, 150);
    const texts = await Promise.all(copies);
    expect(new Set(texts).size).toBe(1);
    expect(JSON.parse(texts[0] ?? '')).toMatchObject({ structuredContent: { status: 'completed' } });
    expect(runs).toHaveLength(1);
    expect([...a.records, ...b.records].filter((r) => r.action === 'replayed')).toHaveLength(3);
  });

  it('a copy that waited longer than waitMs is told to send again (round-in-progress); the next one gets the result', async () => {
    let open!: () => void;
    const { tool, runs } = exportTool({ gate: new Promise<void>((resolve) => (open = resolve)) });
    const one = await replica(tool, { roundPolicy: { waitMs: 50 } });
    const retry = await answeringRetry(one);
    const running = one.client.call(retry);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(JSON.parse(await one.client.call(retry))).toMatchObject(refusal('round-in-progress', false));
    open();
    const first = await running;
    expect(await one.client.call(retry)).toBe(first);
    expect(runs).toHaveLength(1);
    expect(one.records).toContainEqual(
      expect.objectContaining({ action: 'round-refused', reason: 'round-in-progress', final: true }),
    );
  });

  it('a result larger than maxResultBytes is sent once; a replay is told it was not kept', async () => {
    const { tool, runs } = exportTool({ rows: 50 });
    const one = await replica(tool, { roundPolicy: { maxResultBytes: 1_000 } });
    const retry = await answeringRetry(one);
    expect(JSON.parse(await one.client.call(retry))).toMatchObject({ structuredContent: { status: 'completed' } });
    expect(JSON.parse(await one.client.call(retry))).toMatchObject(refusal('result-not-kept', false));
    expect(runs).toHaveLength(1);
  });
});

describe('a replica that dies while the operation runs', () => {
  it('at-least-once: after the lease a resend runs it again, with the same idempotency key, attempt 2', async () => {
    const { tool, runs } = exportTool({ gate: new Promise<void>(() => undefined) });
    const { tool: survivor, runs: survivorRuns } = exportTool({});
    const shared = createMemoryRoundStore();
    const dying = dyingStore(shared);
    const a = await replica(tool, { rounds: dying, roundPolicy: { leaseMs: 60 } });
    const b = await replica(survivor, { rounds: shared, roundPolicy: { leaseMs: 60 } });
    const retry = await answeringRetry(a);
    void a.client.call(retry); // never answers: A "dies" with the operation running
    await new Promise((resolve) => setTimeout(resolve, 20));
    dying.die();
    const taken = JSON.parse(await b.client.call(retry)) as unknown;
    expect(taken).toMatchObject({ structuredContent: { status: 'completed' } });
    const round = (
      JSON.parse(Buffer.from(String(retry['requestState']).split('.')[1] ?? '', 'base64url').toString()) as {
        p: { id: string };
      }
    ).p.id;
    expect(runs).toEqual([{ idempotencyKey: round, attempt: 1 }]);
    expect(survivorRuns).toEqual([{ idempotencyKey: round, attempt: 2 }]);
    expect(JSON.parse(await b.client.call(retry))).toEqual(taken);
  });

  it('at-most-once: a resend after the lease is told the outcome is unknown, and nothing runs again', async () => {
    const { tool } = exportTool({ delivery: 'at-most-once', gate: new Promise<void>(() => undefined) });
    const { tool: survivor, runs: survivorRuns } = exportTool({ delivery: 'at-most-once' });
    const shared = createMemoryRoundStore();
    const dying = dyingStore(shared);
    const a = await replica(tool, { rounds: dying, roundPolicy: { leaseMs: 60 } });
    const b = await replica(survivor, { rounds: shared, roundPolicy: { leaseMs: 60, waitMs: 1_000 } });
    const retry = await answeringRetry(a);
    void a.client.call(retry);
    await new Promise((resolve) => setTimeout(resolve, 20));
    dying.die();
    expect(JSON.parse(await b.client.call(retry))).toMatchObject(refusal('outcome-unknown', false));
    expect(survivorRuns).toEqual([]);
    expect(b.records).toEqual([
      expect.objectContaining({ action: 'round-refused', reason: 'outcome-unknown', round: expect.any(String) }),
    ]);
  });
});

describe('refusals that say why', () => {
  it('round-forgotten: a store that lost the round (restart, another process) → ask again', async () => {
    const { tool, runs } = exportTool({});
    const asker = await replica(tool);
    const restarted = await replica(tool);
    const retry = await answeringRetry(asker);
    expect(JSON.parse(await restarted.client.call(retry))).toMatchObject(refusal('round-forgotten', true));
    expect(runs).toEqual([]);
    expect(restarted.records).toEqual([
      expect.objectContaining({ action: 'round-refused', reason: 'round-forgotten', final: true }),
    ]);
  });

  it('round-unknown: a round the store let expire while its state is still valid → ask again', async () => {
    let now = Date.now();
    const { tool, runs } = exportTool({});
    const one = await replica(tool, { rounds: createMemoryRoundStore({ now: () => now }) });
    const retry = await answeringRetry(one);
    now += 3_600_000;
    expect(JSON.parse(await one.client.call(retry))).toMatchObject(refusal('round-unknown', true));
    expect(runs).toEqual([]);
  });

  it('store-unavailable: a store that does not answer is a tool error within storeTimeoutMs, never a hang', async () => {
    const { tool, runs } = exportTool({});
    const store = createMemoryRoundStore();
    let stalled = false;
    const stalling: RoundStore = {
      ...store,
      open: (id, ttl) => (stalled ? new Promise(() => undefined) : store.open(id, ttl)),
      claim: (id, options) => (stalled ? new Promise(() => undefined) : store.claim(id, options)),
    };
    const one = await replica(tool, { rounds: stalling, roundPolicy: { storeTimeoutMs: 100 } });
    const retry = await answeringRetry(one);
    stalled = true;
    const started = Date.now();
    expect(JSON.parse(await one.client.call(retry))).toMatchObject(refusal('store-unavailable', false));
    expect(JSON.parse(await one.client.call({ name: 'export-data', arguments: {} }))).toMatchObject(
      refusal('store-unavailable', false),
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(runs).toEqual([]);
    expect(one.records.filter((r) => r.action === 'round-refused')).toEqual([
      expect.objectContaining({ reason: 'store-unavailable', cause: 'round store: claim took longer than 100 ms' }),
      expect.objectContaining({ reason: 'store-unavailable', cause: 'round store: open took longer than 100 ms' }),
    ]);
    // The store is back: the same answer, resent, is used.
    stalled = false;
    expect(JSON.parse(await one.client.call(retry))).toMatchObject({ structuredContent: { status: 'completed' } });
    expect(runs).toHaveLength(1);
  });

  it('a claim that landed after the kit gave up on it is given back: the resend runs the operation once', async () => {
    const { tool, runs } = exportTool({ delivery: 'at-most-once' });
    const store = createMemoryRoundStore();
    let slow = false;
    const late: RoundStore = {
      ...store,
      claim: async (id, options) => {
        if (slow) {
          slow = false;
          await new Promise((resolve) => setTimeout(resolve, 150));
        }
        return store.claim(id, options);
      },
    };
    const one = await replica(tool, { rounds: late, roundPolicy: { storeTimeoutMs: 50 } });
    const retry = await answeringRetry(one);
    slow = true;
    expect(JSON.parse(await one.client.call(retry))).toMatchObject(refusal('store-unavailable', false));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(JSON.parse(await one.client.call(retry))).toMatchObject({ structuredContent: { status: 'completed' } });
    expect(runs).toEqual([{ idempotencyKey: expect.any(String), attempt: 1 }]);
  });

  it('words can be replaced per reason; reason and askAgain stay', async () => {
    const tool = defineTool({
      name: 'export-data',
      description: 'Exports.',
      questions: { export_options: exportOptions },
      accept: () => toolResult({ status: 'completed' }),
      messages: { refused: { 'round-forgotten': 'Please choose the export options again.' } },
    });
    const asker = await replica(tool);
    const restarted = await replica(tool);
    expect(JSON.parse(await restarted.client.call(await answeringRetry(asker)))).toMatchObject({
      structuredContent: {
        status: 'refused',
        reason: 'round-forgotten',
        askAgain: true,
        message: 'Please choose the export options again.',
      },
    });
  });
});
