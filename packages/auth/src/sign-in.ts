import {
  auth,
  checkResourceAllowed,
  discoverOAuthServerInfo,
  validateAuthorizationResponseIssuer,
  validateClientMetadataUrl,
} from '@modelcontextprotocol/client';
import type {
  FetchLike,
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { McpSignInError, quote, toSignInError } from './errors.js';
import type { McpAuthStore } from './store.js';

/** A client registered with an authorization server beforehand (RFC 6749 §2; a confidential client has a secret). */
export interface PreRegisteredClient {
  client_id: string;
  /** Kept on the backend only; sent to the token endpoint as the server's metadata allows (Basic, else POST body). */
  client_secret?: string;
  /** How the client authenticates at the token endpoint; by default the SDK picks from the server's metadata. */
  token_endpoint_auth_method?: 'client_secret_basic' | 'client_secret_post' | 'none';
}

/**
 * Pre-registered clients by authorization server `issuer` (exactly as its metadata spells it), or a function of the
 * issuer. An issuer with no entry falls through to a client ID metadata document, then to dynamic registration.
 */
export type PreRegisteredClients =
  | Readonly<Record<string, PreRegisteredClient>>
  | ((issuer: string) => PreRegisteredClient | undefined);

/** Options of {@link createMcpSignIn}. */
export interface McpSignInOptions {
  /** Where tokens, registrations and pending sign-ins live: `createMemoryAuthStore()` or `createRedisAuthStore()`. */
  store: McpAuthStore;
  /** The URL of the host's callback route (HTTPS, or `http://127.0.0.1`/`localhost` for local use). */
  redirectUrl: string;
  /** The name the authorization server shows on its consent page. */
  clientName: string;
  /** The host's home page, shown by some authorization servers. */
  clientUri?: string;
  /** The host's logo, shown by some authorization servers. */
  logoUri?: string;
  /**
   * The HTTPS URL (with a path) where the host serves {@link McpSignIn.clientMetadataDocument}: the `client_id` for
   * authorization servers that support client ID metadata documents (CIMD). Without it, CIMD is skipped.
   */
  clientMetadataUrl?: string;
  /** More redirect URIs for the metadata document, e.g. {@link loopbackRedirectUris} for local runs. */
  additionalRedirectUris?: readonly string[];
  /** Clients registered beforehand, tried first (the spec's order: pre-registered, CIMD, dynamic registration). */
  preRegisteredClients?: PreRegisteredClients;
  /** The scope to ask for when neither the server's challenge nor its metadata names one. */
  scope?: string;
  /** How long a started sign-in waits for its callback. @default 600_000 (10 minutes) */
  pendingTtlMs?: number;
  /** The `fetch` for metadata, registration, token and revocation requests. @default globalThis.fetch */
  fetch?: FetchLike;
  /** Where the callback handler sends the browser after a sign-in; without it, it answers with a short text page. */
  afterSignIn?: (result: CompletedSignIn) => string;
}

/** What {@link McpSignIn.signIn} gives. */
export type SignInResult =
  /** Tokens are stored (they existed, were refreshed, or came from a non-interactive grant). */
  | { status: 'signed-in' }
  /** Send the user's browser to `authorizationUrl`; the sign-in finishes at the callback route. */
  | { status: 'redirect'; authorizationUrl: string };

/** A sign-in the callback finished. */
export interface CompletedSignIn {
  status: 'signed-in';
  userId: string;
  serverUrl: string;
}

/**
 * What the callback gives: a finished sign-in, or (once, when the authorization server refused a scope to a client
 * that dynamic registration had registered for fewer scopes) a new authorization URL for the same user, server and
 * scope, after registering again with that scope.
 */
export type CallbackResult =
  | CompletedSignIn
  | { status: 'redirect'; userId: string; serverUrl: string; authorizationUrl: string };

/**
 * What became of one token at sign-out (RFC 7009): `revoked` (the authorization server confirmed it), `refused` (it
 * answered with an error, e.g. `unsupported_token_type` for a JWT access token it cannot revoke: such a token stays
 * valid at the MCP server until it expires), `unavailable` (no revocation endpoint in its metadata, the metadata could
 * not be read or names another issuer, or the request failed), or `none` (no such token was held).
 */
export type TokenRevocation = 'revoked' | 'refused' | 'unavailable' | 'none';

/** What {@link McpSignIn.signOut} gives. The tokens are deleted from the store whatever the outcome. */
export interface SignOutResult {
  /** Whether every token held was revoked (`false` when none was held). */
  revoked: boolean;
  /** The refresh token's outcome. */
  refreshToken: TokenRevocation;
  /** The access token's outcome. */
  accessToken: TokenRevocation;
}

/** The JSON a host serves at its `clientMetadataUrl` (a client ID metadata document). */
export type ClientMetadataDocument = OAuthClientMetadata & { client_id: string };

/** Sign-in to OAuth-protected MCP servers for a backend that runs its MCP clients (see {@link createMcpSignIn}). */
export interface McpSignIn {
  /**
   * The `authProvider` for the SDK's `StreamableHTTPClientTransport` of one user and one MCP server. When the server
   * needs a (new) sign-in, the transport throws `UnauthorizedError`: send the user to {@link McpSignIn.pendingSignIn}.
   */
  provider(userId: string, serverUrl: string | URL): OAuthClientProvider;
  /** Starts a sign-in (or refreshes): gives the URL to send the user's browser to, or `signed-in`. */
  signIn(userId: string, serverUrl: string | URL, options?: { scope?: string }): Promise<SignInResult>;
  /** The authorization URL of the user's latest sign-in that waits for its callback, if any. */
  pendingSignIn(userId: string, serverUrl: string | URL): Promise<string | undefined>;
  /** Whether tokens are stored for this user and server. */
  isSignedIn(userId: string, serverUrl: string | URL): Promise<boolean>;
  /**
   * Finishes a sign-in from the callback's query: checks `state` (single use, of this user), `iss`, then redeems
   * the code on the backend. Throws {@link McpSignInError}.
   */
  completeSignIn(params: URLSearchParams, userId: string): Promise<CallbackResult>;
  /**
   * The callback route as a Fetch API handler: {@link McpSignIn.completeSignIn} on the request's query, then a
   * redirect (`afterSignIn`, or the new authorization URL) or a plain-text page; a failure answers 400 with the
   * error's message as plain text.
   */
  handleCallback(request: Request, userId: string): Promise<Response>;
  /** Revokes the user's tokens for this server where the authorization server allows it (RFC 7009), deletes them. */
  signOut(userId: string, serverUrl: string | URL): Promise<SignOutResult>;
  /** The client ID metadata document to serve at `clientMetadataUrl`. */
  clientMetadataDocument(): ClientMetadataDocument;
  /** {@link McpSignIn.clientMetadataDocument} as a JSON response (cacheable for an hour). */
  clientMetadataResponse(): Response;
}

/** What waits, keyed by `state`, between the redirect to the authorization server and the callback. */
interface PendingSignIn {
  userId: string;
  serverUrl: string;
  codeVerifier: string;
  discoveryState: OAuthDiscoveryState;
  /** The `scope` the authorization request asked for. */
  scope?: string;
  /** This sign-in already registered the client again after an `invalid_scope`. */
  reregistered?: boolean;
}

const DEFAULT_PENDING_TTL_MS = 600_000;

/** Redirect URIs on both loopback names for a local run: `http://127.0.0.1:<port><path>` and `http://localhost:…`. */
export function loopbackRedirectUris(port: number, path = '/oauth/callback'): string[] {
  return [`http://127.0.0.1:${port}${path}`, `http://localhost:${port}${path}`];
}

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
}

function keyPart(value: string): string {
  return encodeURIComponent(value);
}

/** A user's tokens for one MCP server. */
function tokensKey(userId: string, serverUrl: string): string {
  return `tokens:${keyPart(userId)}:${keyPart(serverUrl)}`;
}

/** The authorization URL of a user's latest sign-in to one MCP server that waits for its callback. */
function startedKey(userId: string, serverUrl: string): string {
  return `started:${keyPart(userId)}:${keyPart(serverUrl)}`;
}

/** A started sign-in, by its `state`. */
function pendingKey(state: string): string {
  return `pending:${keyPart(state)}`;
}

/** The client registered (dynamically, or as a metadata document URL) with one authorization server. */
function clientKey(issuer: string): string {
  return `client:${keyPart(issuer)}`;
}

/** A token's outcome when no revocation was attempted: `unavailable` if it was held, else `none`. */
function notRevoked(token: string | undefined): TokenRevocation {
  return token === undefined ? 'none' : 'unavailable';
}

function parseJson<T>(value: string | undefined): T | undefined {
  return value === undefined ? undefined : (JSON.parse(value) as T);
}

/**
 * Sign-in to OAuth-protected MCP servers (MCP authorization, 2025-11-25 and 2026-07-28) for a host whose MCP client
 * runs on its backend. It is an `OAuthClientProvider` for the SDK's `auth()`, which does discovery, PKCE (S256),
 * registration, the token exchange, refresh and step-up; this adds what the SDK leaves to the host: per-user token
 * custody, the `state` check, PKCE and resource checks of the metadata, the callback route, the client ID metadata
 * document and sign-out. Tokens stay in `store`; the browser only ever sees the authorization server's pages.
 */
export function createMcpSignIn(options: McpSignInOptions): McpSignIn {
  const { store } = options;
  const pendingTtlMs = options.pendingTtlMs ?? DEFAULT_PENDING_TTL_MS;
  const fetchFn = options.fetch;
  validateClientMetadataUrl(options.clientMetadataUrl);
  const redirectUris = [options.redirectUrl, ...(options.additionalRedirectUris ?? [])];

  function preRegistered(issuer: string): PreRegisteredClient | undefined {
    const clients = options.preRegisteredClients;
    if (clients === undefined) {
      return undefined;
    }
    if (typeof clients === 'function') {
      return clients(issuer);
    }
    return Object.hasOwn(clients, issuer) ? clients[issuer] : undefined;
  }

  const clientMetadata: OAuthClientMetadata = {
    client_name: options.clientName,
    redirect_uris: redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    ...(options.clientUri === undefined ? {} : { client_uri: options.clientUri }),
    ...(options.logoUri === undefined ? {} : { logo_uri: options.logoUri }),
    ...(options.scope === undefined ? {} : { scope: options.scope }),
  };

  /** The SDK's provider for one user, one server and one run of `auth()`. */
  class SignInProvider implements OAuthClientProvider {
    declare readonly clientMetadataUrl?: string;
    authorizationUrl: string | undefined;
    private currentState: string | undefined;
    private verifier: string | undefined;
    private discovery: OAuthDiscoveryState | undefined;
    private issuer: string | undefined;
    reregistered = false;

    constructor(
      private readonly userId: string,
      private readonly serverUrl: string,
      pending?: PendingSignIn,
    ) {
      this.verifier = pending?.codeVerifier;
      this.discovery = pending?.discoveryState;
      if (options.clientMetadataUrl !== undefined) {
        this.clientMetadataUrl = options.clientMetadataUrl;
      }
    }

    get redirectUrl(): string {
      return options.redirectUrl;
    }

    get clientMetadata(): OAuthClientMetadata {
      return clientMetadata;
    }

    state(): string {
      this.currentState = randomState();
      return this.currentState;
    }

    async clientInformation(ctx?: OAuthClientInformationContext): Promise<StoredOAuthClientInformation | undefined> {
      if (ctx === undefined) {
        return undefined;
      }
      this.issuer = ctx.issuer;
      const client = preRegistered(ctx.issuer);
      if (client !== undefined) {
        return { ...client, issuer: ctx.issuer };
      }
      return parseJson<StoredOAuthClientInformation>(await store.get(clientKey(ctx.issuer)));
    }

    async saveClientInformation(
      information: StoredOAuthClientInformation,
      ctx?: OAuthClientInformationContext,
    ): Promise<void> {
      const issuer = ctx?.issuer ?? information.issuer;
      if (issuer === undefined || preRegistered(issuer) !== undefined) {
        return;
      }
      await store.set(clientKey(issuer), JSON.stringify(information));
    }

    async tokens(): Promise<StoredOAuthTokens | undefined> {
      return parseJson<StoredOAuthTokens>(await store.get(tokensKey(this.userId, this.serverUrl)));
    }

    async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
      await store.set(tokensKey(this.userId, this.serverUrl), JSON.stringify(tokens));
    }

    async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
      const resource = state.resourceMetadata?.resource;
      if (
        resource !== undefined &&
        !checkResourceAllowed({ requestedResource: this.serverUrl, configuredResource: resource })
      ) {
        throw new McpSignInError(
          'resource_mismatch',
          `The MCP server's protected resource metadata names the resource ${quote(resource)}, which is not ${quote(this.serverUrl)} or a parent of it (RFC 9728 §3.3): no sign-in was started.`,
        );
      }
      const metadata = state.authorizationServerMetadata;
      if (metadata !== undefined && !(metadata.code_challenge_methods_supported ?? []).includes('S256')) {
        throw new McpSignInError(
          'pkce_unsupported',
          `The authorization server ${quote(metadata.issuer)} does not list S256 in code_challenge_methods_supported, which MCP authorization requires: no sign-in was started.`,
        );
      }
      this.discovery = state;
    }

    discoveryState(): OAuthDiscoveryState | undefined {
      return this.discovery;
    }

    saveCodeVerifier(codeVerifier: string): void {
      this.verifier = codeVerifier;
    }

    codeVerifier(): string {
      if (this.verifier === undefined) {
        throw new McpSignInError('state_unknown', 'No PKCE code verifier is stored for this sign-in.');
      }
      return this.verifier;
    }

    async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
      const state = this.currentState;
      if (state === undefined || this.verifier === undefined || this.discovery === undefined) {
        throw new McpSignInError(
          'sign_in_failed',
          'The sign-in reached the redirect without state, verifier or discovery.',
        );
      }
      const pending: PendingSignIn = {
        userId: this.userId,
        serverUrl: this.serverUrl,
        codeVerifier: this.verifier,
        discoveryState: this.discovery,
        ...(authorizationUrl.searchParams.has('scope') ? { scope: authorizationUrl.searchParams.get('scope')! } : {}),
        ...(this.reregistered ? { reregistered: true } : {}),
      };
      await store.set(pendingKey(state), JSON.stringify(pending), pendingTtlMs);
      await store.set(startedKey(this.userId, this.serverUrl), authorizationUrl.href, pendingTtlMs);
      this.authorizationUrl = authorizationUrl.href;
    }

    async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
      if (scope === 'all' || scope === 'tokens') {
        await store.delete(tokensKey(this.userId, this.serverUrl));
      }
      if ((scope === 'all' || scope === 'client') && this.issuer !== undefined) {
        await store.delete(clientKey(this.issuer));
      }
      if (scope === 'all' || scope === 'verifier') {
        this.verifier = undefined;
      }
      if (scope === 'all' || scope === 'discovery') {
        this.discovery = undefined;
      }
    }
  }

  function clientMetadataDocument(): ClientMetadataDocument {
    if (options.clientMetadataUrl === undefined) {
      throw new McpSignInError('sign_in_failed', 'clientMetadataDocument() needs the clientMetadataUrl option.');
    }
    return { client_id: options.clientMetadataUrl, ...clientMetadata, token_endpoint_auth_method: 'none' };
  }

  /**
   * Dynamic registration registers the client for the scope of its first sign-in, and some authorization servers
   * (oidc-provider) then refuse any other scope to it: a later step-up fails with `invalid_scope`. Once per sign-in,
   * register again for the scope asked for and start over. The registration is shared, so users whose refresh tokens
   * belong to the replaced one sign in again when those expire.
   */
  async function registerAgain(pending: PendingSignIn): Promise<string | undefined> {
    const issuer =
      pending.discoveryState.authorizationServerMetadata?.issuer ?? pending.discoveryState.authorizationServerUrl;
    const stored = parseJson<StoredOAuthClientInformation>(await store.get(clientKey(issuer)));
    if (
      pending.reregistered === true ||
      stored === undefined ||
      preRegistered(issuer) !== undefined ||
      stored.client_id === options.clientMetadataUrl
    ) {
      return undefined;
    }
    await store.delete(clientKey(issuer));
    const provider = new SignInProvider(pending.userId, pending.serverUrl);
    provider.reregistered = true;
    try {
      await auth(provider, {
        serverUrl: pending.serverUrl,
        forceReauthorization: true,
        ...(pending.scope === undefined ? {} : { scope: pending.scope }),
        ...(fetchFn === undefined ? {} : { fetchFn }),
      });
    } catch (failure) {
      throw toSignInError(failure, false);
    }
    return provider.authorizationUrl;
  }

  async function completeSignIn(params: URLSearchParams, userId: string): Promise<CallbackResult> {
    const state = params.get('state');
    if (state === null || state === '') {
      throw new McpSignInError('state_missing', 'The sign-in callback has no state parameter: it was not discarded.');
    }
    const pending = parseJson<PendingSignIn>(await store.take(pendingKey(state)));
    if (pending === undefined) {
      throw new McpSignInError(
        'state_unknown',
        'No sign-in waits for this state: it was used already, it expired, or the callback was not started here.',
      );
    }
    if (pending.userId !== userId) {
      throw new McpSignInError('state_other_user', 'This sign-in was started by another user: it was discarded.');
    }
    await store.delete(startedKey(pending.userId, pending.serverUrl));
    const metadata = pending.discoveryState.authorizationServerMetadata;
    const iss = params.get('iss') ?? undefined;
    const error = params.get('error');
    if (error !== null) {
      // RFC 9207 §2.4: an error response from the wrong authorization server is neither acted on nor shown.
      try {
        validateAuthorizationResponseIssuer({
          iss,
          expectedIssuer: metadata?.issuer,
          issParameterSupported: metadata?.authorization_response_iss_parameter_supported === true,
        });
      } catch (failure) {
        throw toSignInError(failure, true);
      }
      if (error === 'invalid_scope') {
        const authorizationUrl = await registerAgain(pending);
        if (authorizationUrl !== undefined) {
          return { status: 'redirect', userId, serverUrl: pending.serverUrl, authorizationUrl };
        }
      }
      const description = params.get('error_description') ?? undefined;
      throw new McpSignInError(
        'authorization_denied',
        `The authorization server refused the sign-in: ${quote(error)}${description === undefined ? '' : ` (${quote(description)})`}.`,
      );
    }
    const code = params.get('code');
    if (code === null || code === '') {
      throw new McpSignInError('code_missing', 'The sign-in callback has neither a code nor an error parameter.');
    }
    const provider = new SignInProvider(pending.userId, pending.serverUrl, pending);
    try {
      await auth(provider, {
        serverUrl: pending.serverUrl,
        authorizationCode: code,
        ...(iss === undefined ? {} : { iss }),
        ...(fetchFn === undefined ? {} : { fetchFn }),
      });
    } catch (failure) {
      throw toSignInError(failure, true);
    }
    return { status: 'signed-in', userId: pending.userId, serverUrl: pending.serverUrl };
  }

  async function revoke(
    endpoint: string,
    token: string,
    hint: 'access_token' | 'refresh_token',
    client: StoredOAuthClientInformation | PreRegisteredClient | undefined,
    postOnly: boolean,
  ): Promise<TokenRevocation> {
    const body = new URLSearchParams({ token, token_type_hint: hint });
    const headers = new Headers({ 'content-type': 'application/x-www-form-urlencoded' });
    if (client?.client_secret !== undefined && !postOnly) {
      const id = encodeURIComponent(client.client_id);
      const secret = encodeURIComponent(client.client_secret);
      headers.set('authorization', `Basic ${btoa(`${id}:${secret}`)}`);
    } else if (client !== undefined) {
      body.set('client_id', client.client_id);
      if (client.client_secret !== undefined) {
        body.set('client_secret', client.client_secret);
      }
    }
    try {
      const response = await (fetchFn ?? fetch)(endpoint, { method: 'POST', headers, body });
      return response.ok ? 'revoked' : 'refused';
    } catch {
      return 'unavailable';
    }
  }

  return {
    provider(userId, serverUrl) {
      return new SignInProvider(userId, new URL(serverUrl).href);
    },

    async signIn(userId, serverUrl, signInOptions = {}) {
      const url = new URL(serverUrl).href;
      const provider = new SignInProvider(userId, url);
      let result: 'AUTHORIZED' | 'REDIRECT';
      try {
        result = await auth(provider, {
          serverUrl: url,
          ...(signInOptions.scope === undefined ? {} : { scope: signInOptions.scope }),
          ...(fetchFn === undefined ? {} : { fetchFn }),
        });
      } catch (failure) {
        throw toSignInError(failure, false);
      }
      if (result === 'AUTHORIZED' || provider.authorizationUrl === undefined) {
        return { status: 'signed-in' };
      }
      return { status: 'redirect', authorizationUrl: provider.authorizationUrl };
    },

    async pendingSignIn(userId, serverUrl) {
      return store.get(startedKey(userId, new URL(serverUrl).href));
    },

    async isSignedIn(userId, serverUrl) {
      return (await store.get(tokensKey(userId, new URL(serverUrl).href))) !== undefined;
    },

    completeSignIn,

    async handleCallback(request, userId) {
      const params = new URL(request.url).searchParams;
      try {
        const result = await completeSignIn(params, userId);
        if (result.status === 'redirect') {
          return new Response(null, { status: 303, headers: { location: result.authorizationUrl } });
        }
        if (options.afterSignIn !== undefined) {
          return new Response(null, { status: 303, headers: { location: options.afterSignIn(result) } });
        }
        return new Response(`Signed in to ${result.serverUrl}. You can close this window.\n`, {
          status: 200,
          headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
        });
      } catch (failure) {
        if (!(failure instanceof McpSignInError)) {
          throw failure;
        }
        return new Response(`${failure.message}\n`, {
          status: 400,
          headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
        });
      }
    },

    async signOut(userId, serverUrl) {
      const url = new URL(serverUrl).href;
      const key = tokensKey(userId, url);
      const tokens = parseJson<StoredOAuthTokens>(await store.get(key));
      await store.delete(key);
      await store.delete(startedKey(userId, url));
      if (tokens === undefined) {
        return { revoked: false, refreshToken: 'none', accessToken: 'none' };
      }
      const unrevoked: SignOutResult = {
        revoked: false,
        refreshToken: notRevoked(tokens.refresh_token),
        accessToken: notRevoked(tokens.access_token),
      };
      let metadata;
      try {
        ({ authorizationServerMetadata: metadata } = await discoverOAuthServerInfo(
          url,
          fetchFn === undefined ? {} : { fetchFn },
        ));
      } catch {
        return unrevoked;
      }
      // RFC 7009 §2 / RFC 8414 §2: both fields are optional and missing from the SDK's OIDC metadata type.
      const revocation = metadata as
        | { revocation_endpoint?: unknown; revocation_endpoint_auth_methods_supported?: unknown }
        | undefined;
      const endpoint = revocation?.revocation_endpoint;
      if (metadata === undefined || typeof endpoint !== 'string' || tokens.issuer !== metadata.issuer) {
        return unrevoked;
      }
      const client =
        preRegistered(metadata.issuer) ??
        parseJson<StoredOAuthClientInformation>(await store.get(clientKey(metadata.issuer)));
      const methods = revocation?.revocation_endpoint_auth_methods_supported;
      const postOnly = Array.isArray(methods) && !methods.includes('client_secret_basic');
      // The refresh token first (RFC 7009 §2.1: revoking it may revoke the access tokens of its grant too).
      const refreshToken =
        tokens.refresh_token === undefined
          ? 'none'
          : await revoke(endpoint, tokens.refresh_token, 'refresh_token', client, postOnly);
      const accessToken = await revoke(endpoint, tokens.access_token, 'access_token', client, postOnly);
      return {
        revoked: accessToken === 'revoked' && (refreshToken === 'revoked' || refreshToken === 'none'),
        refreshToken,
        accessToken,
      };
    },

    clientMetadataDocument,

    clientMetadataResponse() {
      return Response.json(clientMetadataDocument(), {
        headers: { 'cache-control': 'public, max-age=3600' },
      });
    },
  };
}
