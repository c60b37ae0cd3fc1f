// The demo server's behaviour with a real SDK v2 client over Streamable HTTP, in both protocol eras.
import { request as httpRequest } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult, ClientContext, ElicitRequest, ElicitResult } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOOL_NAMES, FAULT_TOOL_NAMES, ORDER_COLUMNS, startDemoServer } from './index.js';
import type { DemoLogEntry, DemoServer } from './index.js';

type Era = 'legacy' | 'modern';
type Answer = (params: ElicitRequest['params'], ctx: ClientContext) => ElicitResult | Promise<ElicitResult>;

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, silent: true });
});
afterAll(async () => {
  await demo.close();
});

let open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.map((client) => client.close()));
  open = [];
});

/** A plain SDK client (no kit): declares `elicitation` as given and answers with `answer`. */
async function connect(
  era: Era,
  answer?: Answer,
  elicitation: { form?: Record<string, never>; url?: Record<string, never> } | null = { form: {}, url: {} },
): Promise<Client> {
  const client = new Client(
    { name: 'demo-server-test', version: '1.0.0' },
    {
      ...(elicitation === null ? {} : { capabilities: { elicitation } }),
      ...(era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {}),
    },
  );
  if (answer !== undefined) {
    client.setRequestHandler('elicitation/create', (request, ctx) => answer(request.params, ctx));
  }
  await client.connect(new StreamableHTTPClientTransport(new URL(demo.url)));
  open.push(client);
  expect(client.getProtocolEra()).toBe(era);
  return client;
}

const texts = (result: unknown): string[] =>
  (result as CallToolResult).content.flatMap((block) => (block.type === 'text' ? [block.text] : []));
const summary = (result: unknown): Record<string, unknown> =>
  JSON.parse(texts(result)[0] ?? '{}') as Record<string, unknown>;

/** Log lines written while `run` ran. */
async function logged<T>(run: () => Promise<T>): Promise<{ value: T; lines: DemoLogEntry[] }> {
  const start = demo.log.length;
  const value = await run();
  return { value, lines: demo.log.slice(start) };
}

const accept =
  (content: Record<string, unknown>): Answer =>
  () => ({ action: 'accept', content: content as never });

describe.each(['legacy', 'modern'] as const)('demo server (%s era)', (era) => {
  it('lists every tool with a stable name and a description', async () => {
    const client = await connect(era);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([...DEMO_TOOL_NAMES, ...FAULT_TOOL_NAMES]);
    for (const tool of tools) {
      expect(tool.description?.length ?? 0).toBeGreaterThan(20);
    }
  });

  it('export-data: a valid answer produces the CSV export', async () => {
    let asked: ElicitRequest['params'] | undefined;
    const client = await connect(era, (params) => {
      asked = params;
      return { action: 'accept', content: { format: 'csv', maxRows: 25, includeHeaders: true } };
    });
    const { value: result, lines } = await logged(() => client.callTool({ name: 'export-data', arguments: {} }));
    expect(asked).toMatchObject({
      mode: 'form',
      requestedSchema: {
        properties: {
          format: { type: 'string', title: 'Export format', enum: ['csv', 'json'] },
          maxRows: { type: 'integer', title: 'Maximum rows', minimum: 1, maximum: 10000, default: 1000 },
          includeHeaders: { type: 'boolean', title: 'Include column headings', default: true },
        },
        required: ['format', 'maxRows'],
      },
    });
    expect(result.isError).toBeFalsy();
    expect(summary(result)).toEqual({
      status: 'completed',
      format: 'csv',
      maxRows: 25,
      includeHeaders: true,
      rows: 25,
      mimeType: 'text/csv',
    });
    const csv = (texts(result)[1] ?? '').trimEnd().split('\r\n');
    expect(csv).toHaveLength(26);
    expect(csv[0]).toBe(ORDER_COLUMNS.join(','));
    expect(csv[3]).toBe('ORD-1003,2026-01-03,Katherine Johnson,"Monitor, 27""",3,867');
    expect(lines.at(-1)).toMatchObject({
      tool: 'export-data',
      era,
      action: 'accept',
      validation: 'passed',
      detail: { rows: 25 },
    });
  });

  it('export-data: JSON without headers is an array of value rows; a missing includeHeaders means true', async () => {
    const json = await (
      await connect(era, accept({ format: 'json', maxRows: 3, includeHeaders: false }))
    ).callTool({
      name: 'export-data',
      arguments: {},
    });
    const rows = JSON.parse(texts(json)[1] ?? '[]') as unknown[];
    expect(rows).toEqual([
      ['ORD-1001', '2026-01-01', 'Ada Lovelace', 'Keyboard', 1, 49.9],
      ['ORD-1002', '2026-01-02', 'Edsger Dijkstra', 'Desk lamp', 2, 68],
      ['ORD-1003', '2026-01-03', 'Katherine Johnson', 'Monitor, 27"', 3, 867],
    ]);
    const withHeaders = await (
      await connect(era, accept({ format: 'json', maxRows: 2 }))
    ).callTool({ name: 'export-data', arguments: {} });
    expect(JSON.parse(texts(withHeaders)[1] ?? '[]')).toEqual([
      { id: 'ORD-1001', date: '2026-01-01', customer: 'Ada Lovelace', product: 'Keyboard', quantity: 1, total: 49.9 },
      { id: 'ORD-1002', date: '2026-01-02', customer: 'Edsger Dijkstra', product: 'Desk lamp', quantity: 2, total: 68 },
    ]);
  });

  it.each([
    [{ format: 'csv', maxRows: 0 }, 'maxRows', 'minimum'],
    [{ format: 'csv', maxRows: 2.5 }, 'maxRows', 'integer'],
    [{ format: 'xml', maxRows: 10 }, 'format', 'option'],
    [{ format: 'csv' }, 'maxRows', 'required'],
    [{ format: 'csv', maxRows: 5, extra: true }, 'extra', 'unknown'],
  ])('export-data: invalid accepted content %j is rejected before the export runs', async (content, field, code) => {
    const client = await connect(era, accept(content));
    const { value: result, lines } = await logged(() => client.callTool({ name: 'export-data', arguments: {} }));
    expect(result.isError).toBe(true);
    expect(summary(result)).toMatchObject({ status: 'invalid', issues: [{ field, code }] });
    expect(texts(result).join('\n')).toContain(`${field}: `);
    expect(texts(result).join('\n')).toContain(`(rule: ${code})`);
    expect(texts(result).join('\n')).not.toContain('ORD-1001');
    expect(lines).toMatchObject([
      { tool: 'export-data', era, action: 'input-requested' },
      { tool: 'export-data', era, action: 'accept', validation: 'failed', issues: [{ field, code }] },
    ]);
  });

  it.each([
    ['decline', 'not_started'],
    ['cancel', 'cancelled'],
  ] as const)('export-data: %s → status %s, logged distinctly', async (action, status) => {
    const client = await connect(era, () => ({ action }));
    const { value: result, lines } = await logged(() => client.callTool({ name: 'export-data', arguments: {} }));
    expect(result.isError).toBeFalsy();
    expect(summary(result)).toMatchObject({ status });
    expect(lines.at(-1)).toEqual({ time: expect.any(String), tool: 'export-data', era, action });
  });

  it('export-data: a client without form elicitation gets a controlled error at once', async () => {
    const client = await connect(era, undefined, null);
    const { value: outcome, lines } = await logged(() =>
      client.callTool({ name: 'export-data', arguments: {} }).catch((error: unknown) => error),
    );
    if (era === 'legacy') {
      expect(outcome).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: 'Client does not support form elicitation.' }],
      });
    } else {
      // The SDK's typed MissingRequiredClientCapability error.
      expect(outcome).toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: { form: {} } } } });
    }
    expect(lines).toMatchObject([{ tool: 'export-data', era, action: 'no-capability', detail: { mode: 'form' } }]);
  });

  it('schedule-report asks two questions in one round', async () => {
    const waiting: (() => void)[] = [];
    const seen: string[] = [];
    // Each answer waits until both requests are in flight: proves they were asked at once.
    const client = await connect(era, async (params) => {
      seen.push(params.message);
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === 2) {
          for (const release of waiting) {
            release();
          }
        }
      });
      return params.message.startsWith('Who')
        ? { action: 'accept', content: { email: 'ada@example.com' } }
        : { action: 'accept', content: { frequency: 'daily', start: '2026-12-24' } };
    });
    const result = await client.callTool({ name: 'schedule-report', arguments: {} });
    expect(seen).toHaveLength(2);
    expect(summary(result)).toEqual({
      status: 'completed',
      recipient: 'ada@example.com',
      frequency: 'daily',
      start: '2026-12-24',
    });
  });

  it.each([
    [
      'all-field-types',
      {
        name: 'Grace',
        age: 40,
        newsletter: true,
        size: 'L',
        plan: 'enterprise',
        tags: ['billing', 'sales'],
        regions: ['us', 'apac'],
        priority: 'p1',
      },
    ],
    [
      'string-formats',
      {
        email: 'grace@example.com',
        website: 'https://example.com',
        birthday: '1906-12-09',
        meeting: '2026-12-24T10:00:00+01:00',
        username: 'grace',
        bio: 'COBOL',
      },
    ],
    ['number-bounds', { quantity: 99, discount: 12.5, temperature: -40, floor: -3 }],
    [
      'choice-fields',
      { color: 'blue', shipping: 'express', toppings: ['basil', 'chili'], channels: ['sms'], tier: 'g' },
    ],
  ])('%s echoes a valid answer after validating it', async (name, content) => {
    let properties: string[] = [];
    const client = await connect(era, (params) => {
      properties = params.mode === 'url' ? [] : Object.keys(params.requestedSchema.properties);
      return { action: 'accept', content: content as never };
    });
    const result = await client.callTool({ name, arguments: {} });
    expect(properties.toSorted()).toEqual(Object.keys(content).toSorted());
    expect(summary(result)).toEqual({ status: 'received', content });
  });

  it('all-field-types sends all eight variants with defaults', async () => {
    let schema: Record<string, Record<string, unknown>> = {};
    const client = await connect(era, (params) => {
      schema = params.mode === 'url' ? {} : (params.requestedSchema.properties as never);
      return { action: 'decline' };
    });
    await client.callTool({ name: 'all-field-types', arguments: {} });
    expect(schema['name']).toMatchObject({ type: 'string', default: 'Ada' });
    expect(schema['age']).toMatchObject({ type: 'integer', default: 36 });
    expect(schema['newsletter']).toMatchObject({ type: 'boolean', default: false });
    expect(schema['size']).toMatchObject({ type: 'string', enum: ['S', 'M', 'L', 'XL'] });
    expect(schema['plan']).toMatchObject({ type: 'string', oneOf: expect.any(Array) });
    expect(schema['tags']).toMatchObject({ type: 'array', items: { type: 'string', enum: expect.any(Array) } });
    expect(schema['regions']).toMatchObject({ type: 'array', items: { anyOf: expect.any(Array) } });
    expect(schema['priority']).toMatchObject({ enumNames: ['Urgent', 'Normal', 'Low'] });
    expect(Object.values(schema).every((property) => 'default' in property)).toBe(true);
  });

  it('confirm-action asks with empty properties and runs on accept', async () => {
    let properties: unknown;
    const client = await connect(era, (params) => {
      properties = params.mode === 'url' ? undefined : params.requestedSchema.properties;
      return { action: 'accept', content: {} };
    });
    expect(summary(await client.callTool({ name: 'confirm-action', arguments: {} }))).toEqual({
      status: 'completed',
      archived: 3,
    });
    expect(properties).toEqual({});
  });

  it('api-key-form asks for an "API key" in a form and never echoes or logs it', async () => {
    let title: unknown;
    const client = await connect(era, (params) => {
      title = params.mode === 'url' ? undefined : params.requestedSchema.properties['apiKey']?.title;
      return { action: 'accept', content: { apiKey: 'sk-demo-1234567890' } };
    });
    const { value: result, lines } = await logged(() => client.callTool({ name: 'api-key-form', arguments: {} }));
    expect(title).toBe('API key');
    expect(summary(result)).toEqual({ status: 'received', keyLength: 18 });
    expect(JSON.stringify([result, lines])).not.toContain('sk-demo');
  });

  it('connect-account sends a URL request to its own loopback page; "Done" there completes it', async () => {
    const urls: string[] = [];
    const completions: string[] = [];
    const client = await connect(era, async (params) => {
      if (params.mode !== 'url') {
        return { action: 'decline' };
      }
      urls.push(params.url);
      if (era === 'modern' && urls.length === 2) {
        await pressDone(params.url); // the retry after "Done" completes
      }
      return { action: 'accept' };
    });
    client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
      completions.push(notification.params.elicitationId);
    });
    const call = client.callTool({ name: 'connect-account', arguments: {} });
    if (era === 'legacy') {
      await waitUntil(() =>
        demo.log.some((line) => line.tool === 'connect-account' && line.action === 'waiting' && line.era === era),
      );
      const page = await fetch(urls[0] ?? '');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await page.text()).toContain('data-testid="connect-done"');
      await pressDone(urls[0] ?? '');
    }
    const result = await call;
    const flowId = new URL(urls[0] ?? '').pathname.split('/').at(-1);
    expect(new URL(urls[0] ?? '').origin).toBe(new URL(demo.url).origin);
    expect(summary(result)).toEqual({ status: 'completed', connected: true, flowId });
    if (era === 'legacy') {
      expect(completions).toEqual([flowId]);
    } else {
      expect(urls).toEqual([urls[0], urls[0]]); // asked again with the same flow until "Done"
    }
  });

  it.each([
    ['decline', 'not_started'],
    ['cancel', 'cancelled'],
  ] as const)('connect-account: %s → %s', async (action, status) => {
    const client = await connect(era, () => ({ action }));
    expect(summary(await client.callTool({ name: 'connect-account', arguments: {} }))).toMatchObject({ status });
  });

  it('connect-account: a form-only client gets a controlled error at once', async () => {
    const client = await connect(era, undefined, { form: {} });
    const outcome: unknown = await client
      .callTool({ name: 'connect-account', arguments: {} })
      .catch((error: unknown) => error);
    if (era === 'legacy') {
      expect(outcome).toMatchObject({ isError: true, content: [{ text: 'Client does not support URL elicitation.' }] });
    } else {
      expect(outcome).toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: { url: {} } } } });
    }
  });
});

/** A modern client that does not fulfil rounds itself: input_required results come back as they are. */
async function manualClient(): Promise<Client> {
  const client = new Client(
    { name: 'demo-server-test', version: '1.0.0' },
    {
      capabilities: { elicitation: { form: {}, url: {} } },
      versionNegotiation: { mode: 'auto' },
      inputRequired: { autoFulfill: false },
    },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(demo.url)));
  open.push(client);
  expect(client.getProtocolEra()).toBe('modern');
  return client;
}
const firstRound = async (client: Client, name: string) =>
  (await client.callTool({ name, arguments: {} }, { allowInputRequired: true })) as unknown as {
    resultType: string;
    requestState: string;
  };
const EXPORT_ANSWER = {
  export_options: { action: 'accept', content: { format: 'csv', maxRows: 3, includeHeaders: false } },
};
/** A manual retry: `callTool`'s parameter type lists only the 2025 fields; the 2026 ones travel as given. */
const retry = (
  client: Client,
  params: { name: string; inputResponses: unknown; requestState?: string; arguments?: Record<string, unknown> },
  options?: { allowInputRequired: true },
) => client.callTool({ arguments: {}, ...params } as Parameters<Client['callTool']>[0], options);

describe('2026-07-28 rounds: sealed requestState (integrity, TTL, bound to the question asked)', () => {
  it('a round carries a signed state naming the tool and the keys it asked, and the retry with it completes', async () => {
    const client = await manualClient();
    const round = await firstRound(client, 'export-data');
    expect(round.resultType).toBe('input_required');
    expect(round.requestState).toMatch(/^v1\./);
    const body = JSON.parse(Buffer.from(round.requestState.split('.')[1] ?? '', 'base64url').toString()) as {
      p: unknown;
      exp: number;
    };
    // The arguments are bound too (a digest): a retry with other arguments answers nothing.
    expect(body.p).toEqual({
      tool: 'export-data',
      keys: ['export_options'],
      id: expect.any(String),
      epoch: expect.any(String),
      args: expect.any(String),
    });
    expect(body.exp * 1000).toBeGreaterThan(Date.now() + 15 * 60_000);
    const result = await retry(client, {
      name: 'export-data',
      inputResponses: EXPORT_ANSWER,
      requestState: round.requestState,
    });
    expect(summary(result)).toMatchObject({ status: 'completed', maxRows: 3 });
  });

  it('an altered or forged state is refused with -32602 before any tool runs', async () => {
    const client = await manualClient();
    const { requestState } = await firstRound(client, 'export-data');
    const [version, payload, mac] = requestState.split('.');
    const altered = Buffer.from(payload ?? '', 'base64url')
      .toString()
      .replace('export-data', 'export-DATA');
    for (const state of [
      `${version}.${Buffer.from(altered).toString('base64url')}.${mac}`,
      'v1.e30.AAAA',
      'export-data',
    ]) {
      const { value: outcome, lines } = await logged(() =>
        retry(client, { name: 'export-data', inputResponses: EXPORT_ANSWER, requestState: state }).catch(
          (error: unknown) => error,
        ),
      );
      expect(outcome).toMatchObject({
        code: -32602,
        message: expect.stringContaining('Invalid or expired requestState'),
      });
      expect(lines).toEqual([]);
    }
  });

  it('answers sent without a state, or with the state of another tool, answer nothing: the tool asks', async () => {
    const client = await manualClient();
    const other = await firstRound(client, 'confirm-action');
    for (const extra of [{}, { requestState: other.requestState }]) {
      const { value: result, lines } = await logged(() =>
        retry(client, { name: 'export-data', inputResponses: EXPORT_ANSWER, ...extra }, { allowInputRequired: true }),
      );
      expect(result).toMatchObject({
        resultType: 'input_required',
        inputRequests: { export_options: { method: 'elicitation/create' } },
      });
      expect(lines).toEqual([
        expect.objectContaining({
          tool: 'export-data',
          action: 'input-requested',
          detail: expect.objectContaining({ ignored: expect.any(String) }),
        }),
      ]);
    }
  });

  it('a replayed retry runs the operation once: confirm-action archives once, the replay gets the same result', async () => {
    const client = await manualClient();
    const round = await firstRound(client, 'confirm-action');
    const answer = { name: 'confirm-action', inputResponses: { confirm: { action: 'accept', content: {} } } };
    const first = await logged(() => retry(client, { ...answer, requestState: round.requestState }));
    expect(summary(first.value)).toEqual({ status: 'completed', archived: 3 });
    const replayed = await logged(() => retry(client, { ...answer, requestState: round.requestState }));
    expect(replayed.value).toEqual(first.value);
    expect([...first.lines, ...replayed.lines].filter((line) => line.detail?.['archived'] === 3)).toHaveLength(1);
    expect(replayed.lines).toEqual([expect.objectContaining({ tool: 'confirm-action', action: 'replayed' })]);
  });

  it('a retry with other arguments answers nothing: the round is asked again', async () => {
    const client = await manualClient();
    const round = await firstRound(client, 'export-data');
    const { value, lines } = await logged(() =>
      retry(
        client,
        {
          name: 'export-data',
          arguments: { format: 'json' },
          inputResponses: EXPORT_ANSWER,
          requestState: round.requestState,
        },
        { allowInputRequired: true },
      ),
    );
    expect(value).toMatchObject({ resultType: 'input_required' });
    expect(lines).toEqual([
      expect.objectContaining({
        action: 'input-requested',
        detail: expect.objectContaining({ ignored: expect.any(String) }),
      }),
    ]);
  });

  it('URL mode: the flow comes from the sealed state, so a retry cannot name another flow', async () => {
    const client = await manualClient();
    const round = (await firstRound(client, 'connect-account')) as unknown as {
      requestState: string;
      inputRequests: { connect: { params: { url: string } } };
    };
    const flowId = new URL(round.inputRequests.connect.params.url).pathname.split('/').at(-1);
    const body = JSON.parse(Buffer.from(round.requestState.split('.')[1] ?? '', 'base64url').toString()) as {
      p: unknown;
    };
    expect(body.p).toEqual({
      tool: 'connect-account',
      keys: ['connect'],
      id: expect.any(String),
      epoch: expect.any(String),
      flows: { connect: flowId },
    });
    await pressDone(round.inputRequests.connect.params.url);
    const done = await retry(client, {
      name: 'connect-account',
      inputResponses: { connect: { action: 'accept' } },
      requestState: round.requestState,
    });
    expect(summary(done)).toMatchObject({ status: 'completed', flowId });
  });
});

describe.each(['legacy', 'modern'] as const)('export-data with its options as arguments (%s era)', (era) => {
  it('runs without asking when the arguments hold every required option, re-validated like an answer', async () => {
    let asked = 0;
    const client = await connect(era, () => {
      asked += 1;
      return { action: 'cancel' };
    });
    const { value: result, lines } = await logged(() =>
      client.callTool({ name: 'export-data', arguments: { format: 'json', maxRows: 2 } }),
    );
    expect(asked).toBe(0);
    expect(summary(result)).toMatchObject({
      status: 'completed',
      format: 'json',
      maxRows: 2,
      includeHeaders: true,
      rows: 2,
    });
    expect(lines).toEqual([
      expect.objectContaining({ tool: 'export-data', era, action: 'arguments', validation: 'passed' }),
    ]);
    const partial = await client.callTool({ name: 'export-data', arguments: { format: 'json' } });
    expect(asked).toBe(1);
    expect(summary(partial)).toMatchObject({ status: 'cancelled' });
  });

  it('refuses out-of-range arguments as a tool error and runs nothing', async () => {
    const client = await connect(era, accept({ format: 'csv', maxRows: 1 }));
    const { value: outcome, lines } = await logged(() =>
      client
        .callTool({ name: 'export-data', arguments: { format: 'csv', maxRows: 20000 } })
        .catch((error: unknown) => error),
    );
    expect(JSON.stringify(outcome)).toMatch(/maxRows|10000/);
    expect(lines.filter((line) => line.validation === 'passed')).toEqual([]);
  });
});

describe('connect-storage (2025 era): URL elicitation required', () => {
  it('fails with -32042 until "Done", notifies completion, then succeeds on retry', async () => {
    const completions: string[] = [];
    const client = await connect('legacy');
    client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
      completions.push(notification.params.elicitationId);
    });
    const failure = (await client
      .callTool({ name: 'connect-storage', arguments: {} })
      .catch((error: unknown) => error)) as {
      code: number;
      data: { elicitations: { url: string; elicitationId: string }[] };
    };
    expect(failure.code).toBe(-32042);
    const [elicitation] = failure.data.elicitations;
    const again = (await client
      .callTool({ name: 'connect-storage', arguments: {} })
      .catch((error: unknown) => error)) as typeof failure;
    expect(again.data.elicitations[0]?.elicitationId).toBe(elicitation?.elicitationId); // same flow until done
    await pressDone(elicitation?.url ?? '');
    await waitUntil(() => completions.length > 0);
    expect(completions).toEqual([elicitation?.elicitationId]);
    expect(summary(await client.callTool({ name: 'connect-storage', arguments: {} }))).toMatchObject({
      status: 'completed',
    });
  });
});

describe('HTTP policy', () => {
  const origin = 'http://localhost:5173';

  it('answers a CORS preflight from a loopback origin with every MCP header allowed and exposed', async () => {
    const response = await fetch(demo.url, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,mcp-method,mcp-name,mcp-protocol-version,mcp-param-region',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of [
      'content-type',
      'mcp-method',
      'mcp-name',
      'mcp-session-id',
      'mcp-protocol-version',
      'last-event-id',
      'mcp-param-region',
    ]) {
      expect(allowed).toContain(header);
    }
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, DELETE, OPTIONS');
    expect(response.headers.get('access-control-expose-headers')).toBe(
      'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate',
    );
  });

  it('exposes the session header to a browser host on the 2025 path', async () => {
    const response = await fetch(demo.url, {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    const session = response.headers.get('mcp-session-id');
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    await response.body?.cancel();
    // DELETE ends the session; it is gone afterwards.
    const deleted = await fetch(demo.url, {
      method: 'DELETE',
      headers: { 'Mcp-Session-Id': session ?? '', 'Mcp-Protocol-Version': '2025-11-25' },
    });
    expect(deleted.status).toBe(200);
    const after = await fetch(demo.url, {
      method: 'GET',
      headers: { 'Mcp-Session-Id': session ?? '', Accept: 'text/event-stream' },
    });
    expect(after.status).toBe(404);
  });

  it.each(['http://evil.example', 'null', 'http://localhost.evil.example'])(
    'refuses Origin %s with 403',
    async (badOrigin) => {
      const response = await fetch(demo.url, {
        method: 'POST',
        headers: { Origin: badOrigin, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    },
  );

  it('still refuses Origin null on /mcp when the request claims Sec-Fetch-Site: same-origin', async () => {
    const response = await fetch(demo.url, {
      method: 'POST',
      headers: { Origin: 'null', 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
  });

  it("accepts the connect page's own Done form POST that a browser sends with Origin null", async () => {
    const flow = demo.flows.create('origin-null-test');
    const page = await fetch(new URL(`/connect/${flow.id}`, demo.url));
    // The page keeps the real origin on its own POST (no-referrer would make browsers send Origin: null).
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    await page.body?.cancel();
    const done = new URL(`/connect/${flow.id}/done`, demo.url);
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const crossSite = await fetch(done, {
      method: 'POST',
      headers: { ...form, Origin: 'null', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const bare = await fetch(done, { method: 'POST', headers: { ...form, Origin: 'null' } });
    expect(bare.status).toBe(403);
    expect(flow.completed).toBe(false);
    const own = await fetch(done, {
      method: 'POST',
      headers: { ...form, Origin: 'null', 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBeNull();
    expect(await own.text()).toContain('data-testid="connect-completed"');
    expect(flow.completed).toBe(true);
  });

  it.each(['evil.example', 'evil.example:80', '127.0.0.1.nip.io'])(
    'refuses Host %s with 403 (DNS rebinding)',
    async (host) => {
      expect(await statusWithHost(host)).toBe(403);
    },
  );

  it('accepts loopback Host names', async () => {
    for (const host of [`127.0.0.1:${demo.port}`, `localhost:${demo.port}`]) {
      expect(await statusWithHost(host)).not.toBe(403);
    }
  });

  it('answers unknown paths and unknown flows with 404', async () => {
    expect((await fetch(new URL('/nope', demo.url))).status).toBe(404);
    expect((await fetch(new URL('/connect/00000000-0000-4000-8000-000000000000', demo.url))).status).toBe(404);
  });

  it('refuses to bind a non-loopback interface', async () => {
    await expect(startDemoServer({ port: 0, host: '0.0.0.0', silent: true })).rejects.toThrow(RangeError);
  });
});

/** Presses the page's "Done" button (a plain form POST, as the browser would send it). */
async function pressDone(url: string): Promise<void> {
  const response = await fetch(`${url}/done`, { method: 'POST', headers: { Origin: new URL(url).origin } });
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('data-testid="connect-completed"');
}

/** Polls a condition the server reaches on its own (no timing assertions: the test timeout bounds it). */
async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A GET with a forged Host header (fetch cannot set Host). */
function statusWithHost(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: demo.port,
        path: '/mcp',
        method: 'GET',
        headers: { Host: host, Accept: 'text/event-stream' },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end();
  });
}
