// A real world for the sign-in tests: oidc-provider 9 as the authorization server (registration, client ID metadata
// documents, resource indicators, revocation, RFC 9207 `iss`), and MCP servers of the SDK behind its bearer-token gate
// with the audience check, each serving its protected resource metadata (RFC 9728). The "browser" follows redirects
// with a cookie jar and answers the authorization server's login and consent like a user who says yes (or no).
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Provider, errors } from 'oidc-provider';
import { McpServer, OAuthError, createMcpHandler, requireBearerAuth } from '@modelcontextprotocol/server';
import type { AuthInfo, OAuthTokenVerifier } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import type { NodeIncomingMessageLike } from '@modelcontextprotocol/node';

/** One request as a server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

/** Options of {@link startWorld}. */
export interface WorldOptions {
  /** Dynamic client registration (`/reg`). @default true */
  registration?: boolean;
  /** Client ID metadata documents; `documents` answers the authorization server's fetches of them. */
  cimd?: { documents: (url: string) => Response };
  /** Pre-registered clients of the authorization server. */
  clients?: Record<string, unknown>[];
  /** The `resource` the first MCP server's metadata names. @default its own URL */
  prmResource?: string;
  /** Seconds an authorization code lives. @default 60 */
  codeTtlSeconds?: number;
  /** The scope the tool `admin-tool` of the first MCP server needs (403 insufficient_scope without it). */
  adminScope?: string;
  /**
   * Issue JWT access tokens (RFC 9068), which oidc-provider refuses to revoke (`unsupported_token_type`), as the demo's
   * authorization server does. The MCP servers here look tokens up as opaque ones: sign-in and sign-out only.
   * @default false (opaque tokens)
   */
  jwtAccessTokens?: boolean;
  /** Token revocation (RFC 7009, `/token/revocation`). @default true */
  revocation?: boolean;
}

/** What {@link startWorld} gives. */
export interface World {
  issuer: string;
  /** The first protected MCP server. */
  mcpUrl: string;
  /** A second one (another resource, same authorization server). */
  otherMcpUrl: string;
  /** Requests the authorization server saw (token, registration, revocation, …). */
  asRequests: SeenRequest[];
  /** Requests the MCP servers saw. */
  mcpRequests: SeenRequest[];
  /** Client ID metadata document fetches by the authorization server. */
  documentFetches: string[];
  /** When set, the user denies consent. */
  denyConsent: boolean;
  provider: Provider;
  /**
   * The user's browser: opens `authorizationUrl`, logs in as `alice`, consents (or denies), and stops at the first
   * redirect that leaves the authorization server; resolves with that URL (the host's callback).
   */
  browse(authorizationUrl: string): Promise<string>;
  close(): Promise<void>;
}

const SCOPES = ['openid', 'offline_access', 'mcp:tools', 'mcp:admin'];

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://localhost:${(server.address() as AddressInfo).port}`));
  });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function mcpServerFor(name: string): McpServer {
  const server = new McpServer({ name, version: '1.0.0' });
  server.registerTool('whoami', { description: 'Says hello' }, () => ({
    content: [{ type: 'text', text: `hello from ${name}` }],
  }));
  server.registerTool('admin-tool', { description: 'Needs more scope' }, () => ({
    content: [{ type: 'text', text: 'admin done' }],
  }));
  return server;
}

/** Starts the authorization server and two MCP servers. */
export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const asServer = createServer();
  const mcpServer = createServer();
  const issuer = await listen(asServer);
  const mcpBase = await listen(mcpServer);
  const mcpUrl = `${mcpBase}/mcp`;
  const otherMcpUrl = `${mcpBase}/other`;
  const resources = [mcpUrl, otherMcpUrl];
  const documentFetches: string[] = [];

  const provider = new Provider(issuer, {
    clients: options.clients ?? [],
    scopes: SCOPES,
    findAccount: (_ctx: unknown, accountId: string) => ({ accountId, claims: () => ({ sub: accountId }) }),
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    ttl: { AuthorizationCode: options.codeTtlSeconds ?? 60 },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: options.registration ?? true },
      revocation: { enabled: options.revocation ?? true },
      ...(options.cimd === undefined ? {} : { clientIdMetadataDocument: { enabled: true, ack: 'draft-02' } }),
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx: unknown, _client: unknown, oneOf?: string) => oneOf ?? mcpUrl,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          if (!resources.includes(indicator)) {
            throw new errors.InvalidTarget();
          }
          return {
            scope: 'mcp:tools mcp:admin',
            audience: indicator,
            accessTokenTTL: 3600,
            ...(options.jwtAccessTokens === true
              ? { accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } }
              : { accessTokenFormat: 'opaque' }),
          };
        },
      },
    },
    ...(options.cimd === undefined
      ? {}
      : {
          // Stands in for oidc-provider's own fetch (which refuses loopback addresses): records and answers.
          fetch: async (url: string | URL) => {
            documentFetches.push(String(url));
            return options.cimd!.documents(String(url));
          },
        }),
  });
  const world: World = {
    issuer,
    mcpUrl,
    otherMcpUrl,
    asRequests: [],
    mcpRequests: [],
    documentFetches,
    denyConsent: false,
    provider,
    browse,
    close,
  };

  const callback = provider.callback();
  asServer.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', issuer).pathname;
    if (path.startsWith('/interaction/')) {
      void interact(request, response);
      return;
    }
    if (request.method === 'POST') {
      // Record the body, then hand oidc-provider a stream that replays it.
      void readBody(request).then((body) => {
        world.asRequests.push({ method: 'POST', path, authorization: request.headers.authorization, body });
        (request as IncomingMessage & { body?: unknown }).body = Object.fromEntries(new URLSearchParams(body));
        if (request.headers['content-type']?.includes('json') === true) {
          (request as IncomingMessage & { body?: unknown }).body = JSON.parse(body) as unknown;
        }
        callback(request, response);
      });
      return;
    }
    world.asRequests.push({ method: request.method ?? 'GET', path, authorization: undefined, body: '' });
    callback(request, response);
  });

  async function interact(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const details = await provider.interactionDetails(request, response);
      if (world.denyConsent) {
        await provider.interactionFinished(request, response, {
          error: 'access_denied',
          error_description: 'The user said no',
        });
        return;
      }
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(request, response, { login: { accountId: 'alice' } });
        return;
      }
      const grant = new provider.Grant({
        accountId: details.session!.accountId,
        clientId: details.params['client_id']!,
      });
      const missingOidc = details.prompt.details['missingOIDCScope'] as string[] | undefined;
      if (missingOidc !== undefined) {
        grant.addOIDCScope(missingOidc.join(' '));
      }
      const missingResource = details.prompt.details['missingResourceScopes'] as Record<string, string[]> | undefined;
      for (const [indicator, scopes] of Object.entries(missingResource ?? {})) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
      const grantId = await grant.save();
      await provider.interactionFinished(
        request,
        response,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
    } catch (error) {
      response.statusCode = 500;
      response.end(String(error));
    }
  }

  // The MCP servers: opaque tokens are looked up at the authorization server (as introspection would).
  function verifierFor(): OAuthTokenVerifier {
    return {
      async verifyAccessToken(token: string): Promise<AuthInfo> {
        const stored = await provider.AccessToken.find(token);
        if (stored === undefined) {
          throw new OAuthError('invalid_token', 'Unknown or revoked token');
        }
        const audience = Array.isArray(stored.aud) ? stored.aud[0] : stored.aud;
        return {
          token,
          clientId: stored.clientId,
          scopes: (stored.scope ?? '').split(' ').filter((scope) => scope !== ''),
          expiresAt: stored.exp,
          ...(audience === undefined ? {} : { resource: new URL(audience) }),
        };
      },
    };
  }

  const handlers = new Map(
    resources.map((resource) => {
      const metadataPath = `/.well-known/oauth-protected-resource${new URL(resource).pathname}`;
      const gate = requireBearerAuth({
        verifier: verifierFor(),
        resourceMetadataUrl: `${mcpBase}${metadataPath}`,
        expectedResource: new URL(resource),
      });
      const handler = createMcpHandler(() => mcpServerFor(resource));
      return [new URL(resource).pathname, { metadataPath, gate, handler, resource }] as const;
    }),
  );

  const mcpListener = toNodeHandler({
    async fetch(request: Request) {
      const url = new URL(request.url);
      const body = request.method === 'POST' ? await request.clone().text() : '';
      world.mcpRequests.push({
        method: request.method,
        path: url.pathname,
        authorization: request.headers.get('authorization') ?? undefined,
        body,
      });
      for (const entry of handlers.values()) {
        if (url.pathname === entry.metadataPath) {
          const resource = entry.resource === mcpUrl ? (options.prmResource ?? mcpUrl) : entry.resource;
          return Response.json({
            resource,
            authorization_servers: [issuer],
            scopes_supported: ['mcp:tools'],
          });
        }
      }
      const entry = handlers.get(url.pathname);
      if (entry === undefined) {
        return new Response('Not found', { status: 404 });
      }
      const authInfo = await entry.gate(request);
      if (authInfo instanceof Response) {
        return authInfo;
      }
      if (
        options.adminScope !== undefined &&
        body.includes('"admin-tool"') &&
        !authInfo.scopes.includes(options.adminScope)
      ) {
        return new Response(null, {
          status: 403,
          headers: {
            'www-authenticate': `Bearer error="insufficient_scope", scope="mcp:tools ${options.adminScope}", resource_metadata="${mcpBase}${entry.metadataPath}"`,
          },
        });
      }
      return entry.handler.fetch(request, { authInfo });
    },
  });
  // Node's `method` is optional in its type but always set on a server's request.
  mcpServer.on('request', (request, response) => void mcpListener(request as NodeIncomingMessageLike, response));

  /** Follows redirects with a cookie jar until one leaves the authorization server. */
  async function browse(authorizationUrl: string): Promise<string> {
    const cookies = new Map<string, string>();
    let url = authorizationUrl;
    for (let hop = 0; hop < 10; hop += 1) {
      if (!url.startsWith(issuer)) {
        return url;
      }
      const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await fetch(url, { redirect: 'manual', headers: cookie === '' ? {} : { cookie } });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const separator = pair.indexOf('=');
        cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
      }
      const location = response.headers.get('location');
      if (location === null) {
        throw new Error(`The authorization server answered ${response.status} at ${url}: ${await response.text()}`);
      }
      url = new URL(location, url).href;
    }
    throw new Error('Too many redirects at the authorization server');
  }

  async function close(): Promise<void> {
    for (const entry of handlers.values()) {
      await entry.handler.close();
    }
    asServer.closeAllConnections();
    mcpServer.closeAllConnections();
    await Promise.all([
      new Promise((resolve) => asServer.close(resolve)),
      new Promise((resolve) => mcpServer.close(resolve)),
    ]);
  }

  return world;
}
