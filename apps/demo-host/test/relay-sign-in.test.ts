// @vitest-environment node
// The relay's sign-in against the demo server's protected endpoint and the demo's real authorization server
// (oidc-provider): status, start, the callback, tokens kept in the relay and added to what it forwards for the same
// browser session only, an elicitation over the signed-in connection, and sign-out with revocation.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { FetchLike } from '@modelcontextprotocol/client';
import { signInAtAuthorizationServer, startDemoServer } from '@elicitation-kit/demo-server';
import type { DemoServer } from '@elicitation-kit/demo-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelayServer } from '../relay/relay.mjs';

let demo: DemoServer;
let relay: { url: string; port: number; close(): Promise<void> };
let origin = '';
let protectedUrl = '';

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, silent: true, auth: { port: 0 } });
  protectedUrl = demo.protectedUrl!;
  relay = await startRelayServer({ port: 0 });
  origin = `http://127.0.0.1:${relay.port}`;
});
afterAll(async () => {
  await relay.close();
  await demo.close();
});

/** A browser of the host's own origin: its session cookie, and same-origin requests. */
function browser() {
  let cookie = '';
  const request = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (cookie !== '') {
      headers.set('cookie', cookie);
    }
    const response = await fetch(`${origin}${path}`, { ...init, headers, redirect: 'manual' });
    const set = response.headers.get('set-cookie');
    if (set !== null) {
      cookie = set.split(';')[0]!;
    }
    return response;
  };
  const post = (path: string, body: unknown): Promise<Response> =>
    request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(body),
    });
  const status = async (): Promise<Record<string, unknown>> =>
    (await (await request(`/relay-sign-in/status?server=${encodeURIComponent(protectedUrl)}`)).json()) as Record<
      string,
      unknown
    >;
  /** The relay's fetch for an SDK client of this page (the same cookie). */
  const relayFetch: FetchLike = (url, init) => {
    const headers = new Headers(init?.headers);
    if (cookie !== '') {
      headers.set('cookie', cookie);
    }
    return fetch(url, { ...init, headers });
  };
  return { request, post, status, relayFetch, cookie: () => cookie };
}

/** An SDK client through the relay that accepts every question (noting its message). */
async function connect(relayFetch: FetchLike, asked: string[] = []): Promise<Client> {
  const client = new Client({ name: 'relay-sign-in-test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  client.setRequestHandler('elicitation/create', (request) => {
    asked.push(request.params.message);
    return { action: 'accept', content: {} };
  });
  const url = new URL(`/relay/${encodeURIComponent(protectedUrl)}`, origin);
  await client.connect(new StreamableHTTPClientTransport(url, { fetch: relayFetch }));
  return client;
}

describe('the relay signs in', () => {
  it('says who signs in, keeps the tokens, adds them for its session only, and signs out', async () => {
    const user = browser();
    // Before: the server answers 401 through the relay, and the status names the authorization server and scopes.
    await expect(connect(user.relayFetch)).rejects.toThrow(/invalid_token/);
    expect(await user.status()).toEqual({
      signedIn: false,
      authorizationServer: demo.issuer,
      scopes: ['tools:read', 'export:write'],
      dynamicRegistration: true,
    });
    expect(user.cookie()).toMatch(/^elicitation-kit-relay-session=[\w-]{43}$/);

    const started = await user.post('/relay-sign-in/start', { server: protectedUrl });
    expect(started.status).toBe(200);
    const { status, authorizationUrl } = (await started.json()) as { status: string; authorizationUrl: string };
    expect(status).toBe('redirect');
    expect(authorizationUrl.startsWith(`${demo.issuer}/auth?`)).toBe(true);
    const callback = new URL(await signInAtAuthorizationServer(authorizationUrl));
    expect(callback.origin + callback.pathname).toBe(`${origin}/relay-sign-in/callback`);

    // The callback redeems the code on the relay: the page gets a plain "signed in" page, never a token.
    const landed = await user.request(callback.pathname + callback.search);
    expect(landed.status).toBe(200);
    const page = await landed.text();
    expect(page).toContain(`Signed in to ${protectedUrl}`);
    expect(page).not.toMatch(/eyJ/);
    expect(await user.status()).toMatchObject({ signedIn: true });

    const asked: string[] = [];
    const client = await connect(user.relayFetch, asked);
    try {
      const result = await client.callTool({ name: 'confirm-action', arguments: {} });
      expect(result.isError ?? false).toBe(false);
      expect(asked).toHaveLength(1);
    } finally {
      await client.close();
    }

    // Another browser (no cookie), and this browser's cookie from another page's origin, get no token.
    await expect(connect(browser().relayFetch)).rejects.toThrow(/invalid_token/);
    const foreignPage: FetchLike = (url, init) => {
      const headers = new Headers(init?.headers);
      headers.set('cookie', user.cookie());
      headers.set('origin', 'http://127.0.0.1:1');
      return fetch(url, { ...init, headers });
    };
    await expect(connect(foreignPage)).rejects.toThrow(/invalid_token/);
    const foreignStart = await fetch(`${origin}/relay-sign-in/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:1', cookie: user.cookie() },
      body: JSON.stringify({ server: protectedUrl }),
    });
    expect(foreignStart.status).toBe(403);

    // Sign-out revokes at the authorization server and forgets the tokens: the next connection is refused again.
    // oidc-provider revokes the refresh token but refuses to revoke a JWT access token (unsupported_token_type: the
    // server checks it offline, so it stays valid until it expires); the outcome says so, token by token.
    const signedOut = await user.post('/relay-sign-in/sign-out', { server: protectedUrl });
    expect(await signedOut.json()).toEqual({ revoked: false, refreshToken: 'revoked', accessToken: 'refused' });
    expect(await user.status()).toMatchObject({ signedIn: false });
    await expect(connect(user.relayFetch)).rejects.toThrow(/invalid_token/);
  });

  it('signs in with a client the user registered beforehand (a confidential client: the secret stays in the relay)', async () => {
    // The user registers an OAuth app with the server's owner (here: at the demo's authorization server).
    const registration = await fetch(`${demo.issuer}/reg`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: [`${origin}/relay-sign-in/callback`],
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code', 'refresh_token'],
      }),
    });
    expect(registration.status).toBe(201);
    const { client_id: clientId, client_secret: clientSecret } = (await registration.json()) as Record<string, string>;

    const user = browser();
    const started = await user.post('/relay-sign-in/start', { server: protectedUrl, clientId, clientSecret });
    const { authorizationUrl } = (await started.json()) as { authorizationUrl: string };
    expect(new URL(authorizationUrl).searchParams.get('client_id')).toBe(clientId);
    expect(authorizationUrl).not.toContain(clientSecret!);
    const callback = new URL(await signInAtAuthorizationServer(authorizationUrl));
    // The code is redeemed with the client's secret (oidc-provider refuses a confidential client without it).
    const landed = await user.request(callback.pathname + callback.search);
    expect(await landed.text()).toContain('Signed in');
    expect(await user.status()).toMatchObject({ signedIn: true });
    const client = await connect(user.relayFetch);
    await client.close();
  });

  it('refuses a callback of a sign-in it did not start, a server field that is not a URL, and a server it does not relay to', async () => {
    const user = browser();
    const forged = await user.request('/relay-sign-in/callback?code=x&state=made-up');
    expect(forged.status).toBe(400);
    expect(await forged.text()).toMatch(/No sign-in waits for this state/);
    const bad = await user.post('/relay-sign-in/start', { server: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'The field "server" must be the http(s) URL of an MCP server.' });
    // Only servers the relay forwards to (loopback, or listed in ELICITATION_RELAY_ALLOW): no discovery elsewhere.
    const elsewhere = await user.post('/relay-sign-in/start', { server: 'https://mcp.example.com/mcp' });
    expect(elsewhere.status).toBe(400);
    expect(((await elsewhere.json()) as { error: string }).error).toMatch(
      /^The relay signs in only to servers it relays to .* not https:\/\/mcp\.example\.com\.$/,
    );
  });
});
