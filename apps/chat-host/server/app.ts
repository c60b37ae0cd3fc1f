// The chat host's backend: one Fetch API handler for the whole site (the session, the chat, the bridge, the page's
// build), behind Node's `http` through the kit's `toNodeListener`, on loopback. Every response carries the strict
// Content-Security-Policy: no inline script or style, no eval, nothing from another origin. Only requests for a `Host`
// it serves are answered (the loopback names with its port, and `hosts`): a DNS-rebinding page gets `421`.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createElicitationBridge, toNodeListener } from '@elicitation-kit/bridge';
import type { ElicitationBridge } from '@elicitation-kit/bridge';
import { agUiRoutes } from './ag-ui.js';
import { chatRoutes } from './chat-routes.js';
import { createConversations } from './conversations.js';
import { hostValues, isServedHost, refuse, servedHosts, signedOut, unknownHost } from './http.js';
import { createChatSignIn, MCP_SIGN_IN_PATH } from './mcp-sign-in.js';
import { createChatModel } from './model.js';
import type { ChatHostOptions } from './options.js';
import { createSessions } from './session.js';
import { sessionRoutes } from './session-routes.js';
import { staticFiles } from './static-files.js';
import { startTurn } from './turn.js';

/** The policy of every response. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** A running chat host. */
export interface ChatHost {
  /** Its origin, with a trailing slash: `http://127.0.0.1:<port>/`. */
  url: string;
  port: number;
  bridge: ElicitationBridge;
  /** Ends the running turns, the bridge's streams and the server. */
  close(): Promise<void>;
}

/** Starts the chat host. */
export async function startChatHost(options: ChatHostOptions): Promise<ChatHost> {
  const { mcpUrl, era = 'modern', toolTimeoutMs = 30_000, log = () => {} } = options;
  const host = options.host ?? '127.0.0.1';
  const extraHosts = hostValues(options.hosts ?? []);
  // A session that ends (signed out, replaced) ends its user's conversation: nobody can reach it again.
  const sessions = createSessions({
    onEnd: (user) => {
      conversations.end(user);
      mcpSignIn.forget(user);
    },
  });
  // Sign-in to the MCP server when it needs one (MCP authorization): tokens here, per user (mcp-sign-in.ts).
  const mcpSignIn = createChatSignIn({ servers: [mcpUrl] });
  const bridge = createElicitationBridge({
    authorize: (request) => sessions.userOf(request),
    // The page is this server's own, at the port it listens on; the Host header is checked below (isServedHost).
    origins: 'trust-host-header',
    onEvent: (event) => log(JSON.stringify({ bridge: event.type, ...('owner' in event && { owner: event.owner }) })),
  });
  const model = createChatModel(options.modelDelayMs === undefined ? {} : { delayMs: options.modelDelayMs });
  const conversations = createConversations((turn) =>
    startTurn({ ...turn, bridge, model, mcpUrl, era, toolTimeoutMs, signIn: mcpSignIn }),
  );
  const session = sessionRoutes(sessions);
  const chat = chatRoutes(conversations);
  // The page's `?mode=ag-ui`: the same model and tools as an AG-UI agent, its questions as interrupts.
  const agUi = agUiRoutes({ model, mcpUrl, era });
  const files = options.dist === undefined ? undefined : staticFiles(options.dist);

  const route = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/elicitations') {
      return bridge.fetch(request);
    }
    if (pathname === '/api/session') {
      return session(request);
    }
    if (pathname === MCP_SIGN_IN_PATH || pathname.startsWith(`${MCP_SIGN_IN_PATH}/`)) {
      return mcpSignIn.handle(request, sessions.userOf(request));
    }
    if (pathname === '/api/chat' || pathname.startsWith('/api/chat/')) {
      const user = sessions.userOf(request);
      return user === undefined ? signedOut() : chat(request, user);
    }
    if (pathname === '/api/ag-ui') {
      const user = sessions.userOf(request);
      return user === undefined ? signedOut() : agUi.handle(request, user);
    }
    if (files === undefined || pathname.startsWith('/api/')) {
      return refuse(404, 'not-found', 'Nothing lives here.');
    }
    return files(request);
  };

  // The `Host` values answered, once the port is known (no request comes before).
  let hosts: ReadonlySet<string> = new Set();
  const server = createServer(
    toNodeListener(async (request) => {
      const response = isServedHost(request, hosts) ? await route(request) : unknownHost();
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        response.headers.set(name, value);
      }
      return response;
    }),
  );
  server.listen(options.port ?? 0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  hosts = servedHosts(port, extraHosts);
  return {
    url: `http://${host}:${port}/`,
    port,
    bridge,
    async close() {
      await conversations.close();
      await agUi.close();
      await bridge.close();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
