// The demo server as an OAuth resource server (MCP authorization): its protected endpoint answers `401` with a
// `WWW-Authenticate: Bearer resource_metadata=…, scope=…` challenge, serves its protected resource metadata (RFC 9728)
// naming the demo's authorization server, and accepts only JWT access tokens (RFC 9068) signed by that server, for
// its own URL (`aud`), unexpired, with the scope the request needs: `tools:read` for everything, `export:write` too
// for `export-data` (`403 insufficient_scope` without it, which makes clients step up).
import { createRemoteJWKSet, jwtVerify } from 'jose';
import {
  bearerAuthChallengeResponse,
  getOAuthProtectedResourceMetadataUrl,
  OAuthError,
  requireBearerAuth,
} from '@modelcontextprotocol/server';
import type { AuthInfo, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/server';
import { EXPORT_SCOPE, READ_SCOPE, RESOURCE_SCOPES } from './scopes.js';

/** The protected endpoint's path on the demo server. */
export const PROTECTED_PATH = '/mcp-protected';

/** Tools that need a scope beyond {@link READ_SCOPE}. */
const TOOL_SCOPES: Readonly<Record<string, string>> = { 'export-data': EXPORT_SCOPE };

/** What the protected endpoint needs to know. */
export interface ResourceServerOptions {
  /** Its own URL: the `resource` of its metadata and the `aud` its tokens must carry. */
  resource: string;
  /** The authorization server's issuer. */
  issuer: string;
  /** The authorization server's signing keys. */
  jwksUrl: string;
}

/** The gate in front of the protected endpoint. */
export interface ResourceServer {
  /** The path its protected resource metadata is served at. */
  metadataPath: string;
  /** The metadata document (RFC 9728). */
  metadata: OAuthProtectedResourceMetadata;
  /** The verified token of `request`, or the `401`/`403` answer to send instead. */
  authorize(request: Request): Promise<AuthInfo | Response>;
}

/** The names of the tools a JSON-RPC body (one message or a batch) calls. Linear in the body's size. */
function calledTools(body: unknown): string[] {
  const messages = Array.isArray(body) ? (body as unknown[]) : [body];
  const names: string[] = [];
  for (const message of messages) {
    if (typeof message !== 'object' || message === null) {
      continue;
    }
    const { method, params } = message as { method?: unknown; params?: unknown };
    const name = typeof params === 'object' && params !== null ? (params as { name?: unknown }).name : undefined;
    if (method === 'tools/call' && typeof name === 'string') {
      names.push(name);
    }
  }
  return names;
}

/** Creates the gate of the protected endpoint. */
export function createResourceServer(options: ResourceServerOptions): ResourceServer {
  const resource = new URL(options.resource);
  const resourceMetadataUrl = getOAuthProtectedResourceMetadataUrl(resource);
  const keys = createRemoteJWKSet(new URL(options.jwksUrl));
  const gate = requireBearerAuth({
    requiredScopes: [READ_SCOPE],
    resourceMetadataUrl,
    expectedResource: resource,
    verifier: {
      async verifyAccessToken(token: string): Promise<AuthInfo> {
        let payload;
        try {
          ({ payload } = await jwtVerify(token, keys, {
            issuer: options.issuer,
            audience: resource.href,
            typ: 'at+jwt',
            algorithms: ['RS256'],
          }));
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          throw new OAuthError('invalid_token', `The access token was refused: ${reason}`);
        }
        const scope = typeof payload['scope'] === 'string' ? payload['scope'] : '';
        const clientId = typeof payload['client_id'] === 'string' ? payload['client_id'] : '';
        return {
          token,
          clientId,
          scopes: scope.split(' ').filter((item) => item !== ''),
          ...(payload.exp === undefined ? {} : { expiresAt: payload.exp }),
          resource,
        };
      },
    },
  });

  return {
    metadataPath: new URL(resourceMetadataUrl).pathname,
    metadata: {
      resource: resource.href,
      authorization_servers: [options.issuer],
      scopes_supported: [...RESOURCE_SCOPES],
      bearer_methods_supported: ['header'],
      resource_name: 'Elicitation Kit demo server (protected)',
    },
    async authorize(request) {
      const authInfo = await gate(request);
      if (authInfo instanceof Response || request.method !== 'POST') {
        return authInfo;
      }
      const body: unknown = await request
        .clone()
        .json()
        .catch(() => undefined);
      for (const name of calledTools(body)) {
        const needed = TOOL_SCOPES[name];
        if (needed !== undefined && !authInfo.scopes.includes(needed)) {
          const requiredScopes = [...new Set([...authInfo.scopes, READ_SCOPE, needed])];
          return bearerAuthChallengeResponse(
            new OAuthError('insufficient_scope', `The tool ${name} needs the scope ${needed}`),
            { requiredScopes, resourceMetadataUrl },
          );
        }
      }
      return authInfo;
    },
  };
}
