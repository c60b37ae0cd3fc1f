// The SDK v1 adapter against a server built on SDK v1 (`McpServer` of `@modelcontextprotocol/sdk` 1.32, its own
// Streamable HTTP transport with sessions, loopback): both revisions SDK v1 speaks, 2025-11-25 and 2025-06-18.
import { createElicitationQueue, parseElicitation } from '@elicitation-kit/core';
import type { ElicitationQueue } from '@elicitation-kit/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { EXPORT_PARAMS, REF_PARAMS, firstEntry, waitForQueue } from '../test/harness.js';
import { askingFor, closedAfterEach, eventLog, serverForFile, summary } from '@elicitation-kit/test-mcp-server/hosts';
import { startSdkV1Server } from '../test/sdk-v1-server.js';
import type { ElicitationEvent } from '../types.js';
import { attachElicitation } from './attach.js';

const server = serverForFile(startSdkV1Server);

const open = closedAfterEach<Client>();

interface Host {
  client: Client;
  queue: ElicitationQueue;
  events: ElicitationEvent[];
  nextEvent(match: (event: ElicitationEvent) => boolean): Promise<ElicitationEvent>;
}

async function connectTo(revision: '2025-11-25' | '2025-06-18'): Promise<Host> {
  const client = new Client({ name: 'sdk-v1-host', version: '1.0.0' });
  const queue = createElicitationQueue();
  const log = eventLog<ElicitationEvent>();
  attachElicitation(client, { queue, server: { url: server().url }, onEvent: log.onEvent });
  const transport = new StreamableHTTPClientTransport(new URL(server().url), { fetch: askingFor(revision) });
  await client.connect(transport);
  open.push(client);
  expect(transport.protocolVersion).toBe(revision);
  return { client, queue, events: log.events, nextEvent: log.next };
}

/** A client's JSON-RPC error as an SDK v1 server reports it: an `McpError`, whose message the SDK prefixes. */
const onTheServer = (error: { code: number; message: string; data?: unknown }) => ({
  ...error,
  message: `MCP error ${String(error.code)}: ${error.message}`,
});

const ask = (client: Client, params: unknown) =>
  client.callTool({ name: 'ask', arguments: { params: params as Record<string, unknown> } });

describe.each(['2025-11-25', '2025-06-18'] as const)('the SDK v1 adapter against an SDK v1 server (%s)', (revision) => {
  it('shows the form with the server’s identity and the answer reaches the server', async () => {
    const { client, queue } = await connectTo(revision);
    const call = ask(client, EXPORT_PARAMS);
    const entry = await firstEntry(queue);
    expect(entry).toMatchObject({
      era: 'legacy',
      server: { name: 'sdk-v1-test-server', title: 'SDK v1 test server', version: '1.32.2', url: server().url },
      request: { mode: 'form', message: EXPORT_PARAMS.message },
    });
    queue.respond(entry.id, { action: 'accept', content: { format: 'json', maxRows: 7 } });
    expect(summary(await call)).toEqual({
      result: { action: 'accept', content: { format: 'json', maxRows: 7 } },
    });
  });

  it('sees the key the SDK’s schema would strip ($ref) and refuses with core’s exact -32602', async () => {
    const { client, queue, events } = await connectTo(revision);
    const expected = parseElicitation(REF_PARAMS);
    if (expected.ok) {
      throw new Error('core must refuse $ref');
    }
    // The server receives core's code, sentence and data as they are; its own SDK then prefixes the message of the
    // McpError it rejects with ("MCP error -32602: "), once.
    expect(summary(await ask(client, REF_PARAMS))).toEqual({ error: onTheServer(expected.error) });
    expect(expected.error.data).toMatchObject({ path: 'requestedSchema.properties.country.$ref' });
    expect(queue.getSnapshot()).toEqual([]);
    expect(events).toMatchObject([{ type: 'rejected', era: 'legacy', error: expected.error }]);
  });

  it('closes the entry when the server withdraws the request (notifications/cancelled)', async () => {
    const { client, queue, events } = await connectTo(revision);
    const call = client.callTool({ name: 'ask-then-withdraw', arguments: { params: EXPORT_PARAMS, afterMs: 200 } });
    const entry = await firstEntry(queue);
    await waitForQueue(queue, (snapshot) => snapshot.length === 0);
    expect(entry.signal.aborted).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'cancelled', reason: 'aborted' });
    // The server gave up on its own (its timeout); nothing came back from the client.
    expect(summary(await call)).toMatchObject({ error: { message: expect.stringMatching(/abort/i) } });
  });
});

describe('revision rules through an SDK v1 session', () => {
  it('2025-11-25: a URL request on another site than the server is flagged, and its completion settles it', async () => {
    const { client, queue, nextEvent } = await connectTo('2025-11-25');
    const call = client.callTool({
      name: 'visit-url',
      arguments: { id: 'flow-1', url: 'https://auth.example.com/connect?flow=1' },
    });
    const entry = await firstEntry(queue);
    expect(entry.request).toMatchObject({
      mode: 'url',
      elicitationId: 'flow-1',
      link: { host: 'auth.example.com', sameSiteAsServer: false },
    });
    queue.respond(entry.id, { action: 'accept' });
    const completed = nextEvent((event) => event.type === 'completed');
    await waitForQueue(queue, (snapshot) => snapshot.length === 0);
    server().finishPage('flow-1');
    expect(await completed).toMatchObject({ type: 'completed', elicitationId: 'flow-1' });
    expect(summary(await call)).toEqual({ result: { action: 'accept' } });
  });

  it('2025-06-18: URL mode does not exist yet, so the kit refuses it with -32602 (mode-not-in-era)', async () => {
    const { client, queue, events } = await connectTo('2025-06-18');
    const params = { mode: 'url', message: 'Sign in', url: 'https://auth.example.com/x', elicitationId: 'flow-2' };
    const expected = parseElicitation(params, { protocolVersion: '2025-06-18' });
    if (expected.ok) {
      throw new Error('core must refuse URL mode under 2025-06-18');
    }
    expect(expected.error.data).toMatchObject({ reason: 'mode-not-in-era' });
    expect(summary(await ask(client, params))).toEqual({ error: onTheServer(expected.error) });
    expect(queue.getSnapshot()).toEqual([]);
    expect(events).toMatchObject([{ type: 'rejected', error: expected.error }]);
  });
});
