// The chat's AG-UI mode through the running host: `HttpAgent` of `@ag-ui/client` (the page's client, in Node, with the
// session cookie) runs `/api/ag-ui`; the demo server's question ends the run as an interrupt, the kit's queue over the
// agent shows it, and the answer resumes the run: the tool's result and the model's reply arrive. Signed-out and
// malformed requests are refused.
import { HttpAgent } from '@ag-ui/client';
import type { Message } from '@ag-ui/client';
import { createInterruptQueue } from '@elicitation-kit/ag-ui/client';
import type { InterruptElicitation, InterruptQueue } from '@elicitation-kit/ag-ui/client';
import { startDemoServer } from '@elicitation-kit/demo-server';
import type { DemoServer } from '@elicitation-kit/demo-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatHost } from '../server/app.js';
import type { ChatHost } from '../server/app.js';
import { signIn } from './harness.js';

let demo: DemoServer;
let host: ChatHost;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, silent: true });
  host = await startChatHost({ mcpUrl: demo.url, modelDelayMs: null });
});
afterAll(async () => {
  await host.close();
  await demo.close();
});

/** The page's agent and queue for a signed-in user. */
async function page(name: string): Promise<{ agent: HttpAgent; queue: InterruptQueue; runs: Promise<unknown>[] }> {
  const user = await signIn(host, name);
  const agent = new HttpAgent({ url: new URL('/api/ag-ui', host.url).href, headers: { cookie: user.cookie } });
  const runs: Promise<unknown>[] = [];
  const queue = createInterruptQueue(agent, {
    resume: (resume) => {
      const run = agent.runAgent({ resume });
      runs.push(run);
      return run;
    },
  });
  return { agent, queue, runs };
}

function lastText(messages: readonly Message[]): string | undefined {
  const reply = messages.findLast((message) => message.role === 'assistant' && typeof message.content === 'string');
  return typeof reply?.content === 'string' ? reply.content : undefined;
}

async function firstEntry(queue: InterruptQueue): Promise<InterruptElicitation> {
  await expect.poll(() => queue.getSnapshot().length).toBe(1);
  return queue.getSnapshot()[0]!;
}

describe('/api/ag-ui', () => {
  it('export: the question as an interrupt, accept resumes the run, the reply quotes the server', async () => {
    const { agent, queue, runs } = await page('agui-ada');
    agent.addMessage({ id: 'm-1', role: 'user', content: 'Export the orders' });
    await agent.runAgent();
    const entry = await firstEntry(queue);
    expect(entry).toMatchObject({
      server: { name: 'elicitation-kit-demo', url: demo.url },
      request: { mode: 'form', message: 'How should the orders export be produced?' },
    });
    queue.respond(entry.id, { action: 'accept', content: { format: 'json', maxRows: 2, includeHeaders: true } });
    await expect.poll(() => runs.length).toBe(1);
    await Promise.all(runs);
    expect(lastText(agent.messages)).toBe(
      'export-data answered: {"status":"completed","format":"json","maxRows":2,"includeHeaders":true,"rows":2,"mimeType":"application/json"}',
    );
    expect(agent.pendingInterrupts).toEqual([]);
    queue.close();
  });

  it('decline: the server starts nothing', async () => {
    const { agent, queue, runs } = await page('agui-bea');
    agent.addMessage({ id: 'm-1', role: 'user', content: 'Export the orders' });
    await agent.runAgent();
    queue.respond((await firstEntry(queue)).id, { action: 'decline' });
    await expect.poll(() => runs.length).toBe(1);
    await Promise.all(runs);
    expect(lastText(agent.messages)).toMatch(/^export-data answered: \{"status":"not_started"/);
    queue.close();
  });

  it('refuses a signed-out request (401) and a body that is not a RunAgentInput (400)', async () => {
    const url = new URL('/api/ag-ui', host.url);
    const body = JSON.stringify({ threadId: 't-1', runId: 'r-1', messages: [] });
    const signedOut = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect(signedOut.status).toBe(401);
    const user = await signIn(host, 'agui-cy');
    const wrong = await user.fetch('/api/ag-ui', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ threadId: '../x', runId: 'r-1', messages: [] }),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'wrong-shape' });
  });
});
