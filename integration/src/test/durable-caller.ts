// A backend process that makes one durable tool call (for the kill -9 test of durable rounds): an SDK v2 client with
// the kit attached, connected to the MCP server at MCP_URL in 2026-07-28, its rounds written to the Redis at
// REDIS_URL. It calls TOOL with `callToolDurably` for user-1 and prints {"shown": <entry id>} once the question is on
// its queue; then it waits for the answer (which never comes: the test kills it with SIGKILL).
// Environment: REDIS_URL, MCP_URL, TOOL, LEASE_MS.
import { Redis } from 'ioredis';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createElicitationQueue } from '@elicitation-kit/core';
import { callToolDurably, createRedisDurableRoundStore } from '@elicitation-kit/mcp/durable';
import { attachElicitation } from '@elicitation-kit/mcp/sdk-v2';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === '') {
    throw new Error(`${name} is required`);
  }
  return value;
};

const mcpUrl = env('MCP_URL');
const rounds = createRedisDurableRoundStore(new Redis(env('REDIS_URL'), { maxRetriesPerRequest: 1 }));
const queue = createElicitationQueue();
queue.subscribe(() => {
  const [entry] = queue.getSnapshot();
  if (entry !== undefined) {
    process.stdout.write(`${JSON.stringify({ shown: entry.id })}\n`);
  }
});
const client = new Client({ name: 'durable-caller', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
attachElicitation(client, { queue });
await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
await callToolDurably(
  client,
  { name: env('TOOL'), arguments: {} },
  { rounds, queue, owner: 'user-1', tag: 'chat-1', server: { url: mcpUrl }, lease: Number(env('LEASE_MS')) },
);
