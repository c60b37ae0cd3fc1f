// Bad requests get a clear, specific refusal and change nothing: a `Host` the backend does not serve (DNS rebinding),
// bodies from another site, of another type, too large, not JSON or of the wrong shape, unknown routes and methods.
// Every response carries the strict CSP.
import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, startChatHost } from '../server/app.js';
import { MAX_BODY_BYTES } from '../server/http.js';
import { signIn } from './harness.js';
import { serversForFile } from './servers.js';
import type { User } from './harness.js';

const servers = serversForFile();
let user: User;
beforeAll(async () => {
  user = await signIn(servers().host, 'ivy');
});

const message = { id: 'm-1', role: 'user', parts: [{ type: 'text', text: 'Export the orders' }] };

async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const response = await user.fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as { error: string; message: string } };
}

describe('refused bodies', () => {
  it.each(['/api/chat', '/api/session'])('%s: another site, another type, too large, not JSON', async (path) => {
    const valid = JSON.stringify({ message, name: 'ivy' });
    expect(await post(path, valid, { Origin: 'https://evil.example' })).toMatchObject({
      status: 403,
      body: { error: 'bad-origin' },
    });
    expect(await post(path, valid, { 'Sec-Fetch-Site': 'cross-site' })).toMatchObject({ status: 403 });
    expect(await post(path, valid, { 'Content-Type': 'text/plain' })).toMatchObject({
      status: 415,
      body: { error: 'unsupported-media-type', message: 'Send the body as application/json.' },
    });
    expect(await post(path, JSON.stringify({ pad: 'x'.repeat(MAX_BODY_BYTES) }))).toMatchObject({
      status: 413,
      body: { error: 'too-large', message: `The body is over ${MAX_BODY_BYTES} bytes.` },
    });
    expect(await post(path, '{"message":')).toMatchObject({ status: 400, body: { error: 'malformed-json' } });
  });

  it('a chat message of the wrong shape is refused, naming the member; nothing starts', async () => {
    expect(await post('/api/chat', JSON.stringify({ message: { ...message, role: 'assistant' } }))).toEqual({
      status: 400,
      body: { error: 'wrong-shape', message: 'message.role must be "user".' },
    });
    const chat = (await (await user.fetch('/api/chat')).json()) as { messages: unknown[] };
    expect(chat.messages).toEqual([]);
  });

  it('a name the rules refuse is refused with the rule', async () => {
    expect(await post('/api/session', JSON.stringify({ name: '<script>' }))).toEqual({
      status: 400,
      body: { error: 'invalid-name', message: "A name may use letters, digits, spaces and . _ ' - only." },
    });
  });
});

describe('routes', () => {
  it('unknown paths, other chats and other methods are refused; every response carries the CSP', async () => {
    const unknown = await user.fetch('/api/nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect((await user.fetch('/api/chat/not-mine/stream')).status).toBe(404);
    const put = await user.fetch('/api/chat', { method: 'PUT' });
    expect({ status: put.status, allow: put.headers.get('allow') }).toEqual({ status: 405, allow: 'GET, POST' });
    // Without a build, the host serves its API only.
    expect((await user.fetch('/')).status).toBe(404);
    const session = await user.fetch('/api/session');
    expect(session.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(session.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

/**
 * A request to the host with the `Host` header `host` (what a page at `http://<host>/` sends), or none (HTTP/1.0's
 * way), as Node sends it.
 */
function withHost(
  host: string | undefined,
  path: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { port } = servers().host;
  return new Promise((resolve, reject) => {
    const options = { host: '127.0.0.1', port, path, method, setHost: host !== undefined };
    const outgoing = httpRequest(
      { ...options, headers: { ...headers, ...(host !== undefined && { host }) } },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => {
          text += chunk;
        });
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('the Host header (DNS rebinding)', () => {
  it('a page of another site whose name resolves to the host gets 421 on every route, signed in or not', async () => {
    const { port } = servers().host;
    const attacker = `attacker.example:${port}`;
    const refused = { error: 'unknown-host', message: expect.stringMatching(/does not answer for that host name/) };
    for (const path of ['/api/session', '/api/chat', '/api/elicitations', '/']) {
      for (const cookie of [{}, { cookie: user.cookie }]) {
        const response = await withHost(attacker, path, { headers: cookie });
        expect({ path, status: response.status }).toEqual({ path, status: 421 });
        expect(JSON.parse(response.body)).toEqual(refused);
        expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    }
    // Signing in from it makes no session; answering from it reaches nobody.
    const signingIn = await withHost(attacker, '/api/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: `http://${attacker}` },
      body: JSON.stringify({ name: 'mallory' }),
    });
    expect({ status: signingIn.status, cookie: signingIn.headers['set-cookie'] }).toEqual({
      status: 421,
      cookie: undefined,
    });
    const answering = await withHost(attacker, '/api/elicitations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: `http://${attacker}`, cookie: user.cookie },
      body: JSON.stringify({ id: 'x', result: { action: 'decline' } }),
    });
    expect(answering.status).toBe(421);
  });

  it('the loopback names with its own port are served; another port, or no Host at all, is not', async () => {
    const { port } = servers().host;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      expect({ host, status: (await withHost(host, '/api/session')).status }).toEqual({ host, status: 200 });
    }
    for (const host of ['127.0.0.1', `127.0.0.1:${port + 1}`, 'localhost', `127.0.0.2:${port}`]) {
      expect({ host, status: (await withHost(host, '/api/session')).status }).toEqual({ host, status: 421 });
    }
    // No Host at all: Node's HTTP/1.1 server refuses it itself.
    expect((await withHost(undefined, '/api/session')).status).toBe(400);
  });

  it('a host named in `hosts` is served too; a malformed one is refused when the host starts', async () => {
    const proxied = await startChatHost({ mcpUrl: servers().demo.url, hosts: ['Chat.Example.test'] });
    try {
      const get = (host: string) =>
        new Promise<number>((resolve, reject) => {
          httpRequest(
            { host: '127.0.0.1', port: proxied.port, path: '/api/session', headers: { host } },
            (incoming) => {
              incoming.resume();
              resolve(incoming.statusCode ?? 0);
            },
          )
            .on('error', reject)
            .end();
        });
      expect(await get('chat.example.test')).toBe(200);
      expect(await get('chat.example.test:8443')).toBe(421);
      expect(await get(`attacker.example:${proxied.port}`)).toBe(421);
    } finally {
      await proxied.close();
    }
    await expect(startChatHost({ mcpUrl: servers().demo.url, hosts: ['http://chat.example.test/'] })).rejects.toThrow(
      'not a host name with an optional port',
    );
  });
});
