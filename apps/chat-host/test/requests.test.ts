// Bad requests get a clear, specific refusal and change nothing: bodies from another site, of another type, too large,
// not JSON or of the wrong shape, unknown routes and methods. Every response carries the strict CSP.
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../server/app.js';
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
