// Signing the chat host's users in to MCP servers that need it (MCP authorization), with `@elicitation-kit/auth` on
// this backend: the tokens stay here, per chat-host user and per server; the page only ever sees the authorization
// server's own pages and this backend's callback. A server needs sign-in when it serves protected resource metadata
// (RFC 9728): the page learns so before any chat (`GET /api/mcp-sign-in`), and a turn for a user who is not signed in
// to it fails with `401 mcp-sign-in-required` naming the server and its authorization server.
//
//   GET  /api/mcp-sign-in            { servers: [{ server, needsSignIn, signedIn, authorizationServer, scopes }] }
//   POST /api/mcp-sign-in            { server } → { status: 'redirect', authorizationUrl } (send the browser there)
//                                    or { status: 'signed-in' } (stored tokens still work or were refreshed)
//   POST /api/mcp-sign-in/sign-out   { server } → { revoked, refreshToken, accessToken } (RFC 7009 where offered,
//                                    each token's outcome; the tokens are forgotten)
//   GET  /api/mcp-sign-in/callback   the authorization server's redirect: the code is redeemed here, then `/`
//
// One sign-in per page origin (its callback is on that origin: `127.0.0.1` and `localhost` are two origins, with two
// client registrations), tokens in memory: a restart forgets them, like the sessions. The session cookie is
// `SameSite=Strict`, which a browser does not send on the authorization server's redirect when that server is another
// site: the callback then answers a page that opens the same URL again from this origin (the cookie goes along).
import { createMcpSignIn, createMemoryAuthStore, McpSignInError } from '@elicitation-kit/auth';
import type { McpSignIn } from '@elicitation-kit/auth';
import type { MCPTransport } from '@ai-sdk/mcp';
import { discoverOAuthServerInfo, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import { json, readJson, refuse } from './http.js';

/** The path of the sign-in routes. */
export const MCP_SIGN_IN_PATH = '/api/mcp-sign-in';

/** The callback route (the `redirect_uri` registered with authorization servers). */
const CALLBACK_PATH = `${MCP_SIGN_IN_PATH}/callback`;

/** The query parameter marking a callback opened again from this origin. */
const BOUNCED = 'from-host';

/** What the page is told about one configured MCP server. */
export interface ServerSignInStatus {
  /** The MCP server's URL. */
  server: string;
  /** Whether it serves protected resource metadata, i.e. wants its users signed in. */
  needsSignIn: boolean;
  /** Whether this user's tokens for it are stored here. */
  signedIn: boolean;
  /** The authorization server its metadata names (its issuer). */
  authorizationServer?: string;
  /** The scopes its metadata lists (what "Sign in" asks for). */
  scopes: string[];
}

/** A turn cannot run: the user is not signed in to `status.server`. */
export class McpSignInRequired extends Error {
  constructor(readonly status: ServerSignInStatus) {
    super(
      `The MCP server ${status.server} needs you to sign in${status.authorizationServer === undefined ? '' : ` at ${status.authorizationServer}`}: press "Sign in" above the chat, then send your message again.`,
    );
    this.name = 'McpSignInRequired';
  }
}

/** What a server's metadata says, found once per process. */
interface Protection {
  needsSignIn: boolean;
  authorizationServer?: string;
  scopes: string[];
}

/** The chat host's sign-in to MCP servers. */
export interface ChatSignIn {
  /** Answers `/api/mcp-sign-in` and `/api/mcp-sign-in/*` for `user` (`undefined`: nobody is signed in to the chat). */
  handle(request: Request, user: string | undefined): Promise<Response>;
  /**
   * The `authProvider` for a turn of `user` on `server`: `undefined` when the server needs no sign-in. Throws
   * {@link McpSignInRequired} when it does and the user is not signed in to it.
   */
  providerFor(user: string, server: string): Promise<OAuthClientProvider | undefined>;
  /**
   * The transport of a turn on a server that needs sign-in: the SDK v2 `StreamableHTTPClientTransport` with `provider`.
   * `@ai-sdk/mcp` 2.0.99's own `authProvider` is another interface than the SDK's (its own `auth()`, no issuer in
   * `clientInformation()`, no discovery state), so the AI SDK client gets the SDK v2 transport as a custom transport.
   */
  transport(server: string, provider: OAuthClientProvider): MCPTransport;
  /** Signs `user` out of every server (their chat session ended: nobody can use these tokens again). */
  forget(user: string): void;
}

/** Options of {@link createChatSignIn}. */
export interface ChatSignInOptions {
  /** The MCP servers the chat may sign in to (the configured one). */
  servers: readonly string[];
  /** The name the authorization server shows on its consent page. */
  clientName?: string;
}

/** The `server` field of a body: one of the configured servers, or `undefined`. */
function serverOf(body: unknown, servers: readonly string[]): string | undefined {
  const server = (body as { server?: unknown } | null)?.server;
  return typeof server === 'string' && servers.includes(server) ? server : undefined;
}

/** The page that opens `url` again from this origin (no script: the policy allows none). */
function bouncePage(url: URL): Response {
  const target = `${url.pathname}${url.search}${url.search === '' ? '?' : '&'}${BOUNCED}=1`;
  const attribute = target.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  return new Response(
    `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=${attribute}"><title>Signing in…</title><p><a href="${attribute}">Continue</a></p>\n`,
    { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } },
  );
}

/** Creates the chat host's sign-in for `servers`. */
export function createChatSignIn(options: ChatSignInOptions): ChatSignIn {
  const servers = options.servers.map((server) => new URL(server).href);
  /** By page origin. */
  const byOrigin = new Map<string, McpSignIn>();
  /** The origin each user signed in from (a session cookie belongs to one origin). */
  const originOf = new Map<string, string>();
  const protections = new Map<string, Promise<Protection>>();

  function forOrigin(origin: string): McpSignIn {
    let signIn = byOrigin.get(origin);
    if (signIn === undefined) {
      signIn = createMcpSignIn({
        store: createMemoryAuthStore(),
        redirectUrl: `${origin}${CALLBACK_PATH}`,
        clientName: options.clientName ?? 'Elicitation Kit chat host',
        clientUri: `${origin}/`,
        afterSignIn: () => '/',
      });
      byOrigin.set(origin, signIn);
    }
    return signIn;
  }

  /** Whether `server` wants sign-in, by its protected resource metadata (a failed look-up is tried again later). */
  function protectionOf(server: string): Promise<Protection> {
    let found = protections.get(server);
    if (found === undefined) {
      found = discoverOAuthServerInfo(server).then((info): Protection =>
        info.resourceMetadata === undefined
          ? { needsSignIn: false, scopes: [] }
          : {
              needsSignIn: true,
              authorizationServer: info.authorizationServerMetadata?.issuer ?? info.authorizationServerUrl,
              scopes: info.resourceMetadata.scopes_supported ?? [],
            },
      );
      found.catch(() => protections.delete(server));
      protections.set(server, found);
    }
    return found;
  }

  async function statusOf(user: string, server: string): Promise<ServerSignInStatus> {
    const protection = await protectionOf(server);
    const origin = originOf.get(user);
    const signedIn = origin !== undefined && (await forOrigin(origin).isSignedIn(user, server));
    return { server, signedIn, ...protection };
  }

  async function start(request: Request, user: string): Promise<Response> {
    const body = await readJson(request);
    if (!body.ok) {
      return body.response;
    }
    const server = serverOf(body.value, servers);
    if (server === undefined) {
      return refuse(400, 'unknown-server', `"server" must be one of the chat's MCP servers: ${servers.join(', ')}.`);
    }
    const origin = new URL(request.url).origin;
    const previous = originOf.get(user);
    if (previous !== undefined && previous !== origin) {
      await forOrigin(previous).signOut(user, server);
    }
    originOf.set(user, origin);
    const { scopes } = await protectionOf(server);
    try {
      const result = await forOrigin(origin).signIn(
        user,
        server,
        scopes.length === 0 ? {} : { scope: scopes.join(' ') },
      );
      return json(200, result);
    } catch (error) {
      if (error instanceof McpSignInError) {
        return refuse(502, `sign-in-${error.code}`, error.message);
      }
      throw error;
    }
  }

  return {
    async handle(request, user) {
      const url = new URL(request.url);
      if (url.pathname === CALLBACK_PATH && request.method === 'GET') {
        if (user === undefined) {
          return url.searchParams.has(BOUNCED) ? refuse(401, 'signed-out', 'Sign in first.') : bouncePage(url);
        }
        const origin = originOf.get(user);
        if (origin === undefined || origin !== url.origin) {
          return refuse(400, 'no-sign-in', 'No sign-in to an MCP server was started here for you.');
        }
        return forOrigin(origin).handleCallback(request, user);
      }
      if (user === undefined) {
        return refuse(401, 'signed-out', 'Sign in first.');
      }
      try {
        if (url.pathname === MCP_SIGN_IN_PATH && request.method === 'GET') {
          return json(200, { servers: await Promise.all(servers.map((server) => statusOf(user, server))) });
        }
        if (url.pathname === MCP_SIGN_IN_PATH && request.method === 'POST') {
          return await start(request, user);
        }
        if (url.pathname === `${MCP_SIGN_IN_PATH}/sign-out` && request.method === 'POST') {
          const body = await readJson(request);
          if (!body.ok) {
            return body.response;
          }
          const server = serverOf(body.value, servers);
          if (server === undefined) {
            return refuse(
              400,
              'unknown-server',
              `"server" must be one of the chat's MCP servers: ${servers.join(', ')}.`,
            );
          }
          const origin = originOf.get(user);
          return json(
            200,
            origin === undefined
              ? { revoked: false, refreshToken: 'none', accessToken: 'none' }
              : await forOrigin(origin).signOut(user, server),
          );
        }
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return refuse(502, 'mcp-unreachable', `The MCP server's sign-in could not be read: ${reason}`);
      }
      return refuse(404, 'not-found', 'Nothing lives here.');
    },

    async providerFor(user, server) {
      let status: ServerSignInStatus;
      try {
        status = await statusOf(user, new URL(server).href);
      } catch {
        // The server's metadata could not be read (it is down?): the turn connects as usual and says what failed.
        return undefined;
      }
      if (!status.needsSignIn) {
        return undefined;
      }
      const origin = originOf.get(user);
      if (!status.signedIn || origin === undefined) {
        throw new McpSignInRequired(status);
      }
      return forOrigin(origin).provider(user, server);
    },

    transport(server, provider) {
      // The SDK's `protocolVersion` getter may give `undefined`, which the AI SDK's optional member does not spell out.
      return new StreamableHTTPClientTransport(new URL(server), { authProvider: provider }) as MCPTransport;
    },

    forget(user) {
      const origin = originOf.get(user);
      if (origin === undefined) {
        return;
      }
      originOf.delete(user);
      const signIn = forOrigin(origin);
      for (const server of servers) {
        signIn.signOut(user, server).catch(() => undefined);
      }
    },
  };
}
