// Test harness: the kit's SDK v2 test server (`@elicitation-kit/test-mcp-server`, a real McpServer in either era)
// over the SDK's in-memory transport, and a client with the kit attached.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { createElicitationQueue } from '@elicitation-kit/core';
import type { ElicitationQueue } from '@elicitation-kit/core';
import { serveTestServer } from '@elicitation-kit/test-mcp-server';
import type { McpServer, ServerState } from '@elicitation-kit/test-mcp-server';
import { attachElicitation } from '../sdk-v2/attach.js';
import type { ElicitationAttachment } from '../sdk-v2/types.js';
import type { AttachElicitationOptions, ElicitationEvent } from '../types.js';

export { EXPORT_PARAMS, REF_PARAMS, resultJson } from '@elicitation-kit/test-mcp-server';
export { firstEntry, waitForQueue } from '@elicitation-kit/test-mcp-server/hosts';

export type Era = 'legacy' | 'modern';

/** A connected test setup. */
export interface Setup {
  client: Client;
  queue: ElicitationQueue;
  kit: ElicitationAttachment;
  events: ElicitationEvent[];
  state: ServerState;
  /** The live server instance of the connection. */
  server(): McpServer;
  /** Messages the client put on the wire, in order. */
  sent: JSONRPCMessage[];
  close(): Promise<void>;
}

/** Options of {@link connect}. */
export interface ConnectOptions {
  attach?: Partial<Omit<AttachElicitationOptions, 'queue' | 'onEvent'>>;
  maxPendingPerServer?: number;
  /** A queue shared with other setups (several servers, one host). */
  queue?: ElicitationQueue;
  /** Intercepts what the client sends (e.g. to fail a response as a dropped network would). */
  clientSend?: (message: JSONRPCMessage, send: (message: JSONRPCMessage) => Promise<void>) => Promise<void>;
  /** Rewrites what the server sends (e.g. to replay a request). */
  serverSend?: (message: JSONRPCMessage, send: (message: JSONRPCMessage) => Promise<void>) => Promise<void>;
}

/** Connects a kit-attached client to a fresh test server over the in-memory transport in `era`. */
export async function connect(era: Era, options: ConnectOptions = {}): Promise<Setup> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const sent: JSONRPCMessage[] = [];
  const clientSend = clientTransport.send.bind(clientTransport);
  clientTransport.send = async (message, sendOptions) => {
    sent.push(message);
    const send = (next: JSONRPCMessage) => clientSend(next, sendOptions);
    return options.clientSend === undefined ? send(message) : options.clientSend(message, send);
  };
  if (options.serverSend !== undefined) {
    const rewrite = options.serverSend;
    const serverSend = serverTransport.send.bind(serverTransport);
    serverTransport.send = async (message, sendOptions) => rewrite(message, (next) => serverSend(next, sendOptions));
  }
  const served = serveTestServer(serverTransport);
  const client = new Client(
    { name: 'test-host', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {},
  );
  const queue =
    options.queue ??
    createElicitationQueue(
      options.maxPendingPerServer === undefined ? {} : { maxPendingPerServer: options.maxPendingPerServer },
    );
  const events: ElicitationEvent[] = [];
  const kit = attachElicitation(client, {
    queue,
    server: { url: 'memory://test' },
    ...options.attach,
    onEvent: (event) => events.push(event),
  });
  await client.connect(clientTransport);
  return {
    client,
    queue,
    kit,
    events,
    state: served.state,
    sent,
    server: served.server,
    close: async () => {
      await client.close();
      await served.close();
    },
  };
}
