// The AI SDK adapter applies the negotiated revision's rules: against a server built on SDK v1 (test/sdk-v1-server.ts),
// a titled single-select (`oneOf`) is a valid 2025-11-25 form but does not exist in 2025-06-18, where core refuses it
// with -32602; the refusal reaches the server as core's error, not the client's -32603.
import { createElicitationQueue, parseElicitation } from '@elicitation-kit/core';
import { createMCPClient } from '@ai-sdk/mcp';
import type { MCPClient } from '@ai-sdk/mcp';
import { describe, expect, it } from 'vitest';
import { firstEntry } from '../test/harness.js';
import { askingFor, closedAfterEach, serverForFile, summary } from '@elicitation-kit/test-mcp-server/hosts';
import { startSdkV1Server } from '../test/sdk-v1-server.js';
import { attachElicitation, elicitationCapabilities } from './attach.js';

const server = serverForFile(startSdkV1Server);

const open = closedAfterEach<MCPClient>();

const TITLED_CHOICE = {
  mode: 'form',
  message: 'How often?',
  requestedSchema: {
    type: 'object',
    properties: {
      frequency: {
        type: 'string',
        title: 'Frequency',
        oneOf: [
          { const: 'daily', title: 'Every day' },
          { const: 'weekly', title: 'Every week' },
        ],
      },
    },
  },
};

async function connectTo(revision: '2025-11-25' | '2025-06-18') {
  const client = await createMCPClient({
    transport: { type: 'http', url: server().url, fetch: askingFor(revision) },
    capabilities: elicitationCapabilities(),
    protocolVersionDiscovery: false,
  });
  open.push(client);
  expect(client.initializeResult.protocolVersion).toBe(revision);
  const queue = createElicitationQueue();
  attachElicitation(client, { queue, server: { url: server().url } });
  return { client, queue };
}

describe('the AI SDK adapter and the negotiated 2025 revision', () => {
  it('2025-11-25: a titled single-select is shown', async () => {
    const { client, queue } = await connectTo('2025-11-25');
    const asking = client.callTool({ name: 'ask', arguments: { params: TITLED_CHOICE } });
    const entry = await firstEntry(queue);
    expect(entry.request).toMatchObject({ mode: 'form', fields: [{ name: 'frequency' }] });
    queue.respond(entry.id, { action: 'accept', content: { frequency: 'weekly' } });
    expect(summary(await asking)).toEqual({ result: { action: 'accept', content: { frequency: 'weekly' } } });
  });

  it('2025-06-18: the same form is refused with core’s -32602, and nothing is queued', async () => {
    const { client, queue } = await connectTo('2025-06-18');
    const expected = parseElicitation(TITLED_CHOICE, { protocolVersion: '2025-06-18' });
    if (expected.ok) {
      throw new Error('core must refuse a titled single-select under 2025-06-18');
    }
    const result = await client.callTool({ name: 'ask', arguments: { params: TITLED_CHOICE } });
    // The SDK v1 server reports the client's error as an McpError (its message prefixed by its own SDK).
    expect(summary(result)).toEqual({
      error: { ...expected.error, message: `MCP error -32602: ${expected.error.message}` },
    });
    expect(queue.getSnapshot()).toEqual([]);
  });
});
