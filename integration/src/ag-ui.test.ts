// AG-UI interrupts over the wire, with real peers on both sides: an AG-UI agent (`@ag-ui/client`'s AbstractAgent)
// whose work is the AI SDK's mock model calling the demo server's tools through `@ai-sdk/mcp` and the kit's adapter
// (form mode), or a tool call of the SDK v2 adapter (URL mode), served over HTTP + SSE; the page side reads it with
// `HttpAgent` and `createInterruptQueue`. Every outcome: accept, decline, cancel, an answer the backend refuses then a
// good one, expiry, URL mode, both MCP eras.
import { EventType, HttpAgent } from '@ag-ui/client';
import type { BaseEvent, Message } from '@ag-ui/client';
import { createMCPClient } from '@ai-sdk/mcp';
import type { MCPClient } from '@ai-sdk/mcp';
import { createElicitationInterrupts } from '@elicitation-kit/ag-ui';
import type { ElicitationInterruptEvent } from '@elicitation-kit/ag-ui';
import { createInterruptQueue } from '@elicitation-kit/ag-ui/client';
import type { InterruptElicitation, InterruptQueue, InterruptQueueEvent } from '@elicitation-kit/ag-ui/client';
import { createElicitationQueue } from '@elicitation-kit/core';
import { attachElicitation, elicitationCapabilities } from '@elicitation-kit/mcp/ai-sdk';
import { attachElicitation as attachSdkV2 } from '@elicitation-kit/mcp/sdk-v2';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { McpToolAgent, modelWork, serveAgent, toolCallingModel } from './test/ag-ui-agent.js';
import type { ServedAgent, Work } from './test/ag-ui-agent.js';
import { demoServerForFile } from './test/demo.js';

const demo = demoServerForFile();

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).toReversed()) {
    await cleanup();
  }
});

/** The page's side: an HttpAgent on the served agent, the kit's queue over it, and what it reported. */
interface Page {
  agent: HttpAgent;
  queue: InterruptQueue;
  events: InterruptQueueEvent[];
  /** Resolves with the next entry the queue shows. */
  nextEntry(): Promise<InterruptElicitation>;
  /** Resolves once a resuming run has finished. */
  resumed(count: number): Promise<void>;
}

function openPage(served: ServedAgent): Page {
  const agent = new HttpAgent({ url: served.url, threadId: 'thread-1' });
  const events: InterruptQueueEvent[] = [];
  const finished: Promise<unknown>[] = [];
  const queue = createInterruptQueue(agent, {
    source: { name: 'Orders agent', url: served.url },
    onEvent: (event) => events.push(event),
    resume: (resume) => {
      const run = agent.runAgent({ resume });
      finished.push(run);
      return run;
    },
  });
  cleanups.push(() => queue.close());
  const nextEntry = () =>
    new Promise<InterruptElicitation>((resolve) => {
      const known = new Set(queue.getSnapshot().map(({ id }) => id));
      const check = () => {
        const entry = queue.getSnapshot().find(({ id }) => !known.has(id));
        if (entry !== undefined) {
          stop();
          resolve(entry);
        }
      };
      const stop = queue.subscribe(check);
    });
  const resumed = async (count: number) => {
    while (finished.length < count) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all(finished);
  };
  return { agent, queue, events, nextEntry, resumed };
}

/** The backend: an MCP client of the AI SDK with the kit attached, the model calling `tool`, the agent served. */
async function backend(tool: string, era: 'legacy' | 'modern', expiresAfterMs?: number) {
  const client = await createMCPClient({
    transport: { type: 'http', url: demo().url },
    capabilities: elicitationCapabilities(),
    protocolVersionDiscovery: era === 'modern',
  });
  const queue = createElicitationQueue();
  attachElicitation(client, { queue, server: { url: demo().url } });
  const tools = await client.tools();
  const events: ElicitationInterruptEvent[] = [];
  const elicitations = createElicitationInterrupts({
    queue,
    onEvent: (event) => events.push(event),
    ...(expiresAfterMs !== undefined && { expiresAfterMs }),
  });
  const model = toolCallingModel(tool);
  const served = await serveAgent(new McpToolAgent(elicitations, (prompt) => modelWork(model, tools, prompt)));
  cleanups.push(async () => {
    elicitations.close();
    await served.close();
    await (client as MCPClient).close();
  });
  return { served, queue, events, model };
}

/** The tool's result and the assistant's reply in the page agent's messages. */
function conversation(messages: readonly Message[]): { tool?: string; reply?: string } {
  const tool = messages.find((message) => message.role === 'tool');
  const reply = messages.findLast((message) => message.role === 'assistant' && typeof message.content === 'string');
  return {
    ...(typeof tool?.content === 'string' && { tool: tool.content }),
    ...(typeof reply?.content === 'string' && { reply: reply.content }),
  };
}

function userMessage(content: string): Message {
  return { id: 'user-1', role: 'user', content };
}

describe.each(['legacy', 'modern'] as const)('an AG-UI agent with the AI SDK and the demo server (%s era)', (era) => {
  it('accept: the question ends the run as an interrupt, the resume carries the answer, the result appears', async () => {
    const { served, queue: backendQueue } = await backend('export-data', era);
    const page = openPage(served);
    page.agent.addMessage(userMessage('Export the orders.'));
    const shown = page.nextEntry();
    await page.agent.runAgent();
    const entry = await shown;
    expect(entry).toMatchObject({
      era,
      server: { name: 'elicitation-kit-demo', url: demo().url },
      request: { mode: 'form', message: 'How should the orders export be produced?' },
      interrupt: { reason: 'input_required', responseSchema: { type: 'object' } },
    });
    expect(page.agent.pendingInterrupts.map(({ id }) => id)).toEqual([backendQueue.getSnapshot()[0]?.id]);
    page.queue.respond(entry.id, { action: 'accept', content: { format: 'csv', maxRows: 3, includeHeaders: true } });
    await page.resumed(1);
    const { tool, reply } = conversation(page.agent.messages);
    expect(tool).toContain('completed');
    expect(reply).toMatch(/^export-data answered: \{.*"status":"completed".*"rows":3/);
    expect(page.agent.pendingInterrupts).toEqual([]);
    expect(backendQueue.getSnapshot()).toEqual([]);
  });

  it('decline goes in the payload and reaches the server as decline', async () => {
    const { served } = await backend('export-data', era);
    const page = openPage(served);
    page.agent.addMessage(userMessage('Export the orders.'));
    const shown = page.nextEntry();
    await page.agent.runAgent();
    page.queue.respond((await shown).id, { action: 'decline' });
    await page.resumed(1);
    expect(conversation(page.agent.messages).tool).toContain('not_started');
  });

  it('cancel goes as a cancelled resume and reaches the server as cancel', async () => {
    const { served } = await backend('export-data', era);
    const page = openPage(served);
    page.agent.addMessage(userMessage('Export the orders.'));
    const shown = page.nextEntry();
    await page.agent.runAgent();
    page.queue.respond((await shown).id, { action: 'cancel' });
    await page.resumed(1);
    expect(conversation(page.agent.messages).tool).toContain('cancelled');
  });
});

describe('the backend’s checks (2026-07-28)', () => {
  it('refuses an answer that does not fit the form: RUN_ERROR, the question shown again, then a good answer', async () => {
    const { served, events: backendEvents } = await backend('export-data', 'modern');
    const page = openPage(served);
    page.agent.addMessage(userMessage('Export the orders.'));
    const shown = page.nextEntry();
    await page.agent.runAgent();
    const entry = await shown;
    const again = page.nextEntry();
    // A host answering without the dialog's checks: the agent checks with core and refuses.
    page.queue.respond(entry.id, { action: 'accept', content: { format: 'xml' } });
    const second = await again;
    expect(backendEvents.at(-1)).toMatchObject({ type: 'refused', error: { path: 'resume[0].payload.content' } });
    expect(second).toMatchObject({
      interrupt: { id: entry.interrupt.id },
      refused: {
        message: expect.stringMatching(/does not fit its form/),
        result: { action: 'accept', content: { format: 'xml' } },
      },
    });
    page.queue.respond(second.id, { action: 'accept', content: { format: 'json', maxRows: 2, includeHeaders: false } });
    await page.resumed(2);
    expect(conversation(page.agent.messages).tool).toContain('completed');
  });

  it('expiry: the backend cancels the MCP question at expiresAt, the page closes it and resumes it cancelled', async () => {
    const { served, events: backendEvents } = await backend('export-data', 'modern', 1500);
    const page = openPage(served);
    page.agent.addMessage(userMessage('Export the orders.'));
    const shown = page.nextEntry();
    await page.agent.runAgent();
    const entry = await shown;
    const expiresAt = Date.parse(entry.interrupt.expiresAt ?? '');
    expect(expiresAt - entry.createdAt).toBeGreaterThan(0);
    expect(expiresAt - entry.createdAt).toBeLessThanOrEqual(1500);
    await new Promise((resolve) => entry.signal.addEventListener('abort', resolve, { once: true }));
    await page.resumed(1);
    expect(page.events.some((event) => event.type === 'expired')).toBe(true);
    expect(backendEvents.some((event) => event.type === 'expired')).toBe(true);
    expect(conversation(page.agent.messages).tool).toContain('cancelled');
  });
});

describe('URL mode through AG-UI (the SDK v2 adapter, 2025-11-25)', () => {
  it('connect-account: the link on the page, consent resumes the run, Done on the page completes the tool', async () => {
    const client = new Client({ name: 'ag-ui-agent', version: '1.0.0' });
    const queue = createElicitationQueue();
    const kit = attachSdkV2(client, { queue, server: { url: demo().url } });
    await client.connect(new StreamableHTTPClientTransport(new URL(demo().url)));
    const elicitations = createElicitationInterrupts({ queue });
    const served = await serveAgent(
      new McpToolAgent(elicitations, async function* (): Work {
        const toolCallId = 'connect-1';
        yield { type: EventType.TOOL_CALL_START, toolCallId, toolCallName: 'connect-account' } as BaseEvent;
        yield { type: EventType.TOOL_CALL_END, toolCallId } as BaseEvent;
        const result = await kit.callTool({ name: 'connect-account', arguments: {} });
        const content = JSON.stringify(result);
        yield { type: EventType.TOOL_CALL_RESULT, messageId: 'connect-result', toolCallId, content } as BaseEvent;
      }),
    );
    cleanups.push(async () => {
      elicitations.close();
      await served.close();
      await client.close();
    });
    const page = openPage(served);
    page.agent.addMessage(userMessage('Connect my account.'));
    const shown = page.nextEntry();
    await page.agent.runAgent();
    const entry = await shown;
    expect(entry).toMatchObject({
      era: 'legacy',
      request: { mode: 'url', link: { canOpen: true, sameSiteAsServer: true } },
      server: { name: 'elicitation-kit-demo' },
    });
    const flowId = entry.request.mode === 'url' ? entry.request.elicitationId : undefined;
    expect(entry.request.mode === 'url' && entry.request.url.endsWith(`/connect/${String(flowId)}`)).toBe(true);
    page.queue.respond(entry.id, { action: 'accept' });
    // The resuming run goes on while the user is on the page; "Done" there completes the flow.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(demo().flows.complete(String(flowId))).toBe(true);
    await page.resumed(1);
    const tool = page.agent.messages.find((message) => message.role === 'tool');
    expect(tool?.content).toContain('completed');
  });
});
