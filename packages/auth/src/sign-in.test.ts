// The sign-in end to end with real parts: oidc-provider 9 as the authorization server, MCP servers of the SDK behind
// its bearer gate (audience-checked), the SDK's client and Streamable HTTP transport with the kit's provider, and a
// cookie-carrying "browser" (src/test/world.ts). What goes over the wire is asserted where it is the contract.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { McpSignInError, createMcpSignIn, createMemoryAuthStore, loopbackRedirectUris } from './index.js';
import type { McpAuthStore, McpSignIn, McpSignInOptions } from './index.js';
import { startWorld } from './test/world.js';
import type { World, WorldOptions } from './test/world.js';

const REDIRECT = 'http://127.0.0.1:5173/oauth/callback';
const CIMD_URL = 'https://app.example/oauth/client-metadata.json';
const USER = 'alice-session';

let world: World | undefined;

afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function setup(
  worldOptions: WorldOptions = {},
  signInOptions: Partial<McpSignInOptions> = {},
): Promise<{ world: World; signIn: McpSignIn; store: McpAuthStore }> {
  world = await startWorld(worldOptions);
  const store = signInOptions.store ?? createMemoryAuthStore();
  const signIn = createMcpSignIn({ store, redirectUrl: REDIRECT, clientName: 'Kit test host', ...signInOptions });
  return { world, signIn, store };
}

/** Starts a sign-in and walks the browser to the callback URL (not yet handled). */
async function authorize(w: World, signIn: McpSignIn, serverUrl = w.mcpUrl): Promise<string> {
  const started = await signIn.signIn(USER, serverUrl);
  if (started.status !== 'redirect') {
    throw new Error('expected a redirect');
  }
  return w.browse(started.authorizationUrl);
}

async function signInFully(w: World, signIn: McpSignIn, serverUrl = w.mcpUrl): Promise<void> {
  const response = await signIn.handleCallback(new Request(await authorize(w, signIn, serverUrl)), USER);
  expect(response.status, await response.clone().text()).toBe(200);
}

async function connect(signIn: McpSignIn, serverUrl: string): Promise<Client> {
  const client = new Client({ name: 'kit-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: signIn.provider(USER, serverUrl) }),
  );
  return client;
}

async function whoami(signIn: McpSignIn, serverUrl: string): Promise<unknown> {
  const client = await connect(signIn, serverUrl);
  try {
    return (await client.callTool({ name: 'whoami', arguments: {} })).content;
  } finally {
    await client.close();
  }
}

function withParam(url: string, name: string, value: string | undefined): Request {
  const changed = new URL(url);
  if (value === undefined) {
    changed.searchParams.delete(name);
  } else {
    changed.searchParams.set(name, value);
  }
  return new Request(changed);
}

async function expectRefused(response: Response, message: string | RegExp): Promise<void> {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  const text = await response.text();
  if (typeof message === 'string') {
    expect(text).toBe(`${message}\n`);
  } else {
    expect(text).toMatch(message);
  }
}

describe('sign-in with dynamic client registration', () => {
  it('signs in after the transport asks, keeps the token on the backend, and calls a tool with it', async () => {
    const { world: w, signIn } = await setup();
    await expect(connect(signIn, w.mcpUrl)).rejects.toBeInstanceOf(UnauthorizedError);
    const authorizationUrl = await signIn.pendingSignIn(USER, w.mcpUrl);
    expect(authorizationUrl).toBeDefined();
    const authorization = new URL(authorizationUrl!);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('resource')).toBe(w.mcpUrl);
    expect(authorization.searchParams.get('state')?.length).toBeGreaterThanOrEqual(40);

    const response = await signIn.handleCallback(new Request(await w.browse(authorizationUrl!)), USER);
    const page = await response.text();
    expect(response.status).toBe(200);
    expect(page).toBe(`Signed in to ${w.mcpUrl}. You can close this window.\n`);
    const tokens = await signIn.provider(USER, w.mcpUrl).tokens();
    expect(tokens?.access_token).toBeTruthy();
    expect(page).not.toContain(tokens!.access_token);
    expect(await signIn.isSignedIn(USER, w.mcpUrl)).toBe(true);
    expect(await signIn.pendingSignIn(USER, w.mcpUrl)).toBeUndefined();

    expect(await whoami(signIn, w.mcpUrl)).toEqual([{ type: 'text', text: `hello from ${w.mcpUrl}` }]);
    expect(w.mcpRequests.at(-1)?.authorization).toBe(`Bearer ${tokens!.access_token}`);

    const registration = w.asRequests.find((request) => request.path === '/reg');
    expect(JSON.parse(registration!.body)).toMatchObject({
      client_name: 'Kit test host',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      application_type: 'native',
    });
    const tokenRequest = new URLSearchParams(w.asRequests.find((request) => request.path === '/token')!.body);
    expect(tokenRequest.get('grant_type')).toBe('authorization_code');
    expect(tokenRequest.get('resource')).toBe(w.mcpUrl);
    expect(tokenRequest.get('code_verifier')).toMatch(/^[\w~.-]{43,128}$/);
  });

  it('redirects to afterSignIn when the host gives one', async () => {
    const { world: w, signIn } = await setup(
      {},
      { afterSignIn: ({ serverUrl }) => `/servers?signed-in=${encodeURIComponent(serverUrl)}` },
    );
    const response = await signIn.handleCallback(new Request(await authorize(w, signIn)), USER);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/servers?signed-in=${encodeURIComponent(w.mcpUrl)}`);
  });

  it('registers once per authorization server and reuses that client for the next user', async () => {
    const { world: w, signIn } = await setup();
    await signInFully(w, signIn);
    const started = await signIn.signIn('bob-session', w.mcpUrl);
    expect(started.status).toBe('redirect');
    expect(w.asRequests.filter((request) => request.path === '/reg')).toHaveLength(1);
  });
});

describe('client registration in the spec order', () => {
  it('uses a client ID metadata document the host serves when the server supports it, with no registration', async () => {
    let signIn: McpSignIn | undefined;
    const setupResult = await setup(
      {
        cimd: {
          documents: (url) =>
            url === CIMD_URL ? signIn!.clientMetadataResponse() : new Response(null, { status: 404 }),
        },
      },
      { clientMetadataUrl: CIMD_URL, additionalRedirectUris: loopbackRedirectUris(5174) },
    );
    signIn = setupResult.signIn;
    const w = setupResult.world;
    const started = await signIn.signIn(USER, w.mcpUrl);
    expect(started.status === 'redirect' && new URL(started.authorizationUrl).searchParams.get('client_id')).toBe(
      CIMD_URL,
    );
    await signInFully(w, signIn);
    expect(w.documentFetches).toContain(CIMD_URL);
    expect(w.asRequests.some((request) => request.path === '/reg')).toBe(false);
    expect(await whoami(signIn, w.mcpUrl)).toEqual([{ type: 'text', text: `hello from ${w.mcpUrl}` }]);
    expect(signIn.clientMetadataDocument()).toEqual({
      client_id: CIMD_URL,
      client_name: 'Kit test host',
      redirect_uris: [REDIRECT, 'http://127.0.0.1:5174/oauth/callback', 'http://localhost:5174/oauth/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
  });

  it('prefers a pre-registered confidential client, which authenticates at the token endpoint from the backend', async () => {
    let signIn: McpSignIn | undefined;
    const clientSecret = 'a-secret-only-the-backend-knows-0123456789';
    world = await startWorld({
      clients: [
        {
          client_id: 'kit-backend',
          client_secret: clientSecret,
          redirect_uris: [REDIRECT],
          application_type: 'native',
          token_endpoint_auth_method: 'client_secret_basic',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
        },
      ],
      cimd: { documents: () => signIn!.clientMetadataResponse() },
    });
    const w = world;
    signIn = createMcpSignIn({
      store: createMemoryAuthStore(),
      redirectUrl: REDIRECT,
      clientName: 'Kit test host',
      clientMetadataUrl: CIMD_URL,
      preRegisteredClients: { [w.issuer]: { client_id: 'kit-backend', client_secret: clientSecret } },
    });
    await signInFully(w, signIn);
    const tokenRequest = w.asRequests.find((request) => request.path === '/token')!;
    expect(tokenRequest.authorization).toBe(`Basic ${btoa(`kit-backend:${clientSecret}`)}`);
    expect(w.documentFetches).toEqual([]);
    expect(w.asRequests.some((request) => request.path === '/reg')).toBe(false);
    expect(await whoami(signIn, w.mcpUrl)).toEqual([{ type: 'text', text: `hello from ${w.mcpUrl}` }]);
  });

  it('refuses a clientMetadataUrl that is not an HTTPS URL with a path', () => {
    expect(() =>
      createMcpSignIn({
        store: createMemoryAuthStore(),
        redirectUrl: REDIRECT,
        clientName: 'x',
        clientMetadataUrl: 'http://app.example/client.json',
      }),
    ).toThrow(/clientMetadataUrl must be a valid HTTPS URL with a non-root pathname/);
  });
});

describe('refresh, step-up and sign-out', () => {
  it('refreshes when the server refuses an access token the authorization server revoked', async () => {
    const { world: w, signIn } = await setup();
    await signInFully(w, signIn);
    const first = await signIn.provider(USER, w.mcpUrl).tokens();
    expect(first?.refresh_token).toBeTruthy();
    await (await w.provider.AccessToken.find(first!.access_token))!.destroy();

    expect(await whoami(signIn, w.mcpUrl)).toEqual([{ type: 'text', text: `hello from ${w.mcpUrl}` }]);
    const refresh = w.asRequests.filter(
      (request) => request.path === '/token' && new URLSearchParams(request.body).get('grant_type') === 'refresh_token',
    );
    expect(refresh).toHaveLength(1);
    expect(new URLSearchParams(refresh[0]!.body).get('resource')).toBe(w.mcpUrl);
    expect((await signIn.provider(USER, w.mcpUrl).tokens())?.access_token).not.toBe(first!.access_token);
  });

  it('drops the tokens and asks for a new sign-in when the refresh fails', async () => {
    const { world: w, signIn } = await setup();
    await signInFully(w, signIn);
    const tokens = await signIn.provider(USER, w.mcpUrl).tokens();
    await (await w.provider.RefreshToken.find(tokens!.refresh_token!))!.destroy();
    await (await w.provider.AccessToken.find(tokens!.access_token))!.destroy();

    await expect(connect(signIn, w.mcpUrl)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(await signIn.isSignedIn(USER, w.mcpUrl)).toBe(false);
    expect(await signIn.pendingSignIn(USER, w.mcpUrl)).toMatch(new RegExp(`^${w.issuer}/auth\\?`));
  });

  it('steps up on 403 insufficient_scope with the union of scopes, then the call goes through', async () => {
    const { world: w, signIn } = await setup({ adminScope: 'mcp:admin' });
    await signInFully(w, signIn);
    const client = await connect(signIn, w.mcpUrl);
    await expect(client.callTool({ name: 'admin-tool', arguments: {} })).rejects.toBeInstanceOf(UnauthorizedError);
    const stepUp = new URL((await signIn.pendingSignIn(USER, w.mcpUrl))!);
    expect(stepUp.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['mcp:tools', 'mcp:admin']));
    // oidc-provider limits a dynamically registered client to the scope it registered with: the callback registers
    // again for the union and sends the browser back to the authorization server, once.
    const refused = await signIn.handleCallback(new Request(await w.browse(stepUp.href)), USER);
    expect(refused.status).toBe(303);
    const again = new URL(refused.headers.get('location')!);
    expect(again.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['mcp:tools', 'mcp:admin']));
    const registrations = w.asRequests.filter((request) => request.path === '/reg');
    expect(registrations).toHaveLength(2);
    expect(JSON.parse(registrations[1]!.body).scope.split(' ')).toEqual(expect.arrayContaining(['mcp:admin']));
    const response = await signIn.handleCallback(new Request(await w.browse(again.href)), USER);
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await client.callTool({ name: 'admin-tool', arguments: {} })).content).toEqual([
      { type: 'text', text: 'admin done' },
    ]);
    await client.close();
  });

  it('signs out: revokes at the authorization server and deletes the tokens', async () => {
    const { world: w, signIn } = await setup();
    await signInFully(w, signIn);
    const tokens = await signIn.provider(USER, w.mcpUrl).tokens();
    expect(await signIn.signOut(USER, w.mcpUrl)).toEqual({
      revoked: true,
      refreshToken: 'revoked',
      accessToken: 'revoked',
    });
    expect(await signIn.isSignedIn(USER, w.mcpUrl)).toBe(false);
    expect(await w.provider.AccessToken.find(tokens!.access_token)).toBeUndefined();
    expect(await w.provider.RefreshToken.find(tokens!.refresh_token!)).toBeUndefined();
    const revocations = w.asRequests.filter((request) => request.path === '/token/revocation');
    expect(revocations.map((request) => new URLSearchParams(request.body).get('token_type_hint'))).toEqual([
      'refresh_token',
      'access_token',
    ]);
    expect(await signIn.signOut(USER, w.mcpUrl)).toEqual({ revoked: false, refreshToken: 'none', accessToken: 'none' });
  });

  it('signs out: says which token the authorization server revoked and which it refused (a JWT access token)', async () => {
    const { world: w, signIn } = await setup({ jwtAccessTokens: true });
    await signInFully(w, signIn);
    const tokens = await signIn.provider(USER, w.mcpUrl).tokens();
    expect(tokens!.access_token.split('.')).toHaveLength(3); // a JWT
    expect(await signIn.signOut(USER, w.mcpUrl)).toEqual({
      revoked: false,
      refreshToken: 'revoked',
      accessToken: 'refused',
    });
    expect(await w.provider.RefreshToken.find(tokens!.refresh_token!)).toBeUndefined();
    expect(await signIn.isSignedIn(USER, w.mcpUrl)).toBe(false);
  });

  it('signs out where the authorization server offers no revocation: the tokens are forgotten, none revoked', async () => {
    const { world: w, signIn } = await setup({ revocation: false });
    await signInFully(w, signIn);
    expect(await signIn.signOut(USER, w.mcpUrl)).toEqual({
      revoked: false,
      refreshToken: 'unavailable',
      accessToken: 'unavailable',
    });
    expect(w.asRequests.filter((request) => request.path === '/token/revocation')).toEqual([]);
    expect(await signIn.isSignedIn(USER, w.mcpUrl)).toBe(false);
  });
});

describe('error paths, each with a clear message', () => {
  it('denied consent', async () => {
    const { world: w, signIn } = await setup();
    w.denyConsent = true;
    await expectRefused(
      await signIn.handleCallback(new Request(await authorize(w, signIn)), USER),
      'The authorization server refused the sign-in: "access_denied" ("The user said no").',
    );
    expect(await signIn.isSignedIn(USER, w.mcpUrl)).toBe(false);
  });

  it('a wrong state is refused and leaves the real sign-in waiting', async () => {
    const { world: w, signIn } = await setup();
    const callback = await authorize(w, signIn);
    await expectRefused(
      await signIn.handleCallback(withParam(callback, 'state', 'forged-state'), USER),
      'No sign-in waits for this state: it was used already, it expired, or the callback was not started here.',
    );
    await expectRefused(
      await signIn.handleCallback(withParam(callback, 'state', undefined), USER),
      'The sign-in callback has no state parameter: it was not discarded.',
    );
    expect((await signIn.handleCallback(new Request(callback), USER)).status).toBe(200);
  });

  it('a replayed callback is refused', async () => {
    const { world: w, signIn } = await setup();
    const callback = await authorize(w, signIn);
    expect((await signIn.handleCallback(new Request(callback), USER)).status).toBe(200);
    await expectRefused(await signIn.handleCallback(new Request(callback), USER), /^No sign-in waits for this state/);
  });

  it("another user's callback is refused", async () => {
    const { world: w, signIn } = await setup();
    const callback = await authorize(w, signIn);
    await expectRefused(
      await signIn.handleCallback(new Request(callback), 'mallory-session'),
      'This sign-in was started by another user: it was discarded.',
    );
    expect(await signIn.isSignedIn('mallory-session', w.mcpUrl)).toBe(false);
  });

  it('an expired code', async () => {
    const { world: w, signIn } = await setup({ codeTtlSeconds: 1 });
    const callback = await authorize(w, signIn);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await expectRefused(
      await signIn.handleCallback(new Request(callback), USER),
      /^The authorization server refused the authorization code \(invalid_grant: expired, used already, or issued to another client\)/,
    );
    expect(await signIn.isSignedIn(USER, w.mcpUrl)).toBe(false);
  });

  it('a callback from another issuer (RFC 9207) is refused before the code is redeemed', async () => {
    const { world: w, signIn } = await setup();
    const callback = await authorize(w, signIn);
    await expectRefused(
      await signIn.handleCallback(withParam(callback, 'iss', 'https://evil.example.com'), USER),
      `The callback's iss parameter (RFC 9207) does not name the authorization server the sign-in went to: expected "${w.issuer}", got "https://evil.example.com". The code was not redeemed.`,
    );
    expect(w.asRequests.some((request) => request.path === '/token')).toBe(false);
  });

  it('an error from another issuer is neither acted on nor shown', async () => {
    const { world: w, signIn } = await setup();
    const callback = new URL(await authorize(w, signIn));
    callback.searchParams.delete('code');
    callback.searchParams.set('error', 'access_denied');
    callback.searchParams.set('error_description', 'Click evil.example to fix');
    callback.searchParams.set('iss', 'https://evil.example.com');
    const response = await signIn.handleCallback(new Request(callback), USER);
    await expectRefused(response, /^The callback's iss parameter \(RFC 9207\)/);
  });

  it('a mismatched resource: no sign-in is started', async () => {
    const { world: w, signIn } = await setup({ prmResource: 'https://evil.example.com/mcp' });
    const failure = await signIn.signIn(USER, w.mcpUrl).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(McpSignInError);
    expect((failure as McpSignInError).code).toBe('resource_mismatch');
    expect((failure as McpSignInError).message).toBe(
      `The MCP server's protected resource metadata names the resource "https://evil.example.com/mcp", which is not "${w.mcpUrl}" or a parent of it (RFC 9728 §3.3): no sign-in was started.`,
    );
    expect(await signIn.pendingSignIn(USER, w.mcpUrl)).toBeUndefined();
    expect(w.asRequests.some((request) => request.path === '/auth' || request.path === '/reg')).toBe(false);
  });

  it('an authorization server without PKCE S256 in its metadata: no sign-in is started', async () => {
    // A bare server: protected resource metadata naming itself as the authorization server, whose metadata lists no
    // code_challenge_methods_supported (the spec says the client MUST refuse then; the SDK alone would go on).
    const server = createServer((request, response) => {
      const base = `http://localhost:${(server.address() as AddressInfo).port}`;
      const body =
        request.url === '/.well-known/oauth-protected-resource/mcp'
          ? { resource: `${base}/mcp`, authorization_servers: [base] }
          : request.url === '/.well-known/oauth-authorization-server'
            ? {
                issuer: base,
                authorization_endpoint: `${base}/authorize`,
                token_endpoint: `${base}/token`,
                response_types_supported: ['code'],
              }
            : undefined;
      response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body ?? {}));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://localhost:${(server.address() as AddressInfo).port}`;
      const signIn = createMcpSignIn({ store: createMemoryAuthStore(), redirectUrl: REDIRECT, clientName: 'x' });
      const failure = await signIn.signIn(USER, `${base}/mcp`).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(McpSignInError);
      expect((failure as McpSignInError).code).toBe('pkce_unsupported');
      expect((failure as McpSignInError).message).toBe(
        `The authorization server "${base}" does not list S256 in code_challenge_methods_supported, which MCP authorization requires: no sign-in was started.`,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("a token for another audience: one server's token never goes to another, which would refuse it", async () => {
    const { world: w, signIn } = await setup();
    await signInFully(w, signIn);
    await expect(connect(signIn, w.otherMcpUrl)).rejects.toBeInstanceOf(UnauthorizedError);
    const toOther = w.mcpRequests.filter((request) => request.path === '/other');
    expect(toOther.length).toBeGreaterThan(0);
    expect(toOther.every((request) => request.authorization === undefined)).toBe(true);
    expect(await signIn.pendingSignIn(USER, w.otherMcpUrl)).toBeDefined();

    // The server's audience check, which the custody above never tests: the first server's token is refused here.
    const token = (await signIn.provider(USER, w.mcpUrl).tokens())!.access_token;
    const refused = await fetch(w.otherMcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(refused.status).toBe(401);
  });
});
