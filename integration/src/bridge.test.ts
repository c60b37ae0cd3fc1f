// The bridge end to end in one process: a real SDK v2 server (in memory, either era) asks through a kit-attached
// client whose queue is exposed on the backend; the browser half (in Node) reads it over real HTTP on loopback and
// answers. Every answer the test server received is what its tool returns, so "answered once" is checked at the
// server, not at the queue.
import { once } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElicitationQueue } from '@elicitation-kit/core';
import type { PendingElicitation } from '@elicitation-kit/core';
import { createElicitationBridge, TOKEN_HEADER, WITHDRAW_MESSAGES } from '@elicitation-kit/bridge';
import type { ElicitationBridgeEvent } from '@elicitation-kit/bridge';
import { WithdrawnError } from '@elicitation-kit/bridge/browser';
import { EXPORT_PARAMS, resultJson } from '@elicitation-kit/test-mcp-server';
import { waitForQueue } from '@elicitation-kit/test-mcp-server/hosts';
import { handMadeEntry, openBrowser, postRaw, readyOf, startBackend, waitForEvent } from './test/bridge-host.js';
import type { TestBackend, TestBrowser } from './test/bridge-host.js';
import { connect } from './test/connect.js';
import type { Setup } from './test/connect.js';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.toReversed()) {
    await cleanup();
  }
  cleanups = [];
  vi.restoreAllMocks();
});

async function backend(options?: Parameters<typeof startBackend>[0]): Promise<TestBackend> {
  const started = await startBackend(options);
  cleanups.push(() => started.close());
  return started;
}

function browser(url: string, user: string, options?: Parameters<typeof openBrowser>[2]): TestBrowser {
  const opened = openBrowser(url, user, options);
  cleanups.push(() => opened.close());
  return opened;
}

async function mcp(era: 'legacy' | 'modern', options?: Parameters<typeof connect>[1]): Promise<Setup> {
  const setup = await connect(era, options);
  cleanups.push(() => setup.close());
  return setup;
}

/** A backend whose bridge exposes, under alice, the queue of a fresh MCP connection (2025 unless told). */
async function aliceBackend(
  options: { bridge?: Parameters<typeof startBackend>[0]; connect?: Parameters<typeof connect>[1] } = {},
): Promise<TestBackend & { setup: Setup; stop: () => void }> {
  const started = await backend(options.bridge);
  const setup = await mcp('legacy', options.connect);
  const stop = started.bridge.expose('alice', setup.queue);
  return { ...started, setup, stop };
}

/** Asks the export form once (2025: a pushed elicitation/create); resolves with what the server received. */
function askExport(setup: Setup, era: 'legacy' | 'modern' = 'legacy', timeout?: number): Promise<unknown> {
  const tool = era === 'legacy' ? 'ask-direct' : 'ask';
  return setup.client
    .callTool({ name: tool, arguments: { params: EXPORT_PARAMS, ...(timeout !== undefined && { timeout }) } })
    .then(resultJson);
}

const first = async (queue: TestBrowser['queue']): Promise<PendingElicitation> => {
  const [entry] = await waitForQueue(queue);
  return entry!;
};

const EXPORT_ANSWER = { action: 'accept', content: { format: 'csv', maxRows: 5 } } as const;

describe.each(['legacy', 'modern'] as const)('a question carried to the browser (%s era)', (era) => {
  it('arrives re-parsed by core and is answered once, with the answer re-validated on the backend', async () => {
    const { bridge, url, events } = await backend();
    const setup = await mcp(era);
    bridge.expose('alice', setup.queue);
    const call = askExport(setup, era);
    const [held] = await waitForQueue(setup.queue);
    const tab = browser(url, 'alice');
    const entry = await first(tab.queue);

    // The browser parsed the backend's params itself: the same request, fields and warnings as core made there.
    expect(entry.request).toEqual(held!.request);
    expect(entry).toMatchObject({ era, status: 'pending', kind: 'request', server: { name: 'test-server' } });
    // Its own id (random, not the backend's counter) and its own signal.
    expect(entry.id).not.toBe(held!.id);
    expect(entry.id).toMatch(/^[\da-f-]{36}$/u);
    expect(entry.signal.aborted).toBe(false);

    expect(tab.queue.respond(entry.id, EXPORT_ANSWER)).toBe(true);
    expect(tab.queue.getSnapshot()).toEqual([]);
    const received = await call;
    expect(received).toEqual(
      era === 'legacy' ? { result: EXPORT_ANSWER } : { received: { kind: 'elicit', ...EXPORT_ANSWER } },
    );
    await waitForEvent(tab.events, (event) => event.type === 'answered');
    expect(events.filter((event) => event.type === 'answered')).toHaveLength(1);
    expect(setup.queue.getSnapshot()).toEqual([]);
  });
});

describe('tags', () => {
  it('carry the host’s tag of a queue (which chat or call asked) to each of its entries in the browser', async () => {
    const { bridge, url } = await backend();
    const tagged = await mcp('legacy');
    const plain = await mcp('legacy');
    bridge.expose('alice', tagged.queue, { tag: 'chat-7/message-3' });
    bridge.expose('alice', plain.queue);
    expect(() => bridge.expose('alice', plain.queue, { tag: 'x'.repeat(513) })).toThrow(TypeError);
    askExport(tagged).catch(() => undefined);
    const tab = browser(url, 'alice');
    await waitForQueue(tab.queue);
    expect(tab.queue.getSnapshot()[0]?.tag).toBe('chat-7/message-3');
    askExport(plain).catch(() => undefined);
    const [, untagged] = await waitForQueue(tab.queue, (snapshot) => snapshot.length === 2);
    expect(untagged).not.toHaveProperty('tag');
  });
});

describe('owners', () => {
  it('shows each user only their own questions, and one cannot answer the other’s', async () => {
    const { bridge, url } = await backend();
    const forAlice = await mcp('legacy');
    const forBob = await mcp('legacy');
    bridge.expose('alice', forAlice.queue);
    bridge.expose('bob', forBob.queue);
    const aliceCall = askExport(forAlice);
    const bobCall = askExport(forBob);
    const alice = browser(url, 'alice');
    const bob = browser(url, 'bob');
    const aliceEntry = await first(alice.queue);
    const bobEntry = await first(bob.queue);
    expect(alice.queue.getSnapshot().map((entry) => entry.id)).toEqual([aliceEntry.id]);
    expect(bob.queue.getSnapshot().map((entry) => entry.id)).toEqual([bobEntry.id]);

    const bobToken = (await readyOf(url, 'bob')).token;
    const aliceToken = (await readyOf(url, 'alice')).token;
    const body = JSON.stringify({ id: aliceEntry.id, result: EXPORT_ANSWER });
    // Bob's own token, Alice's question: not his (the same answer as for an unknown id: no oracle).
    expect(await postRaw(url, { user: 'bob', token: bobToken, body })).toEqual({
      status: 404,
      body: {
        error: 'not-pending',
        message: 'This question is not pending: it was answered or withdrawn, or it is not yours.',
      },
    });
    // Alice's token with Bob's session: a token is bound to its owner.
    expect(await postRaw(url, { user: 'bob', token: aliceToken, body })).toMatchObject({
      status: 403,
      body: { error: 'bad-token' },
    });
    // No session at all.
    expect(await postRaw(url, { token: aliceToken, body })).toMatchObject({
      status: 401,
      body: { error: 'unauthorized' },
    });
    expect(forAlice.queue.getSnapshot()).toHaveLength(1);

    alice.queue.respond(aliceEntry.id, EXPORT_ANSWER);
    bob.queue.respond(bobEntry.id, { action: 'decline' });
    expect(await aliceCall).toMatchObject({ result: EXPORT_ANSWER });
    expect(await bobCall).toMatchObject({ result: { action: 'decline' } });
  });

  it('refuses a stream another site’s page asks for, so it cannot even take the user’s stream slots (403)', async () => {
    const { url } = await backend();
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
      const response = await fetch(url, { headers: { cookie: 'user=alice', ...headers } });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: 'bad-origin' });
    }
  });

  it('refuses a stream to a browser authorize does not know (401), with a JSON body', async () => {
    const { url } = await backend();
    const response = await fetch(url);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: 'unauthorized',
      message: 'Sign in first: this browser is not authorized.',
    });
  });
});

/** A backend holding one pending export question for alice, and her stream's token. */
async function pending(): Promise<{
  url: string;
  origin: string;
  token: string;
  id: string;
  setup: Setup;
  events: TestBackend['events'];
}> {
  const { url, origin, setup, events } = await aliceBackend();
  askExport(setup).catch(() => undefined);
  await waitForQueue(setup.queue);
  const ready = await readyOf(url, 'alice');
  return { url, origin, token: ready.token, id: ready.entries[0]!.id, setup, events };
}

describe('answers that must not count', () => {
  it('a forged, tampered, missing or oversized token answers nothing (403)', async () => {
    const { url, token, id, setup } = await pending();
    const body = JSON.stringify({ id, result: EXPORT_ANSWER });
    const [stream, expiry, mac] = token.split('.') as [string, string, string];
    const forgeries = [
      undefined,
      'forged',
      `${stream}.${expiry}.${'A'.repeat(43)}`,
      `${stream}.${(Number.parseInt(expiry, 36) + 1).toString(36)}.${mac}`,
      `${stream}x.${expiry}.${mac}`,
      `${stream}.${expiry}.${mac}.extra`,
      `${stream}.${expiry}.${mac}${'A'.repeat(600)}`,
    ];
    for (const forged of forgeries) {
      const refused = await postRaw(url, { user: 'alice', ...(forged !== undefined && { token: forged }), body });
      expect(refused).toMatchObject({ status: 403, body: { error: 'bad-token' } });
    }
    expect(setup.queue.getSnapshot()).toHaveLength(1);
    expect(await postRaw(url, { user: 'alice', token, body })).toEqual({ status: 200, body: { ok: true } });
  });

  it('a cross-site page cannot answer: foreign Origin, Sec-Fetch-Site cross-site, or a form post', async () => {
    const { url, origin, token, id, setup, events } = await pending();
    const body = JSON.stringify({ id, result: EXPORT_ANSWER });
    expect(await postRaw(url, { user: 'alice', token, origin: 'https://evil.example', body })).toEqual({
      status: 403,
      body: {
        error: 'bad-origin',
        message:
          'The page’s origin, https://evil.example, is not in this bridge’s `origins`: questions are only shown to, and answers only taken from, this application’s own pages.',
      },
    });
    // The backend's log has the two origins to compare (the page's own, behind a proxy that rewrites Host).
    expect(events.filter((event) => event.type === 'refused').at(-1)).toEqual({
      type: 'refused',
      status: 403,
      error: { error: 'bad-origin', message: expect.stringContaining('https://evil.example') as string },
      origin: 'https://evil.example',
      expectedOrigins: [origin],
    });
    expect(await postRaw(url, { user: 'alice', token, origin: 'null', body })).toMatchObject({ status: 403 });
    expect(
      await postRaw(url, { user: 'alice', token, headers: { 'sec-fetch-site': 'cross-site' }, body }),
    ).toMatchObject({
      status: 403,
      body: {
        error: 'bad-origin',
        message:
          'The browser says another site’s page sent this request (Sec-Fetch-Site: cross-site): questions are only shown to, and answers only taken from, this application’s own pages.',
      },
    });
    expect(events.filter((event) => event.type === 'refused').at(-1)).toMatchObject({ expectedOrigins: [origin] });
    expect(events.filter((event) => event.type === 'refused').at(-1)).not.toHaveProperty('origin');
    // What an HTML form can send without a preflight: refused before the session is even read.
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
      expect(await postRaw(url, { user: 'alice', token, contentType, body })).toMatchObject({
        status: 415,
        body: { error: 'unsupported-media-type' },
      });
    }
    expect(setup.queue.getSnapshot()).toHaveLength(1);
    // The page's own origin is fine.
    expect(await postRaw(url, { user: 'alice', token, origin, body })).toEqual({ status: 200, body: { ok: true } });
  });

  it('refuses a too-large body (413) and a malformed one (400) with the problem named, and keeps the question', async () => {
    const { url, token, id, setup } = await pending();
    const big = JSON.stringify({ id, result: { action: 'accept', content: { format: 'x'.repeat(300 * 1024) } } });
    expect(await postRaw(url, { user: 'alice', token, body: big })).toEqual({
      status: 413,
      body: { error: 'too-large', message: 'The body is larger than 262144 bytes.' },
    });
    const cases: [string, number, Record<string, unknown>][] = [
      ['{"id": ', 400, { error: 'malformed-json', message: 'The body is not JSON.' }],
      ['[1, 2]', 400, { error: 'wrong-shape', path: '' }],
      [JSON.stringify({ id: 5, result: EXPORT_ANSWER }), 400, { error: 'wrong-shape', path: 'id' }],
      [JSON.stringify({ id, result: 'accept' }), 400, { error: 'wrong-shape', path: 'result' }],
      [
        JSON.stringify({ id, result: { action: 'maybe' } }),
        400,
        {
          error: 'wrong-shape',
          path: 'result.action',
          message: "'result.action' must be 'accept', 'decline' or 'cancel'.",
        },
      ],
      [
        JSON.stringify({ id, result: { action: 'decline', content: { format: 'csv' } } }),
        400,
        { error: 'wrong-shape', path: 'result.content' },
      ],
      [JSON.stringify({ id, result: { action: 'accept', content: [] } }), 400, { path: 'result.content' }],
      [JSON.stringify({ id, result: EXPORT_ANSWER, extra: 1 }), 400, { path: 'extra' }],
      [JSON.stringify({ id, result: { ...EXPORT_ANSWER, _meta: {} } }), 400, { path: 'result._meta' }],
      [
        JSON.stringify({ id, result: { action: 'accept', content: { format: 'csv', maxRows: 0 } } }),
        422,
        {
          error: 'invalid-content',
          message: 'The answer does not fit the form: Max rows must be at least 1.',
          issues: [expect.objectContaining({ field: 'maxRows', code: 'minimum' })],
        },
      ],
      [
        JSON.stringify({ id, result: { action: 'accept', content: { format: 'xml', maxRows: 5, extra: true } } }),
        422,
        { error: 'invalid-content' },
      ],
      [JSON.stringify({ id, result: { action: 'accept' } }), 422, { error: 'invalid-content' }],
    ];
    for (const [body, status, error] of cases) {
      const refused = await postRaw(url, { user: 'alice', token, body });
      expect(refused, body).toMatchObject({ status, body: error });
    }
    expect(setup.queue.getSnapshot()).toHaveLength(1);
    expect(await postRaw(url, { user: 'alice', token, body: JSON.stringify({ id, result: EXPORT_ANSWER }) })).toEqual({
      status: 200,
      body: { ok: true },
    });
  });

  it('a streamed body without Content-Length is cut off at the limit (413), and the connection stays usable', async () => {
    const { url, token, id, setup } = await pending();
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 10) {
          controller.close();
        } else {
          controller.enqueue(chunk);
        }
      },
    });
    const headers = { 'Content-Type': 'application/json', cookie: 'user=alice', [TOKEN_HEADER]: token };
    // `duplex: 'half'`: how Node's fetch sends a streamed body (not in the DOM typings).
    const init = { method: 'POST', headers, body, duplex: 'half' } as RequestInit;
    const response = await fetch(url, init);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'too-large' });
    expect(setup.queue.getSnapshot()).toHaveLength(1);
    expect(await postRaw(url, { user: 'alice', token, body: JSON.stringify({ id, result: EXPORT_ANSWER }) })).toEqual({
      status: 200,
      body: { ok: true },
    });
  });

  it('hostile lengths: a 100,000-character id or member name is refused at once, and named short', async () => {
    const { url, token } = await pending();
    const longId = await postRaw(url, {
      user: 'alice',
      token,
      body: JSON.stringify({ id: 'x'.repeat(100_000), result: EXPORT_ANSWER }),
    });
    expect(longId).toMatchObject({ status: 400, body: { error: 'wrong-shape', path: 'id' } });
    const longName = await postRaw(url, {
      user: 'alice',
      token,
      body: JSON.stringify({ id: 'x', result: { ...EXPORT_ANSWER, ['k'.repeat(100_000)]: 1 } }),
    });
    expect(longName.status).toBe(400);
    expect((longName.body as { path: string }).path).toBe(`result.${'k'.repeat(64)}…`);
  });
});

describe('the browser half', () => {
  it('a refused answer brings the question back under a new id, with what was typed and why, and nothing is lost', async () => {
    const { url, setup } = await aliceBackend();
    const call = askExport(setup);
    const tab = browser(url, 'alice');
    const entry = await first(tab.queue);
    const consoleError = vi.spyOn(console, 'error');
    // Content the dialog would have stopped (a tampered page, or a page on an older core): the backend refuses it.
    const invalid = { action: 'accept', content: { format: 'csv', maxRows: 0 } } as const;
    expect(tab.queue.respond(entry.id, invalid)).toBe(true);
    const refused = await waitForEvent(tab.events, (event) => event.type === 'refused');
    expect(refused).toMatchObject({
      status: 422,
      kept: true,
      error: { error: 'invalid-content', message: 'The answer does not fit the form: Max rows must be at least 1.' },
    });
    await waitForQueue(tab.queue);
    const [again] = tab.queue.getSnapshot();
    expect(again!.id).toBe(`${entry.id}#1`);
    expect(again!.signal).toBe(entry.signal);
    expect(again!.request).toBe(entry.request);
    // The new dialog starts from the refused answer (the React dialog reads `refused`), and says why.
    expect(again!.refused).toMatchObject({
      status: 422,
      error: { error: 'invalid-content' },
      message:
        'The backend refused this answer (422 invalid-content): The answer does not fit the form: Max rows must be at least 1. What you typed is kept: answer again.',
      retryable: true,
      result: invalid,
    });
    // The user can fix it: nothing for the developer's console.
    expect(consoleError).not.toHaveBeenCalled();
    expect(tab.queue.respond(entry.id, EXPORT_ANSWER)).toBe(false);
    expect(tab.queue.respond(again!.id, EXPORT_ANSWER)).toBe(true);
    expect(await call).toMatchObject({ result: EXPORT_ANSWER });
  });

  it('an answer no retry can get through (401) stays with what was typed, is said once, and is never sent again by itself', async () => {
    const { url, setup, events } = await aliceBackend();
    askExport(setup).catch(() => undefined);
    // The page's session ends while its stream is open (signed out in another tab): its next answer is refused 401.
    let cookie = 'user=alice';
    let posts = 0;
    const tab = browser(url, 'alice', {
      headers: () => ({ cookie }),
      fetch: (input, init) => {
        posts += init?.method === 'POST' ? 1 : 0;
        return fetch(input, init);
      },
    });
    const entry = await first(tab.queue);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    cookie = '';
    expect(tab.queue.respond(entry.id, EXPORT_ANSWER)).toBe(true);
    await waitForEvent(tab.events, (event) => event.type === 'refused');
    await waitForQueue(tab.queue);
    const [kept] = tab.queue.getSnapshot();
    expect(kept).toMatchObject({
      id: `${entry.id}#1`,
      refused: {
        status: 401,
        error: { error: 'unauthorized' },
        message:
          'The backend refused this answer (401 unauthorized): Sign in first: this browser is not authorized. Answering again will not help until that is fixed; what you typed is kept.',
        retryable: false,
        result: EXPORT_ANSWER,
      },
    });
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0]?.[0])).toContain('authorize returned no owner');
    expect(events.filter((event) => event.type === 'refused')).toMatchObject([{ status: 401 }]);
    // Nothing is sent again by itself; the question still waits on the backend.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(posts).toBe(1);
    expect(tab.queue.getSnapshot()).toEqual([kept]);
    expect(setup.queue.getSnapshot()).toHaveLength(1);
  });

  it('a refused token is renewed by a new stream: the kept answer, sent again, goes through', async () => {
    const { url, setup } = await aliceBackend();
    const call = askExport(setup);
    // The first answer carries a token the backend does not know (a restart with a new secret, say).
    let forged = false;
    const tab = browser(url, 'alice', {
      fetch: (input, init) => {
        if (init?.method !== 'POST' || forged) {
          return fetch(input, init);
        }
        forged = true;
        return fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), [TOKEN_HEADER]: 'x' } });
      },
    });
    const entry = await first(tab.queue);
    const consoleError = vi.spyOn(console, 'error');
    tab.queue.respond(entry.id, EXPORT_ANSWER);
    await waitForEvent(tab.events, (event) => event.type === 'refused');
    await waitForQueue(tab.queue);
    const [kept] = tab.queue.getSnapshot();
    expect(kept!.refused).toMatchObject({ status: 403, error: { error: 'bad-token' }, retryable: true });
    expect(consoleError).not.toHaveBeenCalled();
    // The page opened a new stream for a new token; the answer kept with the entry now goes through.
    await vi.waitFor(() => expect(tab.events.filter((event) => event.type === 'connected')).toHaveLength(2));
    expect(tab.queue.respond(kept!.id, kept!.refused!.result)).toBe(true);
    expect(await call).toMatchObject({ result: EXPORT_ANSWER });
  });

  it('after a reload the pending question is back, and the reloaded page answers it', async () => {
    const { url, setup } = await aliceBackend();
    const call = askExport(setup);
    const before = openBrowser(url, 'alice');
    const entry = await first(before.queue);
    before.close();
    expect(entry.signal.aborted).toBe(true);
    expect((entry.signal.reason as WithdrawnError).code).toBe('closed');
    expect(setup.queue.getSnapshot()).toHaveLength(1);

    const after = browser(url, 'alice');
    const reloaded = await first(after.queue);
    expect(reloaded.id).toBe(entry.id);
    expect(reloaded.request).toEqual(entry.request);
    after.queue.respond(reloaded.id, EXPORT_ANSWER);
    expect(await call).toMatchObject({ result: EXPORT_ANSWER });
  });

  it('after a dropped stream it reconnects, and an unchanged question keeps its entry object (an open dialog stays)', async () => {
    const { url, server, setup } = await aliceBackend();
    const call = askExport(setup);
    const tab = browser(url, 'alice');
    const entry = await first(tab.queue);
    const connected = (): number => tab.events.filter((event) => event.type === 'connected').length;
    expect(connected()).toBe(1);
    server.closeAllConnections();
    await waitForEvent(tab.events, (event) => event.type === 'disconnected');
    await waitForEvent(tab.events, () => connected() === 2);
    expect(tab.queue.getSnapshot()).toEqual([entry]);
    expect(tab.queue.getSnapshot()[0]).toBe(entry);
    expect(entry.signal.aborted).toBe(false);
    tab.queue.respond(entry.id, EXPORT_ANSWER);
    expect(await call).toMatchObject({ result: EXPORT_ANSWER });
  });

  it('a backend that crashed and restarted lost what it held: the reconnected page says so (lost)', async () => {
    const crashed = await startBackend();
    cleanups.push(() => crashed.bridge.close());
    const setup = await mcp('legacy');
    crashed.bridge.expose('alice', setup.queue);
    askExport(setup).catch(() => undefined);
    const tab = browser(crashed.url, 'alice');
    const entry = await first(tab.queue);
    // The process is gone: its connections drop, nothing is withdrawn gracefully.
    crashed.server.closeAllConnections();
    crashed.server.close();
    await once(crashed.server, 'close');
    const restarted = await startBackend({}, Number(new URL(crashed.url).port));
    cleanups.push(() => restarted.close());
    await waitForQueue(tab.queue, (snapshot) => snapshot.length === 0);
    expect(entry.signal.reason).toMatchObject({ code: 'lost', message: WITHDRAW_MESSAGES.lost });
  });

  it('two tabs of one user: answered in one, it leaves the other (its signal aborts: answered)', async () => {
    const { url, setup } = await aliceBackend();
    const call = askExport(setup);
    const one = browser(url, 'alice');
    const two = browser(url, 'alice');
    const inOne = await first(one.queue);
    const inTwo = await first(two.queue);
    expect(inTwo.id).toBe(inOne.id);
    one.queue.respond(inOne.id, EXPORT_ANSWER);
    await waitForQueue(two.queue, (snapshot) => snapshot.length === 0);
    expect(inTwo.signal.aborted).toBe(true);
    expect(inTwo.signal.reason).toBeInstanceOf(WithdrawnError);
    expect(inTwo.signal.reason).toMatchObject({
      code: 'answered',
      message: 'This question was answered in another window.',
    });
    expect(two.events).toContainEqual({ type: 'withdrawn', entry: inTwo, reason: 'answered' });
    expect(await call).toMatchObject({ result: EXPORT_ANSWER });
  });

  it('two tabs answering at once: the server gets one answer, the other tab is told it was too late', async () => {
    const { url, events, setup } = await aliceBackend();
    const call = askExport(setup);
    const one = browser(url, 'alice');
    const two = browser(url, 'alice');
    const inOne = await first(one.queue);
    const inTwo = await first(two.queue);
    one.queue.respond(inOne.id, EXPORT_ANSWER);
    two.queue.respond(inTwo.id, { action: 'decline' });
    const received = await call;
    const outcomes = await Promise.all(
      [one, two].map((tab) =>
        waitForEvent(tab.events, (event) => event.type === 'answered' || event.type === 'refused'),
      ),
    );
    const answered = outcomes.filter((event) => event.type === 'answered');
    const refused = outcomes.filter((event) => event.type === 'refused');
    expect(answered).toHaveLength(1);
    expect(refused).toMatchObject([{ status: 404, kept: false, error: { error: 'not-pending' } }]);
    expect(received).toMatchObject({ result: answered[0]?.type === 'answered' ? answered[0].result : {} });
    expect(events.filter((event) => event.type === 'answered')).toHaveLength(1);
    expect(one.queue.getSnapshot()).toEqual([]);
    expect(two.queue.getSnapshot()).toEqual([]);
  });

  it('respondAll answers one server’s questions, named by an id that cannot collide across replicas', async () => {
    const { url, setup } = await aliceBackend();
    const calls = [askExport(setup), askExport(setup)];
    const tab = browser(url, 'alice');
    const entries = await waitForQueue(tab.queue, (snapshot) => snapshot.length === 2);
    const serverId = entries[0]!.server.id;
    // The queue's own random name in the id: no replica's or turn's queue hands out the same one.
    expect(serverId).toMatch(/^elicitation-kit-[a-z0-9]{8}-\d+$/u);
    expect(tab.queue.respondAll('another-server', { action: 'cancel' })).toBe(0);
    expect(tab.queue.respondAll(serverId, { action: 'cancel' })).toBe(2);
    expect(tab.queue.getSnapshot()).toEqual([]);
    expect(await Promise.all(calls)).toEqual([{ result: { action: 'cancel' } }, { result: { action: 'cancel' } }]);
  });
});

describe('questions that leave without an answer', () => {
  it('a server cancellation closes the browser’s dialog (cancelled)', async () => {
    const { url, setup } = await aliceBackend();
    const tab = browser(url, 'alice');
    // The server gives up after 300 ms and sends notifications/cancelled.
    const call = askExport(setup, 'legacy', 300);
    const entry = await first(tab.queue);
    await waitForQueue(tab.queue, (snapshot) => snapshot.length === 0);
    expect(entry.signal.reason).toMatchObject({ code: 'cancelled', message: 'The server cancelled this question.' });
    expect(await call).toMatchObject({ error: { code: 'REQUEST_TIMEOUT' } });
  });

  it('the tool call ending (the MCP connection closes) closes it too (closed)', async () => {
    const { url, setup } = await aliceBackend();
    const tab = browser(url, 'alice');
    void askExport(setup).catch(() => undefined);
    const entry = await first(tab.queue);
    await setup.client.close();
    await waitForQueue(tab.queue, (snapshot) => snapshot.length === 0);
    expect(entry.signal.reason).toMatchObject({ code: 'closed' });
  });

  it('stopping the exposure withdraws its questions from the browser and leaves them in the queue', async () => {
    const { url, setup, stop } = await aliceBackend();
    const tab = browser(url, 'alice');
    void askExport(setup).catch(() => undefined);
    const entry = await first(tab.queue);
    stop();
    await waitForQueue(tab.queue, (snapshot) => snapshot.length === 0);
    expect(entry.signal.reason).toMatchObject({ code: 'closed' });
    expect(setup.queue.getSnapshot()).toHaveLength(1);
  });

  it('a question larger than maxEntryBytes is cancelled with its server, not left where nobody can see it', async () => {
    const { url, events, setup } = await aliceBackend({ bridge: { maxEntryBytes: 600 } });
    const tab = browser(url, 'alice');
    const received = await askExport(setup);
    expect(received).toEqual({ result: { action: 'cancel' } });
    expect(events).toContainEqual(expect.objectContaining({ type: 'failed', operation: 'publish', owner: 'alice' }));
    expect(tab.queue.getSnapshot()).toEqual([]);
  });

  it('a question the page cannot show (a mode it did not declare) is answered cancel and reported', async () => {
    const { url, setup } = await aliceBackend();
    const tab = browser(url, 'alice', { modes: { url: false } });
    const call = setup.client.callTool({ name: 'visit-url', arguments: { id: 'flow-1' } }).then(resultJson);
    expect(await call).toEqual({ result: { action: 'cancel' } });
    expect(tab.events).toContainEqual({
      type: 'rejected',
      id: expect.any(String),
      error: expect.objectContaining({ code: -32602, data: { path: 'mode', reason: 'mode-not-declared' } }),
    });
    expect(tab.queue.getSnapshot()).toEqual([]);
  });
});

describe('URL mode', () => {
  it('the browser gets the link analysis and answers accept; the server completes the step', async () => {
    const { url, setup } = await aliceBackend();
    const tab = browser(url, 'alice');
    const call = setup.client.callTool({ name: 'visit-url', arguments: { id: 'flow-2' } }).then(resultJson);
    const entry = await first(tab.queue);
    expect(entry.request).toMatchObject({
      mode: 'url',
      url: 'https://auth.example.com/connect?flow=flow-2',
      elicitationId: 'flow-2',
      link: { canOpen: true, host: 'auth.example.com' },
    });
    tab.queue.respond(entry.id, { action: 'accept' });
    await waitForEvent(tab.events, (event) => event.type === 'answered');
    await new Promise<void>((resolve) => {
      const poll = (): void => {
        const done = setup.state.urlPages.get('flow-2');
        if (done === undefined) {
          setTimeout(poll, 5);
        } else {
          done();
          resolve();
        }
      };
      poll();
    });
    expect(await call).toEqual({ result: { action: 'accept' } });
  });

  it('a -32042 URL elicitation leaves the browser when notifications/elicitation/complete settles it', async () => {
    const { url, setup } = await aliceBackend();
    const tab = browser(url, 'alice');
    const failure = await setup.client
      .callTool({ name: 'need-url', arguments: { id: 'flow-3' } })
      .catch((error: unknown) => error);
    const [surfaced] = await setup.kit.surfaceUrlRequired(failure);
    expect(surfaced).toMatchObject({ kind: 'url-required' });
    const entry = await first(tab.queue);
    expect(entry).toMatchObject({ kind: 'url-required', request: { mode: 'url', elicitationId: 'flow-3' } });
    await setup.server().server.notification({
      method: 'notifications/elicitation/complete',
      params: { elicitationId: 'flow-3' },
    });
    await waitForQueue(tab.queue, (snapshot) => snapshot.length === 0);
    expect(entry.signal.reason).toMatchObject({ code: 'settled' });
  });

  it('with settleCompletedUrl: false the completed status reaches the browser on the same entry signal', async () => {
    const { url, setup } = await aliceBackend({ connect: { attach: { settleCompletedUrl: false } } });
    const tab = browser(url, 'alice');
    const failure = await setup.client
      .callTool({ name: 'need-url', arguments: { id: 'flow-4' } })
      .catch((error: unknown) => error);
    await setup.kit.surfaceUrlRequired(failure);
    const entry = await first(tab.queue);
    expect(entry.status).toBe('pending');
    await setup.server().server.notification({
      method: 'notifications/elicitation/complete',
      params: { elicitationId: 'flow-4' },
    });
    const [completed] = await waitForQueue(tab.queue, (snapshot) => snapshot[0]?.status === 'completed');
    expect(completed).not.toBe(entry);
    expect(completed!.id).toBe(entry.id);
    expect(completed!.signal).toBe(entry.signal);
    tab.queue.respond(completed!.id, { action: 'accept' });
    await waitForQueue(setup.queue, (snapshot) => snapshot.length === 0);
  });
});

describe('createElicitationBridge', () => {
  it('without onEvent, a bad-origin refusal is written to the console once per origin, with the origins it takes', async () => {
    const bridge = createElicitationBridge({ authorize: () => 'alice', origins: ['http://127.0.0.1:4000'] });
    cleanups.push(() => bridge.close());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answerFrom = (origin: string) =>
      bridge.fetch(
        new Request('http://127.0.0.1:4000/api/elicitations', {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          body: '{}',
        }),
      );
    for (const origin of ['http://localhost:5173', 'http://localhost:5173', 'https://evil.example']) {
      expect((await answerFrom(origin)).status).toBe(403);
    }
    expect(warn.mock.calls.map(([line]) => String(line))).toEqual([
      "[elicitation-kit] bridge: refused POST /api/elicitations (403 bad-origin) from Origin http://localhost:5173; this bridge takes http://127.0.0.1:4000. If that is your page (behind a proxy that rewrites Host: Vite's server.proxy string form, Next.js rewrites), add it to createElicitationBridge({ origins }).",
      expect.stringContaining('from Origin https://evil.example;') as string,
    ]);
  });

  it('refuses methods other than GET and POST with 405 and Allow', async () => {
    const { url } = await backend();
    const response = await fetch(url, { method: 'PUT', headers: { cookie: 'user=alice' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST');
    expect(await response.json()).toMatchObject({ error: 'method-not-allowed' });
  });

  it('limits the streams of one user (429)', async () => {
    const { url } = await backend({ maxStreamsPerOwner: 1 });
    const tab = browser(url, 'alice');
    await waitForEvent(tab.events, (event) => event.type === 'connected');
    const response = await fetch(url, { headers: { cookie: 'user=alice' } });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ error: 'too-many-streams' });
  });

  it('drops a stream its browser stopped reading rather than pile bytes up (the slot is free again)', async () => {
    const bridge = createElicitationBridge({
      authorize: () => 'alice',
      origins: ['http://app.example'],
      maxStreamsPerOwner: 1,
      maxEntryBytes: 16 * 1024,
      maxStreamBytes: 96 * 1024,
      onEvent: (event) => events.push(event),
    });
    const events: ElicitationBridgeEvent[] = [];
    cleanups.push(() => bridge.close());
    const queue = createElicitationQueue({ maxPendingPerServer: 1000 });
    bridge.expose('alice', queue);
    const open = (): Promise<Response> => bridge.fetch(new Request('http://app.example/api/elicitations'));
    const stalled = await open();
    expect(stalled.status).toBe(200);
    expect((await open()).status).toBe(429);
    const internals = queue.openProducer();
    for (let index = 0; index < 300; index += 1) {
      internals.add(handMadeEntry(EXPORT_PARAMS, { id: `entry-${index}`, createdAt: index }), () => undefined);
    }
    // Nobody read `stalled`: past 96 KiB unread it was dropped (errored, not closed: nothing left to flush).
    expect(events).toContainEqual(expect.objectContaining({ type: 'dropped', owner: 'alice', reason: 'stream-bytes' }));
    await expect(stalled.body!.getReader().read()).rejects.toThrow('stream dropped');
    const next = await open();
    expect(next.status).toBe(200);
    await next.body?.cancel();
  });

  it('keeps two queues of one owner apart (a queue per turn): their made-up server ids differ as they are, respondAll answers one', async () => {
    const { bridge, url } = await backend();
    const turns = [createElicitationQueue(), createElicitationQueue()];
    const answers: string[] = [];
    const producerIds: string[] = [];
    turns.forEach((queue, turn) => {
      bridge.expose('alice', queue);
      const producer = queue.openProducer();
      producerIds.push(producer.id);
      producer.add(
        handMadeEntry(EXPORT_PARAMS, { id: `turn-${turn}`, server: { id: producer.id, name: 'Demo' } }),
        (result) => answers.push(`${turn}:${result.action}`),
      );
    });
    const tab = browser(url, 'alice');
    await vi.waitFor(() => expect(tab.queue.getSnapshot()).toHaveLength(2));
    const [one, other] = tab.queue.getSnapshot();
    // Each queue's first producer, under each queue's own name: carried to the page unchanged, and different.
    expect([one?.server.id, other?.server.id].toSorted()).toEqual(producerIds.toSorted());
    expect(one?.server.id).not.toBe(other?.server.id);
    expect(tab.queue.respondAll(one!.server.id, { action: 'decline' })).toBe(1);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(tab.queue.getSnapshot()).toHaveLength(1);
  });

  it('checks its options', async () => {
    const origins = ['http://app.example'];
    expect(() => createElicitationBridge({ authorize: () => 'alice', origins, secret: 'short' })).toThrow(RangeError);
    expect(() => createElicitationBridge({ authorize: () => 'alice', origins, maxBodyBytes: 0 })).toThrow(
      'maxBodyBytes must be a positive integer (got 0)',
    );
    const bridge = createElicitationBridge({ authorize: () => 'alice', origins });
    expect(() => bridge.expose('', { subscribe: () => () => undefined } as never)).toThrow(TypeError);
    const queue = createElicitationQueue();
    const stop = bridge.expose('alice', queue);
    expect(() => bridge.expose('bob', queue)).toThrow(
      'expose: this queue is already exposed (stop that exposure first)',
    );
    stop();
    expect(() => bridge.expose('bob', queue)).not.toThrow();
    await bridge.close();
  });
});
