// `api-key-page`, api-key-form's fixed twin, over real HTTP in both eras: the URL request points to the server's own
// page; signing in as the account that asked and submitting the key completes the call; another account is refused;
// a second submission is refused; the key is in no MCP message, result or log line.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from './index.js';
import type { DemoServer } from './index.js';

const SECRET = 'wh-demo-key-7Hq2-NEVER-ECHOED';

let demo: DemoServer;
let origin = '';
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, silent: true });
  origin = new URL(demo.url).origin;
});
afterAll(async () => {
  await demo.close();
});

/** A browser: a cookie jar, following redirects by hand (to keep their cookies), sending what browsers send. */
function browser() {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) {
      headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(new URL(url, origin), { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (/Max-Age=0/i.test(line)) {
        jar.delete(pair.slice(0, at));
      } else {
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
    }
    const location = response.headers.get('location');
    return response.status === 303 && location !== null ? send(location) : response;
  };
  const post = (url: string, form: Record<string, string>): Promise<Response> =>
    send(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin,
        'sec-fetch-site': 'same-origin',
      },
      body: new URLSearchParams(form),
    });
  return {
    /** Opens the link; when sent to the sign-in page, signs in as `user`. Returns the page reached. */
    async open(url: string, user: string): Promise<{ status: number; html: string }> {
      let response = await send(url);
      let html = await response.text();
      if (html.includes('Sign in (demo)')) {
        const back = /name="return" value="([^"]*)"/.exec(html)?.[1] ?? '';
        response = await post('/sign-in', { return: back, user });
        html = await response.text();
      }
      return { status: response.status, html };
    },
    /** Submits the page's form (its CSRF token from `html`) with `apiKey`. */
    async submit(url: string, html: string, apiKey: string): Promise<{ status: number; html: string }> {
      const csrf = /name="_csrf" value="([\w-]+)"/.exec(html)?.[1] ?? '';
      const response = await post(url, { _csrf: csrf, apiKey });
      return { status: response.status, html: await response.text() };
    },
  };
}

describe.each(['legacy', 'modern'] as const)('api-key-page (%s era)', (era) => {
  it('the account that asked completes the page, once; someone else is refused; the key stays out', async () => {
    const wire: Promise<string>[] = [];
    const urls: string[] = [];
    const seen: { status: number; html: string }[] = [];
    let finished: Promise<void> | undefined;
    const completions: string[] = [];
    const client = new Client(
      { name: 'secret-page-test', version: '1.0.0' },
      {
        capabilities: { elicitation: { form: {}, url: {} } },
        ...(era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {}),
      },
    );
    const visit = async (url: string): Promise<void> => {
      const stranger = browser();
      seen.push(await stranger.open(url, 'someone-else'));
      const user = browser();
      const form = await user.open(url, 'demo-user');
      seen.push(form);
      const done = await user.submit(url, form.html, SECRET);
      seen.push(done);
      seen.push(await user.submit(url, form.html, SECRET)); // the second submission
    };
    client.setRequestHandler('elicitation/create', async (request) => {
      const params = request.params;
      if (params.mode !== 'url') {
        return { action: 'decline' };
      }
      urls.push(params.url);
      if (era === 'legacy') {
        finished = visit(params.url); // after accepting, while the server waits
      } else if (urls.length === 1) {
        await visit(params.url); // before "I'm done": the retry finds the page complete
      }
      return { action: 'accept' };
    });
    client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
      completions.push(notification.params.elicitationId);
    });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(demo.url), {
        fetch: async (input, init) => {
          const request = new Request(input, init);
          if (request.method === 'POST') {
            wire.push(request.clone().text());
          }
          const response = await fetch(request);
          if (request.method === 'POST') {
            wire.push(response.clone().text());
          }
          return response;
        },
      }),
    );
    expect(client.getProtocolEra()).toBe(era);
    const start = demo.log.length;
    try {
      const result = (await client.callTool({ name: 'api-key-page', arguments: {} })) as CallToolResult;
      await finished;
      expect(urls).toHaveLength(1);
      const url = urls[0] ?? '';
      expect(url).toMatch(new RegExp(`^${origin.replaceAll('.', '\\.')}/secrets/[\\w-]{22}$`));
      const flowId = url.split('/').at(-1);
      expect(result.structuredContent).toEqual({ status: 'completed', keyStored: true, flowId });
      expect(seen.map((page) => page.status)).toEqual([403, 200, 200, 409]);
      expect(seen[0]?.html).toContain('This page belongs to another user.');
      expect(seen[1]?.html).toContain('<label for="field-apiKey">API key</label>');
      expect(seen[3]?.html).toContain('This form was already submitted.');
      if (era === 'legacy') {
        expect(completions).toEqual([flowId]);
      }
      const lines = demo.log.slice(start);
      expect(lines.at(-1)).toMatchObject({ tool: 'api-key-page', action: 'completed', era });
      const traffic = await Promise.all(wire);
      expect(traffic.join('\n')).toContain('api-key-page');
      expect(JSON.stringify([result, lines, traffic, seen])).not.toContain(SECRET);
    } finally {
      await client.close();
    }
  });
});

describe('the demo sign-in', () => {
  it('signs in only from its own page and returns only to a secret page', async () => {
    const crossSite = await fetch(`${origin}/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: 'user=demo-user&return=%2Fsecrets%2Faaaaaaaaaaaaaaaaaaaaaa',
      redirect: 'manual',
    });
    expect(crossSite.status).toBe(403);
    const elsewhere = await fetch(`${origin}/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', origin },
      body: 'user=demo-user&return=https%3A%2F%2Fevil.example%2F',
      redirect: 'manual',
    });
    expect(elsewhere.status).toBe(303);
    expect(elsewhere.headers.get('location')).toBe('/');
    expect(elsewhere.headers.get('set-cookie')).toMatch(/^demo_session=[\w-]+; Path=\/; HttpOnly; SameSite=Lax$/);
    const nobody = await fetch(`${origin}/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', origin },
      body: 'user=admin',
      redirect: 'manual',
    });
    expect(nobody.status).toBe(400);
    const page = await fetch(`${origin}/sign-in?return=%2F%2Fevil.example`);
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'nonce-/);
    expect(await page.text()).toContain('name="return" value="/"');
  });
});
