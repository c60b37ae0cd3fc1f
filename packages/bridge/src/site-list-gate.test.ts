// The page's Public Suffix List given as a loader: loaded by the first URL-mode question only, which is shown once
// judged by it; a failed load refuses that question and the next one loads again.
import type { PublicSuffixList } from '@elicitation-kit/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectElicitationBridge } from './client.js';
import type { ElicitationBridgeClientEvent, RemoteElicitationQueue } from './client.js';
import { EXPORT_PARAMS } from './test/bridge-host.js';

/** Knows one private suffix, `s3.amazonaws.com`: core's built-in excerpt would judge its tenants one site. */
const publicSuffixList: PublicSuffixList = {
  registrableDomain: (host) => {
    const labels = host.split('.');
    const suffix = host.endsWith('.s3.amazonaws.com') ? 3 : 1;
    return labels.length > suffix ? labels.slice(-(suffix + 1)).join('.') : null;
  },
};

const SERVER = { id: 'acme', name: 'Acme', url: 'https://victim.s3.amazonaws.com/mcp' };
const wire = (id: string, params: unknown): Record<string, unknown> => ({
  id,
  params,
  server: SERVER,
  era: 'legacy',
  status: 'pending',
  kind: 'request',
  createdAt: 1,
});
const URL_PARAMS = { mode: 'url', message: 'Sign in', url: 'https://attacker.s3.amazonaws.com/login' };

/** A backend in the test: one stream the test writes events to, and the answers posted. */
function fakeBackend() {
  let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
  const posts: unknown[] = [];
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if (init?.method === 'POST') {
      posts.push(JSON.parse(String(init.body)));
      return new Response(null, { status: 204 });
    }
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        stream = controller;
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  });
  const send = (event: string, data: unknown): void => {
    stream?.enqueue(new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
  };
  return { fetch, posts, send, opened: () => stream !== undefined };
}

let connected: RemoteElicitationQueue | undefined;
afterEach(() => {
  connected?.close();
  connected = undefined;
});

async function connect(load: () => Promise<PublicSuffixList>) {
  const backend = fakeBackend();
  const events: ElicitationBridgeClientEvent[] = [];
  connected = connectElicitationBridge({
    url: 'http://backend.test/api/elicitations',
    fetch: backend.fetch as typeof fetch,
    publicSuffixList: load,
    onEvent: (event) => events.push(event),
  });
  const shown = connected;
  shown.subscribe(() => undefined);
  await vi.waitFor(() => expect(backend.opened()).toBe(true));
  backend.send('ready', { token: 't', hub: 'h', entries: [] });
  await vi.waitFor(() => expect(events).toContainEqual({ type: 'connected' }));
  const ids = () => shown.getSnapshot().map((entry) => entry.id);
  return { backend, events, queue: shown, ids };
}

describe('connectElicitationBridge with a Public Suffix List loader', () => {
  it('shows a form at once without loading it, and a URL-mode question only once judged by the loaded list', async () => {
    let deliver: ((list: PublicSuffixList) => void) | undefined;
    const load = vi.fn(() => new Promise<PublicSuffixList>((resolve) => (deliver = resolve)));
    const { backend, queue, ids } = await connect(load);
    backend.send('entry', { entry: wire('form-1', EXPORT_PARAMS) });
    await vi.waitFor(() => expect(ids()).toEqual(['form-1']));
    expect(load).not.toHaveBeenCalled();

    backend.send('entry', { entry: wire('url-1', URL_PARAMS) });
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // Waiting for the list: not shown (never judged by the built-in excerpt), and a later event waits behind it.
    backend.send('entry', { entry: wire('form-2', EXPORT_PARAMS) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ids()).toEqual(['form-1']);
    deliver?.(publicSuffixList);
    await vi.waitFor(() => expect(ids()).toEqual(['form-1', 'url-1', 'form-2']));
    const entry = queue.getSnapshot()[1];
    expect(entry?.request).toMatchObject({
      mode: 'url',
      link: { site: 'attacker.s3.amazonaws.com', sameSiteAsServer: false },
    });
    backend.send('entry', { entry: wire('url-2', { ...URL_PARAMS, url: 'https://victim.s3.amazonaws.com/x' }) });
    await vi.waitFor(() => expect(ids()).toContain('url-2'));
    expect(queue.getSnapshot().at(-1)?.request).toMatchObject({ link: { sameSiteAsServer: true } });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('refuses the URL-mode question whose list failed to load (answered cancel), and loads again for the next', async () => {
    const load = vi
      .fn<() => Promise<PublicSuffixList>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce(publicSuffixList);
    const { backend, events, ids } = await connect(load);
    backend.send('entry', { entry: wire('url-1', URL_PARAMS) });
    await vi.waitFor(() => expect(backend.posts).toEqual([{ id: 'url-1', result: { action: 'cancel' } }]));
    expect(events).toContainEqual({
      type: 'rejected',
      id: 'url-1',
      error: { message: expect.stringMatching(/Public Suffix List could not be loaded \(chunk failed\)/) },
    });
    expect(ids()).toEqual([]);

    backend.send('entry', { entry: wire('url-2', URL_PARAMS) });
    await vi.waitFor(() => expect(ids()).toEqual(['url-2']));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not show a URL-mode question withdrawn while the list loaded', async () => {
    let deliver: ((list: PublicSuffixList) => void) | undefined;
    const load = vi.fn(() => new Promise<PublicSuffixList>((resolve) => (deliver = resolve)));
    const { backend, ids } = await connect(load);
    backend.send('entry', { entry: wire('url-1', URL_PARAMS) });
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    backend.send('withdrawn', { id: 'url-1', reason: 'settled' });
    backend.send('entry', { entry: wire('form-1', EXPORT_PARAMS) });
    deliver?.(publicSuffixList);
    await vi.waitFor(() => expect(ids()).toEqual(['form-1']));
  });
});
