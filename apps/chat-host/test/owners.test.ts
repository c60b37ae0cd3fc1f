// Who sees and answers what: every question belongs to the user whose turn asked it, a user being a session (made at
// sign-in), never a name. Another user's tab, another browser signed in with the very same name included, never sees
// it, cannot answer it (not with their own token, not with none), and cannot read the conversation it belongs to; a
// browser without a session, or with a session id the backend did not make, gets nothing at all; signing out ends the
// session, its turn and its questions.
import { TOKEN_HEADER } from '@elicitation-kit/bridge';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../server/session.js';
import { messageOf, nextQuestion, openTab, readReply, readyOf, send, signIn, textOf, waitForQueue } from './harness.js';
import { serversForFile } from './servers.js';

const servers = serversForFile();

describe.each([
  ['alice', 'bob'],
  ['sam', 'sam'],
])('two browsers, signed in as %s and %s', (aliceName, bobName) => {
  it('the second neither sees, nor answers, nor reads what the first was asked', async () => {
    const alice = await signIn(servers().host, aliceName);
    const bob = await signIn(servers().host, bobName);
    // Each sees the name they typed, and only as a name.
    expect(await (await bob.fetch('/api/session')).json()).toEqual({ user: bobName });
    const aliceTab = openTab(servers().host, alice);
    const bobTab = openTab(servers().host, bob);
    try {
      const reply = readReply(await send(alice, 'Export the orders'));
      const question = await nextQuestion(aliceTab);

      // Bob's stream brings none of it.
      const bobs = await readyOf(bob);
      expect(bobs.entries).toEqual([]);
      expect(bobTab.queue.getSnapshot()).toEqual([]);
      expect(bobTab.queue.respond(question.id, { action: 'decline' })).toBe(false);
      // Answering it from Bob's browser: with his own stream's token it is not his to answer; without one, refused.
      const answer = (headers: Record<string, string>) =>
        bob.fetch('/api/elicitations', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify({ id: question.id, result: { action: 'decline' } }),
        });
      const withHisToken = await answer({ [TOKEN_HEADER]: bobs.token });
      expect(withHisToken.status).toBe(404);
      expect(await withHisToken.json()).toMatchObject({ error: 'not-pending' });
      // Alice's token does not make Bob Alice: the token belongs to her stream.
      const alicesToken = (await readyOf(alice)).token;
      expect((await answer({ [TOKEN_HEADER]: alicesToken })).status).toBe(403);
      expect((await answer({})).status).toBe(403);

      // Nor does he read her conversation, or her running reply.
      const aliceChat = (await (await alice.fetch('/api/chat')).json()) as { id: string; messages: unknown[] };
      const bobChat = (await (await bob.fetch('/api/chat')).json()) as { id: string; messages: unknown[] };
      expect(bobChat.id).not.toBe(aliceChat.id);
      expect(bobChat.messages).toEqual([]);
      expect((await bob.fetch(`/api/chat/${aliceChat.id}/stream`)).status).toBe(404);

      // Alice's question is still hers to answer, once.
      aliceTab.queue.respond(question.id, { action: 'decline' });
      expect(textOf(await messageOf(await reply))).toContain('"status":"not_started"');
      expect(servers().demo.answers.report().duplicates).toEqual([]);
    } finally {
      aliceTab.close();
      bobTab.close();
    }
  });
});

describe('no session', () => {
  const forged = `${SESSION_COOKIE}=${Buffer.from('alice').toString('base64url')}.${Buffer.alloc(32).toString('base64url')}`;
  const madeUp = `${SESSION_COOKIE}=${Buffer.alloc(32).toString('base64url')}`;

  it.each([
    ['no cookie', ''],
    ['a forged cookie', forged],
    ['a made-up session id', madeUp],
  ])('%s: the chat, its stream and the bridge refuse with 401', async (_label, cookie) => {
    const get = (path: string, init: RequestInit = {}) =>
      fetch(new URL(path, servers().host.url), {
        ...init,
        headers: { cookie, ...(init.headers as Record<string, string>) },
      });
    expect(await (await get('/api/session')).json()).toEqual({ user: null });
    const chat = await get('/api/chat');
    expect(chat.status).toBe(401);
    expect(await chat.json()).toEqual({ error: 'signed-out', message: 'Sign in first.' });
    expect(
      (
        await get('/api/chat', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ message: { id: 'm', role: 'user', parts: [{ type: 'text', text: 'export' }] } }),
        })
      ).status,
    ).toBe(401);
    const bridge = await get('/api/elicitations');
    expect(bridge.status).toBe(401);
    expect(await bridge.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('signing out ends the session: its cookie names nobody after, its turn and its question end', async () => {
    const carol = await signIn(servers().host, 'carol');
    expect(await (await carol.fetch('/api/session')).json()).toEqual({ user: 'carol' });
    const tab = openTab(servers().host, carol);
    try {
      const reply = readReply(await send(carol, 'Export the orders'));
      const question = await nextQuestion(tab);
      const out = await carol.fetch('/api/session', { method: 'DELETE' });
      expect(out.status).toBe(204);
      expect(out.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=; .*Max-Age=0`));
      // The question leaves the tab, and the reply ends.
      await waitForQueue(tab, (entries) => entries.length === 0);
      expect(question.signal.aborted).toBe(true);
      expect(await reply).toContainEqual(expect.objectContaining({ type: expect.stringMatching(/^(abort|error)$/) }));
      // The cookie, kept by a browser that ignored the sign-out (or stolen), names nobody.
      expect(await (await carol.fetch('/api/session')).json()).toEqual({ user: null });
      expect((await carol.fetch('/api/chat')).status).toBe(401);
      expect((await carol.fetch('/api/elicitations')).status).toBe(401);
      // Signing in again with the same name is a new user, with a new, empty conversation.
      const again = await signIn(servers().host, 'carol');
      expect(await (await again.fetch('/api/chat')).json()).toMatchObject({ messages: [] });
    } finally {
      tab.close();
    }
  });
});
