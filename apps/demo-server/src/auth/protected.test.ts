// The protected endpoint and the demo's authorization server, on the wire: the 401 challenge, the metadata, a real
// sign-in by the SDK's own auth() (dynamic registration, PKCE, the resource indicator) through oidc-provider's login
// and consent pages, the audience-bound JWT it issues, an elicitation over the signed-in connection, the per-tool
// scope (403 insufficient_scope) and the refusals of foreign, expired and missing tokens.
import { auth, Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthTokens,
} from '@modelcontextprotocol/client';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../index.js';
import type { DemoServer } from '../index.js';
import { signInAtAuthorizationServer } from './user-agent.js';

const REDIRECT = 'http://127.0.0.1:1/callback';

/** The smallest provider for the SDK's auth(): one user, in memory. */
function memoryProvider(): OAuthClientProvider & { authorizationUrl?: URL; tokensNow?: OAuthTokens } {
  let client: OAuthClientInformationMixed | undefined;
  let verifier = '';
  const provider: OAuthClientProvider & { authorizationUrl?: URL; tokensNow?: OAuthTokens } = {
    get redirectUrl() {
      return REDIRECT;
    },
    get clientMetadata(): OAuthClientMetadata {
      return { client_name: 'demo-server test', redirect_uris: [REDIRECT] };
    },
    clientInformation: () => client,
    saveClientInformation: (information) => {
      client = information;
    },
    tokens: () => provider.tokensNow,
    saveTokens: (tokens) => {
      provider.tokensNow = tokens;
    },
    redirectToAuthorization: (url) => {
      provider.authorizationUrl = url;
    },
    saveCodeVerifier: (value) => {
      verifier = value;
    },
    codeVerifier: () => verifier,
  };
  return provider;
}

/** Signs in with the SDK's auth() for `scope`; resolves with the provider holding the tokens. */
async function signIn(serverUrl: string, provider = memoryProvider(), scope?: string): Promise<typeof provider> {
  const options = { serverUrl, ...(scope === undefined ? {} : { scope }) };
  expect(await auth(provider, options)).toBe('REDIRECT');
  const callback = new URL(await signInAtAuthorizationServer(provider.authorizationUrl!.href));
  expect(callback.origin + callback.pathname).toBe(REDIRECT);
  const result = await auth(provider, {
    ...options,
    authorizationCode: callback.searchParams.get('code')!,
    iss: callback.searchParams.get('iss')!,
  });
  expect(result).toBe('AUTHORIZED');
  return provider;
}

function callTool(url: string, token: string | undefined, name: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } }),
  });
}

/** An SDK client on the protected endpoint with `provider`'s tokens; accepts every question, noting its message. */
async function connect(provider: OAuthClientProvider, asked: string[] = []): Promise<Client> {
  const client = new Client({ name: 'protected-test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  client.setRequestHandler('elicitation/create', (request) => {
    asked.push(request.params.message);
    return { action: 'accept', content: {} };
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(protectedUrl), { authProvider: provider }));
  return client;
}

let demo: DemoServer;
let protectedUrl: string;
let issuer: string;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, silent: true, auth: { port: 0 } });
  protectedUrl = demo.protectedUrl!;
  issuer = demo.issuer!;
});
afterAll(async () => {
  await demo.close();
});

describe('the protected endpoint', () => {
  it('answers 401 with a challenge that names its metadata and scope, and serves that metadata', async () => {
    expect(protectedUrl).toBe(demo.url.replace(/\/mcp$/, '/mcp-protected'));
    const response = await callTool(protectedUrl, undefined, 'export-data');
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate') ?? '';
    const metadataUrl = demo.url.replace(/\/mcp$/, '/.well-known/oauth-protected-resource/mcp-protected');
    expect(challenge).toContain(`resource_metadata="${metadataUrl}"`);
    expect(challenge).toContain('scope="tools:read"');
    const metadata = (await (await fetch(metadataUrl)).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      resource: protectedUrl,
      authorization_servers: [issuer],
      scopes_supported: ['tools:read', 'export:write'],
    });
    const asMetadata = (await (await fetch(`${issuer}/.well-known/oauth-authorization-server`)).json()) as Record<
      string,
      unknown
    >;
    expect(asMetadata).toMatchObject({
      issuer,
      code_challenge_methods_supported: ['S256'],
      registration_endpoint: `${issuer}/reg`,
      revocation_endpoint: `${issuer}/token/revocation`,
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
  });

  it('keeps /mcp open', async () => {
    const response = await callTool(demo.url, undefined, 'confirm-action');
    expect(response.status).not.toBe(401);
    expect(response.headers.get('www-authenticate')).toBeNull();
  });

  it('signs in with the SDK, gets an audience-bound JWT with a refresh token, and elicits over it', async () => {
    const provider = await signIn(protectedUrl, memoryProvider(), 'tools:read');
    const tokens = provider.tokensNow!;
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({ iss: issuer, aud: protectedUrl, scope: 'tools:read' });

    const asked: string[] = [];
    const client = await connect(provider, asked);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('confirm-action');
      const result = await client.callTool({ name: 'confirm-action', arguments: {} });
      expect(asked).toHaveLength(1);
      expect(result.isError ?? false).toBe(false);
    } finally {
      await client.close();
    }
  });

  it('refuses export-data without export:write (403 insufficient_scope), and serves it after a step-up', async () => {
    const provider = await signIn(protectedUrl, memoryProvider(), 'tools:read');
    const refused = await callTool(protectedUrl, provider.tokensNow!.access_token, 'export-data');
    expect(refused.status).toBe(403);
    const challenge = refused.headers.get('www-authenticate') ?? '';
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="tools:read export:write"');

    // A new sign-in for both scopes (a client registered dynamically for tools:read alone may not ask for more here).
    const stepped = await signIn(protectedUrl, memoryProvider(), 'tools:read export:write');
    expect(decodeJwt(stepped.tokensNow!.access_token)['scope']).toBe('tools:read export:write');
    const client = await connect(stepped);
    try {
      const result = await client.callTool({ name: 'export-data', arguments: { format: 'csv', maxRows: 5 } });
      expect(result.isError ?? false).toBe(false);
    } finally {
      await client.close();
    }
  });

  it('refuses a token signed by another key, one for another audience, and an expired one (401 invalid_token)', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ scope: 'tools:read export:write', client_id: 'x' })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt' })
      .setIssuer(issuer)
      .setAudience(protectedUrl)
      .setExpirationTime('1h')
      .sign(privateKey);
    const forgedAnswer = await callTool(protectedUrl, forged, 'confirm-action');
    expect(forgedAnswer.status).toBe(401);
    expect(forgedAnswer.headers.get('www-authenticate')).toContain('error="invalid_token"');

    // The authorization server refuses to mint a token for another resource at all.
    const provider = memoryProvider();
    await expect(auth(provider, { serverUrl: demo.url.replace(/\/mcp$/, '/elsewhere') })).rejects.toThrow();

    const shortLived = await startDemoServer({ port: 0, silent: true, auth: { port: 0, accessTokenTtlSeconds: 1 } });
    try {
      const expiring = await signIn(shortLived.protectedUrl!);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const expired = await callTool(shortLived.protectedUrl!, expiring.tokensNow!.access_token, 'confirm-action');
      expect(expired.status).toBe(401);
      expect(expired.headers.get('www-authenticate')).toContain('error="invalid_token"');
      // A token of one demo server is not accepted by another (its audience and its signing key differ).
      const foreign = await callTool(protectedUrl, expiring.tokensNow!.access_token, 'confirm-action');
      expect(foreign.status).toBe(401);
    } finally {
      await shortLived.close();
    }
  });
});
