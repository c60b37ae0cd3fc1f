// The kit against the demo server over real Streamable HTTP on loopback, in both eras.
import { createElicitationQueue, parseElicitation } from '@elicitation-kit/core';
import type { ElicitationQueue } from '@elicitation-kit/core';
import { PARTNER_HOST, UNSUPPORTED_SCHEMA } from '@elicitation-kit/demo-server';
import { Client, ProtocolError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { attachElicitation } from '@elicitation-kit/mcp/sdk-v2';
import { firstEntry, waitForQueue } from '@elicitation-kit/test-mcp-server/hosts';
import { demoServerForFile } from './test/demo.js';
import { closedAfterEach, eventLog, flowIdOf, texts, waitUntil } from '@elicitation-kit/test-mcp-server/hosts';
import { pastAnyResponse, recordWire } from './test/wire-recorder.js';
import type { ElicitationEvent } from '@elicitation-kit/mcp';
import type { ElicitationAttachment } from '@elicitation-kit/mcp/sdk-v2';

const demo = demoServerForFile();

interface HttpSetup {
  client: Client;
  queue: ElicitationQueue;
  kit: ElicitationAttachment;
  events: ElicitationEvent[];
  /** Resolves with the next event (from now on) that matches. */
  nextEvent(match: (event: ElicitationEvent) => boolean): Promise<ElicitationEvent>;
}

const open = closedAfterEach<Client>();

async function connectHttp(era: 'legacy' | 'modern', fetchWith?: typeof fetch): Promise<HttpSetup> {
  const client = new Client(
    { name: 'http-test-host', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {},
  );
  const queue = createElicitationQueue();
  const log = eventLog<ElicitationEvent>();
  const kit = attachElicitation(client, { queue, server: { url: demo().url }, onEvent: log.onEvent });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(demo().url), fetchWith === undefined ? {} : { fetch: fetchWith }),
  );
  open.push(client);
  return { client, queue, kit, events: log.events, nextEvent: log.next };
}

describe.each(['legacy', 'modern'] as const)('against the demo server over Streamable HTTP (%s era)', (era) => {
  it('negotiates the era and shows the export form with the server identity', async () => {
    const { client, queue } = await connectHttp(era);
    expect(client.getProtocolEra()).toBe(era);
    const call = client.callTool({ name: 'export-data', arguments: {} });
    const entry = await firstEntry(queue);
    expect(entry).toMatchObject({
      era,
      server: { name: 'elicitation-kit-demo', title: 'Elicitation Kit demo server', url: demo().url },
      request: { mode: 'form', message: 'How should the orders export be produced?' },
    });
    queue.respond(entry.id, { action: 'accept', content: { format: 'csv', maxRows: 4, includeHeaders: true } });
    const [summary, csv] = texts(await call);
    expect(JSON.parse(summary ?? '{}')).toMatchObject({ status: 'completed', format: 'csv', rows: 4 });
    const lines = (csv ?? '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe('id,date,customer,product,quantity,total');
  });

  it.each([
    ['decline', 'not_started'],
    ['cancel', 'cancelled'],
  ] as const)('answers %s and the server reports %s', async (action, status) => {
    const { client, queue } = await connectHttp(era);
    const call = client.callTool({ name: 'export-data', arguments: {} });
    queue.respond((await firstEntry(queue)).id, { action });
    expect(JSON.parse(texts(await call)[0] ?? '{}')).toMatchObject({ status });
  });

  it('refuses the unsupported schema with -32602 before showing anything', async () => {
    const { client, queue, events } = await connectHttp(era);
    const parsed = parseElicitation({
      mode: 'form',
      message: 'Which country are you in?',
      requestedSchema: UNSUPPORTED_SCHEMA,
    });
    if (parsed.ok) {
      throw new Error('core must refuse the unsupported schema');
    }
    const expected = parsed.error;
    if (era === 'legacy') {
      const result = await client.callTool({ name: 'unsupported-schema', arguments: {} });
      expect(result.isError).toBe(true);
      expect(texts(result).join('\n')).toContain(`-32602: ${expected.message}`);
      expect(demo().log.at(-1)).toMatchObject({
        tool: 'unsupported-schema',
        era,
        action: 'client-error',
        detail: { code: -32602 },
      });
    } else {
      const failure: unknown = await client
        .callTool({ name: 'unsupported-schema', arguments: {} })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ProtocolError);
      expect(failure).toMatchObject({ code: -32602, data: expected.data });
    }
    expect(queue.getSnapshot()).toEqual([]);
    expect(events).toMatchObject([{ type: 'rejected', era, error: expected }]);
  });

  it('keeps kit.callTool alive while the user takes longer than its timeout to answer', async () => {
    const { client, queue, kit } = await connectHttp(era);
    const timeout = 300;
    // The SDK alone gives up (2025: the tools/call is open while the user answers; 2026-07-28: the total counts it).
    const bare = client
      .callTool({ name: 'export-data', arguments: {} }, era === 'legacy' ? { timeout } : { maxTotalTimeout: timeout })
      .catch((error: unknown) => error);
    const dropped = await firstEntry(queue);
    await new Promise((resolve) => setTimeout(resolve, 3 * timeout));
    queue.respond(dropped.id, { action: 'cancel' });
    expect(await bare).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    await waitForQueue(queue, (snapshot) => snapshot.length === 0);

    const call = kit.callTool({ name: 'export-data', arguments: {} }, { timeout, maxTotalTimeout: timeout });
    const entry = await firstEntry(queue);
    await new Promise((resolve) => setTimeout(resolve, 3 * timeout));
    queue.respond(entry.id, { action: 'accept', content: { format: 'csv', maxRows: 2, includeHeaders: false } });
    expect(JSON.parse(texts(await call)[0] ?? '{}')).toMatchObject({ status: 'completed', format: 'csv', rows: 2 });
  });

  it('removes the entry when the caller aborts the tool call', async () => {
    const { client, queue } = await connectHttp(era);
    const controller = new AbortController();
    const call = client.callTool({ name: 'all-field-types', arguments: {} }, { signal: controller.signal });
    const entry = await firstEntry(queue);
    controller.abort('host navigated away');
    await expect(call).rejects.toThrow(/host navigated away/);
    await waitForQueue(queue, (snapshot) => snapshot.length === 0);
    expect(entry.signal.aborted).toBe(true);
  });

  it('settles pending entries as cancel when the client closes', async () => {
    const { client, queue, events } = await connectHttp(era);
    const call = client.callTool({ name: 'confirm-action', arguments: {} });
    const entry = await firstEntry(queue);
    await client.close();
    await expect(call).rejects.toThrow();
    expect(queue.getSnapshot()).toEqual([]);
    expect(entry.signal.aborted).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'cancelled', reason: 'connection-closed' });
  });

  it('hands core the server URL: a page on another site is flagged, the server’s own page is not', async () => {
    const { client, queue } = await connectHttp(era);
    const partner = client.callTool({ name: 'connect-partner', arguments: {} });
    const away = await firstEntry(queue);
    expect(away.request).toMatchObject({
      mode: 'url',
      link: { host: PARTNER_HOST, canOpen: true, sameSiteAsServer: false },
    });
    expect(away.request.mode === 'url' && away.request.link.warnings.map((warning) => warning.code)).toContain(
      'different-site',
    );
    queue.respond(away.id, { action: 'decline' });
    expect(JSON.parse(texts(await partner)[0] ?? '{}')).toMatchObject({ status: 'not_started' });

    const own = client.callTool({ name: 'connect-account', arguments: {} });
    const home = await firstEntry(queue);
    expect(home.request).toMatchObject({ mode: 'url', link: { host: '127.0.0.1', sameSiteAsServer: true } });
    queue.respond(home.id, { action: 'decline' });
    await own;
  });

  it('runs the URL-mode flow to a loopback page the server serves', async () => {
    const { client, queue, events } = await connectHttp(era);
    const call = client.callTool({ name: 'connect-account', arguments: {} });
    const entry = await firstEntry(queue);
    expect(entry.request).toMatchObject({ mode: 'url', link: { canOpen: true, host: '127.0.0.1' } });
    const flowId = flowIdOf(entry);
    if (era === 'legacy') {
      expect(entry.request.mode === 'url' && entry.request.elicitationId).toBe(flowId);
      queue.respond(entry.id, { action: 'accept' });
      // The server waits for "Done" on its page, then notifies and returns.
      await waitForQueue(queue, (snapshot) => snapshot.length === 0);
      expect(demo().flows.complete(flowId)).toBe(true);
      expect(JSON.parse(texts(await call)[0] ?? '{}')).toMatchObject({ status: 'completed', flowId });
      expect(events.filter((event) => event.type === 'completed')).toMatchObject([{ elicitationId: flowId }]);
    } else {
      // Accepting before "Done": the retry finds the flow unfinished and the server asks again.
      queue.respond(entry.id, { action: 'accept' });
      const again = await firstEntry(queue);
      expect(again.id).not.toBe(entry.id);
      expect(flowIdOf(again)).toBe(flowId);
      expect(demo().flows.complete(flowId)).toBe(true);
      queue.respond(again.id, { action: 'accept' });
      expect(JSON.parse(texts(await call)[0] ?? '{}')).toMatchObject({ status: 'completed', flowId });
    }
  });
});

describe('the -32042 flow against the demo server (2025 era)', () => {
  it('surfaces the URL elicitation, dismisses it on the completion notification, then the retry succeeds', async () => {
    const { client, queue, kit } = await connectHttp('legacy');
    const failure: unknown = await client
      .callTool({ name: 'connect-storage', arguments: {} })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: -32042 });
    const [entry] = await kit.surfaceUrlRequired(failure);
    expect(entry).toMatchObject({
      kind: 'url-required',
      status: 'pending',
      request: { mode: 'url', link: { canOpen: true } },
    });
    if (entry === undefined) {
      return;
    }
    expect(demo().flows.complete(flowIdOf(entry))).toBe(true);
    // Delivered on the session's standalone GET stream; the kit dismisses the completed entry itself.
    await waitForQueue(queue, (snapshot) => snapshot.length === 0);
    expect(queue.respond(entry.id, { action: 'accept' })).toBe(false);
    const retried = await client.callTool({ name: 'connect-storage', arguments: {} });
    expect(JSON.parse(texts(retried)[0] ?? '{}')).toMatchObject({ status: 'completed', connected: true });
  });

  it('reports the completion once when the user dismissed the surfaced entry before "Done"', async () => {
    const { client, queue, kit, events, nextEvent } = await connectHttp('legacy');
    const failure: unknown = await client
      .callTool({ name: 'connect-storage', arguments: {} })
      .catch((error: unknown) => error);
    const [entry] = await kit.surfaceUrlRequired(failure);
    if (entry === undefined) {
      throw new Error('expected a surfaced URL elicitation');
    }
    const flowId = flowIdOf(entry);
    expect(queue.respond(entry.id, { action: 'accept' })).toBe(true);
    expect(queue.getSnapshot()).toEqual([]);
    const completed = nextEvent((event) => event.type === 'completed');
    // The server notifies on the session's standalone GET stream when "Done" is pressed.
    expect(demo().flows.complete(flowId)).toBe(true);
    expect(await completed).toMatchObject({ type: 'completed', elicitationId: flowId });
    const retried = await client.callTool({ name: 'connect-storage', arguments: {} });
    expect(JSON.parse(texts(retried)[0] ?? '{}')).toMatchObject({ status: 'completed', connected: true, flowId });
    expect(events.filter((event) => event.type === 'completed')).toHaveLength(1);
    expect(queue.getSnapshot()).toEqual([]);
  });
});

describe('on the wire (every JSON-RPC message the client sends, recorded by its fetch)', () => {
  it('2025: sends nothing for a request the server withdrew (notifications/cancelled), not even an error', async () => {
    const wire = recordWire();
    const { client, queue } = await connectHttp('legacy', wire.fetch);
    const call = client.callTool({ name: 'cancel-midway', arguments: { afterMs: 200 } });
    await firstEntry(queue);
    const id = wire.elicitationId();
    expect(JSON.parse(texts(await call)[0] ?? '{}')).toMatchObject({ status: 'withdrawn' });
    expect(wire.cancelled(id)).toBe(true);
    await pastAnyResponse();
    expect(wire.responsesTo(id)).toEqual([]);
  });

  it('2025: sends nothing for a request withdrawn because the caller aborted the tool call', async () => {
    const wire = recordWire();
    const { client, queue } = await connectHttp('legacy', wire.fetch);
    const controller = new AbortController();
    const call = client.callTool({ name: 'all-field-types', arguments: {} }, { signal: controller.signal });
    await firstEntry(queue);
    const id = wire.elicitationId();
    controller.abort('host navigated away');
    await expect(call).rejects.toThrow(/host navigated away/);
    await waitUntil(() => wire.cancelled(id));
    await waitForQueue(queue, (snapshot) => snapshot.length === 0);
    await pastAnyResponse();
    expect(wire.responsesTo(id)).toEqual([]);
  });

  it('2025: still sends the one answer of a request that was not withdrawn', async () => {
    const wire = recordWire();
    const { client, queue } = await connectHttp('legacy', wire.fetch);
    const call = client.callTool({ name: 'export-data', arguments: {} });
    const entry = await firstEntry(queue);
    const id = wire.elicitationId();
    queue.respond(entry.id, { action: 'decline' });
    expect(JSON.parse(texts(await call)[0] ?? '{}')).toMatchObject({ status: 'not_started' });
    expect(wire.responsesTo(id)).toEqual([{ jsonrpc: '2.0', id, result: { action: 'decline' } }]);
  });

  it('2026-07-28: sends the answer of a round with the call’s retry', async () => {
    const wire = recordWire();
    const { client, queue } = await connectHttp('modern', wire.fetch);
    const call = client.callTool({ name: 'export-data', arguments: {} });
    queue.respond((await firstEntry(queue)).id, { action: 'decline' });
    expect(JSON.parse(texts(await call)[0] ?? '{}')).toMatchObject({ status: 'not_started' });
    expect(wire.inputResponses()).toEqual([{ export_options: { action: 'decline' } }]);
  });

  it('2026-07-28: sends no answers for a round whose call the caller aborted', async () => {
    const wire = recordWire();
    const { client, queue } = await connectHttp('modern', wire.fetch);
    const controller = new AbortController();
    const call = client.callTool({ name: 'all-field-types', arguments: {} }, { signal: controller.signal });
    await firstEntry(queue);
    controller.abort('host navigated away');
    await expect(call).rejects.toThrow(/host navigated away/);
    await waitForQueue(queue, (snapshot) => snapshot.length === 0);
    await pastAnyResponse();
    expect(wire.inputResponses()).toEqual([]);
  });
});
