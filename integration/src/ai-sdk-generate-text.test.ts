// The AI SDK adapter where AI SDK hosts use it: `generateText` of `ai` 7 with the MCP client's tools
// (`client.tools()`), driven by the AI SDK's own mock model (`ai/test`, deterministic and offline), against the demo
// server in both eras. The model calls `export-data`; the question reaches the queue, the answer reaches the
// server, and the tool's result reaches the model's next step. An aborted generation closes the question.
import { createMCPClient } from '@ai-sdk/mcp';
import type { MCPClient } from '@ai-sdk/mcp';
import { generateText, isStepCount } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createElicitationQueue } from '@elicitation-kit/core';
import { firstEntry, waitForQueue } from '@elicitation-kit/test-mcp-server/hosts';
import { demoServerForFile } from './test/demo.js';
import { closedAfterEach, summary } from '@elicitation-kit/test-mcp-server/hosts';
import { attachElicitation, elicitationCapabilities } from '@elicitation-kit/mcp/ai-sdk';

const demo = demoServerForFile();

const open = closedAfterEach<MCPClient>();

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** A model that calls `export-data` once, then says it is done. */
function exportingModel(): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doGenerate: [
      {
        content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'export-data', input: '{}' }],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage: USAGE,
        warnings: [],
      },
      {
        content: [{ type: 'text', text: 'The export is ready.' }],
        finishReason: { unified: 'stop', raw: undefined },
        usage: USAGE,
        warnings: [],
      },
    ],
  });
}

async function connect(era: 'legacy' | 'modern') {
  const client = await createMCPClient({
    transport: { type: 'http', url: demo().url },
    capabilities: elicitationCapabilities(),
    protocolVersionDiscovery: era === 'modern',
  });
  open.push(client);
  const queue = createElicitationQueue();
  attachElicitation(client, { queue, server: { url: demo().url } });
  return { client, queue, tools: await client.tools() };
}

describe.each(['legacy', 'modern'] as const)('generateText with the MCP tools (%s era)', (era) => {
  it('the tool’s question reaches the queue and its result the model’s next step', async () => {
    const { queue, tools } = await connect(era);
    const model = exportingModel();
    const generating = generateText({ model, tools, prompt: 'Export the orders.', stopWhen: isStepCount(2) });
    const entry = await firstEntry(queue);
    expect(entry).toMatchObject({
      era,
      request: { mode: 'form', message: 'How should the orders export be produced?' },
    });
    queue.respond(entry.id, { action: 'accept', content: { format: 'csv', maxRows: 3, includeHeaders: true } });
    const result = await generating;
    expect(result.text).toBe('The export is ready.');
    const [toolResult] = result.steps[0]?.toolResults ?? [];
    expect(summary(toolResult?.output)).toMatchObject({ status: 'completed', format: 'csv', rows: 3 });
    // The model's second call carried the tool's result.
    expect(JSON.stringify(model.doGenerateCalls[1]?.prompt)).toContain('completed');
  });

  it('aborting the generation closes the question', async () => {
    const { queue, tools } = await connect(era);
    const controller = new AbortController();
    const generating = generateText({
      model: exportingModel(),
      tools,
      prompt: 'Export the orders.',
      stopWhen: isStepCount(2),
      abortSignal: controller.signal,
    }).catch((error: unknown) => error);
    const entry = await firstEntry(queue);
    controller.abort(new Error('the user left the chat'));
    await waitForQueue(queue, (snapshot) => snapshot.length === 0);
    expect(entry.signal.aborted).toBe(true);
    expect(await generating).toBeInstanceOf(Error);
  });
});
