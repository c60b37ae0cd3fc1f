// Signing a chat-host user in to an MCP server that needs it: the demo server's protected endpoint and the demo's own
// authorization server (oidc-provider), all real, over HTTP. The user signs in at the authorization server (its
// development login and consent pages, driven by the demo server's scripted user agent), the callback lands on the
// chat host's backend, which keeps the tokens; the chat's tool call then runs on the protected endpoint, for that user
// only, until they sign out.
import { signInAtAuthorizationServer, startDemoServer } from '@elicitation-kit/demo-server';
import type { DemoServer } from '@elicitation-kit/demo-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatHost } from '../server/app.js';
import type { ChatHost } from '../server/app.js';
import { messageOf, nextQuestion, openTab, readReply, send, signIn, textOf } from './harness.js';
import type { User } from './harness.js';

let demo: DemoServer;
let host: ChatHost;
let protectedUrl: string;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, silent: true, auth: { port: 0 } });
  protectedUrl = demo.protectedUrl!;
  host = await startChatHost({ mcpUrl: protectedUrl, modelDelayMs: null });
});
afterAll(async () => {
  await host.close();
  await demo.close();
});

interface Status {
  server: string;
  needsSignIn: boolean;
  signedIn: boolean;
  authorizationServer?: string;
  scopes: string[];
}

async function statusOf(user: User): Promise<Status> {
  const response = await user.fetch('/api/mcp-sign-in');
  expect(response.status).toBe(200);
  const { servers } = (await response.json()) as { servers: Status[] };
  expect(servers).toHaveLength(1);
  return servers[0]!;
}

function post(user: User, path: string, body: unknown): Promise<Response> {
  return user.fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Signs `user` in to the protected server through the authorization server; the callback's response. */
async function signInToServer(user: User, login: string): Promise<Response> {
  const started = await post(user, '/api/mcp-sign-in', { server: protectedUrl });
  expect(started.status).toBe(200);
  const { status, authorizationUrl } = (await started.json()) as { status: string; authorizationUrl: string };
  expect(status).toBe('redirect');
  expect(authorizationUrl.startsWith(`${demo.issuer}/`)).toBe(true);
  const callback = new URL(await signInAtAuthorizationServer(authorizationUrl, login));
  expect(`${callback.origin}${callback.pathname}`).toBe(new URL('/api/mcp-sign-in/callback', host.url).href);
  return user.fetch(`${callback.pathname}${callback.search}`, { redirect: 'manual' });
}

describe('a server that needs sign-in', () => {
  it('the page learns which server and authorization server before any chat; a turn is refused, naming both', async () => {
    const user = await signIn(host, 'ada');
    expect(await statusOf(user)).toEqual({
      server: protectedUrl,
      needsSignIn: true,
      signedIn: false,
      authorizationServer: demo.issuer,
      scopes: ['tools:read', 'export:write'],
    });
    const refused = await send(user, 'export');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({
      error: 'mcp-sign-in-required',
      server: protectedUrl,
      authorizationServer: demo.issuer,
      message: `The MCP server ${protectedUrl} needs you to sign in at ${demo.issuer}: press "Sign in" above the chat, then send your message again.`,
    });
  });

  it('signed in, the tool call runs on the protected endpoint with the question answered; sign-out ends it', async () => {
    const user = await signIn(host, 'grace');
    const callback = await signInToServer(user, 'grace');
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toBe('/');
    expect(await statusOf(user)).toMatchObject({ signedIn: true });

    const tab = openTab(host, user);
    try {
      const reply = readReply(await send(user, 'Export the orders, please'));
      const entry = await nextQuestion(tab);
      expect(entry.request).toMatchObject({ mode: 'form', message: 'How should the orders export be produced?' });
      tab.queue.respond(entry.id, { action: 'accept', content: { format: 'csv', maxRows: 2, includeHeaders: true } });
      expect(textOf(await messageOf(await reply))).toContain('export-data answered: {"status":"completed"');
      // The call is durable, on the SDK v2 client with the user's sign-in: 2026-07-28 behind sign-in too (the first
      // leg and its retry with the answer).
      expect(demo.log.filter((line) => line.tool === 'export-data').map((line) => line.era)).toEqual([
        'modern',
        'modern',
      ]);
    } finally {
      tab.close();
    }

    // Another user of the chat host is not signed in by grace's sign-in.
    const other = await signIn(host, 'grace');
    expect(await statusOf(other)).toMatchObject({ signedIn: false });
    expect((await send(other, 'export')).status).toBe(401);

    const signedOut = await post(user, '/api/mcp-sign-in/sign-out', { server: protectedUrl });
    expect(signedOut.status).toBe(200);
    // The demo's authorization server revokes the refresh token and refuses to revoke its JWT access token.
    expect(await signedOut.json()).toEqual({ revoked: false, refreshToken: 'revoked', accessToken: 'refused' });
    expect(await statusOf(user)).toMatchObject({ signedIn: false });
    const refused = await send(user, 'export');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'mcp-sign-in-required' });
  });

  it('URL mode on the protected endpoint: the SDK v2 client signs in too; connect-account is a real authorization', async () => {
    const user = await signIn(host, 'barbara');
    expect((await signInToServer(user, 'barbara')).status).toBe(303);
    const tab = openTab(host, user);
    try {
      const reply = readReply(await send(user, 'Connect my account'));
      const entry = await nextQuestion(tab);
      const url = entry.request.mode === 'url' ? entry.request.url : '';
      const flowId = new URL(url).pathname.split('/').at(-1) ?? '';
      // The user's browser: the demo server's URL, the authorization server's sign-in, the demo server's callback.
      const start = await fetch(url, { redirect: 'manual' });
      expect(start.status).toBe(303);
      const callback = await signInAtAuthorizationServer(start.headers.get('location') ?? '', 'barbara');
      expect((await fetch(callback)).status).toBe(200);
      // 2026-07-28 (the SDK v2 client discovers it first): the page answers once the user says they are done.
      tab.queue.respond(entry.id, { action: 'accept' });
      expect(textOf(await messageOf(await reply))).toBe(
        `connect-account answered: {"status":"completed","connected":true,"flowId":"${flowId}"}`,
      );
    } finally {
      tab.close();
    }
  });

  it('a callback without the session cookie opens itself again from the chat host; a callback of another user fails', async () => {
    const user = await signIn(host, 'linus');
    const started = await post(user, '/api/mcp-sign-in', { server: protectedUrl });
    const { authorizationUrl } = (await started.json()) as { authorizationUrl: string };
    const callback = new URL(await signInAtAuthorizationServer(authorizationUrl, 'linus'));

    // As a browser that does not send the SameSite=Strict cookie on another site's redirect.
    const bounced = await fetch(callback, { redirect: 'manual' });
    expect(bounced.status).toBe(200);
    const page = await bounced.text();
    expect(page).toContain(`<meta http-equiv="refresh" content="0; url=/api/mcp-sign-in/callback?`);
    expect(page).toContain('&amp;from-host=1"');

    // Another chat-host user opening linus's callback: nothing is redeemed for them.
    const intruder = await signIn(host, 'mallory');
    const stolen = await intruder.fetch(`${callback.pathname}${callback.search}`, { redirect: 'manual' });
    expect(stolen.status).toBe(400);
    expect(await statusOf(intruder)).toMatchObject({ signedIn: false });
  });

  it('only the configured server can be signed in to', async () => {
    const user = await signIn(host, 'ada');
    const refused = await post(user, '/api/mcp-sign-in', { server: 'http://127.0.0.1:1/mcp' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: 'unknown-server',
      message: `"server" must be one of the chat's MCP servers: ${protectedUrl}.`,
    });
  });
});
