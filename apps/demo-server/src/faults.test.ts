// The fault tools and the debug endpoints with a real SDK v2 client over Streamable HTTP, in both eras.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult, ElicitRequest, ElicitResult, Progress } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_TOOL_NAMES, FAULT_TOOL_NAMES, startDemoServer } from './index.js';
import type { AnswerReport, DemoServer } from './index.js';

type Era = 'legacy' | 'modern';
type Answer = (params: ElicitRequest['params'], signal: AbortSignal) => ElicitResult | Promise<ElicitResult>;

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, silent: true, debug: true, resumable: true, title: 'Fault server' });
});
afterAll(async () => {
  await demo.close();
});
beforeEach(() => {
  demo.answers.reset();
});

let open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.map((client) => client.close()));
  open = [];
});

async function connect(era: Era, answer: Answer): Promise<Client> {
  const client = new Client(
    { name: 'faults-test', version: '1.0.0' },
    {
      capabilities: { elicitation: { form: {}, url: {} } },
      ...(era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {}),
    },
  );
  client.setRequestHandler('elicitation/create', (request, ctx) => answer(request.params, ctx.mcpReq.signal));
  await client.connect(new StreamableHTTPClientTransport(new URL(demo.url)));
  open.push(client);
  expect(client.getProtocolEra()).toBe(era);
  return client;
}

const summary = (result: unknown): Record<string, unknown> => {
  const first = (result as CallToolResult).content[0];
  return JSON.parse(first?.type === 'text' ? first.text : '{}') as Record<string, unknown>;
};

async function report(): Promise<AnswerReport> {
  const response = await fetch(new URL('/debug/answers', demo.url));
  expect(response.status).toBe(200);
  return (await response.json()) as AnswerReport;
}

const EXPORT_ANSWER: ElicitResult = { action: 'accept', content: { format: 'csv', maxRows: 5, includeHeaders: true } };

/** Resolves after `ms`, or rejects when `signal` aborts first. */
const waitOrAbort = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

describe.each(['legacy', 'modern'] as const)('fault tools (%s era)', (era) => {
  it('lists the fault tools after the demo tools, under the given title', async () => {
    const client = await connect(era, () => EXPORT_ANSWER);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([...DEMO_TOOL_NAMES, ...FAULT_TOOL_NAMES]);
    expect(client.getServerVersion()?.title).toBe('Fault server');
  });

  it('slow-export reports progress while it works, then asks once and uses the answer once', async () => {
    let asked = 0;
    const client = await connect(era, () => {
      asked += 1;
      return EXPORT_ANSWER;
    });
    const progress: Progress[] = [];
    const result = await client.callTool(
      { name: 'slow-export', arguments: { seconds: 1 } },
      { onprogress: (p) => progress.push(p) },
    );
    expect(summary(result)).toMatchObject({ status: 'completed', seconds: 1, format: 'csv', maxRows: 5, rows: 5 });
    expect(asked).toBe(1);
    // The server's own notifications (a 2026 client adds one per input round: "Fulfilling input required …").
    const server = progress.filter((p) => p.message?.startsWith('Preparing') === true);
    expect(server).toEqual([
      { progress: 1, total: 2, message: 'Preparing the export (1/2)' },
      { progress: 2, total: 2, message: 'Preparing the export (2/2)' },
    ]);
    const ledger = await report();
    expect(ledger.requests).toHaveLength(1);
    expect(ledger.requests[0]).toMatchObject({ era, tool: 'slow-export', asked: 1, answers: 1, outcomes: ['accept'] });
    expect(ledger.duplicates).toEqual([]);
  });

  it('flood asks `count` questions at once and counts every outcome', async () => {
    let index = 0;
    const client = await connect(era, () => {
      index += 1;
      return index % 2 === 0 ? { action: 'decline' } : { action: 'accept', content: { note: `n${index}` } };
    });
    const result = await client.callTool({ name: 'flood', arguments: { count: 6 } });
    expect(summary(result)).toEqual({ status: 'completed', asked: 6, outcomes: { accept: 3, decline: 3 } });
    const ledger = await report();
    expect(ledger.requests).toHaveLength(6);
    expect(ledger.requests.every((entry) => entry.asked === 1 && entry.answers === 1 && entry.tool === 'flood')).toBe(
      true,
    );
    expect(ledger.total).toBe(6);
  });

  it("flood with its defaults asks 12, within a host kit's per-server limit of 20; its maximum exceeds that limit", async () => {
    let asked = 0;
    const client = await connect(era, () => {
      asked += 1;
      return { action: 'decline' };
    });
    const { tools } = await client.listTools();
    const flood = tools.find((tool) => tool.name === 'flood');
    expect(flood?.inputSchema.properties?.['count']).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 500,
      default: 12,
    });
    expect(flood?.description).toContain('(default 12, at most 500)');
    expect(flood?.description).toContain(
      "Counts above the host's per-server limit (20 in the kit's default) are refused by a correct host with -32602 'too-many-pending'",
    );
    const result = await client.callTool({ name: 'flood', arguments: {} });
    expect(summary(result)).toEqual({ status: 'completed', asked: 12, outcomes: { decline: 12 } });
    expect(asked).toBe(12);
    expect((await report()).total).toBe(12);
  });

  it('cancel-midway: an answer given in time is used', async () => {
    const client = await connect(era, () => EXPORT_ANSWER);
    const result = await client.callTool({ name: 'cancel-midway', arguments: { afterMs: 5000 } });
    expect(summary(result)).toMatchObject({ status: 'completed', rows: 5 });
  });
});

describe('cancel-midway after the deadline', () => {
  it('2025: the server cancels its elicitation/create; the client sees the abort and the tool reports "withdrawn"', async () => {
    let aborted: unknown;
    const client = await connect('legacy', async (_params, signal) => {
      try {
        await waitOrAbort(5000, signal);
      } catch (reason) {
        aborted = reason;
        throw reason;
      }
      return EXPORT_ANSWER;
    });
    const result = await client.callTool({ name: 'cancel-midway', arguments: { afterMs: 200 } });
    expect(summary(result)).toMatchObject({ status: 'withdrawn', afterMs: 200 });
    expect(String(aborted)).toContain('The server withdrew its question.');
    const ledger = await report();
    expect(ledger.requests).toHaveLength(1);
    expect(ledger.requests[0]).toMatchObject({ asked: 1, answers: 0 });
    expect(demo.log.at(-1)).toMatchObject({ tool: 'cancel-midway', era: 'legacy', action: 'withdrawn' });
  });

  it('2026-07-28: an answer arriving after the deadline is counted once and refused as "withdrawn"', async () => {
    const client = await connect('modern', async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      return EXPORT_ANSWER;
    });
    const result = await client.callTool({ name: 'cancel-midway', arguments: { afterMs: 100 } });
    expect(summary(result)).toMatchObject({ status: 'withdrawn' });
    expect(String(summary(result)['message'])).toContain('Your answer was not used');
    const ledger = await report();
    expect(ledger.requests[0]).toMatchObject({ asked: 1, answers: 1, outcomes: ['accept'] });
  });
});

describe('replay-check', () => {
  it('2025, replayed while pending: the server sends it twice and the ledger counts the one answer', async () => {
    const client = await connect('legacy', async () => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      return EXPORT_ANSWER;
    });
    const result = await client.callTool({ name: 'replay-check', arguments: { when: 'pending' } });
    expect(summary(result)).toMatchObject({ status: 'completed', when: 'pending', replayed: true });
    const ledger = await report();
    expect(ledger.requests).toEqual([
      expect.objectContaining({ tool: 'replay-check', asked: 2, answers: 1, outcomes: ['accept'] }),
    ]);
    expect(ledger.duplicates).toEqual([]);
  });

  it('2025, replayed after the answer: a plain SDK client answers the copy too, and the ledger reports the duplicate', async () => {
    // This is what the kit's de-duplication prevents (e2e/specs/faults.spec.ts shows answers: 1 with the kit).
    const client = await connect('legacy', () => EXPORT_ANSWER);
    const result = await client.callTool({ name: 'replay-check', arguments: { when: 'answered' } });
    expect(summary(result)).toMatchObject({ status: 'completed', when: 'answered', replayed: true });
    const ledger = await report();
    expect(ledger.requests).toEqual([
      expect.objectContaining({ asked: 2, answers: 2, outcomes: ['accept', 'accept'] }),
    ]);
    expect(ledger.duplicates).toEqual([ledger.requests[0]?.key]);
  });

  it('2026-07-28: there is no request id to replay', async () => {
    const client = await connect('modern', () => EXPORT_ANSWER);
    const result = (await client.callTool({ name: 'replay-check', arguments: {} })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(summary(result)).toMatchObject({ status: 'unsupported' });
  });
});

describe('debug endpoints', () => {
  it('DELETE /debug/answers resets the ledger', async () => {
    const client = await connect('modern', () => EXPORT_ANSWER);
    await client.callTool({ name: 'flood', arguments: { count: 2 } });
    expect((await report()).total).toBe(2);
    const reset = await fetch(new URL('/debug/answers', demo.url), { method: 'DELETE' });
    expect(reset.status).toBe(204);
    expect(await report()).toEqual({ requests: [], total: 0, duplicates: [] });
  });

  it('POST /debug/drop cuts a 2025 stream mid-question; with resumable the client resumes and the answer still lands once', async () => {
    let calls = 0;
    const client = await connect('legacy', async () => {
      calls += 1;
      const drop = await fetch(new URL('/debug/drop', demo.url), { method: 'POST' });
      expect(drop.status).toBe(204);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      return EXPORT_ANSWER;
    });
    const result = await client.callTool({ name: 'slow-export', arguments: { seconds: 0 } });
    expect(summary(result)).toMatchObject({ status: 'completed', rows: 5 });
    expect(calls).toBe(1);
    const ledger = await report();
    expect(ledger.requests).toHaveLength(1);
    expect(ledger.requests[0]).toMatchObject({ asked: 1, answers: 1 });
  }, 15_000);

  it('restarts on the same port: close() then startDemoServer({ port }) forgets sessions, rounds and the ledger', async () => {
    const first = await startDemoServer({ port: 0, silent: true, debug: true });
    const port = first.port;
    const client = new Client(
      { name: 'faults-test', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler('elicitation/create', () => EXPORT_ANSWER);
    await client.connect(new StreamableHTTPClientTransport(new URL(first.url)));
    await client.callTool({ name: 'flood', arguments: { count: 1 } });
    expect(first.answers.report().total).toBe(1);
    await first.close();
    const second = await startDemoServer({ port, silent: true, debug: true });
    try {
      expect(second.url).toBe(first.url);
      expect(second.answers.report().total).toBe(0);
      // The old 2025 session is gone: the client's next request is refused.
      await expect(client.callTool({ name: 'flood', arguments: { count: 1 } })).rejects.toThrow();
    } finally {
      await client.close().catch(() => undefined);
      await second.close();
    }
  });

  it('serves nothing under /debug/ without the debug option', async () => {
    const plain = await startDemoServer({ port: 0, silent: true });
    try {
      const response = await fetch(new URL('/debug/answers', plain.url));
      expect(response.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
