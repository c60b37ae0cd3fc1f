// Issue 35: a form in the shape the session's revision has (2025-06-18 downgrades and refusals), a 2026 round state
// replayed with another answer (refused, never given the first answer's result), and the guide's step 7 when nobody
// can be asked (`not_asked`, or an approval carried as an argument), each through real SDK clients.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseElicitation } from '@elicitation-kit/core';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  APPROVAL_REFUSAL_MESSAGES,
  createElicitationServer,
  defineTool,
  formQuestion,
  REFUSAL_MESSAGES,
  serveBothEras,
  toolArguments,
  toolResult,
} from './index.js';
import type { DowngradePolicy, ElicitationServer, ElicitationTool, OutcomeRecord, ProtocolEra } from './index.js';
import type { ReceivedElicitParams } from './testing/index.js';
import { connectRecorded } from './test/wire.js';
import type { RecordedClient } from './test/wire.js';

const ERAS = ['legacy', 'modern'] as const;

interface Endpoint {
  url: string;
  kit: ElicitationServer;
  records: OutcomeRecord[];
  close(): Promise<void>;
}

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((item) => item.close()));
});

async function endpoint(tools: readonly ElicitationTool[]): Promise<Endpoint> {
  const records: OutcomeRecord[] = [];
  const kit = createElicitationServer({ onOutcome: (record) => records.push(record) });
  const mcp = serveBothEras(() => {
    const server = new McpServer({ name: 'fallbacks', version: '1.0.0' }, { requestState: kit.requestState });
    kit.register(server, tools);
    return server;
  });
  const handler = toNodeHandler({ fetch: (request: Request) => mcp.fetch(request) });
  const http = createServer((req, res) => void handler(req as Parameters<typeof handler>[0], res));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const served: Endpoint = {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    kit,
    records,
    async close() {
      await mcp.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
  open.push(served);
  return served;
}

interface Connected {
  client: Client;
  asked: ReceivedElicitParams[];
}

/** A real SDK client over Streamable HTTP: `era`, the elicitation capability, and (2025) the offered revision. */
async function connect(
  url: string,
  era: ProtocolEra,
  options: {
    revision?: string;
    elicitation?: Record<string, Record<string, never>> | null;
    answer?: (params: ReceivedElicitParams) => { action: 'accept' | 'decline' | 'cancel'; content?: never } | object;
  } = {},
): Promise<Connected> {
  const elicitation = options.elicitation === undefined ? { form: {} } : options.elicitation;
  const client = new Client(
    { name: 'fallbacks-test', version: '1.0.0' },
    {
      ...(elicitation === null ? {} : { capabilities: { elicitation } }),
      ...(era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {}),
      ...(options.revision === undefined ? {} : { supportedProtocolVersions: [options.revision] }),
    },
  );
  const asked: ReceivedElicitParams[] = [];
  if (elicitation !== null) {
    client.setRequestHandler('elicitation/create', (request) => {
      asked.push(request.params);
      return (options.answer?.(request.params) ?? { action: 'decline' }) as never;
    });
  }
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  expect(client.getProtocolEra()).toBe(era);
  open.push({ close: () => client.close() });
  return { client, asked };
}

const summary = (result: unknown): Record<string, unknown> =>
  ((result as CallToolResult).structuredContent ?? {}) as Record<string, unknown>;

// ─── Item 5a: the revision rule ──────────────────────────────────────────────────────────────────────────────────

const SHIPPING = {
  type: 'string',
  title: 'Shipping',
  oneOf: [
    { const: 'std', title: 'Standard (3–5 days)' },
    { const: 'exp', title: 'Express (next day)' },
  ],
} as const;

function choiceTool(
  name: string,
  properties: Record<string, unknown>,
  downgrade?: DowngradePolicy,
): { tool: ElicitationTool; runs: unknown[] } {
  const runs: unknown[] = [];
  const tool = defineTool({
    name,
    description: 'Asks one form and echoes the answer.',
    questions: {
      choice: formQuestion({
        message: 'Choose',
        requestedSchema: { type: 'object', properties } as never,
        ...(downgrade === undefined ? {} : { downgrade }),
      }),
    },
    accept: ({ choice }) => {
      runs.push(choice);
      return toolResult({ status: 'completed', choice });
    },
  });
  return { tool, runs };
}

describe('a form in the shape of the session’s revision (2025-06-18)', () => {
  it('a titled single choice is sent as enum + enumNames, without mode; core (the client side) accepts it', async () => {
    const { tool, runs } = choiceTool('ship', { shipping: SHIPPING, gift: { type: 'boolean', default: false } });
    const served = await endpoint([tool]);
    const { client, asked } = await connect(served.url, 'legacy', {
      revision: '2025-06-18',
      elicitation: {},
      answer: () => ({ action: 'accept', content: { shipping: 'exp', gift: true } }),
    });
    const result = await client.callTool({ name: 'ship', arguments: {} });
    expect(asked).toHaveLength(1);
    const params = asked[0] as unknown as Record<string, unknown>;
    expect(params['mode']).toBeUndefined();
    expect(params['requestedSchema']).toEqual({
      type: 'object',
      properties: {
        shipping: {
          type: 'string',
          title: 'Shipping',
          enum: ['std', 'exp'],
          enumNames: ['Standard (3–5 days)', 'Express (next day)'],
        },
        gift: { type: 'boolean', default: false },
      },
    });
    const parsed = parseElicitation(params, { protocolVersion: '2025-06-18', modes: {} });
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && parsed.request.mode === 'form' ? parsed.request.fields[0] : undefined).toMatchObject({
      kind: 'select',
      options: [
        { value: 'std', label: 'Standard (3–5 days)' },
        { value: 'exp', label: 'Express (next day)' },
      ],
    });
    expect(summary(result)).toEqual({ status: 'completed', choice: { shipping: 'exp', gift: true } });
    expect(runs).toHaveLength(1);
  });

  it('2025-11-25 gets the titled choice as defined', async () => {
    const { tool } = choiceTool('ship', { shipping: SHIPPING });
    const served = await endpoint([tool]);
    const { client, asked } = await connect(served.url, 'legacy', { revision: '2025-11-25' });
    await client.callTool({ name: 'ship', arguments: {} });
    expect(asked[0]).toMatchObject({ mode: 'form', requestedSchema: { properties: { shipping: SHIPPING } } });
  });

  it.each([
    [
      'a titled multiple choice',
      { tags: { type: 'array', items: { anyOf: [{ const: 'a', title: 'Alpha' }] } } },
      undefined,
      'a titled multiple choice (items.anyOf)',
    ],
    [
      'a multiple choice',
      { tags: { type: 'array', items: { type: 'string', enum: ['a'] } } },
      undefined,
      'a multiple choice (type array)',
    ],
    [
      'a default 2025-06-18 lacks, with downgrade: lossless',
      { name: { type: 'string', default: 'Ada' } },
      'lossless',
      'a default on a string property',
    ],
    ['a titled choice with downgrade: never', { shipping: SHIPPING }, 'never', 'a titled single choice (oneOf)'],
  ] as const)(
    '%s: a tool error naming the revision and the construct; nothing asked',
    async (_, properties, policy, construct) => {
      const { tool, runs } = choiceTool('lossy', properties, policy);
      const served = await endpoint([tool]);
      const { client, asked } = await connect(served.url, 'legacy', { revision: '2025-06-18', elicitation: {} });
      const result = (await client.callTool({ name: 'lossy', arguments: {} })) as CallToolResult;
      expect(asked).toEqual([]);
      expect(runs).toEqual([]);
      expect(result.isError).toBe(true);
      const field = Object.keys(properties)[0];
      expect(summary(result)).toEqual({
        status: 'unsupported',
        reason: 'revision',
        revision: '2025-06-18',
        construct,
        message: `The tool lossy cannot ask its question on protocol revision 2025-06-18: the field '${field}' uses ${construct}, which 2025-06-18 does not have. Nothing was asked and nothing was done; a client on protocol revision 2025-11-25 or later can answer it.`,
      });
      expect(served.records).toMatchObject([
        { action: 'unsupported-revision', final: true, revision: '2025-06-18', construct },
      ]);
    },
  );

  it('by default, the form goes without the defaults 2025-06-18 lacks (the same answers are accepted)', async () => {
    const served = await endpoint([
      defineTool({
        name: 'named',
        description: 'Asks a name.',
        questions: {
          who: formQuestion({
            message: 'Who?',
            requestedSchema: {
              type: 'object',
              properties: { name: { type: 'string', default: 'Ada' }, shipping: { ...SHIPPING, default: 'std' } },
            },
          }),
        },
        accept: ({ who }) => toolResult({ status: 'completed', who }),
      }),
    ]);
    const { client, asked } = await connect(served.url, 'legacy', {
      revision: '2025-06-18',
      elicitation: {},
      answer: () => ({ action: 'accept', content: { name: 'Grace', shipping: 'std' } }),
    });
    const result = await client.callTool({ name: 'named', arguments: {} });
    const schema = (asked[0] as unknown as { requestedSchema: unknown }).requestedSchema;
    expect(schema).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        shipping: {
          type: 'string',
          title: 'Shipping',
          enum: ['std', 'exp'],
          enumNames: ['Standard (3–5 days)', 'Express (next day)'],
        },
      },
    });
    expect(parseElicitation(asked[0], { protocolVersion: '2025-06-18', modes: {} }).ok).toBe(true);
    expect(summary(result)).toEqual({ status: 'completed', who: { name: 'Grace', shipping: 'std' } });
  });
});

// ─── Item 5b: a round state replayed with another answer ───────────────────────────────────────────────────────

describe('2026-07-28: a round state is an idempotency key for one answer', () => {
  it('the same answer replayed gets the stored bytes; another answer is refused with its own reason', async () => {
    const records: OutcomeRecord[] = [];
    const runs: unknown[] = [];
    const kit = createElicitationServer({ onOutcome: (record) => records.push(record) });
    const { tool } = choiceTool('ship', { shipping: SHIPPING });
    const watched = defineTool({
      name: 'ship',
      description: 'Ships.',
      questions: tool.spec.questions as never,
      accept: ({ choice }: { choice: unknown }) => {
        runs.push(choice);
        return toolResult({ status: 'completed', choice });
      },
    });
    const client: RecordedClient = await connectRecorded(() => {
      const server = new McpServer({ name: 'replay', version: '1.0.0' }, { requestState: kit.requestState });
      kit.register(server, [watched]);
      return server;
    });
    open.push(client);
    const round = JSON.parse(await client.call({ name: 'ship', arguments: {} })) as { requestState: string };
    const retry = (inputResponses: unknown) => ({
      name: 'ship',
      arguments: {},
      requestState: round.requestState,
      inputResponses,
    });
    const accept = { choice: { action: 'accept', content: { shipping: 'exp' } } };
    const first = await client.call(retry(accept));
    expect(JSON.parse(first)).toMatchObject({
      structuredContent: { status: 'completed', choice: { shipping: 'exp' } },
    });
    // The same answer, its keys in another order: the same canonical form, the same stored bytes.
    expect(await client.call(retry({ choice: { content: { shipping: 'exp' }, action: 'accept' } }))).toBe(first);
    for (const other of [
      { choice: { action: 'decline' } },
      { choice: { action: 'accept', content: { shipping: 'std' } } },
    ]) {
      const refused = JSON.parse(await client.call(retry(other))) as CallToolResult;
      expect(refused).toMatchObject({
        isError: true,
        structuredContent: {
          status: 'refused',
          reason: 'other-answer',
          askAgain: false,
          message: REFUSAL_MESSAGES['other-answer'],
        },
      });
    }
    expect(await client.call(retry(accept))).toBe(first);
    expect(runs).toHaveLength(1);
    expect(records.map((record) => [record.action, record.reason])).toEqual([
      ['input-requested', undefined],
      ['accept', undefined],
      ['replayed', undefined],
      ['round-refused', 'other-answer'],
      ['round-refused', 'other-answer'],
      ['replayed', undefined],
    ]);
  });
});

// ─── Item 3: when nobody can be asked ──────────────────────────────────────────────────────────────────────────

const ARCHIVE_ARGS = toolArguments({
  type: 'object',
  properties: { olderThanDays: { type: 'integer', minimum: 1, maximum: 365, default: 30 } },
});

const confirm = formQuestion({
  message: 'Archive the old exports?',
  requestedSchema: { type: 'object', properties: {} },
});

function archiveTools() {
  const runs: { how: string; args: unknown; key: string }[] = [];
  const archive = defineTool({
    name: 'archive',
    description: 'Archives old exports, after a confirmation or on an approval.',
    arguments: ARCHIVE_ARGS,
    questions: { confirm },
    fallback: {
      approval: {
        approved: (call) => {
          runs.push({ how: 'approval', args: call.args, key: call.idempotencyKey });
          return toolResult({ status: 'completed', archived: 3 });
        },
      },
    },
    accept: (_, call) => {
      runs.push({ how: 'asked', args: call.args, key: call.idempotencyKey });
      return toolResult({ status: 'completed', archived: 3 });
    },
  });
  const purge = defineTool({
    name: 'purge',
    description: 'Purges, never unasked.',
    questions: { confirm },
    fallback: { approval: { argument: 'grant', approved: () => toolResult({ status: 'completed' }) } },
    accept: () => toolResult({ status: 'completed' }),
  });
  const notAsked = defineTool({
    name: 'export-later',
    description: 'Says the user was never asked when it cannot ask.',
    questions: { confirm },
    fallback: 'not-asked',
    accept: () => toolResult({ status: 'completed' }),
  });
  return { archive, purge, notAsked, runs };
}

describe.each(ERAS)('%s: when nobody can be asked', (era) => {
  it.each([
    ['no-elicitation-capability', null, 'this client does not support elicitation'],
    ['mode-not-supported', { url: {} }, 'this client does not support form elicitation'],
  ] as const)(
    'fallback not-asked, %s: a not_asked result, not a decline or cancel',
    async (reason, elicitation, what) => {
      const { notAsked } = archiveTools();
      const served = await endpoint([notAsked]);
      const { client, asked } = await connect(served.url, era, { elicitation });
      const result = (await client.callTool({ name: 'export-later', arguments: {} })) as CallToolResult;
      expect(asked).toEqual([]);
      expect(result.isError).toBeFalsy();
      expect(summary(result)).toEqual({
        status: 'not_asked',
        reason,
        mode: 'form',
        message: `The user could not be asked: ${what}. Nothing was done. Do not retry this call as it is; ask the user in the conversation ("Archive the old exports?"), or have them use a client that supports it.`,
      });
      expect(served.records).toEqual([
        { tool: 'export-later', era, keys: ['confirm'], action: 'not-asked', final: true, reason, mode: 'form' },
      ]);
    },
  );

  it('fallback refuse (the default) is unchanged', async () => {
    const tool = defineTool({
      name: 'plain',
      description: 'Refuses.',
      questions: { confirm },
      accept: () => toolResult({ status: 'completed' }),
    });
    const served = await endpoint([tool]);
    const { client } = await connect(served.url, era, { elicitation: null });
    const outcome = await client.callTool({ name: 'plain', arguments: {} }).catch((error: unknown) => error);
    if (era === 'legacy') {
      expect(outcome).toMatchObject({
        content: [{ text: 'Client does not support form elicitation.' }],
        isError: true,
      });
    } else {
      expect(outcome).toMatchObject({ code: -32021 });
    }
    expect(served.records).toMatchObject([{ action: 'no-capability', mode: 'form' }]);
  });

  it('approval fallback: no approval → not_asked that names the argument; a valid one runs once, then is refused', async () => {
    const { archive, runs } = archiveTools();
    const served = await endpoint([archive]);
    const { client } = await connect(served.url, era, { elicitation: null });
    const unasked = await client.callTool({ name: 'archive', arguments: { olderThanDays: 60 } });
    expect(summary(unasked)).toMatchObject({ status: 'not_asked', reason: 'no-elicitation-capability' });
    expect(String(summary(unasked)['message'])).toContain('call it again with an approval in the `approval` argument');

    const approval = await served.kit.approvals.mint(archive, { args: { olderThanDays: 60 } });
    const approved = await client.callTool({ name: 'archive', arguments: { olderThanDays: 60, approval } });
    expect(summary(approved)).toEqual({ status: 'completed', archived: 3 });
    expect(runs).toEqual([{ how: 'approval', args: { olderThanDays: 60 }, key: expect.any(String) }]);

    const reused = (await client.callTool({
      name: 'archive',
      arguments: { olderThanDays: 60, approval },
    })) as CallToolResult;
    expect(reused.isError).toBe(true);
    expect(summary(reused)).toEqual({
      status: 'refused',
      reason: 'approval-used',
      message: APPROVAL_REFUSAL_MESSAGES['approval-used'],
    });
    expect(runs).toHaveLength(1);
    expect(served.records.map((record) => [record.action, record.reason])).toEqual([
      ['not-asked', 'no-elicitation-capability'],
      ['approved', undefined],
      ['approval-refused', 'approval-used'],
    ]);
  });

  it('approvals are bound: defaults count, other arguments, another tool, expiry and forgeries are refused', async () => {
    const { archive, purge, runs } = archiveTools();
    const served = await endpoint([archive, purge]);
    const { client } = await connect(served.url, era, { elicitation: null });
    const call = async (name: string, args: Record<string, unknown>) =>
      summary(await client.callTool({ name, arguments: args }))['reason'];

    // Minted for the defaults ({} → olderThanDays 30): the call that spells the default out matches.
    const forDefaults = await served.kit.approvals.mint(archive);
    expect(await call('archive', { olderThanDays: 31, approval: forDefaults })).toBe('approval-other-arguments');
    expect(await call('purge', { grant: forDefaults })).toBe('approval-other-tool');
    const [body = '', mac = ''] = forDefaults.split('.');
    const forged = `${body}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await call('archive', { olderThanDays: 30, approval: forged })).toBe('approval-invalid');
    expect(await call('archive', { approval: 'not.an-approval' })).toBe('approval-invalid');
    const other = createElicitationServer({ approvals: { key: 'another server signs with another key!' } });
    expect(await call('archive', { approval: await other.approvals.mint(archive) })).toBe('approval-invalid');
    // None of the refusals used it up.
    expect(
      summary(await client.callTool({ name: 'archive', arguments: { olderThanDays: 30, approval: forDefaults } })),
    ).toMatchObject({
      status: 'completed',
    });

    const brief = await served.kit.approvals.mint(archive, { ttlSeconds: 0.05 });
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await call('archive', { approval: brief })).toBe('approval-expired');
    expect(runs.map((run) => run.how)).toEqual(['approval']);
  });

  it('a client that can be asked is asked when no approval comes', async () => {
    const { archive, runs } = archiveTools();
    const served = await endpoint([archive]);
    const { client, asked } = await connect(served.url, era, { answer: () => ({ action: 'accept', content: {} }) });
    const result = await client.callTool({ name: 'archive', arguments: {} });
    expect(summary(result)).toEqual({ status: 'completed', archived: 3 });
    expect(asked).toHaveLength(1);
    expect(runs.map((run) => run.how)).toEqual(['asked']);
  });
});

describe('approvals: definition and minting', () => {
  it('mint refuses a tool without an approval fallback and invalid arguments', async () => {
    const { archive, notAsked } = archiveTools();
    const kit = createElicitationServer();
    await expect(kit.approvals.mint(notAsked)).rejects.toThrow('export-later takes no approvals');
    await expect(kit.approvals.mint(archive, { args: { olderThanDays: 0 } })).rejects.toThrow(
      'invalid arguments for archive',
    );
  });

  it('the approval argument is listed as an optional string argument; a clash with an argument is refused', () => {
    const { archive } = archiveTools();
    expect(archive.spec.arguments?.schema.properties).toMatchObject({
      olderThanDays: { type: 'integer' },
      approval: { type: 'string' },
    });
    expect(archive.spec.arguments?.schema.required).toBeUndefined();
    expect(() =>
      defineTool({
        name: 'clash',
        description: 'Clashes.',
        arguments: toolArguments({ type: 'object', properties: { approval: { type: 'string' } } }),
        questions: { confirm },
        fallback: { approval: { approved: () => toolResult({}) } },
        accept: () => toolResult({}),
      }),
    ).toThrow('the approval argument "approval" is already one of the tool\'s arguments');
  });
});
