// A host's MCP side for the journeys, through the kit's public entries only: the kit's SDK v2 test server
// (`@elicitation-kit/test-mcp-server`) over the SDK's in-memory transport, and a client with
// `@elicitation-kit/mcp/sdk-v2` attached; or such a client of a server over Streamable HTTP (`connectOverHttp`).
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createElicitationQueue } from '@elicitation-kit/core';
import type { ElicitationQueue } from '@elicitation-kit/core';
import type { AttachElicitationOptions } from '@elicitation-kit/mcp';
import { attachElicitation } from '@elicitation-kit/mcp/sdk-v2';
import type { ElicitationAttachment } from '@elicitation-kit/mcp/sdk-v2';
import { serveTestServer } from '@elicitation-kit/test-mcp-server';
import type { McpServer, ServerState } from '@elicitation-kit/test-mcp-server';

/** A connected client and its test server. */
export interface Setup {
  client: Client;
  queue: ElicitationQueue;
  kit: ElicitationAttachment;
  state: ServerState;
  /** The live server instance of the connection. */
  server(): McpServer;
  close(): Promise<void>;
}

/** Options of {@link connect}. */
export interface ConnectOptions {
  attach?: Partial<Omit<AttachElicitationOptions, 'queue'>>;
}

/** Connects a kit-attached SDK v2 client to a fresh test server in `era` (2025 sessions or 2026-07-28). */
export async function connect(era: 'legacy' | 'modern', options: ConnectOptions = {}): Promise<Setup> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const served = serveTestServer(serverTransport);
  const client = new Client(
    { name: 'test-host', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {},
  );
  const queue = createElicitationQueue();
  const kit = attachElicitation(client, { queue, server: { url: 'memory://test' }, ...options.attach });
  await client.connect(clientTransport);
  return {
    client,
    queue,
    kit,
    state: served.state,
    server: served.server,
    close: async () => {
      await client.close();
      await served.close();
    },
  };
}

/**
 * A kit-attached SDK v2 client of the MCP server at `url` over Streamable HTTP, as a host sets one up (the capability
 * declared), speaking 2026-07-28 when the server does (`era: 'legacy'`: 2025-11-25 sessions); its queue.
 */
export async function connectOverHttp(
  url: string,
  { era = 'modern', name = 'durable-host' }: { era?: 'legacy' | 'modern'; name?: string } = {},
): Promise<{ client: Client; queue: ElicitationQueue }> {
  const client = new Client(
    { name, version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {},
  );
  const queue = createElicitationQueue();
  attachElicitation(client, { queue });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return { client, queue };
}
