// `connect-account`'s real third-party authorization (the spec's URL-mode example): the demo server is an OAuth client
// of the demo's authorization server for a *third-party* resource, a simulated warehouse API
// (`<server>/warehouse`, scope `warehouse:read`). The URL the user opens (`/connect/<flow>`) starts an authorization
// code flow with PKCE (S256) as the client `demo-warehouse-connector`, pre-registered with the authorization server
// as a confidential client (its secret made at start, known to the two of them only). The callback
// (`/connect/callback`) checks `state` (single use, bound to the flow) and `iss` (RFC 9207), redeems the code with the
// secret and the verifier, and keeps the access token here, in memory: never in an MCP message, never in a log. The
// flow is then complete, which completes the elicitation (the kit's `urlQuestion`).
import { createHash, randomBytes } from 'node:crypto';

/** The client id the demo server has at the demo's authorization server. */
const WAREHOUSE_CLIENT_ID = 'demo-warehouse-connector';

/** The scope the warehouse grants. */
const WAREHOUSE_SCOPE = 'warehouse:read';

/** The third-party resource's path on the demo server's origin (a simulated API: tokens are issued for it). */
const WAREHOUSE_PATH = '/warehouse';

/** The callback route of the third-party flows. */
export const CONNECT_CALLBACK_PATH = '/connect/callback';

/** How long a started authorization waits for its callback. */
const PENDING_TTL_MS = 600_000;

/** How long a warehouse token counts when the authorization server does not say (`expires_in`). */
const DEFAULT_TOKEN_TTL_MS = 3_600_000;

/** The most started authorizations, and the most tokens, kept at once: past it, the oldest goes. */
export const MAX_THIRD_PARTY_ENTRIES = 1000;

/** The client the authorization server is started with (its `clients` configuration). */
export interface ThirdPartyClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** The warehouse's resource indicator (RFC 8707): the `aud` of its tokens. */
  resource: string;
  scope: string;
}

/** The demo server's client for the warehouse, with a new secret, on the server at `baseUrl`. */
export function thirdPartyClient(baseUrl: string): ThirdPartyClient {
  return {
    clientId: WAREHOUSE_CLIENT_ID,
    clientSecret: randomBytes(32).toString('base64url'),
    redirectUri: `${baseUrl}${CONNECT_CALLBACK_PATH}`,
    resource: `${baseUrl}${WAREHOUSE_PATH}`,
    scope: WAREHOUSE_SCOPE,
  };
}

/** What a callback gave: the flow it completes, or why it failed (plain text for the page). */
export type ThirdPartyCallback = { ok: true; flowId: string } | { ok: false; message: string };

/** The third-party authorizations of one demo server. */
export interface ThirdPartyAuthorization {
  /** Starts an authorization for `flowId` (a new `state` and PKCE pair each time): the URL to send the browser to. */
  start(flowId: string): Promise<string>;
  /** Finishes one from the callback's query: `state`, `iss`, then the code is redeemed here. */
  callback(params: URLSearchParams): Promise<ThirdPartyCallback>;
  /** Whether an unexpired warehouse token is held for `flowId` (the token itself never leaves this module). */
  connected(flowId: string): boolean;
}

interface Pending {
  flowId: string;
  verifier: string;
  expires: number;
}

interface Endpoints {
  authorization: string;
  token: string;
}

function base64url(bytes: Buffer): string {
  return bytes.toString('base64url');
}

/** Drops what expired from `entries`, then the oldest past {@link MAX_THIRD_PARTY_ENTRIES} (to make room for one). */
function sweep<T extends { expires: number }>(entries: Map<string, T>, now: number): void {
  for (const [key, entry] of entries) {
    if (entry.expires <= now || entries.size >= MAX_THIRD_PARTY_ENTRIES) {
      entries.delete(key);
    }
  }
}

/** The third-party authorizations of `client` at the authorization server `issuer`. */
export function createThirdPartyAuthorization(client: ThirdPartyClient, issuer: string): ThirdPartyAuthorization {
  const pending = new Map<string, Pending>();
  /** The warehouse tokens, by flow. In memory; only `connected` reads them. */
  const tokens = new Map<string, { accessToken: string; expires: number }>();
  let endpoints: Promise<Endpoints> | undefined;

  /** The authorization server's endpoints, from its metadata (RFC 8414), read once. */
  function endpointsOf(): Promise<Endpoints> {
    endpoints ??= (async () => {
      const response = await fetch(`${issuer}/.well-known/oauth-authorization-server`);
      const metadata = (await response.json()) as {
        issuer?: unknown;
        authorization_endpoint?: unknown;
        token_endpoint?: unknown;
        code_challenge_methods_supported?: unknown;
      };
      if (
        !response.ok ||
        metadata.issuer !== issuer ||
        typeof metadata.authorization_endpoint !== 'string' ||
        typeof metadata.token_endpoint !== 'string' ||
        !Array.isArray(metadata.code_challenge_methods_supported) ||
        !metadata.code_challenge_methods_supported.includes('S256')
      ) {
        throw new Error(`The authorization server ${issuer} has no usable metadata (issuer, endpoints, S256).`);
      }
      return { authorization: metadata.authorization_endpoint, token: metadata.token_endpoint };
    })();
    endpoints.catch(() => {
      endpoints = undefined;
    });
    return endpoints;
  }

  return {
    async start(flowId) {
      const { authorization } = await endpointsOf();
      const now = Date.now();
      sweep(pending, now);
      const state = base64url(randomBytes(32));
      const verifier = base64url(randomBytes(32));
      pending.set(state, { flowId, verifier, expires: now + PENDING_TTL_MS });
      const url = new URL(authorization);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: client.clientId,
        redirect_uri: client.redirectUri,
        scope: client.scope,
        resource: client.resource,
        state,
        code_challenge: base64url(createHash('sha256').update(verifier).digest()),
        code_challenge_method: 'S256',
      }).toString();
      return url.href;
    },

    async callback(params) {
      const state = params.get('state') ?? '';
      const entry = pending.get(state);
      pending.delete(state);
      if (entry === undefined || entry.expires <= Date.now()) {
        return { ok: false, message: 'No connection waits for this link: it was used already, or it expired.' };
      }
      // RFC 9207: the response must come from the authorization server the request went to.
      if (params.get('iss') !== issuer) {
        return { ok: false, message: `The answer did not come from ${issuer}: nothing was connected.` };
      }
      const error = params.get('error');
      if (error !== null) {
        return { ok: false, message: `The authorization server refused the connection (${error}).` };
      }
      const code = params.get('code');
      if (code === null || code === '') {
        return { ok: false, message: 'The authorization server sent neither a code nor an error.' };
      }
      const { token } = await endpointsOf();
      const basic = Buffer.from(
        `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`,
      ).toString('base64');
      const response = await fetch(token, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: client.redirectUri,
          code_verifier: entry.verifier,
          resource: client.resource,
        }),
      });
      const body = (await response.json().catch(() => ({}))) as {
        access_token?: unknown;
        expires_in?: unknown;
        error?: unknown;
      };
      if (!response.ok || typeof body.access_token !== 'string') {
        const reason = typeof body.error === 'string' ? body.error : `HTTP ${response.status}`;
        return { ok: false, message: `The authorization server did not give a token (${reason}).` };
      }
      const lifetime = typeof body.expires_in === 'number' ? body.expires_in * 1000 : DEFAULT_TOKEN_TTL_MS;
      const now = Date.now();
      sweep(tokens, now);
      tokens.set(entry.flowId, { accessToken: body.access_token, expires: now + lifetime });
      return { ok: true, flowId: entry.flowId };
    },

    connected(flowId) {
      return (tokens.get(flowId)?.expires ?? 0) > Date.now();
    },
  };
}
