// The kit on a real SDK v1 McpServer over Streamable HTTP (v1's StreamableHTTPServerTransport on node:http), played
// by a real SDK v1 client that answers through core (parseElicitation + createElicitationSession), in both 2025
// revisions v1 speaks: every outcome, URL mode, the kit's wait policy instead of v1's 60 s, the revision rule, the
// fallbacks when nobody can be asked (not-asked, approvals), and one definition registered on a v1 and a v2 server
// giving the same records.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createElicitationSession, parseElicitation } from '@elicitation-kit/core';
import type { ElicitContent } from '@elicitation-kit/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import {
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  isInitializeRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportData } from '../../examples/export-tool.js';
import { callOnce } from '../test/harness.js';
import { connectHttp, startEndpoint } from '../test/http.js';
import { createTestFlows } from '../test/flows.js';
import { APPROVAL_REFUSAL_MESSAGES } from '../index.js';
import {
  createElicitationServer,
  defineTool,
  formQuestion,
  requestExtra,
  toolArguments,
  toolResult,
  urlQuestion,
} from './index.js';
import type { ElicitationServer, ElicitationServerOptions, ElicitationTool, OutcomeRecord } from './index.js';

type Revision = '2025-11-25' | '2025-06-18';
type UserAnswer = 'accept' | 'decline' | 'cancel';

interface V1Endpoint {
  url: string;
  kit: ElicitationServer;
  records: OutcomeRecord[];
  close(): Promise<void>;
}

/** A v1 McpServer per session behind v1's Streamable HTTP transport, the kit's tools registered on it. */
async function startV1(tools: readonly ElicitationTool[], options: ElicitationServerOptions = {}): Promise<V1Endpoint> {
  const records: OutcomeRecord[] = [];
  const kit = createElicitationServer({ ...options, onOutcome: (record) => records.push(record) });
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const servers: McpServer[] = [];
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const body: unknown = chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const id = req.headers['mcp-session-id'];
        let transport = typeof id === 'string' ? sessions.get(id) : undefined;
        if (transport === undefined && req.method === 'POST' && isInitializeRequest(body)) {
          const created = new StreamableHTTPServerTransport({
            sessionIdGenerator: () => randomUUID(),
            onsessioninitialized: (session) => {
              sessions.set(session, created);
            },
          });
          const server = new McpServer({ name: 'kit-v1-test', version: '1.0.0' });
          kit.register(server, tools);
          servers.push(server);
          await server.connect(created);
          transport = created;
        }
        if (transport === undefined) {
          res.writeHead(404).end();
          return;
        }
        await transport.handleRequest(req, res, body);
      })();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    kit,
    records,
    async close() {
      await Promise.all(servers.map((server) => server.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

interface ClientOptions {
  revision: Revision;
  /** `null`: no elicitation capability. @default { form: {}, url: {} } */
  modes?: { form?: Record<string, never>; url?: Record<string, never> } | null;
  answer?: (params: ElicitRequest['params']) => ElicitResult | Promise<ElicitResult>;
}

/** A v1 client over Streamable HTTP that asks for `revision` in its initialize. */
async function connectV1(url: string, options: ClientOptions): Promise<{ client: Client; revision: string }> {
  const modes = options.modes === undefined ? { form: {}, url: {} } : options.modes;
  const client = new Client(
    { name: 'kit-v1-client', version: '1.0.0' },
    { capabilities: modes === null ? {} : { elicitation: modes } },
  );
  if (options.answer !== undefined && modes !== null) {
    const answer = options.answer;
    client.setRequestHandler(ElicitRequestSchema, (request) => answer(request.params));
  }
  const transport = new StreamableHTTPClientTransport(new URL(url));
  // The v1 client always offers its latest revision (2025-11-25); the server answers with the one the client asks.
  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage, sendOptions) => {
    if ('method' in message && message.method === 'initialize' && 'id' in message) {
      const params = { ...message.params, protocolVersion: options.revision };
      return send({ ...message, params }, sendOptions);
    }
    return send(message, sendOptions);
  };
  await client.connect(transport);
  return { client, revision: transport.protocolVersion ?? '' };
}

/** A user answering through core: the request parsed by core, the values set in a core session, then the action. */
function userAnswers(action: UserAnswer, values: Record<string, unknown> = {}) {
  return (params: ElicitRequest['params']): ElicitResult => {
    const parsed = parseElicitation(params);
    if (!parsed.ok) {
      throw new Error(parsed.error.message);
    }
    let answer: ElicitResult | undefined;
    const session = createElicitationSession(parsed.request, {
      onAnswer: (result) => {
        answer = result as ElicitResult;
      },
    });
    if (action === 'accept') {
      session.setValues(values as Parameters<typeof session.setValues>[0]);
      const accepted = session.accept();
      if (!accepted.ok) {
        throw new Error(`core refused the answer: ${JSON.stringify(accepted)}`);
      }
    } else {
      session[action]();
    }
    return answer ?? { action: 'cancel' };
  };
}

/** A client that does not check: it sends whatever content it is given (the server must refuse it). */
function sendsAsIs(content: ElicitContent) {
  return (): ElicitResult => ({ action: 'accept', content: content as ElicitResult['content'] });
}

const finals = (records: readonly OutcomeRecord[]) => records.filter((record) => record.final);

let endpoints: { close(): Promise<void> }[] = [];
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await Promise.all(endpoints.map((endpoint) => endpoint.close()));
  endpoints = [];
});

async function startTracked(
  tools: readonly ElicitationTool[],
  options: ElicitationServerOptions = {},
): Promise<V1Endpoint> {
  const started = await startV1(tools, options);
  endpoints.push(started);
  return started;
}

async function callExport(
  revision: Revision,
  clientOptions: Omit<ClientOptions, 'revision'>,
  args: Record<string, unknown> = {},
) {
  const server = await startTracked([exportData]);
  const { client, revision: negotiated } = await connectV1(server.url, { revision, ...clientOptions });
  try {
    const result = await client.callTool({ name: 'export-data', arguments: args });
    return { result, records: server.records, negotiated };
  } finally {
    await client.close();
  }
}

describe.each<Revision>(['2025-11-25', '2025-06-18'])('SDK v1 McpServer, protocol %s', (revision) => {
  it('accept: the content is typed, re-validated by core and reaches the operation', async () => {
    const { result, records, negotiated } = await callExport(revision, {
      answer: userAnswers('accept', { format: 'json', maxRows: 25 }),
    });
    expect(negotiated).toBe(revision);
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({
      status: 'completed',
      format: 'json',
      maxRows: 25,
      includeHeaders: true,
    });
    expect(finals(records)).toEqual([
      {
        tool: 'export-data',
        era: 'legacy',
        keys: ['export_options'],
        action: 'accept',
        final: true,
        validation: 'passed',
        detail: { rows: 25 },
      },
    ]);
  });

  it('accept with invalid content: refused with each field and rule, the operation never runs', async () => {
    const { result, records } = await callExport(revision, { answer: sendsAsIs({ format: 'xml', maxRows: 0 }) });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ status: 'invalid' });
    const text = (result.content as { text: string }[])[1]?.text;
    expect(text).toMatch(/format: .*\(rule: option\)/);
    expect(text).toMatch(/maxRows: .*\(rule: minimum\)/);
    expect(finals(records)).toMatchObject([{ action: 'accept', validation: 'failed' }]);
    expect(finals(records)[0]?.issues?.map((issue) => [issue.field, issue.code])).toEqual([
      ['format', 'option'],
      ['maxRows', 'minimum'],
    ]);
  });

  it('decline and cancel stay apart', async () => {
    const declined = await callExport(revision, { answer: userAnswers('decline') });
    expect(declined.result.structuredContent).toMatchObject({ status: 'not_started', reason: 'declined' });
    expect(finals(declined.records)).toMatchObject([{ action: 'decline' }]);
    const cancelled = await callExport(revision, { answer: userAnswers('cancel') });
    expect(cancelled.result.structuredContent).toMatchObject({ status: 'cancelled', reason: 'cancelled' });
    expect(finals(cancelled.records)).toMatchObject([{ action: 'cancel' }]);
  });

  it('a client without the elicitation capability gets the controlled tool error at once', async () => {
    const { result, records } = await callExport(revision, { modes: null });
    expect(result).toEqual({
      content: [{ type: 'text', text: 'Client does not support form elicitation.' }],
      isError: true,
    });
    expect(finals(records)).toMatchObject([{ action: 'no-capability', mode: 'form' }]);
  });

  it('URL mode: the flow is awaited after accept, then completed and notified', async () => {
    const flows = createTestFlows();
    const signIn = defineTool({
      name: 'sign-in',
      description: 'Signs in on the server’s own page.',
      questions: { sign_in: urlQuestion({ message: 'Sign in to continue.', flows }) },
      accept: ({ sign_in }) => toolResult({ status: 'completed', flow: sign_in.flowId }),
    });
    const server = await startTracked([signIn]);
    const { client } = await connectV1(server.url, {
      revision,
      answer: (params) => {
        expect(params).toMatchObject({ mode: 'url', url: 'https://flows.test/flow-1', elicitationId: 'flow-1' });
        setTimeout(() => flows.complete('flow-1'), 20);
        return userAnswers('accept')(params);
      },
    });
    const completed: string[] = [];
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) => {
      completed.push(notification.params.elicitationId);
    });
    const result = await client.callTool({ name: 'sign-in', arguments: {} });
    await client.close();
    expect(result.structuredContent).toEqual({ status: 'completed', flow: 'flow-1' });
    expect(completed).toEqual(['flow-1']);
    expect(server.records.map(({ action, final }) => [action, final])).toEqual([
      ['input-requested', false],
      ['waiting', false],
      ['completed', true],
    ]);
    expect(server.records[1]).toMatchObject({ flows: { sign_in: 'flow-1' } });
  });

  it('arguments are the kit’s: listed as its schema, checked by core, defaults applied', async () => {
    const server = await startTracked([exportData]);
    const { client } = await connectV1(server.url, { revision });
    const listed = await client.listTools();
    expect(listed.tools[0]?.inputSchema).toMatchObject({ type: 'object', properties: {}, additionalProperties: false });
    const refused = await client.callTool({ name: 'export-data', arguments: { surprise: 1 } });
    await client.close();
    expect(refused).toMatchObject({ isError: true });
    expect((refused.content as { text: string }[])[0]?.text).toMatch(
      /^Input validation error: Invalid arguments for tool export-data: surprise: /,
    );
    expect(server.records).toEqual([]);
  });
});

/** One export call whose user takes `typingMs` (on the fake clock) to answer. */
async function typeSlowly(options: ElicitationServerOptions, typingMs: number) {
  const server = await startTracked([exportData], options);
  let asked!: () => void;
  const wasAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });
  let typed!: () => void;
  const done = new Promise<void>((resolve) => {
    typed = resolve;
  });
  const { client } = await connectV1(server.url, {
    revision: '2025-11-25',
    answer: async (params) => {
      asked();
      await done;
      return userAnswers('accept', { format: 'csv', maxRows: 5 })(params);
    },
  });
  // The client's own wait for the tool result must be as patient (v1's client default is 60 s too).
  const calling = client.callTool({ name: 'export-data', arguments: {} }, undefined, { timeout: 600_000 });
  await wasAsked;
  await vi.advanceTimersByTimeAsync(typingMs);
  typed();
  const result = await calling;
  await client.close();
  return { result, records: server.records };
}

describe('the kit’s wait policy on SDK v1', () => {
  it('sends each question with the kit’s timeout and resetTimeoutOnProgress, not v1’s 60 s default', async () => {
    const sent: unknown[] = [];
    const request = Server.prototype.request;
    vi.spyOn(Server.prototype, 'request').mockImplementation(function (this: Server, ...args) {
      if (args[0].method === 'elicitation/create') {
        sent.push(args[2]);
      }
      return request.apply(this, args);
    });
    await callExport('2025-11-25', { answer: userAnswers('decline') });
    expect(sent).toMatchObject([{ timeout: 600_000, resetTimeoutOnProgress: true }]);
  });

  it('a user still typing after 61 s is not cut off (fake clock); the kit’s own limit is the one that ends a wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    // v1's default (60 s) would have withdrawn this question; the kit's 10 minutes keep it open.
    const patient = await typeSlowly({}, 61_000);
    expect(patient.result.structuredContent).toMatchObject({ status: 'completed', format: 'csv', maxRows: 5 });
    // A kit limit of 30 s is the one applied: the question expires after it.
    const strict = await typeSlowly({ legacyTimeoutMs: 30_000 }, 31_000);
    expect(strict.result.structuredContent).toMatchObject({ status: 'expired' });
    expect(finals(strict.records)).toMatchObject([{ action: 'expired' }]);
  });
});

describe('one definition, SDK v1 and SDK v2', () => {
  it('the same defineTool object registered on a v1 and a v2 server gives the same records', async () => {
    const answer = { format: 'csv', maxRows: 10 };
    const v1 = await callExport('2025-11-25', { answer: userAnswers('accept', answer) });
    const v2 = await callOnce('legacy', exportData, () => ({ action: 'accept', content: answer }));
    expect(v1.records).toEqual(v2.records);
    expect(v1.result.structuredContent).toEqual(v2.result?.structuredContent);
    const declinedV1 = await callExport('2025-06-18', { answer: userAnswers('decline') });
    const declinedV2 = await callOnce('legacy', exportData, () => ({ action: 'decline' }));
    expect(declinedV1.records).toEqual(declinedV2.records);
  });

  it('on v1, call.ctx is v1’s handler context (requestExtra)', async () => {
    const seen: unknown[] = [];
    const probe = defineTool({
      name: 'probe',
      description: 'Reports its v1 context.',
      questions: exportData.spec.questions as typeof exportData extends ElicitationTool<infer Qs> ? Qs : never,
      accept: (_content, call) => {
        const extra = requestExtra(call);
        seen.push({ session: typeof extra.sessionId, request: typeof extra.requestId });
        return toolResult({ status: 'completed' });
      },
    });
    const server = await startTracked([probe]);
    const { client } = await connectV1(server.url, {
      revision: '2025-11-25',
      answer: userAnswers('accept', { format: 'csv', maxRows: 1 }),
    });
    await client.callTool({ name: 'probe', arguments: {} });
    await client.close();
    expect(seen).toEqual([{ session: 'string', request: 'number' }]);
  });
});

/** The packages the entry's modules import from (following relative imports), with or without type-only ones. */
function externalImports(withTypes: boolean): string[] {
  const seen = new Set<string>();
  const external = new Set<string>();
  // Value imports and re-exports only (`import type` / `export type` are erased), or every import.
  const pattern = withTypes
    ? /^(?:import|export) [^;]*? from '([^']+)';/gms
    : /^(?:import|export) (?!type )[^;]*? from '([^']+)';/gms;
  const walk = (url: URL): void => {
    if (seen.has(url.href)) {
      return;
    }
    seen.add(url.href);
    const source = readFileSync(fileURLToPath(url), 'utf8');
    for (const [, spec] of source.matchAll(pattern)) {
      if (spec === undefined) {
        continue;
      }
      if (spec.startsWith('.')) {
        walk(new URL(spec.replace(/\.js$/, '.ts'), url));
      } else {
        external.add(spec);
      }
    }
  };
  walk(new URL('index.ts', import.meta.url));
  return [...external].toSorted();
}

describe('the sdk-v1 entry', () => {
  it('loads no SDK v2 module at run time (a v1 server installs none)', () => {
    expect(externalImports(false)).toEqual(['@elicitation-kit/core', '@modelcontextprotocol/sdk/types.js', 'zod/v4']);
  });

  it('names no SDK v2 module in its types either, the shared serving steps included', () => {
    expect(externalImports(true).filter((spec) => !spec.startsWith('@modelcontextprotocol/sdk/'))).toEqual([
      '@elicitation-kit/core',
      'zod/v4',
    ]);
  });
});

// ─── The same serving steps as SDK v2: the revision rule, not-asked, approvals ──────────────────────────────────

/** `calls` calls of `name` on v1, then on v2 (a fresh server each), with the same client options. */
async function onBothSdks(
  tools: readonly ElicitationTool[],
  name: string,
  options: ClientOptions,
  args: (kit: Pick<ElicitationServer, 'approvals'>) => Promise<Record<string, unknown>> = () => Promise.resolve({}),
  calls = 1,
) {
  const v1 = await startTracked(tools);
  const v1Client = (await connectV1(v1.url, options)).client;
  const v1Args = await args(v1.kit);
  const v1Results: unknown[] = [];
  for (let index = 0; index < calls; index += 1) {
    v1Results.push(await v1Client.callTool({ name, arguments: v1Args }));
  }
  await v1Client.close();
  const v2 = await startEndpoint(tools);
  endpoints.push(v2);
  const { answer, ...rest } = options;
  const v2Client = await connectHttp(v2.url, 'legacy', {
    ...rest,
    ...(answer === undefined ? {} : { answer: answer as never }),
  });
  const v2Args = await args(v2.kit);
  const v2Results: unknown[] = [];
  for (let index = 0; index < calls; index += 1) {
    v2Results.push(await v2Client.callTool({ name, arguments: v2Args }));
  }
  await v2Client.close();
  return { v1: { results: v1Results, records: v1.records }, v2: { results: v2Results, records: v2.records } };
}

const TITLES = ['Standard (3–5 days)', 'Express (next day)'] as const;

const SHIPPING = {
  type: 'string',
  title: 'Shipping',
  oneOf: [
    { const: 'std', title: TITLES[0] },
    { const: 'exp', title: TITLES[1] },
  ],
  default: 'std',
} as const;

const ship = defineTool({
  name: 'ship',
  description: 'Asks how to ship.',
  questions: {
    choice: formQuestion({
      message: 'How should it ship?',
      requestedSchema: {
        type: 'object',
        properties: { shipping: SHIPPING, gift: { type: 'boolean', default: false } },
        required: ['shipping'],
      },
    }),
  },
  accept: ({ choice }) => toolResult({ status: 'completed', choice }),
});

const tag = defineTool({
  name: 'tag',
  description: 'Asks for tags (a multiple choice).',
  questions: {
    tags: formQuestion({
      message: 'Which tags?',
      requestedSchema: {
        type: 'object',
        properties: { tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['a', 'b'] } } },
      },
    }),
  },
  accept: ({ tags }) => toolResult({ status: 'completed', tags }),
});

describe('SDK v1: a form in the shape of the session’s revision', () => {
  it('2025-06-18: a titled choice goes as enum + enumNames, without mode or the defaults it lacks; core accepts it', async () => {
    const asked: Record<string, unknown>[] = [];
    const answer = (params: ElicitRequest['params']): ElicitResult => {
      asked.push(params as Record<string, unknown>);
      return userAnswers('accept', { shipping: 'exp', gift: true })(params);
    };
    const both = await onBothSdks([ship], 'ship', { revision: '2025-06-18', modes: {}, answer });
    expect(asked).toHaveLength(2);
    const [v1Asked, v2Asked] = asked;
    expect(v1Asked?.['mode']).toBeUndefined();
    // The titled choice as enum + enumNames, its default (which 2025-06-18 lacks on a string) left out.
    const schema = v1Asked?.['requestedSchema'] as { properties: Record<string, unknown> } | undefined;
    const { shipping, gift } = schema?.properties ?? {};
    expect(shipping).toEqual({ type: 'string', title: 'Shipping', enum: ['std', 'exp'], enumNames: [...TITLES] });
    expect(gift).toEqual({ type: 'boolean', default: false });
    expect(v1Asked).toEqual(v2Asked);
    expect(parseElicitation(v1Asked, { protocolVersion: '2025-06-18', modes: {} }).ok).toBe(true);
    expect(both.v1.results[0]).toMatchObject({
      structuredContent: { status: 'completed', choice: { shipping: 'exp', gift: true } },
    });
    expect(both.v1.results).toEqual(both.v2.results);
    expect(both.v1.records).toEqual(both.v2.records);
  });

  it('2025-11-25 gets the titled choice as defined', async () => {
    const asked: Record<string, unknown>[] = [];
    const server = await startTracked([ship]);
    const { client } = await connectV1(server.url, {
      revision: '2025-11-25',
      answer: (params) => {
        asked.push(params as Record<string, unknown>);
        return { action: 'decline' };
      },
    });
    await client.callTool({ name: 'ship', arguments: {} });
    await client.close();
    expect(asked).toMatchObject([{ mode: 'form', requestedSchema: { properties: { shipping: SHIPPING } } }]);
  });

  it('2025-06-18: a multiple choice is not asked; the tool error names the revision and the construct', async () => {
    const asked: unknown[] = [];
    const both = await onBothSdks([tag], 'tag', {
      revision: '2025-06-18',
      modes: {},
      answer: (params) => {
        asked.push(params);
        return { action: 'decline' };
      },
    });
    expect(asked).toEqual([]);
    const message =
      "The tool tag cannot ask its question on protocol revision 2025-06-18: the field 'tags' uses a multiple choice (type array), which 2025-06-18 does not have. Nothing was asked and nothing was done; a client on protocol revision 2025-11-25 or later can answer it.";
    const refusal = {
      status: 'unsupported',
      reason: 'revision',
      revision: '2025-06-18',
      construct: 'a multiple choice (type array)',
      message,
    };
    expect(both.v1.results).toEqual([
      { content: [{ type: 'text', text: JSON.stringify(refusal) }], structuredContent: refusal, isError: true },
    ]);
    expect(both.v1.results).toEqual(both.v2.results);
    expect(both.v1.records).toEqual([
      {
        tool: 'tag',
        era: 'legacy',
        keys: ['tags'],
        action: 'unsupported-revision',
        final: true,
        revision: '2025-06-18',
        construct: 'a multiple choice (type array)',
      },
    ]);
    expect(both.v1.records).toEqual(both.v2.records);
  });
});

const confirm = formQuestion({
  message: 'Archive the old exports?',
  requestedSchema: { type: 'object', properties: {} },
});

function archiveTools() {
  const runs: { args: unknown; key: string }[] = [];
  const archive = defineTool({
    name: 'archive',
    description: 'Archives old exports, after a confirmation or on an approval.',
    arguments: toolArguments({
      type: 'object',
      properties: { olderThanDays: { type: 'integer', minimum: 1, maximum: 365, default: 30 } },
    }),
    questions: { confirm },
    fallback: {
      approval: {
        approved: (call) => {
          runs.push({ args: call.args, key: call.idempotencyKey });
          return toolResult({ status: 'completed', archived: 3 });
        },
      },
    },
    accept: () => toolResult({ status: 'completed', archived: 3 }),
  });
  const later = defineTool({
    name: 'export-later',
    description: 'Says the user was never asked when it cannot ask.',
    questions: { confirm },
    fallback: 'not-asked',
    accept: () => toolResult({ status: 'completed' }),
  });
  return { archive, later, runs };
}

describe('SDK v1: when nobody can be asked', () => {
  it.each([
    ['no-elicitation-capability', null, 'this client does not support elicitation'],
    ['mode-not-supported', { url: {} }, 'this client does not support form elicitation'],
  ] as const)('fallback not-asked, %s: a not_asked result, the same as on v2', async (reason, modes, what) => {
    const { later } = archiveTools();
    const both = await onBothSdks([later], 'export-later', { revision: '2025-11-25', modes });
    expect(both.v1.results[0]).toMatchObject({
      structuredContent: {
        status: 'not_asked',
        reason,
        mode: 'form',
        message: `The user could not be asked: ${what}. Nothing was done. Do not retry this call as it is; ask the user in the conversation ("Archive the old exports?"), or have them use a client that supports it.`,
      },
    });
    expect((both.v1.results[0] as { isError?: boolean }).isError).toBeFalsy();
    expect(both.v1.results).toEqual(both.v2.results);
    expect(both.v1.records).toEqual([
      {
        tool: 'export-later',
        era: 'legacy',
        keys: ['confirm'],
        action: 'not-asked',
        final: true,
        reason,
        mode: 'form',
      },
    ]);
    expect(both.v1.records).toEqual(both.v2.records);
  });

  it('an approval minted by the v1 kit runs the tool once, then is refused as used; the same records as v2', async () => {
    const { archive, runs } = archiveTools();
    const mint = async (kit: Pick<ElicitationServer, 'approvals'>) => ({
      olderThanDays: 60,
      approval: await kit.approvals.mint(archive, { args: { olderThanDays: 60 } }),
    });
    const both = await onBothSdks([archive], 'archive', { revision: '2025-11-25', modes: null }, mint, 2);
    const [used, reused] = both.v1.results as { structuredContent?: unknown; isError?: boolean }[];
    expect(used?.structuredContent).toEqual({ status: 'completed', archived: 3 });
    expect(reused?.isError).toBe(true);
    expect(reused?.structuredContent).toEqual({
      status: 'refused',
      reason: 'approval-used',
      message: APPROVAL_REFUSAL_MESSAGES['approval-used'],
    });
    // Once on v1, once on v2: the operation sees the arguments without the approval, keyed by the approval's id.
    expect(runs).toEqual([
      { args: { olderThanDays: 60 }, key: expect.any(String) },
      { args: { olderThanDays: 60 }, key: expect.any(String) },
    ]);
    expect(both.v1.results).toEqual(both.v2.results);
    expect(both.v1.records.map((record) => [record.action, record.reason])).toEqual([
      ['approved', undefined],
      ['approval-refused', 'approval-used'],
    ]);
    expect(both.v1.records).toEqual(both.v2.records);
  });

  it('an approval from another v1 kit (another key) is refused as invalid', async () => {
    const { archive, runs } = archiveTools();
    const server = await startTracked([archive]);
    const other = createElicitationServer({ approvals: { key: 'another server signs with another key!' } });
    const { client } = await connectV1(server.url, { revision: '2025-11-25', modes: null });
    const result = await client.callTool({
      name: 'archive',
      arguments: { approval: await other.approvals.mint(archive) },
    });
    await client.close();
    expect(result.structuredContent).toMatchObject({ status: 'refused', reason: 'approval-invalid' });
    expect(runs).toEqual([]);
  });
});

/** A follow-up form whose options depend on the first answer. */
const formatFor = (formats: string[]) =>
  formQuestion({
    message: 'Which format?',
    requestedSchema: {
      type: 'object',
      properties: { format: { type: 'string', enum: formats } },
      required: ['format'],
    },
  });

describe('call.ask on SDK v1: questions that depend on earlier answers', () => {
  const chooseWarehouse = formQuestion({
    message: 'Export from which warehouse?',
    requestedSchema: {
      type: 'object',
      properties: { warehouse: { type: 'string', enum: ['berlin', 'lyon'] } },
      required: ['warehouse'],
    },
  });
  const exportFrom = defineTool({
    name: 'export-from',
    description: 'Exports from a warehouse, in one of its formats.',
    questions: { warehouse: chooseWarehouse },
    accept: async ({ warehouse }, call) => {
      const { format } = await call.ask({ format: formatFor(warehouse.warehouse === 'lyon' ? ['xml'] : ['csv']) });
      return toolResult({ status: 'completed', warehouse: warehouse.warehouse, format: format.format });
    },
  });

  it.each<Revision>(['2025-11-25', '2025-06-18'])(
    '%s: the follow-up is pushed on the call with the schema the first answer chose',
    async (revision) => {
      const server = await startTracked([exportFrom]);
      const seen: ElicitRequest['params'][] = [];
      const answers = [{ warehouse: 'lyon' }, { format: 'xml' }];
      const { client } = await connectV1(server.url, {
        revision,
        answer: (params) => {
          seen.push(params);
          return userAnswers('accept', answers[seen.length - 1])(params);
        },
      });
      const result = await client.callTool({ name: 'export-from', arguments: {} });
      await client.close();
      expect(result.structuredContent).toEqual({ status: 'completed', warehouse: 'lyon', format: 'xml' });
      expect(seen[1]).toMatchObject({ requestedSchema: { properties: { format: { enum: ['xml'] } } } });
      expect(server.records.map((record) => [record.action, record.keys])).toEqual([
        ['input-requested', ['warehouse']],
        ['input-requested', ['format']],
        ['accept', ['warehouse']],
      ]);
    },
  );
});
