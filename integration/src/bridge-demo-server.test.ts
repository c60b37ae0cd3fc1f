// The bridge with everything real: the demo server (apps/demo-server) over Streamable HTTP, the SDK v2 client with
// the kit attached on the backend (one queue per tool call, exposed under its user, as the README's recipe does), the
// bridge behind Node's `http`, and the browser half reading it over loopback. Each outcome is the demo server's own
// result and log: what the MCP server really received.
import { DEMO_SERVER_INFO, startDemoServer } from '@elicitation-kit/demo-server';
import type { DemoServer } from '@elicitation-kit/demo-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitForQueue } from '@elicitation-kit/test-mcp-server/hosts';
import { runTool } from './test/bridge-backend.js';
import { openBrowser, startBackend, waitForEvent } from './test/bridge-host.js';
import type { TestBackend, TestBrowser } from './test/bridge-host.js';

let demo: DemoServer;
let backend: TestBackend;
let tab: TestBrowser;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, silent: true });
  backend = await startBackend();
  tab = openBrowser(backend.url, 'alice');
});
// A test that failed midway leaves nothing for the next one.
afterEach(async () => {
  for (const entry of tab.queue.getSnapshot()) {
    tab.queue.respond(entry.id, { action: 'cancel' });
  }
  await waitForQueue(tab.queue, (snapshot) => snapshot.length === 0);
});
afterAll(async () => {
  tab.close();
  await backend.close();
  await demo.close();
});

const nextEntry = async (): Promise<NonNullable<ReturnType<TestBrowser['queue']['getSnapshot']>[number]>> => {
  const [entry] = await waitForQueue(tab.queue, (snapshot) => snapshot.length > 0);
  return entry!;
};

describe.each(['legacy', 'modern'] as const)('the demo server through the bridge (%s era)', (era) => {
  it('export-data: the browser’s invalid answer is refused on the backend, its corrected one exports', async () => {
    const run = runTool(backend.bridge, { user: 'alice', mcpUrl: demo.url, era, name: 'export-data' });
    const entry = await nextEntry();
    expect(entry).toMatchObject({
      era,
      server: { name: DEMO_SERVER_INFO.name, url: demo.url },
      request: { mode: 'form', fields: [{ name: 'format' }, { name: 'maxRows' }, { name: 'includeHeaders' }] },
    });
    tab.queue.respond(entry.id, { action: 'accept', content: { format: 'csv', maxRows: 0 } });
    await waitForEvent(tab.events, (event) => event.type === 'refused' && event.entry.id === entry.id);
    const again = await nextEntry();
    expect(again.id).toBe(`${entry.id}#1`);
    tab.queue.respond(again.id, { action: 'accept', content: { format: 'json', maxRows: 2, includeHeaders: true } });
    expect(await run).toMatchObject({ status: 'completed', format: 'json', maxRows: 2 });
    // The server saw one answer: the valid one.
    expect(demo.log.filter((line) => line.tool === 'export-data' && line.era === era).at(-1)).toMatchObject({
      action: 'accept',
    });
  });

  it('export-data declined in the browser: the server reports not_started', async () => {
    const run = runTool(backend.bridge, { user: 'alice', mcpUrl: demo.url, era, name: 'export-data' });
    const entry = await nextEntry();
    tab.queue.respond(entry.id, { action: 'decline' });
    expect(await run).toMatchObject({ status: 'not_started' });
  });
});

describe('server-side endings, 2025-11-25', () => {
  it('cancel-midway: the server withdraws its question and the browser’s dialog closes (cancelled)', async () => {
    const run = runTool(backend.bridge, {
      user: 'alice',
      mcpUrl: demo.url,
      era: 'legacy',
      name: 'cancel-midway',
      arguments: { afterMs: 200 },
    });
    const entry = await nextEntry();
    await waitForQueue(tab.queue, (snapshot) => snapshot.length === 0);
    expect(entry.signal.reason).toMatchObject({ code: 'cancelled' });
    expect(await run).toMatchObject({ status: 'withdrawn' });
  });

  it('connect-account: consent in the browser, Done on the page, the server completes', async () => {
    const run = runTool(backend.bridge, { user: 'alice', mcpUrl: demo.url, era: 'legacy', name: 'connect-account' });
    const entry = await nextEntry();
    expect(entry.request).toMatchObject({ mode: 'url', link: { canOpen: true } });
    const flowId = entry.request.mode === 'url' ? entry.request.elicitationId : undefined;
    expect(entry.request.mode === 'url' && entry.request.url.endsWith(`/connect/${String(flowId)}`)).toBe(true);
    tab.queue.respond(entry.id, { action: 'accept' });
    await waitForEvent(tab.events, (event) => event.type === 'answered' && event.entry.id === entry.id);
    expect(demo.flows.complete(String(flowId))).toBe(true);
    expect(await run).toMatchObject({ status: 'completed', connected: true, flowId });
  });

  it('connect-storage (-32042): the URL elicitation leaves the browser when the server says it is complete', async () => {
    let flowId = '';
    const run = runTool(backend.bridge, {
      user: 'alice',
      mcpUrl: demo.url,
      era: 'legacy',
      name: 'connect-storage',
      async onError(error, kit, queue) {
        expect(await kit.surfaceUrlRequired(error)).toHaveLength(1);
        const entry = await nextEntry();
        expect(entry).toMatchObject({ kind: 'url-required', request: { mode: 'url' } });
        flowId = entry.request.mode === 'url' ? String(entry.request.elicitationId) : '';
        // The user finishes on the page; the server sends notifications/elicitation/complete on its GET stream.
        expect(demo.flows.complete(flowId)).toBe(true);
        await waitForQueue(queue, (snapshot) => snapshot.length === 0);
        await waitForQueue(tab.queue, (snapshot) => snapshot.length === 0);
        expect(entry.signal.reason).toMatchObject({ code: 'settled' });
      },
    });
    expect(await run).toMatchObject({ error: { code: -32042 } });
    expect(flowId).not.toBe('');
  });
});
