// Both eras over real Streamable HTTP (serveBothEras, a real SDK v2 client): forms, URL mode with its completion
// (2025 notification, 2026 retry check), -32042, a withdrawn question, a cancelled call, and patience running out.
import type { Client } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryEventStore, defineTool, toolArguments, toolResult, urlQuestion } from './index.js';
import type { ElicitationTool, ProtocolEra } from './index.js';
import { exportData, exportOptions } from '../examples/export-tool.js';
import { createTestFlows } from './test/flows.js';
import { connectHttp, startEndpoint, waitUntil } from './test/http.js';
import type { HttpClientOptions, TestEndpoint } from './test/http.js';

const ERAS = ['legacy', 'modern'] as const;
const flows = createTestFlows();

const connectAccount = defineTool({
  name: 'connect-account',
  description: 'Connects an account on a page of ours.',
  questions: { connect: urlQuestion({ message: 'Sign in to the warehouse.', flows, patienceMs: 60_000 }) },
  messages: { expired: 'Not connected in time.' },
  accept: ({ connect }) => toolResult({ status: 'completed', flowId: connect.flowId }),
});
const connectStorage = defineTool({
  name: 'connect-storage',
  description: 'Connects storage (2025: -32042 until done).',
  questions: {
    storage: urlQuestion({
      message: 'Connect the bucket.',
      flows,
      legacy: 'url-required',
      requiredMessage: 'Storage is not connected yet.',
    }),
  },
  accept: ({ storage }) => toolResult({ status: 'completed', flowId: storage.flowId }),
});
const impatient = defineTool({
  name: 'impatient',
  description: 'A URL question that gives up fast.',
  questions: { connect: urlQuestion({ message: 'Quick, sign in.', flows, patienceMs: 50 }) },
  accept: () => toolResult({ status: 'completed' }),
});
const withdrawing = defineTool({
  name: 'withdrawing',
  description: 'Withdraws its question after `afterMs`.',
  arguments: toolArguments({ type: 'object', properties: { afterMs: { type: 'integer', minimum: 0, default: 100 } } }),
  questions: { export_options: exportOptions },
  withdrawAfterMs: ({ args }) => args.afterMs,
  accept: () => toolResult({ status: 'completed' }),
});
const TOOLS: readonly ElicitationTool[] = [exportData, connectAccount, connectStorage, impatient, withdrawing];

let endpoint: TestEndpoint;
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await endpoint?.close();
});

async function connectTo(era: ProtocolEra, options: HttpClientOptions = {}, kit = {}): Promise<Client> {
  endpoint = await startEndpoint(TOOLS, kit);
  const client = await connectHttp(endpoint.url, era, options);
  clients.push(client);
  return client;
}

const summary = (result: unknown): unknown => (result as CallToolResult).structuredContent;
const actions = (): string[] => endpoint.records.map((record) => record.action);

describe.each(ERAS)('over Streamable HTTP (%s era)', (era) => {
  it('serves the guide’s export tool: asked, answered, re-validated, exported', async () => {
    const client = await connectTo(era, {
      answer: () => ({ action: 'accept', content: { format: 'csv', maxRows: 7 } }),
    });
    expect(summary(await client.callTool({ name: 'export-data', arguments: {} }))).toEqual({
      status: 'completed',
      format: 'csv',
      maxRows: 7,
      includeHeaders: true,
    });
    expect(actions()).toEqual(['input-requested', 'accept']);
  });

  it('URL mode: "accept" is not completion; the operation runs once the flow is done', async () => {
    const urls: string[] = [];
    const client = await connectTo(era, {
      answer: (params) => {
        if (params.mode === 'url') {
          urls.push(params.url);
          // 2026: the second round (asked again while the flow is open) is answered after the user finished.
          if (era === 'modern' && urls.length === 2) {
            flows.complete(flows.started.at(-1)?.id ?? '');
          }
        }
        return { action: 'accept' };
      },
    });
    const completions: string[] = [];
    client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
      completions.push(notification.params.elicitationId);
    });
    const call = client.callTool({ name: 'connect-account', arguments: {} });
    if (era === 'legacy') {
      await waitUntil(() => actions().includes('waiting'));
      flows.complete(flows.started.at(-1)?.id ?? '');
    }
    const result = await call;
    const flowId = new URL(urls[0] ?? 'https://flows.test/').pathname.slice(1);
    expect(summary(result)).toEqual({ status: 'completed', flowId });
    if (era === 'legacy') {
      expect(completions).toEqual([flowId]);
      expect(actions()).toEqual(['input-requested', 'waiting', 'completed']);
    } else {
      expect(urls).toEqual([urls[0], urls[0]]);
      expect(actions()).toEqual(['input-requested', 'waiting', 'input-requested', 'completed']);
    }
  });

  it('URL mode: decline and cancel end the call without waiting', async () => {
    for (const action of ['decline', 'cancel'] as const) {
      const client = await connectTo(era, { answer: () => ({ action }) });
      const result = await client.callTool({ name: 'connect-account', arguments: {} });
      expect(summary(result)).toMatchObject({ status: action === 'decline' ? 'not_started' : 'cancelled' });
      expect(actions().at(-1)).toBe(action);
      await endpoint.close();
    }
  });

  it('capability first: a form-only client gets the controlled URL error at once', async () => {
    const client = await connectTo(era, { modes: { form: {} }, answer: () => ({ action: 'accept' }) });
    const before = flows.started.length;
    const outcome = await client.callTool({ name: 'connect-account', arguments: {} }).catch((error: unknown) => error);
    if (era === 'legacy') {
      expect(outcome).toMatchObject({ isError: true, content: [{ text: 'Client does not support URL elicitation.' }] });
    } else {
      expect(outcome).toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: { url: {} } } } });
    }
    // Nothing was started for a client that cannot open it.
    expect(flows.started.length).toBe(before);
    expect(endpoint.records).toMatchObject([{ action: 'no-capability', mode: 'url' }]);
  });

  it('withdraws its question after the deadline: nothing runs, the result says why', async () => {
    let aborted = '';
    const client = await connectTo(era, {
      answer: async (_params, signal) => {
        await new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => {
            aborted = String(signal.reason);
            resolve();
          });
          setTimeout(resolve, 400);
        });
        return { action: 'accept', content: { format: 'csv', maxRows: 1 } };
      },
    });
    const result = await client.callTool({ name: 'withdrawing', arguments: { afterMs: 100 } });
    expect(summary(result)).toMatchObject({ status: 'withdrawn', afterMs: 100 });
    expect(actions().at(-1)).toBe('withdrawn');
    if (era === 'legacy') {
      // 2025: the client received notifications/cancelled with the server's reason.
      expect(aborted).toContain('The server withdrew its question.');
      expect(JSON.stringify(result)).not.toContain('Your answer was not used');
    } else {
      // 2026: nothing reaches a client holding a round; the late answer is counted and not used.
      expect(JSON.stringify(result)).toContain('Your answer was not used');
    }
  });
});

describe('2025 sessions only', () => {
  it('url-required: -32042 until the flow is done, the completion notification, then the retry succeeds', async () => {
    const client = await connectTo('legacy');
    const completions: string[] = [];
    client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
      completions.push(notification.params.elicitationId);
    });
    const failure = (await client
      .callTool({ name: 'connect-storage', arguments: {} })
      .catch((error: unknown) => error)) as {
      code: number;
      message: string;
      data: { elicitations: { mode: string; url: string; elicitationId: string; message: string }[] };
    };
    expect(failure.code).toBe(-32042);
    expect(failure.message).toContain('Storage is not connected yet.');
    const [elicitation] = failure.data.elicitations;
    expect(elicitation).toMatchObject({ mode: 'url', message: 'Connect the bucket.' });
    const again = (await client
      .callTool({ name: 'connect-storage', arguments: {} })
      .catch((error: unknown) => error)) as typeof failure;
    expect(again.data.elicitations[0]?.elicitationId).toBe(elicitation?.elicitationId);
    flows.complete(elicitation?.elicitationId ?? '');
    await waitUntil(() => completions.length > 0);
    expect(completions).toEqual([elicitation?.elicitationId]);
    expect(summary(await client.callTool({ name: 'connect-storage', arguments: {} }))).toEqual({
      status: 'completed',
      flowId: elicitation?.elicitationId,
    });
    expect(actions()).toEqual(['url-required', 'url-required', 'completed']);
  });

  it('a cancelled tool call is logged as aborted and runs nothing', async () => {
    let asked = false;
    const client = await connectTo('legacy', {
      answer: (_params, signal) => {
        asked = true;
        return new Promise((resolve) => signal.addEventListener('abort', () => resolve({ action: 'cancel' })));
      },
    });
    const controller = new AbortController();
    const call = client.callTool({ name: 'export-data', arguments: {} }, { signal: controller.signal });
    await waitUntil(() => asked);
    controller.abort('the user pressed Stop');
    await expect(call).rejects.toThrow(/the user pressed Stop/);
    await waitUntil(() => actions().includes('aborted'));
    expect(actions()).toEqual(['input-requested', 'aborted']);
  });

  it('gives up on a URL flow after its patience: expired, nothing run', async () => {
    const client = await connectTo('legacy', { answer: () => ({ action: 'accept' }) });
    const result = (await client.callTool({ name: 'impatient', arguments: {} })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(summary(result)).toMatchObject({ status: 'expired' });
    expect(actions()).toEqual(['input-requested', 'waiting', 'expired']);
  });

  it('gives up on an unanswered form after the legacy timeout: expired, and the client is told', async () => {
    let cancelled = false;
    const client = await connectTo(
      'legacy',
      {
        answer: (_params, signal) =>
          new Promise((resolve) =>
            signal.addEventListener('abort', () => {
              cancelled = true;
              resolve({ action: 'cancel' });
            }),
          ),
      },
      { legacyTimeoutMs: 100 },
    );
    const result = (await client.callTool({ name: 'export-data', arguments: {} })) as CallToolResult;
    expect(summary(result)).toMatchObject({ status: 'expired' });
    await waitUntil(() => cancelled);
    expect(actions()).toEqual(['input-requested', 'expired']);
  });
});

/** Reads SSE events off a response body as they come (`{ id, data }` per event); `close` ends the stream. */
function sseEvents(response: Response): { next: () => Promise<{ id: string; data: string }>; close(): Promise<void> } {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (): Promise<{ id: string; data: string }> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const field = (name: string): string =>
          block
            .split('\n')
            .filter((line) => line.startsWith(`${name}: `) || line.startsWith(`${name}:`))
            .map((line) => line.slice(line.indexOf(':') + 1).trimStart())
            .join('\n');
        return { id: field('id'), data: field('data') };
      }
      const { value, done } = await reader.read();
      if (done) {
        throw new Error('the stream ended');
      }
      buffer += value;
    }
  };
  return { next, close: () => reader.cancel() };
}

describe('2025 sessions: a result stream that dropped', () => {
  it('resumes with Last-Event-ID (eventStore) and gets the same result, byte for byte', async () => {
    endpoint = await startEndpoint([exportData], {}, { eventStore: () => createMemoryEventStore() });
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
    const post = (body: unknown, session?: string) =>
      fetch(endpoint.url, {
        method: 'POST',
        headers: { ...headers, ...(session === undefined ? {} : { 'Mcp-Session-Id': session }) },
        body: JSON.stringify(body),
      });
    const init = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: { elicitation: { form: {} } },
        clientInfo: { name: 'raw-2025', version: '1.0.0' },
      },
    });
    const session = init.headers.get('mcp-session-id') ?? '';
    await init.text();
    expect((await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, session)).status).toBe(202);
    const call = await post(
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'export-data', arguments: {} } },
      session,
    );
    const stream = sseEvents(call);
    const next = stream.next;
    let asked = await next();
    while (!asked.data.includes('elicitation/create')) {
      asked = await next();
    }
    const request = JSON.parse(asked.data) as { id: number };
    const answer = { action: 'accept', content: { format: 'csv', maxRows: 4 } };
    expect((await post({ jsonrpc: '2.0', id: request.id, result: answer }, session)).status).toBe(202);
    const result = await next();
    expect(JSON.parse(result.data)).toMatchObject({ id: 2, result: { structuredContent: { status: 'completed' } } });
    // The client lost everything after the question (a dropped stream): it reconnects from the question's event.
    const resumed = await fetch(endpoint.url, {
      headers: { Accept: 'text/event-stream', 'Mcp-Session-Id': session, 'Last-Event-ID': asked.id },
    });
    const replayed = sseEvents(resumed);
    expect(await replayed.next()).toEqual(result);
    await Promise.all([replayed.close(), stream.close()]);
    expect(actions()).toEqual(['input-requested', 'accept']);
  });
});
