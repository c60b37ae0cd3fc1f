// The round stores (the contract every store keeps, and the memory store's bounds) and the sealed round state
// (2026-07-28): a forged, altered or expired state is refused with -32602 before any tool runs; a state of another
// tool or for other arguments answers nothing. What a retry and its replays get is in delivery.test.ts.
import type { Client } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElicitationServer, createMemoryRoundStore, defineTool, toolArguments, toolResult } from './index.js';
import type { ElicitationServerOptions, OutcomeRecord } from './index.js';
import { connectInMemory } from './testing/index.js';
import type { InMemoryConnection } from './testing/index.js';
import { exportOptions } from '../examples/export-tool.js';
import { describeRoundStore } from './test/store-contract.js';

describeRoundStore(
  'createMemoryRoundStore',
  (
    (shared) => () =>
      shared
  )(createMemoryRoundStore()),
);

describe('createMemoryRoundStore', () => {
  const claim = { token: 't', leaseMs: 60_000, takeOver: true, ttlMs: 60_000 };

  it('has an epoch of its own: another store (another process, a restart) has another', () => {
    expect(createMemoryRoundStore().open('r', 1_000)).not.toEqual(createMemoryRoundStore().open('r', 1_000));
  });

  it('forgets the oldest round beyond its capacity', () => {
    const store = createMemoryRoundStore({ capacity: 2 });
    for (const id of ['a', 'b', 'c']) {
      store.open(id, 60_000);
    }
    expect(['a', 'b', 'c'].map((id) => store.claim(id, claim))).toMatchObject([
      { kind: 'unknown' },
      { kind: 'claimed' },
      { kind: 'claimed' },
    ]);
  });

  it('forgets the oldest rounds once the stored results pass maxResultBytes', () => {
    const store = createMemoryRoundStore({ maxResultBytes: 10 });
    for (const id of ['a', 'b']) {
      store.open(id, 60_000);
      store.claim(id, claim);
      store.finish(id, 't', '"123456"', 60_000);
    }
    expect(store.claim('a', claim)).toMatchObject({ kind: 'unknown' });
    expect(store.claim('b', claim)).toEqual({ kind: 'done', result: '"123456"' });
  });

  it('measures leases and lifetimes on its clock', () => {
    let now = 1_000;
    const store = createMemoryRoundStore({ now: () => now });
    store.open('r1', 100);
    expect(store.claim('r1', { ...claim, leaseMs: 10, ttlMs: 10 })).toEqual({ kind: 'claimed', attempt: 1 });
    now += 11;
    expect(store.claim('r1', { ...claim, takeOver: false })).toEqual({ kind: 'lapsed', attempt: 1 });
    now += 100;
    expect(store.claim('r1', claim)).toMatchObject({ kind: 'unknown' });
  });
});

let runs = 0;
const archive = defineTool({
  name: 'archive',
  description: 'Archives old exports after a confirmation.',
  arguments: toolArguments({ type: 'object', properties: { days: { type: 'integer', minimum: 1, default: 30 } } }),
  questions: { export_options: exportOptions },
  accept: (_content, call) => {
    runs += 1;
    return toolResult({ status: 'completed', days: call.args.days });
  },
});

const open: InMemoryConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
  runs = 0;
});

/** A 2026 client that leaves rounds to the test, against a kit with `options`. */
async function manual(options: Omit<ElicitationServerOptions, 'onOutcome'> = {}, records: OutcomeRecord[] = []) {
  const kit = createElicitationServer({ ...options, onOutcome: (record) => records.push(record) });
  const connection = await connectInMemory({
    era: 'modern',
    manualRounds: true,
    server: () => {
      const server = new McpServer({ name: 'rounds', version: '1.0.0' }, { requestState: kit.requestState });
      kit.register(server, [archive]);
      return server;
    },
  });
  open.push(connection);
  return connection.client;
}

interface Round {
  resultType: string;
  requestState: string;
  inputRequests: Record<string, unknown>;
}

const ANSWER = { export_options: { action: 'accept', content: { format: 'csv', maxRows: 5 } } };

const firstRound = async (client: Client, args: Record<string, unknown> = {}): Promise<Round> =>
  (await client.callTool({ name: 'archive', arguments: args }, { allowInputRequired: true })) as unknown as Round;

/** A manual retry (the 2026 fields travel as given). */
const retry = (client: Client, params: Record<string, unknown>) =>
  client
    .callTool({ name: 'archive', arguments: {}, ...params } as Parameters<Client['callTool']>[0], {
      allowInputRequired: true,
    })
    .catch((error: unknown) => error);

const payloadOf = (state: string): Record<string, unknown> =>
  (JSON.parse(Buffer.from(state.split('.')[1] ?? '', 'base64url').toString()) as { p: Record<string, unknown> }).p;

describe('2026-07-28 rounds', () => {
  it('seal the tool, the keys asked, a round id and the arguments digest', async () => {
    const client = await manual();
    const round = await firstRound(client);
    expect(round.resultType).toBe('input_required');
    expect(Object.keys(round.inputRequests)).toEqual(['export_options']);
    expect(payloadOf(round.requestState)).toEqual({
      tool: 'archive',
      keys: ['export_options'],
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      epoch: expect.any(String),
      args: expect.any(String),
    });
    const again = await firstRound(client);
    expect(payloadOf(again.requestState)['id']).not.toBe(payloadOf(round.requestState)['id']);
  });

  it('refuse an altered, forged, expired or foreign-key state with -32602 before any tool runs', async () => {
    const records: OutcomeRecord[] = [];
    const client = await manual({ requestState: { ttlSeconds: 1 } }, records);
    const round = await firstRound(client);
    const [version, payload, mac] = round.requestState.split('.');
    const altered = Buffer.from(
      Buffer.from(payload ?? '', 'base64url')
        .toString()
        .replace('archive', 'ARCHIVE'),
    ).toString('base64url');
    const other = await manual({ requestState: { key: 'another key of at least thirty-two bytes!!' } });
    const foreign = await firstRound(other);
    records.length = 0;
    for (const state of [`${version}.${altered}.${mac}`, 'v1.e30.AAAA', 'not a state', foreign.requestState]) {
      const outcome = await retry(client, { inputResponses: ANSWER, requestState: state });
      expect(outcome).toMatchObject({
        code: -32602,
        message: expect.stringContaining('Invalid or expired requestState'),
      });
    }
    // Past the one-second lifetime (only the clock moves: timers stay real).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 2_000);
      const expired = await retry(client, { inputResponses: ANSWER, requestState: round.requestState });
      expect(expired).toMatchObject({ code: -32602 });
    } finally {
      vi.useRealTimers();
    }
    expect(records).toEqual([]);
    expect(runs).toBe(0);
  });

  it('ask again for answers without a state, or with a state for other arguments', async () => {
    const records: OutcomeRecord[] = [];
    const client = await manual({}, records);
    const round = await firstRound(client, { days: 7 });
    for (const params of [
      { inputResponses: ANSWER },
      { inputResponses: ANSWER, requestState: round.requestState, arguments: { days: 365 } },
    ]) {
      records.length = 0;
      const outcome = await retry(client, params);
      expect(outcome).toMatchObject({ resultType: 'input_required' });
      expect(records).toMatchObject([{ action: 'input-requested', ignored: expect.any(String) }]);
    }
    expect(runs).toBe(0);
    // The same arguments in another key order are the same arguments.
    const same = (await retry(client, {
      inputResponses: ANSWER,
      requestState: round.requestState,
      arguments: { days: 7 },
    })) as CallToolResult;
    expect(same.structuredContent).toEqual({ status: 'completed', days: 7 });
  });

  it('a tool without declared arguments refuses any argument, so its state is never replayed with other ones', async () => {
    let confirmed = 0;
    const confirm = defineTool({
      name: 'archive',
      description: 'Archives after a confirmation; takes no arguments.',
      questions: { export_options: exportOptions },
      accept: () => {
        confirmed += 1;
        return toolResult({ status: 'completed' });
      },
    });
    const kit = createElicitationServer();
    const connection = await connectInMemory({
      era: 'modern',
      manualRounds: true,
      server: () => {
        const server = new McpServer({ name: 'no-arguments', version: '1.0.0' }, { requestState: kit.requestState });
        kit.register(server, [confirm]);
        return server;
      },
    });
    open.push(connection);
    const round = await firstRound(connection.client);
    const other = (await retry(connection.client, {
      inputResponses: ANSWER,
      requestState: round.requestState,
      arguments: { days: 365 },
    })) as CallToolResult;
    expect(other.isError).toBe(true);
    expect(JSON.stringify(other.content)).toContain('Input validation error');
    expect(JSON.stringify(other.content)).toContain('days is not a field of this form.');
    expect(confirmed).toBe(0);
    const same = (await retry(connection.client, {
      inputResponses: ANSWER,
      requestState: round.requestState,
    })) as CallToolResult;
    expect(same.structuredContent).toEqual({ status: 'completed' });
    expect(confirmed).toBe(1);
  });

  it('refuse to trust a state when the McpServer was created without the kit’s verify hook', async () => {
    const kit = createElicitationServer();
    const connection = await connectInMemory({
      era: 'modern',
      manualRounds: true,
      server: () => {
        const server = new McpServer({ name: 'misconfigured', version: '1.0.0' });
        kit.register(server, [archive]);
        return server;
      },
    });
    open.push(connection);
    const round = await firstRound(connection.client);
    const outcome = (await retry(connection.client, {
      inputResponses: ANSWER,
      requestState: round.requestState,
    })) as CallToolResult;
    expect(outcome.isError).toBe(true);
    expect(JSON.stringify(outcome.content)).toContain('does not verify requestState');
    expect(runs).toBe(0);
  });
});
