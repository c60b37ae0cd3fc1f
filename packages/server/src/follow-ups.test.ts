// Questions that depend on earlier answers (`call.ask`): choose a warehouse, then one of that warehouse's formats.
// 2025 sessions: a second `elicitation/create` on the call's stream whose schema follows from the first answer.
// 2026-07-28: a second `input_required` round whose sealed state carries the first answer, as tamper-proof and as
// replay-safe as one round (a replay gets the stored result, another answer is refused, the operation runs once).
import type { Client } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createElicitationServer, defineTool, formQuestion, toolResult, urlQuestion } from './index.js';
import type { OutcomeRecord } from './index.js';
import { connectInMemory } from './testing/index.js';
import type { ClientAnswer, InMemoryConnection, ReceivedElicitParams } from './testing/index.js';
import { createTestFlows } from './test/flows.js';

const FORMATS = { berlin: ['csv', 'json'], lyon: ['xml'] } as const;

const chooseWarehouse = formQuestion({
  message: 'Export from which warehouse?',
  requestedSchema: {
    type: 'object',
    properties: { warehouse: { type: 'string', title: 'Warehouse', enum: ['berlin', 'lyon'] } },
    required: ['warehouse'],
  },
});

/** The second question follows from the first answer: only that warehouse's formats. */
const formatFor = (warehouse: keyof typeof FORMATS) =>
  formQuestion({
    message: `Which of ${warehouse}'s formats?`,
    requestedSchema: {
      type: 'object',
      properties: { format: { type: 'string', title: 'Format', enum: [...FORMATS[warehouse]] } },
      required: ['format'],
    },
  });

let effects: string[] = [];
const exportFrom = defineTool({
  name: 'export-from',
  description: 'Exports from a warehouse, in one of its formats.',
  questions: { warehouse: chooseWarehouse },
  accept: async ({ warehouse }, call) => {
    const { format } = await call.ask({ format: formatFor(warehouse.warehouse) });
    // The side effect comes after the last question (2026: the operation runs again up to it for each round).
    effects.push(`${warehouse.warehouse}:${format.format}`);
    return toolResult({ status: 'completed', warehouse: warehouse.warehouse, format: format.format });
  },
});

const open: InMemoryConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
  effects = [];
});

async function connect(
  era: 'legacy' | 'modern',
  options: { answer?: ClientAnswer; manualRounds?: boolean; records?: OutcomeRecord[] } = {},
): Promise<Client> {
  const records = options.records ?? [];
  const kit = createElicitationServer({ onOutcome: (record) => records.push(record) });
  const connection = await connectInMemory({
    era,
    ...(options.answer === undefined ? {} : { answer: options.answer }),
    ...(options.manualRounds === true ? { manualRounds: true } : {}),
    server: () => {
      const server = new McpServer({ name: 'follow-ups', version: '1.0.0' }, { requestState: kit.requestState });
      kit.register(server, [exportFrom]);
      return server;
    },
  });
  open.push(connection);
  return connection.client;
}

type Step = { action: 'accept'; content: Record<string, unknown> } | { action: 'decline' } | { action: 'cancel' };

/** A user who answers each request in turn, and the requests they saw. */
function user(...steps: Step[]): { answer: ClientAnswer; seen: ReceivedElicitParams[] } {
  const seen: ReceivedElicitParams[] = [];
  return {
    seen,
    answer: (params) => {
      seen.push(params);
      const next = steps[seen.length - 1];
      if (next === undefined) {
        throw new Error('asked more than expected');
      }
      return next as never;
    },
  };
}

const schemaOf = (params: ReceivedElicitParams | undefined): unknown =>
  (params as { requestedSchema?: unknown } | undefined)?.requestedSchema;

const callExport = (client: Client) =>
  client.callTool({ name: 'export-from', arguments: {} }) as Promise<CallToolResult>;

describe.each(['legacy', 'modern'] as const)('call.ask (%s)', (era) => {
  it('asks the follow-up built from the first answer and runs the operation once with both', async () => {
    const records: OutcomeRecord[] = [];
    const { answer, seen } = user(
      { action: 'accept', content: { warehouse: 'lyon' } },
      { action: 'accept', content: { format: 'xml' } },
    );
    const result = await callExport(await connect(era, { answer, records }));
    expect(result.structuredContent).toEqual({ status: 'completed', warehouse: 'lyon', format: 'xml' });
    expect(seen.map((params) => params.message)).toEqual(['Export from which warehouse?', "Which of lyon's formats?"]);
    expect(schemaOf(seen[1])).toMatchObject({ properties: { format: { enum: ['xml'] } } });
    expect(effects).toEqual(['lyon:xml']);
    expect(records.map(({ action, keys, final }) => ({ action, keys, final }))).toEqual([
      { action: 'input-requested', keys: ['warehouse'], final: false },
      { action: 'input-requested', keys: ['format'], final: false },
      { action: 'accept', keys: ['warehouse'], final: true },
    ]);
  });

  it.each([
    ['decline', { action: 'decline' }, 'not_started'],
    ['cancel', { action: 'cancel' }, 'cancelled'],
  ] as const)(
    'a %s of the follow-up ends the call with the kit’s result; nothing runs',
    async (action, step, status) => {
      const records: OutcomeRecord[] = [];
      const { answer } = user({ action: 'accept', content: { warehouse: 'berlin' } }, step);
      const result = await callExport(await connect(era, { answer, records }));
      expect(result.structuredContent).toMatchObject({ status });
      expect(effects).toEqual([]);
      expect(records.filter((record) => record.final)).toMatchObject([{ action, keys: ['format'] }]);
    },
  );

  it('re-validates the follow-up answer against the schema it asked: another warehouse’s format is refused', async () => {
    const records: OutcomeRecord[] = [];
    const { answer } = user(
      { action: 'accept', content: { warehouse: 'lyon' } },
      { action: 'accept', content: { format: 'csv' } },
    );
    const result = await callExport(await connect(era, { answer, records }));
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      status: 'invalid',
      issues: [{ field: 'format', code: 'option' }],
    });
    expect(effects).toEqual([]);
    expect(records.filter((record) => record.final)).toMatchObject([
      { action: 'accept', validation: 'failed', keys: ['format'] },
    ]);
  });
});

interface Round {
  resultType: string;
  requestState: string;
  inputRequests: Record<string, { params: { message: string; requestedSchema: unknown } }>;
}

const payloadOf = (state: string): Record<string, unknown> =>
  (JSON.parse(Buffer.from(state.split('.')[1] ?? '', 'base64url').toString()) as { p: Record<string, unknown> }).p;

/** A manual 2026 call (the client's fields travel as given). */
const send = (client: Client, params: Record<string, unknown> = {}) =>
  client
    .callTool({ name: 'export-from', arguments: {}, ...params } as Parameters<Client['callTool']>[0], {
      allowInputRequired: true,
    })
    .catch((error: unknown) => error) as Promise<unknown>;

const LYON = { warehouse: { action: 'accept', content: { warehouse: 'lyon' } } };
const XML = { format: { action: 'accept', content: { format: 'xml' } } };

describe('call.ask on 2026-07-28: the follow-up round', () => {
  it('carries the first answer in its sealed state, and completes once whatever is replayed', async () => {
    const client = await connect('modern', { manualRounds: true });
    const first = (await send(client)) as Round;
    const second = (await send(client, { inputResponses: LYON, requestState: first.requestState })) as Round;
    expect(second.resultType).toBe('input_required');
    expect(Object.keys(second.inputRequests)).toEqual(['format']);
    expect(second.inputRequests['format']?.params.requestedSchema).toMatchObject({
      properties: { format: { enum: ['xml'] } },
    });
    expect(payloadOf(second.requestState)).toMatchObject({
      tool: 'export-from',
      keys: ['format'],
      answered: [{ keys: ['warehouse'], responses: LYON }],
    });
    // A copy of the first retry gets the very same follow-up round (stored with its round), not a new one.
    expect(await send(client, { inputResponses: LYON, requestState: first.requestState })).toEqual(second);

    const done = (await send(client, { inputResponses: XML, requestState: second.requestState })) as CallToolResult;
    expect(done.structuredContent).toEqual({ status: 'completed', warehouse: 'lyon', format: 'xml' });
    expect(await send(client, { inputResponses: XML, requestState: second.requestState })).toEqual(done);
    expect(effects).toEqual(['lyon:xml']);
  });

  it('refuses the follow-up state replayed with another answer, and a state whose earlier answer was altered', async () => {
    const client = await connect('modern', { manualRounds: true });
    const first = (await send(client)) as Round;
    const second = (await send(client, { inputResponses: LYON, requestState: first.requestState })) as Round;
    await send(client, { inputResponses: XML, requestState: second.requestState });
    const other = (await send(client, {
      inputResponses: { format: { action: 'decline' } },
      requestState: second.requestState,
    })) as CallToolResult;
    expect(other.structuredContent).toMatchObject({ status: 'refused', reason: 'other-answer' });

    // "lyon" → "berl" keeps the length: only the seal tells the difference.
    const [version, payload, mac] = second.requestState.split('.');
    const altered = Buffer.from(
      Buffer.from(payload ?? '', 'base64url')
        .toString()
        .replace('"lyon"', '"berl"'),
    ).toString('base64url');
    const forged = await send(client, { inputResponses: XML, requestState: `${version}.${altered}.${mac}` });
    expect(forged).toMatchObject({ code: -32602 });
    expect(effects).toEqual(['lyon:xml']);
  });

  it('asks the follow-up again when its retry brings no answer to it, and still runs nothing', async () => {
    const client = await connect('modern', { manualRounds: true });
    const first = (await send(client)) as Round;
    const second = (await send(client, { inputResponses: LYON, requestState: first.requestState })) as Round;
    const again = (await send(client, { inputResponses: LYON, requestState: second.requestState })) as Round;
    expect(again.resultType).toBe('input_required');
    expect(Object.keys(again.inputRequests)).toEqual(['format']);
    expect(payloadOf(again.requestState)).toMatchObject({ answered: [{ responses: LYON }] });
    expect(effects).toEqual([]);
    const done = (await send(client, { inputResponses: XML, requestState: again.requestState })) as CallToolResult;
    expect(done.structuredContent).toMatchObject({ status: 'completed', format: 'xml' });
  });
});

describe('call.ask misuse', () => {
  it('refuses a URL question, and a call outside the operation, with a message that says where it belongs', async () => {
    const link = urlQuestion({ message: 'Connect', flows: createTestFlows() });
    const misuse = defineTool({
      name: 'export-from',
      description: 'Asks a URL question as a follow-up.',
      questions: { warehouse: chooseWarehouse },
      prepare: async (call) => {
        await expect(call.ask({ format: formatFor('lyon') })).rejects.toThrow(/works in `run` and `accept`/);
      },
      accept: async (_content, call) => {
        await call.ask({ link } as never);
        return toolResult({ status: 'completed' });
      },
    });
    const kit = createElicitationServer();
    const connection = await connectInMemory({
      era: 'legacy',
      answer: () => ({ action: 'accept', content: { warehouse: 'lyon' } }),
      server: () => {
        const server = new McpServer({ name: 'misuse', version: '1.0.0' }, { requestState: kit.requestState });
        kit.register(server, [misuse]);
        return server;
      },
    });
    open.push(connection);
    const result = (await connection.client.callTool({ name: 'export-from', arguments: {} })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('call.ask takes form questions');
  });
});
