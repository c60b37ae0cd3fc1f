/**
 * The Elicitation Kit demo MCP server: both protocol eras on one loopback URL (`/mcp`), with CORS for the demo
 * host, Host/Origin checks, and the tools listed in the README.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  McpServer,
  WebStandardStreamableHTTPServerTransport,
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
} from '@modelcontextprotocol/server';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMemoryEventStore } from './event-store.js';
import { FAULT_TOOL_NAMES, MAX_FLOOD, registerFaultTools } from './faults.js';
import { createFlowStore } from './flows.js';
import type { FlowStore } from './flows.js';
import { createAnswerLedger, legacyKey } from './ledger.js';
import type { AnswerLedger } from './ledger.js';
import { createLogger } from './log.js';
import type { DemoEra, DemoLogEntry } from './log.js';
import { connectPage, donePage, notFoundPage } from './pages.js';
import { createRoundStates } from './state.js';
import { DEMO_TOOL_NAMES, EXPORT_SCHEMA, UNSUPPORTED_SCHEMA, registerDemoTools } from './tools.js';

export { DEMO_TOOL_NAMES, EXPORT_SCHEMA, FAULT_TOOL_NAMES, MAX_FLOOD, UNSUPPORTED_SCHEMA };
export type { AnswerLedger, AnswerRecord, AnswerReport } from './ledger.js';
export { ORDERS, ORDER_COLUMNS, exportOrders } from './dataset.js';
export type { ExportDocument, ExportOptions, Order } from './dataset.js';
export type { DemoAction, DemoEra, DemoLogEntry } from './log.js';

/** Options of {@link startDemoServer}. */
export interface StartDemoServerOptions {
  /** TCP port; `0` picks a free one. @default 3901 */
  port?: number;
  /** Interface to bind. Only loopback addresses are accepted. @default '127.0.0.1' */
  host?: string;
  /** Do not print log lines to stdout (they are still kept in `log`). @default false */
  silent?: boolean;
  /**
   * `serverInfo.title` (e.g. to tell two demo servers apart in one host).
   * @default 'Elicitation Kit demo server'
   */
  title?: string;
  /**
   * Serve the test endpoints: `GET /debug/answers` (the answer ledger), `DELETE /debug/answers` (reset it) and
   * `POST /debug/drop` (cut every open HTTP connection, server stays up). Loopback only, like everything else.
   * @default false
   */
  debug?: boolean;
  /**
   * HMAC key (at least 32 bytes) sealing the `requestState` of 2026-07-28 rounds. Give every process that serves the
   * same clients the same key.
   * @default 32 random bytes per server
   */
  requestStateKey?: Uint8Array | string;
  /**
   * 2025 sessions keep their SSE events in memory (an event store), so a client whose stream dropped reconnects
   * with `Last-Event-ID` and receives what it missed.
   * @default false
   */
  resumable?: boolean;
}

/** A running demo server. */
export interface DemoServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3901/mcp`. */
  url: string;
  port: number;
  /** Stops listening, closes every session and stream. */
  close(): Promise<void>;
  /** Every outcome so far, oldest first (the same lines as stdout). */
  log: DemoLogEntry[];
  /** The URL-mode flows (for tests: complete one without a browser). */
  flows: FlowStore;
  /** What the server asked and how many answers came back, per request (also `GET /debug/answers` with `debug`). */
  answers: AnswerLedger;
  /** Cuts every open HTTP connection (SSE streams included); the server keeps listening. */
  dropConnections(): void;
}

/** Server identity (the `serverInfo` of both eras). */
export const DEMO_SERVER_INFO = {
  name: 'elicitation-kit-demo',
  title: 'Elicitation Kit demo server',
  version: '0.1.0',
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Request headers a browser client may send (the 2026-07-28 ones included, or `auto` falls back to legacy). */
const ALLOWED_HEADERS = [
  'Content-Type',
  'Accept',
  'Authorization',
  'Mcp-Protocol-Version',
  'Mcp-Method',
  'Mcp-Name',
  'Mcp-Session-Id',
  'Last-Event-ID',
];
const EXPOSED_HEADERS = ['Mcp-Session-Id', 'Mcp-Protocol-Version', 'WWW-Authenticate'];

/** `localhost`, `127.0.0.1` (and the rest of 127/8) or `[::1]`, any port. */
function isLoopbackHostname(hostname: string): boolean {
  const bare = hostname.toLowerCase();
  return LOOPBACK_HOSTS.has(bare) || bare.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(bare);
}

function hostnameOfHostHeader(host: string | undefined): string | undefined {
  if (host === undefined || host === '') {
    return undefined;
  }
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}

/** The loopback `Origin` to reflect, `null` when absent, `false` when present and not allowed. */
function checkOrigin(origin: string | undefined): string | null | false {
  if (origin === undefined) {
    return null;
  }
  try {
    const parsed = new URL(origin);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && isLoopbackHostname(parsed.hostname)
      ? parsed.origin
      : false;
  } catch {
    return false;
  }
}

/**
 * The connect page's own "Done" form POST from a browser that sends `Origin: null` (a page served with
 * `Referrer-Policy: no-referrer`, or a cached copy of one). Allowed only for `POST /connect/<id>/done` and only
 * when the browser itself vouches for it with `Sec-Fetch-Site: same-origin` (a header pages cannot set); `/mcp`
 * keeps refusing `Origin: null`.
 */
function isOwnDoneForm(req: IncomingMessage, path: string): boolean {
  return (
    req.method === 'POST' &&
    req.headers.origin === 'null' &&
    req.headers['sec-fetch-site'] === 'same-origin' &&
    /^\/connect\/[0-9a-f-]{36}\/done$/.test(path)
  );
}

function forbidden(res: ServerResponse, message: string): void {
  res.writeHead(403, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

function jsonRpcError(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setCorsHeaders(req: IncomingMessage, res: ServerResponse, origin: string): void {
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
  const requested = String(req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => /^mcp-[a-z0-9-]+$/i.test(name));
  res.setHeader('Access-Control-Allow-Headers', [...new Set([...ALLOWED_HEADERS, ...requested])].join(', '));
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
  res.setHeader('Access-Control-Max-Age', '600');
}

async function readForm(req: IncomingMessage): Promise<void> {
  for await (const chunk of req) {
    void chunk; // The "Done" form has no fields; drain the body.
  }
}

/**
 * Starts the demo server on loopback.
 *
 * @example
 * ```ts
 * const demo = await startDemoServer({ port: 0, silent: true });
 * // … connect a client to demo.url …
 * await demo.close();
 * ```
 */
export async function startDemoServer(options: StartDemoServerOptions = {}): Promise<DemoServer> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHostname(host.replace(/^\[|\]$/g, ''))) {
    throw new RangeError(`The demo server binds loopback only (got ${host})`);
  }
  const log: DemoLogEntry[] = [];
  const logger = createLogger(log, options.silent ?? false);
  const flows = createFlowStore();
  const answers = createAnswerLedger();
  const rounds = new Map<string, { tool: string; deadline?: number }>();
  const states = createRoundStates(options.requestStateKey);
  const serverInfo = options.title === undefined ? DEMO_SERVER_INFO : { ...DEMO_SERVER_INFO, title: options.title };
  let baseUrl = '';

  interface SessionHooks {
    id: () => string | undefined;
    storageFlows: Map<string, string>;
    replayLastElicitation: () => Promise<boolean>;
  }

  const buildServer = (era: DemoEra, session?: SessionHooks): McpServer => {
    // Every echoed requestState is verified before a handler runs: forged, altered or expired → -32602.
    const server = new McpServer(serverInfo, { capabilities: { tools: {} }, requestState: { verify: states.verify } });
    registerDemoTools(server, {
      era,
      log: logger,
      flows,
      baseUrl,
      states,
      ...(session === undefined ? {} : { sessionId: session.id, storageFlows: session.storageFlows }),
    });
    registerFaultTools(server, {
      era,
      log: logger,
      ledger: answers,
      rounds,
      states,
      ...(session === undefined ? {} : { sessionId: session.id, replayLastElicitation: session.replayLastElicitation }),
    });
    return server;
  };

  // 2026-07-28: stateless, one server instance per request. 2025 traffic is routed below, never served here.
  const modern = createMcpHandler(() => buildServer('modern'), { legacy: 'reject' });

  // 2025: sessionful Streamable HTTP, so server→client requests (elicitation/create) have somewhere to go.
  const sessions = new Map<string, { transport: WebStandardStreamableHTTPServerTransport; server: McpServer }>();
  const storageFlows = new Map<string, string>();
  const legacy = async (request: Request): Promise<Response> => {
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId !== null) {
      const session = sessions.get(sessionId);
      return session === undefined
        ? jsonRpcError(404, -32001, 'Session not found')
        : session.transport.handleRequest(request);
    }
    if (request.method !== 'POST') {
      return jsonRpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    }
    const body: unknown = await request
      .clone()
      .json()
      .catch(() => undefined);
    if (!isInitializeRequest(body)) {
      return jsonRpcError(400, -32000, 'Bad Request: no valid session; start with initialize');
    }
    let id: string | undefined;
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      ...(options.resumable === true ? { eventStore: createMemoryEventStore() } : {}),
      onsessioninitialized: (newId) => {
        id = newId;
        sessions.set(newId, { transport, server });
      },
      onsessionclosed: (closedId) => {
        sessions.delete(closedId);
        storageFlows.delete(closedId);
      },
    });
    // Every elicitation/create this session sends is recorded in the ledger; the last one can be replayed as is.
    const send = transport.send.bind(transport);
    let lastElicitation: { message: JSONRPCMessage; options: Parameters<typeof send>[1] } | undefined;
    transport.send = async (message, sendOptions) => {
      if ('method' in message && message.method === 'elicitation/create' && 'id' in message) {
        lastElicitation = { message, options: sendOptions };
        const params = message.params as { message?: unknown } | undefined;
        const tool = answers.legacyTool(id, sendOptions?.relatedRequestId);
        answers.asked(legacyKey(id, message.id), {
          era: 'legacy',
          ...(tool === undefined ? {} : { tool }),
          ...(typeof params?.message === 'string' ? { message: params.message } : {}),
        });
      }
      return send(message, sendOptions);
    };
    const replayLastElicitation = async (): Promise<boolean> => {
      if (lastElicitation === undefined) {
        return false;
      }
      await transport.send(lastElicitation.message, lastElicitation.options);
      return true;
    };
    const server = buildServer('legacy', { id: () => id, storageFlows, replayLastElicitation });
    // oxlint-disable-next-line unicorn/prefer-add-event-listener -- SDK transports expose callbacks, not events
    transport.onclose = () => {
      if (id !== undefined) {
        sessions.delete(id);
      }
    };
    await server.connect(transport);
    return transport.handleRequest(request, { parsedBody: body });
  };

  const mcp = toNodeHandler({
    fetch: async (request: Request) => {
      const isLegacy = await isLegacyRequest(request);
      if (request.method === 'POST') {
        const body: unknown = await request
          .clone()
          .json()
          .catch(() => undefined);
        answers.observe(body, isLegacy ? 'legacy' : 'modern', request.headers.get('mcp-session-id'));
      }
      return isLegacy ? legacy(request) : modern.fetch(request);
    },
  });

  const httpServer = createServer((req, res) => {
    void (async () => {
      const hostname = hostnameOfHostHeader(req.headers.host);
      if (hostname === undefined || !isLoopbackHostname(hostname)) {
        forbidden(res, `Invalid Host: ${req.headers.host ?? '(none)'}`);
        return;
      }
      const path = new URL(req.url ?? '/', 'http://loopback').pathname;
      const origin = isOwnDoneForm(req, path) ? null : checkOrigin(req.headers.origin);
      if (origin === false) {
        forbidden(res, `Invalid Origin: ${req.headers.origin ?? ''}`);
        return;
      }
      if (origin !== null) {
        setCorsHeaders(req, res, origin);
      }
      if (req.method === 'OPTIONS') {
        res.writeHead(204);
        res.end();
        return;
      }
      if (path === '/mcp') {
        await mcp(req as Parameters<typeof mcp>[0], res);
        return;
      }
      if (options.debug === true && path.startsWith('/debug/')) {
        debugEndpoint(path, req, res);
        return;
      }
      const match = /^\/connect\/([0-9a-f-]{36})(\/done)?$/.exec(path);
      const flow = match?.[1] === undefined ? undefined : flows.get(match[1]);
      if (flow !== undefined && match?.[2] === undefined && req.method === 'GET') {
        res.writeHead(200, connectPageHeaders);
        res.end(connectPage(flow));
        return;
      }
      if (flow !== undefined && match?.[2] !== undefined && req.method === 'POST') {
        await readForm(req);
        flows.complete(flow.id);
        res.writeHead(200, connectPageHeaders);
        res.end(donePage(flow));
        return;
      }
      res.writeHead(404, connectPageHeaders);
      res.end(notFoundPage());
    })().catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain' });
      }
      res.end(error instanceof Error ? error.message : 'Internal error');
    });
  });

  const dropConnections = (): void => {
    httpServer.closeAllConnections();
  };

  const debugEndpoint = (path: string, req: IncomingMessage, res: ServerResponse): void => {
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (path === '/debug/answers' && req.method === 'GET') {
      json(200, answers.report());
      return;
    }
    if (path === '/debug/answers' && req.method === 'DELETE') {
      answers.reset();
      res.writeHead(204);
      res.end();
      return;
    }
    if (path === '/debug/drop' && req.method === 'POST') {
      // Answer first, then cut everything (this response's socket included, once it is written).
      res.writeHead(204, { Connection: 'close' });
      res.end(() => setImmediate(dropConnections));
      return;
    }
    json(404, { error: 'Unknown debug endpoint' });
  };

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 3901, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const { port } = httpServer.address() as AddressInfo;
  baseUrl = `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url: `${baseUrl}/mcp`,
    port,
    log,
    flows,
    answers,
    dropConnections,
    close() {
      closing ??= (async () => {
        await modern.close();
        await Promise.all([...sessions.values()].map(({ server }) => server.close().catch(() => undefined)));
        sessions.clear();
        httpServer.closeAllConnections();
        await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      })();
      return closing;
    },
  };
}

/** The connect pages are static HTML with a form: no script, nothing embedded, never framed. */
const connectPageHeaders = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  // `same-origin`, not `no-referrer`: with no-referrer, browsers send `Origin: null` on the page's own form POST.
  'Referrer-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};
