// The two servers the conformance suite plays against, each built as packages/server/README.md shows it: "A complete
// server" (SDK v2: createElicitationServer, serveBothEras, McpServer, toNodeHandler, the Host and Origin checks) and
// "On SDK v1" (a v1 McpServer per 2025 session behind v1's Streamable HTTP transport, the Host check). The only
// differences from the README: a free loopback port instead of 3000, the tools given, and records kept instead of
// logged.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostHeaderValidation, originValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { localhostAllowedHostnames, McpServer } from '@modelcontextprotocol/server';
import { createElicitationServer, serveBothEras } from '../index.js';
import type { ElicitationTool, OutcomeRecord } from '../index.js';
import { createElicitationServer as createElicitationServerV1 } from '../sdk-v1/index.js';

/** A server listening on loopback. */
export interface RunningServer {
  url: string;
  /** Every outcome record of the kit, in order. */
  records: OutcomeRecord[];
  close(): Promise<void>;
}

async function listen(http: Server): Promise<number> {
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return (http.address() as AddressInfo).port;
}

function closeHttp(http: Server): Promise<void> {
  http.closeAllConnections();
  return new Promise<void>((resolve) => http.close(() => resolve()));
}

/** The README's complete server (SDK v2, both eras on one URL), no CORS origins, serving `tools`. */
export async function startV2Server(tools: readonly ElicitationTool[]): Promise<RunningServer> {
  const checkHost = hostHeaderValidation(localhostAllowedHostnames());
  const checkOrigin = originValidation([]);
  const records: OutcomeRecord[] = [];
  const kit = createElicitationServer({ onOutcome: (record) => records.push(record) });
  const mcp = serveBothEras(() => {
    const server = new McpServer({ name: 'conformance-v2', version: '1.0.0' }, { requestState: kit.requestState });
    kit.register(server, tools);
    return server;
  });
  const handle = toNodeHandler({ fetch: (request: Request) => mcp.fetch(request) });
  const http = createServer((req, res) => {
    if (!checkHost(req, res) || !checkOrigin(req, res)) {
      return; // answered 403 with a JSON-RPC error
    }
    void handle(req as Parameters<typeof handle>[0], res);
  });
  const port = await listen(http);
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    records,
    async close() {
      await mcp.close();
      await closeHttp(http);
    },
  };
}

/** The README's SDK v1 server (2025 sessions), serving `tools`. */
export async function startV1Server(tools: readonly ElicitationTool[]): Promise<RunningServer> {
  const records: OutcomeRecord[] = [];
  const kit = createElicitationServerV1({ onOutcome: (record) => records.push(record) });
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const hosts = new Set<string>(); // against DNS rebinding: filled with this port's names once it is known
  const http = createServer((req, res) => {
    if (!hosts.has(req.headers.host ?? '')) {
      res.writeHead(403).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body: unknown = chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const id = req.headers['mcp-session-id'];
      let transport = typeof id === 'string' ? sessions.get(id) : undefined;
      if (transport === undefined && isInitializeRequest(body)) {
        const created = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (session) => void sessions.set(session, created),
        });
        // oxlint-disable-next-line unicorn/prefer-add-event-listener -- the SDK's transport has this property only
        created.onclose = () => void sessions.delete(created.sessionId ?? '');
        const server = new McpServerV1({ name: 'conformance-v1', version: '1.0.0' });
        kit.register(server, tools);
        await server.connect(created);
        transport = created;
      }
      if (transport === undefined) {
        res.writeHead(404).end();
        return;
      }
      await transport.handleRequest(req, res, body);
    });
  });
  const port = await listen(http);
  hosts.add(`127.0.0.1:${port}`).add(`localhost:${port}`);
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    records,
    async close() {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      await closeHttp(http);
    },
  };
}
