// A kit-served MCP endpoint over real Streamable HTTP on loopback, and SDK clients for it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { ElicitResult } from '@modelcontextprotocol/client';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';
import { createElicitationServer, serveBothEras } from '../index.js';
import type {
  BothErasOptions,
  ElicitationServer,
  ElicitationServerOptions,
  ElicitationTool,
  OutcomeRecord,
  ProtocolEra,
} from '../index.js';
import type { ReceivedElicitParams } from '../testing/index.js';

/** One HTTP endpoint serving `tools` with one kit. */
export interface TestEndpoint {
  url: string;
  kit: ElicitationServer;
  records: OutcomeRecord[];
  close(): Promise<void>;
}

export async function startEndpoint(
  tools: readonly ElicitationTool[],
  options: Omit<ElicitationServerOptions, 'onOutcome'> = {},
  serving: BothErasOptions = {},
): Promise<TestEndpoint> {
  const records: OutcomeRecord[] = [];
  const kit = createElicitationServer({ ...options, onOutcome: (record) => records.push(record) });
  const mcp = serveBothEras(() => {
    const server = new McpServer({ name: 'kit-test', version: '1.0.0' }, { requestState: kit.requestState });
    kit.register(server, tools);
    return server;
  }, serving);
  const handler = toNodeHandler({ fetch: (request: Request) => mcp.fetch(request) });
  const http = createServer((req, res) => {
    // The adapter types a request whose method is always set, as it is on a server.
    void handler(req as Parameters<typeof handler>[0], res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    kit,
    records,
    async close() {
      await mcp.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** Options of {@link connectHttp}. */
export interface HttpClientOptions {
  answer?: (params: ReceivedElicitParams, signal: AbortSignal) => ElicitResult | Promise<ElicitResult>;
  modes?: { form?: Record<string, never>; url?: Record<string, never> } | null;
  manualRounds?: boolean;
  /** 2025: the only protocol revision the client offers (e.g. `2025-06-18`). @default the SDK's */
  revision?: string;
}

/** A plain SDK client over Streamable HTTP in `era`. */
export async function connectHttp(url: string, era: ProtocolEra, options: HttpClientOptions = {}): Promise<Client> {
  const modes = options.modes === undefined ? { form: {}, url: {} } : options.modes;
  const client = new Client(
    { name: 'kit-http-test', version: '1.0.0' },
    {
      ...(modes === null ? {} : { capabilities: { elicitation: modes } }),
      ...(era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {}),
      ...(options.manualRounds === true ? { inputRequired: { autoFulfill: false } } : {}),
      ...(options.revision === undefined ? {} : { supportedProtocolVersions: [options.revision] }),
    },
  );
  const answer = options.answer;
  if (answer !== undefined && modes !== null) {
    client.setRequestHandler('elicitation/create', (request, ctx) => answer(request.params, ctx.mcpReq.signal));
  }
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  if (client.getProtocolEra() !== era) {
    throw new Error(`expected a ${era} connection, got ${String(client.getProtocolEra())}`);
  }
  return client;
}

/** Polls a condition the server reaches on its own (the test timeout bounds it). */
export async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
