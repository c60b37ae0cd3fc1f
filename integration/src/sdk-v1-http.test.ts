// The SDK v1 adapter against the demo server over real Streamable HTTP on loopback: an `@modelcontextprotocol/sdk`
// 1.32 `Client` (2025-11-25 session; SDK v1 has no stateless era) with the kit attached, every outcome.
import {
  createElicitationQueue,
  DEFAULT_MAX_PENDING_PER_SERVER,
  isTooManyPending,
  parseElicitation,
} from '@elicitation-kit/core';
import type { ElicitationQueue } from '@elicitation-kit/core';
import { DEMO_SERVER_INFO, PARTNER_HOST, UNSUPPORTED_SCHEMA } from '@elicitation-kit/demo-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { firstEntry, waitForQueue } from '@elicitation-kit/test-mcp-server/hosts';
import { demoServerForFile } from './test/demo.js';
import {
  closedAfterEach,
  droppingAnswers,
  eventCount,
  eventLog,
  flowIdOf,
  summary,
  texts,
  waitUntil,
} from '@elicitation-kit/test-mcp-server/hosts';
import { pastAnyResponse, recordWire } from './test/wire-recorder.js';
import type { ElicitationEvent } from '@elicitation-kit/mcp';
import { attachElicitation } from '@elicitation-kit/mcp/sdk-v1';
import type { ElicitationAttachment } from '@elicitation-kit/mcp/sdk-v1';

const demo = demoServerForFile();

const open = closedAfterEach<Client>();

interface V1Host {
  client: Client;
  queue: ElicitationQueue;
  kit: ElicitationAttachment;
  events: ElicitationEvent[];
  nextEvent(match: (event: ElicitationEvent) => boolean): Promise<ElicitationEvent>;
}

async function connectV1(fetchWith?: typeof fetch): Promise<V1Host> {
  const client = new Client({ name: 'sdk-v1-host', version: '1.0.0' });
  const queue = createElicitationQueue();
  const log = eventLog<ElicitationEvent>();
  const kit = attachElicitation(client, { queue, server: { url: demo().url }, onEvent: log.onEvent });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(demo().url), fetchWith === undefined ? {} : { fetch: fetchWith }),
  );
  open.push(client);
  return { client, queue, kit, events: log.events, nextEvent: log.next };
}

describe('the SDK v1 adapter against the demo server over Streamable HTTP', () => {
  it('shows the export form with the server identity and sends the accepted answer', async () => {
    const { client, queue } = await connectV1();
    const call = client.callTool({ name: 'export-data', arguments: {} });
    const entry = await firstEntry(queue);
    expect(entry).toMatchObject({
      era: 'legacy',
      kind: 'request',
      server: { name: DEMO_SERVER_INFO.name, url: demo().url },
      request: { mode: 'form', message: 'How should the orders export be produced?' },
    });
    queue.respond(entry.id, { action: 'accept', content: { format: 'csv', maxRows: 3, includeHeaders: true } });
    const result = await call;
    expect(summary(result)).toMatchObject({ status: 'completed', format: 'csv', rows: 3 });
    expect((texts(result)[1] ?? '').trimEnd().split('\r\n')).toHaveLength(4);
  });

  it.each([
    ['decline', 'not_started'],
    ['cancel', 'cancelled'],
  ] as const)('answers %s and the server reports %s', async (action, status) => {
    const { client, queue } = await connectV1();
    const call = client.callTool({ name: 'export-data', arguments: {} });
    queue.respond((await firstEntry(queue)).id, { action });
    expect(summary(await call)).toMatchObject({ status });
  });

  it('refuses the unsupported schema with core’s -32602, seen by the server word for word, and queues nothing', async () => {
    const { client, queue, events } = await connectV1();
    const parsed = parseElicitation({
      mode: 'form',
      message: 'Which country are you in?',
      requestedSchema: UNSUPPORTED_SCHEMA,
    });
    if (parsed.ok) {
      throw new Error('core must refuse the unsupported schema');
    }
    const result = await client.callTool({ name: 'unsupported-schema', arguments: {} });
    expect(result.isError).toBe(true);
    // Not the SDK's McpError wording ("MCP error -32602: …"): the server reads core's sentence as it is.
    expect(texts(result).join('\n')).toContain(`-32602: ${parsed.error.message}`);
    expect(texts(result).join('\n')).not.toContain('MCP error');
    expect(demo().log.at(-1)).toMatchObject({
      tool: 'unsupported-schema',
      era: 'legacy',
      action: 'client-error',
      detail: { code: -32602 },
    });
    expect(queue.getSnapshot()).toEqual([]);
    expect(events).toMatchObject([{ type: 'rejected', era: 'legacy', error: parsed.error }]);
  });

  it('closes the entry when the server withdraws its question (notifications/cancelled), sending nothing', async () => {
    const { client, queue, events } = await connectV1();
    const call = client.callTool({ name: 'cancel-midway', arguments: { afterMs: 200 } });
    const entry = await firstEntry(queue);
    await waitForQueue(queue, (snapshot) => snapshot.length === 0);
    expect(entry.signal.aborted).toBe(true);
    expect(summary(await call)).toMatchObject({ status: 'withdrawn' });
    expect(events.at(-1)).toMatchObject({ type: 'cancelled', reason: 'aborted' });
    expect(eventCount(events, 'answered')).toBe(0);
    expect(queue.respond(entry.id, { action: 'cancel' })).toBe(false);
  });

  it('refuses the request beyond the per-server limit with -32602 too-many-pending', async () => {
    const { client, queue, events } = await connectV1();
    const count = DEFAULT_MAX_PENDING_PER_SERVER + 1;
    const call = client.callTool({ name: 'flood', arguments: { count } });
    await waitUntil(
      () => queue.getSnapshot().length === DEFAULT_MAX_PENDING_PER_SERVER && eventCount(events, 'rejected') === 1,
    );
    const refusal = events.find((event) => event.type === 'rejected');
    expect(refusal?.type === 'rejected' && isTooManyPending(refusal.error)).toBe(true);
    const [first] = queue.getSnapshot();
    expect(queue.respondAll(first?.server.id ?? '', { action: 'cancel' })).toBe(DEFAULT_MAX_PENDING_PER_SERVER);
    expect(summary(await call)).toEqual({
      status: 'completed',
      asked: count,
      outcomes: { cancel: DEFAULT_MAX_PENDING_PER_SERVER, 'error -32602': 1 },
    });
  });

  it('shows a replayed request (same JSON-RPC id) once and answers it once', async () => {
    const { client, queue, events } = await connectV1();
    demo().answers.reset();
    const call = client.callTool({ name: 'replay-check', arguments: { when: 'pending' } });
    const entry = await firstEntry(queue);
    // The copy arrives 300 ms later and joins the same entry.
    await waitUntil(() =>
      demo()
        .answers.report()
        .requests.some((record) => record.asked === 2),
    );
    expect(queue.getSnapshot()).toHaveLength(1);
    queue.respond(entry.id, { action: 'accept', content: { format: 'json', maxRows: 1 } });
    await call;
    const report = demo().answers.report();
    expect(report.duplicates).toEqual([]);
    expect(report.requests.find((record) => record.asked === 2)).toMatchObject({ answers: 1 });
    expect(eventCount(events, 'shown')).toBe(1);
  });

  it('hands core the server URL: a page on another site is flagged, the server’s own page is not', async () => {
    const { client, queue } = await connectV1();
    const partner = client.callTool({ name: 'connect-partner', arguments: {} });
    const away = await firstEntry(queue);
    expect(away.request).toMatchObject({ mode: 'url', link: { host: PARTNER_HOST, sameSiteAsServer: false } });
    expect(away.request.mode === 'url' && away.request.link.warnings.map((warning) => warning.code)).toContain(
      'different-site',
    );
    queue.respond(away.id, { action: 'decline' });
    expect(summary(await partner)).toMatchObject({ status: 'not_started' });
  });

  it('runs the URL flow to its completion notification', async () => {
    const { client, queue, events } = await connectV1();
    const call = client.callTool({ name: 'connect-account', arguments: {} });
    const entry = await firstEntry(queue);
    expect(entry.request).toMatchObject({ mode: 'url', link: { canOpen: true, sameSiteAsServer: true } });
    const flowId = flowIdOf(entry);
    queue.respond(entry.id, { action: 'accept' });
    expect(demo().flows.complete(flowId)).toBe(true);
    expect(summary(await call)).toMatchObject({ status: 'completed', flowId });
    expect(events.filter((event) => event.type === 'completed')).toMatchObject([{ elicitationId: flowId }]);
  });

  it('surfaces a -32042 as a url-required entry, dismissed by the completion notification', async () => {
    const { client, queue, kit } = await connectV1();
    const failure: unknown = await client
      .callTool({ name: 'connect-storage', arguments: {} })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(McpError);
    expect(failure).toMatchObject({ code: -32042 });
    const [entry] = await kit.surfaceUrlRequired(failure);
    if (entry === undefined) {
      throw new Error('expected a surfaced URL elicitation');
    }
    expect(entry).toMatchObject({ kind: 'url-required', request: { mode: 'url', link: { sameSiteAsServer: true } } });
    expect(demo().flows.complete(flowIdOf(entry))).toBe(true);
    await waitForQueue(queue, (snapshot) => snapshot.length === 0);
    expect(summary(await client.callTool({ name: 'connect-storage', arguments: {} }))).toMatchObject({
      status: 'completed',
      connected: true,
    });
  });

  it('keeps kit.callTool alive while the user takes longer than its timeout, where the bare SDK call fails', async () => {
    const { client, queue, kit } = await connectV1();
    const timeout = 300;
    const bare = client
      .callTool({ name: 'export-data', arguments: {} }, undefined, { timeout })
      .catch((error: unknown) => error);
    const dropped = await firstEntry(queue);
    // The SDK's own timeout cancels the call; the server withdraws its question and the kit closes the entry.
    expect(await bare).toMatchObject({ code: -32001, message: 'MCP error -32001: Request timed out' });
    await waitForQueue(queue, (snapshot) => snapshot.length === 0);
    expect(dropped.signal.aborted).toBe(true);

    const call = kit.callTool({ name: 'export-data', arguments: {} }, undefined, { timeout, maxTotalTimeout: timeout });
    const entry = await firstEntry(queue);
    await new Promise((resolve) => setTimeout(resolve, 3 * timeout));
    queue.respond(entry.id, { action: 'accept', content: { format: 'csv', maxRows: 2, includeHeaders: false } });
    expect(summary(await call)).toMatchObject({ status: 'completed', rows: 2 });
  });

  it('times kit.callTool out on the server’s own slowness with the SDK’s McpError', async () => {
    const { kit } = await connectV1();
    const failure: unknown = await kit
      .callTool({ name: 'slow-export', arguments: { seconds: 3 } }, undefined, { timeout: 200 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(McpError);
    expect(failure).toMatchObject({ code: -32001, data: { timeout: 200 } });
  });

  it('keeps an answer whose response could not be sent, and resends the same response on request', async () => {
    let offline = true;
    const { queue, kit, nextEvent } = await connectV1(droppingAnswers(() => offline));
    const running = kit.callTool({ name: 'export-data', arguments: {} });
    const entry = await firstEntry(queue);
    const undelivered = nextEvent((event) => event.type === 'undelivered');
    queue.respond(entry.id, { action: 'accept', content: { format: 'csv', maxRows: 6, includeHeaders: true } });
    expect(await undelivered).toMatchObject({ type: 'undelivered', entry, canResend: true });
    expect(kit.undelivered()).toEqual([entry]);
    expect(await kit.resend(entry.id)).toBe(false);
    offline = false;
    expect(await kit.resend(entry.id)).toBe(true);
    expect(kit.undelivered()).toEqual([]);
    expect(summary(await running)).toMatchObject({ status: 'completed', rows: 6 });
  });

  it('removes the entry when the caller aborts the tool call', async () => {
    const { client, queue } = await connectV1();
    const controller = new AbortController();
    const call = client.callTool({ name: 'all-field-types', arguments: {} }, undefined, { signal: controller.signal });
    const entry = await firstEntry(queue);
    controller.abort('host navigated away');
    await expect(call).rejects.toThrow(/host navigated away/);
    await waitForQueue(queue, (snapshot) => snapshot.length === 0);
    expect(entry.signal.aborted).toBe(true);
  });

  it('settles pending entries as cancel when the connection closes, and chains the host’s onclose', async () => {
    const { client, queue, events } = await connectV1();
    let hostSawClose = false;
    // oxlint-disable-next-line unicorn/prefer-add-event-listener -- the SDK's Protocol has only this property
    client.onclose = () => {
      hostSawClose = true;
    };
    const call = client.callTool({ name: 'confirm-action', arguments: {} });
    const entry = await firstEntry(queue);
    await client.close();
    await expect(call).rejects.toThrow();
    expect(queue.getSnapshot()).toEqual([]);
    expect(entry.signal.aborted).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'cancelled', reason: 'connection-closed' });
    expect(hostSawClose).toBe(true);
  });
});

describe('the SDK v1 adapter on the wire (every JSON-RPC message it sends, recorded by its fetch)', () => {
  it('sends nothing for a request the server withdrew (notifications/cancelled), not even an error', async () => {
    const wire = recordWire();
    const { client, queue } = await connectV1(wire.fetch);
    const call = client.callTool({ name: 'cancel-midway', arguments: { afterMs: 200 } });
    await firstEntry(queue);
    const id = wire.elicitationId();
    expect(summary(await call)).toMatchObject({ status: 'withdrawn' });
    expect(wire.cancelled(id)).toBe(true);
    await pastAnyResponse();
    expect(wire.responsesTo(id)).toEqual([]);
  });

  it('sends nothing for a request withdrawn because the caller aborted the tool call', async () => {
    const wire = recordWire();
    const { client, queue } = await connectV1(wire.fetch);
    const controller = new AbortController();
    const call = client.callTool({ name: 'all-field-types', arguments: {} }, undefined, { signal: controller.signal });
    await firstEntry(queue);
    const id = wire.elicitationId();
    controller.abort('host navigated away');
    await expect(call).rejects.toThrow(/host navigated away/);
    // The SDK tells the server (notifications/cancelled for the call); the server withdraws its question in turn.
    await waitUntil(() => wire.cancelled(id));
    await waitForQueue(queue, (snapshot) => snapshot.length === 0);
    await pastAnyResponse();
    expect(wire.responsesTo(id)).toEqual([]);
  });

  it('still sends the one answer of a request that was not withdrawn', async () => {
    const wire = recordWire();
    const { client, queue } = await connectV1(wire.fetch);
    const call = client.callTool({ name: 'export-data', arguments: {} });
    const entry = await firstEntry(queue);
    const id = wire.elicitationId();
    queue.respond(entry.id, { action: 'accept', content: { format: 'csv', maxRows: 3, includeHeaders: true } });
    expect(summary(await call)).toMatchObject({ status: 'completed' });
    expect(wire.responsesTo(id)).toEqual([
      {
        jsonrpc: '2.0',
        id,
        result: { action: 'accept', content: { format: 'csv', maxRows: 3, includeHeaders: true } },
      },
    ]);
  });
});
