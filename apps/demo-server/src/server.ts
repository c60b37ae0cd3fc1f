// The production setup of the demo server: the tools (defined with @elicitation-kit/server), both protocol eras on
// one loopback URL (`/mcp`), the connect pages of URL mode, and the HTTP policy. Test instrumentation is not here: it
// plugs into the generic `DemoHooks` (see instrumentation/).
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createElicitationServer, createMemoryEventStore, serveBothEras } from '@elicitation-kit/server';
import type { LegacySession, OutcomeRecord } from '@elicitation-kit/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { isLegacyRequest, McpServer } from '@modelcontextprotocol/server';
import type { AuthorizationServer } from './auth/authorization-server.js';
import { createResourceServer, PROTECTED_PATH } from './auth/protected.js';
import type { ResourceServer } from './auth/protected.js';
import { CONNECT_CALLBACK_PATH, createThirdPartyAuthorization, thirdPartyClient } from './auth/third-party.js';
import type { ThirdPartyAuthorization } from './auth/third-party.js';
import { createFlowStore } from './flows.js';
import type { FlowStore } from './flows.js';
import {
  CONNECT_PAGE_HEADERS,
  checkOrigin,
  forbidden,
  hostnameOfHostHeader,
  isLoopbackHostname,
  isOwnDoneForm,
  setCorsHeaders,
} from './http-policy.js';
import { createLogger, toLogEntry } from './log.js';
import type { DemoEra, DemoLogEntry } from './log.js';
import { connectPage, donePage, failedPage, notFoundPage } from './pages.js';
import { createDemoSecrets, SECRETS_PATH, SIGN_IN_PATH } from './secrets.js';
import { demoTools } from './tools/index.js';

/** Server identity (the `serverInfo` of both eras). */
export const DEMO_SERVER_INFO = {
  name: 'elicitation-kit-demo',
  title: 'Elicitation Kit demo server',
  version: '0.1.0',
};

const CONNECT_PATH = /^\/connect\/([0-9a-f-]{36})(\/done)?$/;
const IPV6_BRACKETS = /^\[|\]$/g;

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
  /**
   * Also serve the tools on a protected endpoint (`/mcp-protected`, MCP authorization), and start the demo's own
   * authorization server (oidc-provider, offline) on `auth.port` (`0` picks a free one) to sign in to it. `/mcp` stays
   * open.
   */
  auth?: { port?: number; accessTokenTtlSeconds?: number };
}

/** Where test instrumentation plugs in. Every hook is optional; production runs without any. */
export interface DemoHooks {
  /** Sees every POSTed JSON-RPC body on `/mcp` before it is served. */
  onRequestBody?: (body: unknown, era: DemoEra, sessionId: string | null) => void;
  /** Sees every new 2025 session (its transport) before its first request. */
  onSession?: (session: LegacySession) => void;
  /** Sees every closed 2025 session. */
  onSessionClosed?: (sessionId: string) => void;
  /** Sees every outcome record of the kit. */
  onRecord?: (record: OutcomeRecord) => void;
  /** `replay-check`: sends a session's last `elicitation/create` again. */
  replayLastElicitation?: (sessionId: string | undefined) => Promise<boolean>;
  /** Serves extra paths (answers `true` when it handled the request). */
  route?: (path: string, req: IncomingMessage, res: ServerResponse, dropConnections: () => void) => boolean;
}

/** A running demo server (production part). */
export interface DemoHttpServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3901/mcp`. */
  url: string;
  port: number;
  /** Stops listening, closes every session and stream. */
  close(): Promise<void>;
  /** Every outcome so far, oldest first (the same lines as stdout). */
  log: DemoLogEntry[];
  /** The URL-mode flows (for tests: complete one without a browser). */
  flows: FlowStore;
  /** Cuts every open HTTP connection (SSE streams included); the server keeps listening. */
  dropConnections(): void;
  /** With the `auth` option: the protected endpoint, e.g. `http://127.0.0.1:3901/mcp-protected`. */
  protectedUrl?: string;
  /** With the `auth` option: the authorization server's issuer, e.g. `http://127.0.0.1:3902`. */
  issuer?: string;
}

async function readForm(req: IncomingMessage): Promise<void> {
  for await (const chunk of req) {
    void chunk; // The "Done" form has no fields; drain the body.
  }
}

/** Starts the demo server on loopback with the given hooks. */
export async function startDemoHttpServer(
  options: StartDemoServerOptions = {},
  hooks: DemoHooks = {},
): Promise<DemoHttpServer> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHostname(host.replace(IPV6_BRACKETS, ''))) {
    throw new RangeError(`The demo server binds loopback only (got ${host})`);
  }
  const log: DemoLogEntry[] = [];
  const logger = createLogger(log, options.silent ?? false);
  let baseUrl = '';
  const flows = createFlowStore(() => baseUrl);
  // The out-of-band page for secrets (`api-key-page`) and the demo's sign-in: Fetch handlers, mounted below.
  const secrets = createDemoSecrets(() => baseUrl);
  const secretPages = toNodeHandler({
    fetch: async (request: Request) => (await secrets.fetch(request)) ?? new Response('Not found', { status: 404 }),
  });
  const serverInfo = options.title === undefined ? DEMO_SERVER_INFO : { ...DEMO_SERVER_INFO, title: options.title };

  // One kit per process: it seals round states (with the configured key), remembers open rounds (so a replayed
  // 2026 retry runs nothing twice) and logs every outcome.
  const kit = createElicitationServer({
    ...(options.requestStateKey === undefined ? {} : { requestState: { key: options.requestStateKey } }),
    onOutcome: (record) => {
      logger(toLogEntry(record));
      hooks.onRecord?.(record);
    },
  });
  const tools = demoTools({
    flows,
    secrets,
    thirdPartySignIn: options.auth !== undefined,
    log: logger,
    replayLastElicitation: hooks.replayLastElicitation ?? (() => Promise.resolve(false)),
  });

  const mcpHandler = serveBothEras(
    () => {
      const server = new McpServer(serverInfo, { capabilities: { tools: {} }, requestState: kit.requestState });
      kit.register(server, tools);
      return server;
    },
    {
      ...(options.resumable === true ? { eventStore: () => createMemoryEventStore() } : {}),
      ...(hooks.onSession === undefined ? {} : { onSession: hooks.onSession }),
      ...(hooks.onSessionClosed === undefined ? {} : { onSessionClosed: hooks.onSessionClosed }),
    },
  );

  let resourceServer: ResourceServer | undefined;
  /** With `auth`: connect-account's third-party authorization. */
  let thirdParty: ThirdPartyAuthorization | undefined;
  const protectedMcp = toNodeHandler({
    fetch: async (request: Request) => {
      const authInfo = await resourceServer!.authorize(request);
      if (authInfo instanceof Response) {
        return authInfo;
      }
      return mcpHandler.fetch(request);
    },
  });

  const mcp = toNodeHandler({
    fetch: async (request: Request) => {
      if (hooks.onRequestBody !== undefined && request.method === 'POST') {
        const body: unknown = await request
          .clone()
          .json()
          .catch(() => undefined);
        const era: DemoEra = (await isLegacyRequest(request)) ? 'legacy' : 'modern';
        hooks.onRequestBody(body, era, request.headers.get('mcp-session-id'));
      }
      return mcpHandler.fetch(request);
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
      if (resourceServer !== undefined && path === PROTECTED_PATH) {
        await protectedMcp(req as Parameters<typeof protectedMcp>[0], res);
        return;
      }
      if (resourceServer !== undefined && path === resourceServer.metadataPath && req.method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify(resourceServer.metadata));
        return;
      }
      if (hooks.route?.(path, req, res, dropConnections) === true) {
        return;
      }
      if (path === SIGN_IN_PATH || path.startsWith(`${SECRETS_PATH}/`)) {
        await secretPages(req as Parameters<typeof secretPages>[0], res);
        return;
      }
      if (thirdParty !== undefined && path === CONNECT_CALLBACK_PATH && req.method === 'GET') {
        const result = await thirdParty.callback(new URL(req.url ?? '/', 'http://loopback').searchParams);
        const done = result.ok ? flows.get(result.flowId) : undefined;
        if (result.ok && done !== undefined) {
          flows.complete(done.id);
        }
        res.writeHead(done === undefined ? 400 : 200, CONNECT_PAGE_HEADERS);
        res.end(
          done === undefined ? failedPage(result.ok ? 'This connection is unknown.' : result.message) : donePage(done),
        );
        return;
      }
      const match = CONNECT_PATH.exec(path);
      const flow = match?.[1] === undefined ? undefined : flows.get(match[1]);
      // connect-account with the authorization server: the page is the authorization server's sign-in.
      if (
        thirdParty !== undefined &&
        flow?.purpose === 'connect-account' &&
        !flow.completed &&
        match?.[2] === undefined &&
        req.method === 'GET'
      ) {
        res.writeHead(303, { Location: await thirdParty.start(flow.id), 'Cache-Control': 'no-store' });
        res.end();
        return;
      }
      if (flow !== undefined && match?.[2] === undefined && req.method === 'GET') {
        res.writeHead(200, CONNECT_PAGE_HEADERS);
        res.end(connectPage(flow));
        return;
      }
      if (flow !== undefined && match?.[2] !== undefined && req.method === 'POST') {
        await readForm(req);
        flows.complete(flow.id);
        res.writeHead(200, CONNECT_PAGE_HEADERS);
        res.end(donePage(flow));
        return;
      }
      res.writeHead(404, CONNECT_PAGE_HEADERS);
      res.end(notFoundPage());
    })().catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain' });
      }
      res.end(error instanceof Error ? error.message : 'Internal error');
    });
  });

  function dropConnections(): void {
    httpServer.closeAllConnections();
  }

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 3901, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const { port } = httpServer.address() as AddressInfo;
  baseUrl = `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
  let authorizationServer: AuthorizationServer | undefined;
  if (options.auth !== undefined) {
    const resource = `${baseUrl}${PROTECTED_PATH}`;
    const client = thirdPartyClient(baseUrl);
    try {
      // Loaded only when asked for: oidc-provider is large, and most users of the demo server never sign in.
      const { startAuthorizationServer } = await import('./auth/authorization-server.js');
      authorizationServer = await startAuthorizationServer({
        resource,
        port: options.auth.port ?? 0,
        host,
        thirdParty: client,
        ...(options.auth.accessTokenTtlSeconds === undefined
          ? {}
          : { accessTokenTtlSeconds: options.auth.accessTokenTtlSeconds }),
      });
    } catch (error) {
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      throw error;
    }
    thirdParty = createThirdPartyAuthorization(client, authorizationServer.issuer);
    resourceServer = createResourceServer({
      resource,
      issuer: authorizationServer.issuer,
      jwksUrl: authorizationServer.jwksUrl,
    });
  }

  let closing: Promise<void> | undefined;
  return {
    url: `${baseUrl}/mcp`,
    port,
    log,
    flows,
    dropConnections,
    ...(authorizationServer === undefined
      ? {}
      : { protectedUrl: `${baseUrl}${PROTECTED_PATH}`, issuer: authorizationServer.issuer }),
    close() {
      closing ??= (async () => {
        await authorizationServer?.close();
        await mcpHandler.close();
        httpServer.closeAllConnections();
        await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      })();
      return closing;
    },
  };
}
