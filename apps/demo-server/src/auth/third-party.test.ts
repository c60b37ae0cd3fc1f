// connect-account as a real third-party authorization over URL mode, on the wire, in both eras: a real SDK v2 client
// gets the URL elicitation; the URL starts an authorization code flow with PKCE at the demo's authorization server
// (oidc-provider: its login and consent pages, driven by the scripted user agent) for the demo server's own
// pre-registered client; the callback on the demo server redeems the code; the elicitation completes
// (notifications/elicitation/complete in 2025-11-25, the retry in 2026-07-28). The token is in no MCP message and no log.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult, ElicitRequest, ElicitResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../index.js';
import type { DemoServer } from '../index.js';
import { MAX_THIRD_PARTY_ENTRIES, createThirdPartyAuthorization, thirdPartyClient } from './third-party.js';
import { signInAtAuthorizationServer } from './user-agent.js';

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, silent: true, auth: { port: 0 } });
});
afterAll(async () => {
  await demo.close();
});

/** What the user's browser does with the URL: the authorization server's sign-in, then the demo server's callback. */
async function authorizeInBrowser(url: string): Promise<{ callback: URL; page: Response }> {
  const start = await fetch(url, { redirect: 'manual' });
  expect(start.status).toBe(303);
  const authorizationUrl = new URL(start.headers.get('location') ?? '');
  expect(authorizationUrl.origin).toBe(demo.issuer);
  expect(Object.fromEntries(authorizationUrl.searchParams)).toMatchObject({
    response_type: 'code',
    client_id: 'demo-warehouse-connector',
    redirect_uri: `${new URL(demo.url).origin}/connect/callback`,
    scope: 'warehouse:read',
    resource: `${new URL(demo.url).origin}/warehouse`,
    code_challenge_method: 'S256',
  });
  const callback = new URL(await signInAtAuthorizationServer(authorizationUrl.href));
  expect(`${callback.origin}${callback.pathname}`).toBe(`${new URL(demo.url).origin}/connect/callback`);
  return { callback, page: await fetch(callback) };
}

async function waitUntil(check: () => boolean): Promise<void> {
  while (!check()) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const summary = (result: unknown): Record<string, unknown> =>
  JSON.parse(
    (result as CallToolResult).content.flatMap((block) => (block.type === 'text' ? [block.text] : []))[0] ?? '{}',
  ) as Record<string, unknown>;

describe.each(['legacy', 'modern'] as const)('connect-account with the authorization server (%s era)', (era) => {
  it('the URL is a real authorization; the elicitation completes when the code is redeemed; no token leaves', async () => {
    const urls: string[] = [];
    const completions: string[] = [];
    const received: unknown[] = [];
    let callback: URL | undefined;
    const client = new Client(
      { name: 'third-party-test', version: '1.0.0' },
      {
        capabilities: { elicitation: { url: {} } },
        ...(era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {}),
      },
    );
    client.setRequestHandler('elicitation/create', async (request): Promise<ElicitResult> => {
      const params: ElicitRequest['params'] = request.params;
      received.push(params);
      if (params.mode !== 'url') {
        return { action: 'decline' };
      }
      urls.push(params.url);
      if (era === 'modern' && urls.length === 2) {
        const done = await authorizeInBrowser(params.url); // the retry after the sign-in completes
        callback = done.callback;
        expect(done.page.status).toBe(200);
      }
      return { action: 'accept' };
    });
    client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
      completions.push(notification.params.elicitationId);
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(demo.url)));
    try {
      const logStart = demo.log.length;
      const call = client.callTool({ name: 'connect-account', arguments: {} });
      if (era === 'legacy') {
        await waitUntil(() =>
          demo.log.some((line) => line.tool === 'connect-account' && line.action === 'waiting' && line.era === era),
        );
        const done = await authorizeInBrowser(urls[0] ?? '');
        callback = done.callback;
        expect(done.page.status).toBe(200);
        expect(await done.page.text()).toContain('data-testid="connect-completed"');
      }
      const result = await call;
      const flowId = new URL(urls[0] ?? '').pathname.split('/').at(-1);
      expect(summary(result)).toEqual({ status: 'completed', connected: true, flowId });
      expect(received[0]).toMatchObject({
        mode: 'url',
        message:
          'Connect your (simulated) warehouse account. The page opens outside this app: sign in there and allow access.',
      });
      if (era === 'legacy') {
        expect(completions).toEqual([flowId]);
      } else {
        expect(urls).toEqual([urls[0], urls[0]]);
      }
      // The code, and the token it was redeemed for, are in no MCP message and no log line (a JWT starts "eyJ").
      const everything = JSON.stringify([result, received, demo.log.slice(logStart)]);
      expect(everything).not.toContain('eyJ');
      expect(everything).not.toContain(callback?.searchParams.get('code') ?? 'no code');

      // The callback is single use: opened again, it connects nothing.
      const again = await fetch(callback!);
      expect(again.status).toBe(400);
      expect(await again.text()).toContain('No connection waits for this link: it was used already, or it expired.');
      // A completed flow's URL shows "Connected" and starts no new authorization.
      const reopened = await fetch(urls[0] ?? '', { redirect: 'manual' });
      expect(reopened.status).toBe(200);
      expect(await reopened.text()).toContain('data-testid="connect-completed"');
    } finally {
      await client.close();
    }
  });
});

describe('the callback', () => {
  it('refuses a state it did not issue, and an answer from another issuer', async () => {
    const forged = await fetch(`${new URL(demo.url).origin}/connect/callback?code=x&state=made-up&iss=${demo.issuer}`);
    expect(forged.status).toBe(400);
    expect(forged.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await forged.text()).toContain('No connection waits for this link');

    const flow = demo.flows.create('connect-account');
    const start = await fetch(flow.url, { redirect: 'manual' });
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const mixUp = await fetch(
      `${new URL(demo.url).origin}/connect/callback?code=x&state=${state}&iss=${encodeURIComponent('http://127.0.0.1:1')}`,
    );
    expect(mixUp.status).toBe(400);
    expect(await mixUp.text()).toContain(`The answer did not come from ${demo.issuer}: nothing was connected.`);
    expect(demo.flows.get(flow.id)?.completed).toBe(false);
  });

  it('a denied consent connects nothing and says why', async () => {
    const flow = demo.flows.create('connect-account');
    const start = await fetch(flow.url, { redirect: 'manual' });
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const denied = await fetch(
      `${new URL(demo.url).origin}/connect/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(demo.issuer ?? '')}`,
    );
    expect(denied.status).toBe(400);
    expect(await denied.text()).toContain('The authorization server refused the connection (access_denied).');
    expect(demo.flows.get(flow.id)?.completed).toBe(false);
  });
});

/** The `state` of an authorization URL. */
const stateOf = (url: string): string => new URL(url).searchParams.get('state') ?? '';

describe('started authorizations are bounded', () => {
  it('past the limit the oldest is dropped: its callback finds nothing, the newest still works', async () => {
    const issuer = demo.issuer ?? '';
    const authorization = createThirdPartyAuthorization(thirdPartyClient(new URL(demo.url).origin), issuer);
    const first = stateOf(await authorization.start('flow-0'));
    let last = '';
    for (let index = 1; index <= MAX_THIRD_PARTY_ENTRIES; index += 1) {
      last = stateOf(await authorization.start(`flow-${index}`));
    }
    const callback = (state: string) =>
      authorization.callback(new URLSearchParams({ state, iss: issuer, error: 'access_denied' }));
    expect(await callback(first)).toEqual({
      ok: false,
      message: 'No connection waits for this link: it was used already, or it expired.',
    });
    // The newest is still waiting: it gets as far as the authorization server's answer.
    expect(await callback(last)).toEqual({
      ok: false,
      message: 'The authorization server refused the connection (access_denied).',
    });
  });
});
