// Test harness: an MCP server built on SDK v1 (`McpServer` of `@modelcontextprotocol/sdk` 1.32) over its own Streamable
// HTTP transport, with sessions, on an ephemeral loopback port: the server most 2025 hosts talk to. Its tools send
// `elicitation/create` with exactly the params a test gives (the SDK server does not check them), so the kit's
// refusals are seen through a real v1 server, as are its cancellation and URL completion.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult, ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';

const text = (value: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value) }] });

/** The result or the JSON-RPC error (code, message, data) of an elicitation the server sent. */
async function outcome(ask: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return text({ result: await ask() });
  } catch (error) {
    const { code, message, data } = error as { code?: unknown; message?: unknown; data?: unknown };
    return text({ error: { code, message, data } });
  }
}

/** A running v1 server. */
export interface SdkV1Server {
  /** `http://127.0.0.1:<port>/mcp`. */
  url: string;
  /** "The user finished on the page" of the `visit-url` tool with this elicitation id (before or after it waits). */
  finishPage(elicitationId: string): void;
  close(): Promise<void>;
}

/** The out-of-band pages of `visit-url`: finished by the test, waited for by the tool. */
interface Pages {
  waiting: Map<string, () => void>;
  finished: Set<string>;
}

function buildServer(pages: Pages): McpServer {
  const server = new McpServer({ name: 'sdk-v1-test-server', title: 'SDK v1 test server', version: '1.32.2' });
  const params = z.record(z.string(), z.unknown());

  // Sends one elicitation/create with the given params as they are, and answers with its result or error.
  server.registerTool('ask', { inputSchema: { params } }, async (args, extra) =>
    outcome(() =>
      server.server.elicitInput(args.params as ElicitRequest['params'], {
        relatedRequestId: extra.requestId,
        signal: extra.signal,
      }),
    ),
  );

  // Sends one elicitation/create and withdraws it after `afterMs` (notifications/cancelled reaches the client).
  server.registerTool('ask-then-withdraw', { inputSchema: { params, afterMs: z.number() } }, async (args, extra) => {
    const withdraw = AbortSignal.timeout(args.afterMs);
    return outcome(() =>
      server.server.elicitInput(args.params as ElicitRequest['params'], {
        relatedRequestId: extra.requestId,
        signal: AbortSignal.any([extra.signal, withdraw]),
        timeout: 600_000,
      }),
    );
  });

  // URL mode: once accepted, waits for the test to finish the page, then sends notifications/elicitation/complete.
  server.registerTool('visit-url', { inputSchema: { id: z.string(), url: z.string() } }, async (args, extra) => {
    const result = await server.server.elicitInput(
      { mode: 'url', message: 'Sign in to continue', url: args.url, elicitationId: args.id },
      { relatedRequestId: extra.requestId, signal: extra.signal },
    );
    if (result.action === 'accept') {
      if (!pages.finished.has(args.id)) {
        await new Promise<void>((resolve) => pages.waiting.set(args.id, resolve));
      }
      await server.server.createElicitationCompletionNotifier(args.id, { relatedRequestId: extra.requestId })();
    }
    return text({ result });
  });

  return server;
}

/** Starts an SDK v1 server with sessions on 127.0.0.1, port 0. */
export async function startSdkV1Server(): Promise<SdkV1Server> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const pages: Pages = { waiting: new Map(), finished: new Set() };
  const http = createServer((req, res) => {
    void (async () => {
      const sessionId = req.headers['mcp-session-id'];
      const known = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
      if (known !== undefined) {
        await known.handleRequest(req, res);
        return;
      }
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions.set(id, transport);
        },
      });
      // oxlint-disable-next-line unicorn/prefer-add-event-listener -- the SDK's transport has this property only
      transport.onclose = () => {
        if (transport.sessionId !== undefined) {
          sessions.delete(transport.sessionId);
        }
      };
      await buildServer(pages).connect(transport);
      await transport.handleRequest(req, res);
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    finishPage(elicitationId) {
      pages.finished.add(elicitationId);
      pages.waiting.get(elicitationId)?.();
      pages.waiting.delete(elicitationId);
    },
    async close() {
      await Promise.all(Array.from(sessions.values(), (transport) => transport.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
