// One Streamable HTTP endpoint for both eras. 2026-07-28 requests are stateless: one server instance per request
// (`createMcpHandler`). 2025 requests (`isLegacyRequest`) go to a sessionful transport per `Mcp-Session-Id`: the
// SDK's default stateless legacy serving never sees `initialize`, so it could never push `elicitation/create`.
import {
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { EventStore, McpServer } from '@modelcontextprotocol/server';
import type { ProtocolEra } from './protocol.js';

/** A 2025 session, as {@link BothErasOptions.onSession} sees it. */
export interface LegacySession {
  /** The session's transport (its `send` may be wrapped, e.g. by test instrumentation). */
  readonly transport: WebStandardStreamableHTTPServerTransport;
  /** The session id, once `initialize` was answered. */
  id(): string | undefined;
}

/** Options of {@link serveBothEras}. */
export interface BothErasOptions {
  /** 2025 sessions: an event store per session, so a client whose SSE stream dropped can resume (`Last-Event-ID`). */
  eventStore?: () => EventStore;
  /** Called for every new 2025 session before it handles its first request. */
  onSession?: (session: LegacySession) => void;
  /** Called when a 2025 session ends (DELETE, or its transport closed). */
  onSessionClosed?: (sessionId: string) => void;
}

/** A fetch-shaped handler for `/mcp`: mount it on any server (`toNodeHandler` from `@modelcontextprotocol/node`). */
export interface BothErasHandler {
  /** Serves one HTTP request. */
  fetch(request: Request): Promise<Response>;
  /** Closes every session and in-flight request. */
  close(): Promise<void>;
}

function jsonRpcError(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Serves both protocol eras on one URL. `factory(era)` builds a server: per request for `modern`, per session for
 * `legacy` (register the kit's tools on it; create it with the kit's `requestState`).
 * @example
 * const mcp = serveBothEras((era) => {
 *   const server = new McpServer(info, { requestState: kit.requestState });
 *   kit.register(server, [exportData]);
 *   return server;
 * });
 * createServer(toNodeHandler({ fetch: mcp.fetch })).listen(3000, '127.0.0.1');
 */
export function serveBothEras(
  factory: (era: ProtocolEra) => McpServer | Promise<McpServer>,
  options: BothErasOptions = {},
): BothErasHandler {
  // 2026-07-28: stateless, one server instance per request. 2025 traffic is routed below, never served here.
  const modern = createMcpHandler(() => factory('modern'), { legacy: 'reject' });
  const sessions = new Map<string, { transport: WebStandardStreamableHTTPServerTransport; server: McpServer }>();

  const forget = (id: string): void => {
    if (sessions.delete(id)) {
      options.onSessionClosed?.(id);
    }
  };

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
    const server = await factory('legacy');
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      ...(options.eventStore === undefined ? {} : { eventStore: options.eventStore() }),
      onsessioninitialized: (newId) => {
        id = newId;
        sessions.set(newId, { transport, server });
      },
      onsessionclosed: (closedId) => forget(closedId),
    });
    options.onSession?.({ transport, id: () => id });
    // oxlint-disable-next-line unicorn/prefer-add-event-listener -- SDK transports expose callbacks, not events
    transport.onclose = () => {
      if (id !== undefined) {
        forget(id);
      }
    };
    await server.connect(transport);
    return transport.handleRequest(request, { parsedBody: body });
  };

  let closing: Promise<void> | undefined;
  return {
    async fetch(request) {
      return (await isLegacyRequest(request)) ? legacy(request) : modern.fetch(request);
    },
    close() {
      closing ??= (async () => {
        await modern.close();
        const open = [...sessions.values()];
        sessions.clear();
        await Promise.all(open.map(({ server }) => server.close().catch(() => undefined)));
      })();
      return closing;
    },
  };
}
