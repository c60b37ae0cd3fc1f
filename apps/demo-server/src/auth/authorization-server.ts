// The demo's own authorization server: oidc-provider 9 on loopback, offline, so the whole MCP sign-in can be seen
// without an account anywhere. It issues audience-bound JWT access tokens (RFC 9068, signed with a key made at start)
// for the demo server's protected endpoint, refresh tokens, and lets clients register dynamically (RFC 7591) or by a
// client ID metadata document (CIMD). Its login and consent pages are oidc-provider's development pages ("any login,
// any password", then "Continue"): fine for a demo, never for a real deployment.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import { Provider, errors } from 'oidc-provider';
import { RESOURCE_SCOPES } from './scopes.js';
import type { ThirdPartyClient } from './third-party.js';

/** Options of {@link startAuthorizationServer}. */
export interface AuthorizationServerOptions {
  /** The resource (the protected MCP endpoint's URL) tokens are issued for: their `aud`. */
  resource: string;
  /** TCP port; `0` picks a free one. */
  port: number;
  /** Loopback interface to bind. */
  host: string;
  /**
   * Seconds an access token lives. A JWT access token cannot be revoked (the resource server checks it offline): this
   * bounds how long one outlives a sign-out. @default 600
   */
  accessTokenTtlSeconds?: number;
  /**
   * The demo server's own client for a third-party resource (`connect-account`, see third-party.ts): pre-registered,
   * confidential, allowed its resource and scope only.
   */
  thirdParty?: ThirdPartyClient;
}

/** A running authorization server. */
export interface AuthorizationServer {
  /** Its issuer identifier, e.g. `http://127.0.0.1:3902`: metadata at `/.well-known/oauth-authorization-server`. */
  issuer: string;
  /** Where its signing keys are (the resource server verifies tokens with them). */
  jwksUrl: string;
  close(): Promise<void>;
}

/** Starts the authorization server on loopback. */
export async function startAuthorizationServer(options: AuthorizationServerOptions): Promise<AuthorizationServer> {
  const httpServer = createServer();
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port, options.host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const { port } = httpServer.address() as AddressInfo;
  const hostname = options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host;
  const issuer = `http://${hostname}:${port}`;
  const { thirdParty } = options;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    scopes: ['openid', 'offline_access', ...RESOURCE_SCOPES, ...(thirdParty === undefined ? [] : [thirdParty.scope])],
    clients:
      thirdParty === undefined
        ? []
        : [
            {
              client_id: thirdParty.clientId,
              client_secret: thirdParty.clientSecret,
              redirect_uris: [thirdParty.redirectUri],
              grant_types: ['authorization_code'],
              response_types: ['code'],
              token_endpoint_auth_method: 'client_secret_basic',
              scope: thirdParty.scope,
            },
          ],
    ttl: {
      AccessToken: options.accessTokenTtlSeconds ?? 600,
      AuthorizationCode: 60,
      ClientCredentials: 600,
      Grant: 14 * 24 * 3600,
      IdToken: 3600,
      Interaction: 3600,
      RefreshToken: 14 * 24 * 3600,
      Session: 14 * 24 * 3600,
    },
    findAccount: (_ctx: unknown, accountId: string) => ({ accountId, claims: () => ({ sub: accountId }) }),
    // A refresh token for every client allowed the grant (the SDK's registrations are), not only with offline_access.
    issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed(grant: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    features: {
      devInteractions: { enabled: true },
      registration: { enabled: true },
      revocation: {
        enabled: true,
        // A client revokes its own tokens only.
        allowedPolicy: (_ctx: unknown, client: { clientId: string }, token: { clientId?: string }) =>
          token.clientId === client.clientId,
      },
      clientIdMetadataDocument: { enabled: true, ack: 'draft-02' },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx: unknown, client: { clientId: string }) =>
          client.clientId === thirdParty?.clientId ? thirdParty.resource : options.resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, indicator: string, client: { clientId: string }) => {
          // The third-party resource is for the demo server's own client only, and that client gets nothing else.
          const ownClient = client.clientId === thirdParty?.clientId;
          if (thirdParty !== undefined && (ownClient || indicator === thirdParty.resource)) {
            if (!ownClient || indicator !== thirdParty.resource) {
              throw new errors.InvalidTarget(`${thirdParty.resource} is for the client ${thirdParty.clientId} only`);
            }
            return {
              scope: thirdParty.scope,
              audience: thirdParty.resource,
              accessTokenFormat: 'jwt',
              accessTokenTTL: options.accessTokenTtlSeconds ?? 600,
              jwt: { sign: { alg: 'RS256' } },
            };
          }
          if (indicator !== options.resource) {
            throw new errors.InvalidTarget(`Tokens are issued for ${options.resource} only`);
          }
          return {
            scope: RESOURCE_SCOPES.join(' '),
            audience: options.resource,
            accessTokenFormat: 'jwt',
            accessTokenTTL: options.accessTokenTtlSeconds ?? 600,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
  });
  // oidc-provider logs its own errors (e.g. a refused scope) as events; the client sees them as OAuth errors.
  provider.on('server_error', (_ctx: unknown, error: unknown) => {
    process.stderr.write(`authorization server error: ${String(error)}\n`);
  });
  httpServer.on('request', provider.callback());

  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    close: () =>
      new Promise((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  };
}
