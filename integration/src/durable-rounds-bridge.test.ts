// Durable rounds through the bridge, everything real: the demo server over Streamable HTTP, the bridge behind Node's
// `http`, and the browser half reading it over loopback. The caller's queue and the resumer's are exposed under the
// round's owner, as any other queue: the page shows the question, loses it when the caller goes, shows it again when
// another process takes the round, and its answer completes the call once.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElicitationQueue } from '@elicitation-kit/core';
import { callToolDurably, createMemoryDurableRoundStore, resumeRounds } from '@elicitation-kit/mcp/durable';
import type { ResumedOutcome } from '@elicitation-kit/mcp/durable';
import { startDemoServer } from '@elicitation-kit/demo-server';
import type { DemoServer } from '@elicitation-kit/demo-server';
import { waitForQueue, waitUntil } from '@elicitation-kit/test-mcp-server/hosts';
import { openBrowser, startBackend } from './test/bridge-host.js';
import type { TestBackend, TestBrowser } from './test/bridge-host.js';
import { connectOverHttp } from './test/connect.js';

let demo: DemoServer;
let backend: TestBackend;
let tab: TestBrowser;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, silent: true });
  backend = await startBackend();
  tab = openBrowser(backend.url, 'alice');
});
afterAll(async () => {
  tab.close();
  await backend.close();
  await demo.close();
});

/** A client of the demo server as the host sets it up (the kit attached), speaking 2026-07-28. */
const connectClient = async (): Promise<Client> => (await connectOverHttp(demo.url)).client;

describe('durable rounds through the bridge (2026-07-28)', () => {
  it('the caller goes: the page loses the question, sees it again from the taker, and its answer completes the call once', async () => {
    const rounds = createMemoryDurableRoundStore();
    const from = demo.log.length;

    // The chat turn: its queue exposed to alice's page for as long as the turn lasts.
    const turnQueue = createElicitationQueue();
    const stopTurn = backend.bridge.expose('alice', turnQueue, { tag: 'chat-1' });
    const caller = await connectClient();
    const turnEnded = new AbortController();
    const call = callToolDurably(
      caller,
      { name: 'confirm-action', arguments: {} },
      {
        rounds,
        queue: turnQueue,
        owner: 'alice',
        tag: 'chat-1',
        server: { url: demo.url },
        lease: 300,
        signal: turnEnded.signal,
      },
    );
    const [shown] = await waitForQueue(tab.queue, (snapshot) => snapshot.length === 1);
    expect(shown?.request).toMatchObject({ message: 'Archive the 3 exports older than 30 days?' });

    // The turn ends before the user answers (its process is redeployed): the page's dialog closes.
    turnEnded.abort('redeploy');
    await expect(call).rejects.toBe('redeploy');
    stopTurn();
    await caller.close();
    await waitForQueue(tab.queue, (snapshot) => snapshot.length === 0);
    // Handed over, not cancelled: the page is told `moved` (the taker shows it again below, same round key).
    expect(shown?.signal.reason).toMatchObject({ code: 'moved' });
    expect(shown?.roundKey).toMatch(/\/1\/confirm$/);

    // Another process takes the round and shows it to its owner through the same bridge.
    const outcomes: ResumedOutcome[] = [];
    const resumer = resumeRounds({
      rounds,
      lease: 300,
      interval: 60_000,
      connect: async (round) => {
        const queue = createElicitationQueue();
        const stop = backend.bridge.expose(round.owner, queue, round.tag === undefined ? {} : { tag: round.tag });
        const client = await connectClient();
        return {
          client,
          queue,
          close: async () => {
            stop();
            await client.close();
          },
        };
      },
      onOutcome: (resumed) => {
        outcomes.push(resumed);
      },
    });
    try {
      expect(await resumer.scan()).toBe(1);
      const [again] = await waitForQueue(tab.queue, (snapshot) => snapshot.length === 1);
      expect(again?.id).not.toBe(shown?.id);
      expect(again?.request).toEqual(shown?.request);
      expect(again?.roundKey).toBe(shown?.roundKey);
      expect(tab.queue.respond(again?.id ?? '', { action: 'accept', content: {} })).toBe(true);
      await waitUntil(() => outcomes.length === 1);
      expect(outcomes[0]).toMatchObject({
        round: { owner: 'alice', tag: 'chat-1' },
        outcome: { type: 'result', result: { structuredContent: { status: 'completed', archived: 3 } } },
      });
      const archived = demo.log
        .slice(from)
        .filter((line) => line.tool === 'confirm-action' && line.detail?.['archived']);
      expect(archived).toHaveLength(1);
      await waitForQueue(tab.queue, (snapshot) => snapshot.length === 0);
    } finally {
      await resumer.stop();
    }
  });
});
