import { parseElicitation } from '@elicitation-kit/core';
import { ProtocolError } from '@modelcontextprotocol/client';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_PARAMS, REF_PARAMS, connect, firstEntry, resultJson, waitForQueue } from '../test/harness.js';
import type { Setup } from '../test/harness.js';
import { publicSuffixList } from '../public-suffix.js';
import type { PendingElicitation } from '../types.js';

let setup: Setup | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

const isResponseTo = (id: unknown) => (message: JSONRPCMessage) =>
  'id' in message && message.id === id && ('result' in message || 'error' in message);

describe.each(['legacy', 'modern'] as const)('attachElicitation over the in-memory transport (%s era)', (era) => {
  it('declares the elicitation capability for the chosen modes', async () => {
    setup = await connect(era, { attach: { modes: { url: false } } });
    await setup.client
      .callTool({ name: 'ask', arguments: { params: { mode: 'url', message: 'x', url: 'https://a.example' } } })
      .catch(() => undefined);
    // What went on the wire: initialize in 2025; the _meta of every request in 2026-07-28.
    const declared = setup.sent.map((message) => {
      const params = 'method' in message ? (message.params as Record<string, any> | undefined) : undefined;
      return era === 'legacy'
        ? params?.['capabilities']?.elicitation
        : params?.['_meta']?.['io.modelcontextprotocol/clientCapabilities']?.elicitation;
    });
    expect(declared[0]).toEqual({ form: {} });
    expect(setup.sent.length).toBeGreaterThan(1);
    // A URL request is refused, never shown.
    expect(setup.queue.getSnapshot()).toEqual([]);
  });

  it('queues a parsed request with the server identity, era and signal, and resolves with the accepted content', async () => {
    setup = await connect(era);
    const changes: number[] = [];
    setup.queue.subscribe(() => changes.push(setup?.queue.getSnapshot().length ?? -1));
    const call = setup.client.callTool({ name: 'ask', arguments: { params: EXPORT_PARAMS } });
    const entry = await firstEntry(setup.queue);

    expect(entry).toMatchObject({
      era,
      kind: 'request',
      status: 'pending',
      server: { name: 'test-server', title: 'Test server', version: '9.9.9', url: 'memory://test' },
      request: { mode: 'form', message: 'How should the orders export be produced?' },
    });
    expect(entry.request.mode === 'form' && entry.request.fields.map((field) => [field.name, field.kind])).toEqual([
      ['format', 'select'],
      ['maxRows', 'number'],
      ['includeHeaders', 'checkbox'],
    ]);
    expect(entry.signal.aborted).toBe(false);
    // The revision the request was parsed with: what the bridge puts on the wire for the page to parse with.
    expect(entry.protocolVersion).toBe(era === 'modern' ? '2026-07-28' : setup.client.getNegotiatedProtocolVersion());
    expect(entry.protocolVersion).toBeDefined();
    expect(setup.events.map((event) => event.type)).toEqual(['shown']);

    expect(setup.queue.respond(entry.id, { action: 'accept', content: { format: 'json', maxRows: 20 } })).toBe(true);
    expect(resultJson(await call)).toEqual({
      received: { kind: 'elicit', action: 'accept', content: { format: 'json', maxRows: 20 } },
    });
    expect(setup.queue.getSnapshot()).toEqual([]);
    expect(changes).toEqual([1, 0]);
    expect(setup.queue.respond(entry.id, { action: 'decline' })).toBe(false);
    expect(setup.events.map((event) => event.type)).toEqual(['shown', 'answered']);
  });

  it.each(['decline', 'cancel'] as const)('sends %s without content', async (action) => {
    setup = await connect(era);
    const call = setup.client.callTool({ name: 'ask', arguments: { params: EXPORT_PARAMS } });
    const entry = await firstEntry(setup.queue);
    setup.queue.respond(entry.id, { action });
    expect(resultJson(await call)).toEqual({ received: { kind: 'elicit', action } });
  });

  it('answers a confirmation (empty properties) with empty content', async () => {
    setup = await connect(era);
    const params = { mode: 'form', message: 'Archive 3 exports?', requestedSchema: { type: 'object', properties: {} } };
    const call = setup.client.callTool({ name: 'ask', arguments: { params } });
    const entry = await firstEntry(setup.queue);
    setup.queue.respond(entry.id, { action: 'accept' });
    expect(resultJson(await call)).toEqual({ received: { kind: 'elicit', action: 'accept', content: {} } });
  });

  it('sends a URL-mode accept without content', async () => {
    setup = await connect(era);
    const params = { mode: 'url', message: 'Sign in', url: 'https://auth.example.com/connect?flow=1' };
    const call = setup.client.callTool({ name: 'ask', arguments: { params } });
    const entry = await firstEntry(setup.queue);
    expect(entry.request).toMatchObject({ mode: 'url', link: { canOpen: true, host: 'auth.example.com' } });
    setup.queue.respond(entry.id, { action: 'accept', content: { ignored: 'yes' } });
    expect(resultJson(await call)).toEqual({ received: { kind: 'elicit', action: 'accept' } });
  });

  it('judges sites by the Public Suffix List it is given: another tenant of a shared host is another site', async () => {
    const params = { mode: 'url', message: 'Sign in', url: 'https://attacker.s3.amazonaws.com/login' };
    const server = { url: 'https://victim.s3.amazonaws.com/mcp' };
    const linkOf = async (attach: Parameters<typeof connect>[1]): Promise<unknown> => {
      const connected = await connect(era, attach);
      setup = connected;
      const call = connected.client.callTool({ name: 'ask', arguments: { params } });
      const entry = await firstEntry(connected.queue);
      connected.queue.respond(entry.id, { action: 'decline' });
      await call;
      await connected.close();
      setup = undefined;
      return entry.request.mode === 'url' ? entry.request.link : undefined;
    };
    // Core's built-in excerpt does not know s3.amazonaws.com: both tenants fall under amazonaws.com.
    expect(await linkOf({ attach: { server } })).toMatchObject({ site: 'amazonaws.com', sameSiteAsServer: true });
    expect(await linkOf({ attach: { server, publicSuffixList } })).toMatchObject({
      site: 'attacker.s3.amazonaws.com',
      sameSiteAsServer: false,
    });
  });

  it('loads a Public Suffix List given as a loader on the first URL-mode request only, and judges it by that list', async () => {
    const load = vi.fn(() => Promise.resolve(publicSuffixList));
    const server = { url: 'https://victim.s3.amazonaws.com/mcp' };
    setup = await connect(era, { attach: { server, publicSuffixList: load } });
    const connected = setup;
    // A form never loads it.
    const form = connected.client.callTool({ name: 'ask', arguments: { params: EXPORT_PARAMS } });
    const formEntry = await firstEntry(connected.queue);
    connected.queue.respond(formEntry.id, { action: 'decline' });
    await form;
    expect(load).not.toHaveBeenCalled();
    // Two tenants of a shared host: two sites by the real list (the built-in excerpt would say one).
    const ask = async (url: string): Promise<PendingElicitation> => {
      const call = connected.client.callTool({
        name: 'ask',
        arguments: { params: { mode: 'url', message: 'Go', url } },
      });
      const entry = await firstEntry(connected.queue);
      connected.queue.respond(entry.id, { action: 'decline' });
      await call;
      return entry;
    };
    const first = await ask('https://attacker.s3.amazonaws.com/login');
    expect(first.request).toMatchObject({ link: { site: 'attacker.s3.amazonaws.com', sameSiteAsServer: false } });
    const second = await ask('https://victim.s3.amazonaws.com/login');
    expect(second.request).toMatchObject({ link: { site: 'victim.s3.amazonaws.com', sameSiteAsServer: true } });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('refuses a URL-mode request whose Public Suffix List failed to load, and loads again on the next one', async () => {
    const load = vi
      .fn<() => Promise<typeof publicSuffixList>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce(publicSuffixList);
    setup = await connect(era, {
      attach: { server: { url: 'https://victim.s3.amazonaws.com/mcp' }, publicSuffixList: load },
    });
    const params = { mode: 'url', message: 'Go', url: 'https://attacker.s3.amazonaws.com/login' };
    await setup.client.callTool({ name: 'ask', arguments: { params } }).catch((error: unknown) => error);
    expect(setup.queue.getSnapshot()).toEqual([]);
    expect(setup.events.find((event) => event.type === 'rejected')).toMatchObject({
      error: {
        code: -32603,
        message: expect.stringMatching(/Public Suffix List could not be loaded \(chunk failed\)/),
      },
    });
    const call = setup.client.callTool({ name: 'ask', arguments: { params } });
    const entry = await firstEntry(setup.queue);
    expect(entry.request).toMatchObject({ link: { site: 'attacker.s3.amazonaws.com', sameSiteAsServer: false } });
    setup.queue.respond(entry.id, { action: 'decline' });
    await call;
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('marks a URL request asked again after an accept of the same URL (the server saw the step unfinished)', async () => {
    const connected = await connect(era);
    setup = connected;
    const params = { mode: 'url', message: 'Sign in', url: 'https://auth.example.com/connect?flow=1' };
    const ask = async (url: string): Promise<PendingElicitation> => {
      const call = connected.client.callTool({ name: 'ask', arguments: { params: { ...params, url } } });
      const entry = await firstEntry(connected.queue);
      connected.queue.respond(entry.id, { action: entry.askedAgain === true ? 'decline' : 'accept' });
      await call;
      return entry;
    };
    expect((await ask(params.url)).askedAgain).toBeUndefined();
    expect((await ask(params.url)).askedAgain).toBe(true);
    // Another page is a new step.
    expect((await ask('https://auth.example.com/connect?flow=2')).askedAgain).toBeUndefined();
  });

  it('queues both requests of one round and answers each on its own', async () => {
    setup = await connect(era);
    const call = setup.client.callTool({ name: 'ask-two', arguments: { params: EXPORT_PARAMS } });
    const [first, second] = await waitForQueue(setup.queue, (snapshot) => snapshot.length === 2);
    expect(first?.id).not.toBe(second?.id);
    setup.queue.respond(second?.id ?? '', { action: 'decline' });
    setup.queue.respond(first?.id ?? '', { action: 'accept', content: { format: 'csv', maxRows: 1 } });
    const answers = resultJson(await call) as { a: { action: string }; b: { action: string } };
    expect([answers.a.action, answers.b.action].toSorted()).toEqual(['accept', 'decline']);
  });

  it('cancels every pending entry of one server at once, and leaves another server on the same queue alone', async () => {
    setup = await connect(era);
    const other = await connect(era, { queue: setup.queue });
    try {
      const flooded = setup.client.callTool({ name: 'ask-two', arguments: { params: EXPORT_PARAMS } });
      const spared = other.client.callTool({ name: 'ask', arguments: { params: EXPORT_PARAMS } });
      const snapshot = await waitForQueue(setup.queue, (entries) => entries.length === 3);
      const ids = snapshot.map((entry) => entry.server.id);
      const floodId = ids.find((id) => ids.filter((candidate) => candidate === id).length === 2) ?? '';
      expect(new Set(ids).size).toBe(2);
      let changes = 0;
      const unsubscribe = setup.queue.subscribe(() => (changes += 1));
      expect(setup.queue.respondAll(floodId, { action: 'cancel' })).toBe(2);
      unsubscribe();
      expect(changes).toBe(1);
      expect(setup.queue.getSnapshot().map((entry) => entry.server.id)).toEqual([
        snapshot.find((entry) => entry.server.id !== floodId)?.server.id,
      ]);
      const answers = resultJson(await flooded) as { a: { action: string }; b: { action: string } };
      expect([answers.a.action, answers.b.action]).toEqual(['cancel', 'cancel']);
      expect(setup.queue.respondAll(floodId, { action: 'cancel' })).toBe(0);
      const [left] = setup.queue.getSnapshot();
      setup.queue.respond(left?.id ?? '', { action: 'decline' });
      expect(resultJson(await spared)).toMatchObject({ received: { action: 'decline' } });
    } finally {
      await other.close();
    }
  });

  it('removes the entry and sends nothing when the caller aborts', async () => {
    setup = await connect(era);
    const controller = new AbortController();
    const call = setup.client.callTool(
      { name: 'ask', arguments: { params: EXPORT_PARAMS } },
      { signal: controller.signal },
    );
    const entry = await firstEntry(setup.queue);
    const sentBefore = setup.sent.length;
    controller.abort('user closed the tab');
    await expect(call).rejects.toThrow(/user closed the tab/);
    await waitForQueue(setup.queue, (snapshot) => snapshot.length === 0);
    expect(entry.signal.aborted).toBe(true);
    expect(setup.queue.respond(entry.id, { action: 'accept', content: { format: 'csv', maxRows: 1 } })).toBe(false);
    expect(setup.events.at(-1)).toMatchObject({ type: 'cancelled', reason: 'aborted' });
    // Nothing but (in 2025) the client's own notifications/cancelled for the tools/call went out afterwards.
    const after = setup.sent.slice(sentBefore);
    expect(after.every((message) => 'method' in message && message.method === 'notifications/cancelled')).toBe(true);
    expect(after).toHaveLength(era === 'legacy' ? 1 : 0);
  });

  it('settles pending entries as cancel when the connection closes', async () => {
    setup = await connect(era);
    const call = setup.client.callTool({ name: 'ask', arguments: { params: EXPORT_PARAMS } });
    const entry = await firstEntry(setup.queue);
    await setup.client.close();
    await expect(call).rejects.toThrow();
    expect(setup.queue.getSnapshot()).toEqual([]);
    expect(entry.signal.aborted).toBe(true);
    expect(setup.events.at(-1)).toMatchObject({ type: 'cancelled', reason: 'connection-closed' });
  });

  it('refuses a request outside the restricted schema with -32602 and queues nothing', async () => {
    setup = await connect(era);
    const changes: number[] = [];
    setup.queue.subscribe(() => changes.push(1));
    const parsed = parseElicitation(REF_PARAMS);
    if (parsed.ok) {
      throw new Error('core must refuse a $ref property');
    }
    const expected = parsed.error;
    expect(expected).toMatchObject({
      code: -32602,
      data: { path: 'requestedSchema.properties.country.$ref', reason: 'ref' },
    });
    if (era === 'legacy') {
      // The server's own elicitation/create gets the error back.
      const result = await setup.client.callTool({ name: 'ask-direct', arguments: { params: REF_PARAMS } });
      expect(resultJson(result)).toEqual({ error: expected });
    } else {
      // 2026-07-28 has no server-side request to answer: the call fails locally with the same error.
      const failure: unknown = await setup.client
        .callTool({ name: 'ask', arguments: { params: REF_PARAMS } })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ProtocolError);
      expect(failure).toMatchObject(expected);
    }
    expect(changes).toEqual([]);
    expect(setup.events).toEqual([
      {
        type: 'rejected',
        era,
        error: expected,
        requestId: era === 'legacy' ? expect.any(Number) : 'q',
        server: expect.objectContaining({ name: 'test-server' }),
      },
    ]);
  });

  it('refuses requests beyond the per-server limit with a -32602 naming the limit', async () => {
    setup = await connect(era, { maxPendingPerServer: 1 });
    const outcome = await setup.client
      .callTool({ name: 'ask-two', arguments: { params: EXPORT_PARAMS } })
      .catch((error: unknown) => error);
    const message = 'Too many pending elicitations from test-server: the limit is 1. Answer or cancel one first.';
    if (era === 'legacy') {
      // The SDK's legacy shim reports the failed leg as a tool error and cancels the other one.
      expect(outcome).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: expect.stringContaining(message) }],
      });
    } else {
      expect(outcome).toMatchObject({ code: -32602, message, data: { reason: 'too-many-pending', limit: 1 } });
    }
    await waitForQueue(setup.queue, (snapshot) => snapshot.length === 0);
    expect(setup.events.find((event) => event.type === 'rejected')).toMatchObject({ error: { code: -32602, message } });
  });
});

describe('attachElicitation, 2025-only behaviour', () => {
  it('keeps an answer whose response could not be sent, says so, and resends the same response on request', async () => {
    let offline = true;
    setup = await connect('legacy', {
      clientSend: async (message, send) => {
        if (offline && 'result' in message) throw new TypeError('Failed to fetch');
        await send(message);
      },
    });
    const call = setup.client.callTool({ name: 'ask', arguments: { params: EXPORT_PARAMS } });
    const entry = await firstEntry(setup.queue);
    const answer = { action: 'accept', content: { format: 'json', maxRows: 7 } } as const;
    setup.queue.respond(entry.id, answer);
    await vi.waitFor(() => expect(setup?.events.some((event) => event.type === 'undelivered')).toBe(true));
    expect(setup.events.find((event) => event.type === 'undelivered')).toMatchObject({
      entry: { id: entry.id },
      result: answer,
      canResend: true,
    });
    expect(setup.kit.undelivered()).toEqual([entry]);
    const responses = () => setup?.sent.filter((message) => 'result' in message && 'id' in message) ?? [];
    expect(responses()).toHaveLength(1);
    // Still offline: nothing goes out, and it stays available.
    expect(await setup.kit.resend(entry.id)).toBe(false);
    expect(setup.kit.undelivered()).toEqual([entry]);
    offline = false;
    expect(await setup.kit.resend(entry.id)).toBe(true);
    expect(setup.kit.undelivered()).toEqual([]);
    expect(resultJson(await call)).toMatchObject({
      received: { kind: 'elicit', action: 'accept', content: { format: 'json', maxRows: 7 } },
    });
    const [first, , last] = responses();
    expect(last).toEqual(first);
    // Sent: nothing left to resend; an unknown id has nothing either.
    expect(await setup.kit.resend(entry.id)).toBe(false);
    expect(await setup.kit.resend('elicitation-unknown')).toBe(false);
  });

  it('says an answer cannot be sent again once the server lost the session (404), and keeps nothing', async () => {
    setup = await connect('legacy', {
      clientSend: async (message, send) => {
        if ('result' in message) {
          throw Object.assign(new Error('Error POSTing to endpoint: Session not found'), { data: { status: 404 } });
        }
        await send(message);
      },
    });
    void setup.client.callTool({ name: 'ask-direct', arguments: { params: EXPORT_PARAMS } }).catch(() => undefined);
    const entry = await firstEntry(setup.queue);
    setup.queue.respond(entry.id, { action: 'decline' });
    await vi.waitFor(() => expect(setup?.events.some((event) => event.type === 'undelivered')).toBe(true));
    expect(setup.events.find((event) => event.type === 'undelivered')).toMatchObject({
      entry: { id: entry.id },
      result: { action: 'decline' },
      canResend: false,
    });
    expect(setup.kit.undelivered()).toEqual([]);
    expect(await setup.kit.resend(entry.id)).toBe(false);
  });

  it('shows a request replayed with the same JSON-RPC id once and answers it once', async () => {
    let replayedId: unknown;
    let replay: (() => Promise<void>) | undefined;
    setup = await connect('legacy', {
      serverSend: async (message, send) => {
        await send(message);
        if ('method' in message && message.method === 'elicitation/create' && 'id' in message) {
          replayedId = message.id;
          replay = () => send(message);
          await replay(); // as after a stream reconnect
        }
      },
    });
    const call = setup.client.callTool({ name: 'ask-direct', arguments: { params: EXPORT_PARAMS } });
    const entry = await firstEntry(setup.queue);
    expect(replayedId).toBeDefined();
    // Let the replayed copy reach the handler before answering.
    await setup.client.ping();
    expect(setup.queue.getSnapshot()).toHaveLength(1);
    setup.queue.respond(entry.id, { action: 'accept', content: { format: 'csv', maxRows: 2 } });
    expect(resultJson(await call)).toEqual({ result: { action: 'accept', content: { format: 'csv', maxRows: 2 } } });
    await setup.client.ping();
    expect(setup.sent.filter(isResponseTo(replayedId))).toHaveLength(1);

    // A replay after the answer is neither shown nor answered again.
    await replay?.();
    await setup.client.ping();
    expect(setup.queue.getSnapshot()).toEqual([]);
    expect(setup.sent.filter(isResponseTo(replayedId))).toHaveLength(1);
    expect(setup.events.filter((event) => event.type === 'shown')).toHaveLength(1);
  });

  it('removes a replayed request when the server cancels it, and sends nothing for either copy', async () => {
    let replayedId: unknown;
    setup = await connect('legacy', {
      serverSend: async (message, send) => {
        await send(message);
        if ('method' in message && message.method === 'elicitation/create' && 'id' in message) {
          replayedId = message.id;
          await send(message);
        }
      },
    });
    // The server gives up after 100 ms and cancels its request; the SDK aborts only the newest copy's signal.
    const call = setup.client.callTool({ name: 'ask-direct', arguments: { params: EXPORT_PARAMS, timeout: 100 } });
    const entry = await firstEntry(setup.queue);
    expect((resultJson(await call) as { error: { message: string } }).error.message).toMatch(/timed out/i);
    await waitForQueue(setup.queue, (snapshot) => snapshot.length === 0);
    expect(entry.signal.aborted).toBe(true);
    expect(setup.queue.respond(entry.id, { action: 'accept', content: { format: 'csv', maxRows: 1 } })).toBe(false);
    await setup.client.ping();
    expect(setup.sent.filter(isResponseTo(replayedId))).toEqual([]);
    expect(setup.events.map((event) => event.type)).toEqual(['shown', 'cancelled']);
  });

  it('removes the entry when the server times the request out', async () => {
    setup = await connect('legacy');
    const call = setup.client.callTool({ name: 'ask-direct', arguments: { params: EXPORT_PARAMS, timeout: 100 } });
    const entry = await firstEntry(setup.queue);
    const result = resultJson(await call) as { error: { message: string } };
    expect(result.error.message).toMatch(/timed out/i);
    await waitForQueue(setup.queue, (snapshot) => snapshot.length === 0);
    expect(entry.signal.aborted).toBe(true);
    expect(setup.queue.respond(entry.id, { action: 'cancel' })).toBe(false);
    await setup.client.ping();
    expect(setup.sent.filter((message) => 'result' in message || 'error' in message)).toEqual([]);
  });

  it('answers a pending URL request accept when the server says it completed, and ignores unknown ids', async () => {
    setup = await connect('legacy');
    const params = {
      mode: 'url',
      message: 'Sign in',
      url: 'https://auth.example.com/connect?flow=6',
      elicitationId: 'flow-6',
    };
    const call = setup.client.callTool({ name: 'ask-direct', arguments: { params } });
    const entry = await firstEntry(setup.queue);
    await setup
      .server()
      .server.notification({ method: 'notifications/elicitation/complete', params: { elicitationId: 'unknown' } });
    await setup
      .server()
      .server.notification({ method: 'notifications/elicitation/complete', params: { elicitationId: 'flow-6' } });
    // The user finished on the page: the kit answers for them; the host has nothing to dismiss.
    expect(resultJson(await call)).toEqual({ result: { action: 'accept' } });
    expect(setup.queue.getSnapshot()).toEqual([]);
    expect(setup.events.map((event) => event.type)).toEqual(['shown', 'completed', 'answered']);
    expect(setup.events[1]).toMatchObject({ elicitationId: 'flow-6', entry: { id: entry.id, status: 'completed' } });
  });

  it('with settleCompletedUrl: false, marks the entry completed for the host to answer, once', async () => {
    setup = await connect('legacy', { attach: { settleCompletedUrl: false } });
    const params = {
      mode: 'url',
      message: 'Sign in',
      url: 'https://auth.example.com/connect?flow=7',
      elicitationId: 'flow-7',
    };
    const call = setup.client.callTool({ name: 'ask-direct', arguments: { params } });
    const entry = await firstEntry(setup.queue);
    expect(entry).toMatchObject({ status: 'pending', request: { mode: 'url', elicitationId: 'flow-7' } });
    const before = setup.queue.getSnapshot();

    await setup
      .server()
      .server.notification({ method: 'notifications/elicitation/complete', params: { elicitationId: 'unknown' } });
    await setup
      .server()
      .server.notification({ method: 'notifications/elicitation/complete', params: { elicitationId: 'flow-7' } });
    const [completed] = await waitForQueue(setup.queue, (snapshot) => snapshot[0]?.status === 'completed');
    expect(setup.queue.getSnapshot()).not.toBe(before);
    expect(completed).toMatchObject({ id: entry.id, status: 'completed' });
    await setup
      .server()
      .server.notification({ method: 'notifications/elicitation/complete', params: { elicitationId: 'flow-7' } });
    await setup.client.ping();
    expect(setup.events.filter((event) => event.type === 'completed')).toHaveLength(1);

    setup.queue.respond(entry.id, { action: 'accept' });
    expect(resultJson(await call)).toEqual({ result: { action: 'accept' } });
  });

  it('reports the completion of an answered URL elicitation once', async () => {
    setup = await connect('legacy');
    const params = {
      mode: 'url',
      message: 'Sign in',
      url: 'https://auth.example.com/connect?flow=8',
      elicitationId: 'flow-8',
    };
    const call = setup.client.callTool({ name: 'ask-direct', arguments: { params } });
    setup.queue.respond((await firstEntry(setup.queue)).id, { action: 'accept' });
    await call;
    for (let round = 0; round < 2; round += 1) {
      await setup
        .server()
        .server.notification({ method: 'notifications/elicitation/complete', params: { elicitationId: 'flow-8' } });
    }
    await setup.client.ping();
    expect(setup.events.filter((event) => event.type === 'completed')).toEqual([
      { type: 'completed', elicitationId: 'flow-8', server: expect.objectContaining({ name: 'test-server' }) },
    ]);
  });

  it('surfaces a -32042 error once the Public Suffix List given as a loader has loaded, and none when it fails', async () => {
    const load = vi
      .fn<() => Promise<typeof publicSuffixList>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(publicSuffixList);
    setup = await connect('legacy', { attach: { publicSuffixList: load } });
    const failure: unknown = await setup.client
      .callTool({ name: 'need-url', arguments: { id: 'wh-2' } })
      .catch((error: unknown) => error);
    expect(load).not.toHaveBeenCalled();
    expect(await setup.kit.surfaceUrlRequired(failure)).toEqual([]);
    expect(setup.events.at(-1)).toMatchObject({ type: 'rejected', error: { code: -32603 } });
    const surfaced = await setup.kit.surfaceUrlRequired(failure);
    expect(surfaced).toMatchObject([{ kind: 'url-required', request: { mode: 'url', elicitationId: 'wh-2' } }]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('surfaces a -32042 error as url-required entries, completes them and lets the host retry', async () => {
    setup = await connect('legacy');
    const failure: unknown = await setup.client
      .callTool({ name: 'need-url', arguments: { id: 'wh-1' } })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: -32042 });

    const surfaced = await setup.kit.surfaceUrlRequired(failure);
    expect(surfaced).toHaveLength(1);
    expect(surfaced[0]).toMatchObject({
      kind: 'url-required',
      status: 'pending',
      request: { mode: 'url', elicitationId: 'wh-1', link: { host: 'auth.example.com' } },
    });
    expect(await setup.kit.surfaceUrlRequired(failure)).toEqual(surfaced); // not duplicated
    expect(await setup.kit.surfaceUrlRequired(new Error('other'))).toEqual([]);
    expect(setup.queue.getSnapshot()).toHaveLength(1);

    setup.state.completedUrls.add('wh-1');
    await setup
      .server()
      .server.notification({ method: 'notifications/elicitation/complete', params: { elicitationId: 'wh-1' } });
    // Completed: the kit dismisses the entry itself; the host only retries.
    await waitForQueue(setup.queue, (snapshot) => snapshot.length === 0);
    expect(setup.events.filter((event) => event.type === 'completed')).toMatchObject([
      { elicitationId: 'wh-1', entry: { id: surfaced[0]?.id, status: 'completed' } },
    ]);
    expect(setup.queue.respond(surfaced[0]?.id ?? '', { action: 'accept' })).toBe(false);
    expect(resultJson(await setup.client.callTool({ name: 'need-url', arguments: { id: 'wh-1' } }))).toEqual({
      status: 'connected',
    });
  });

  it("makes ids that cannot collide with a host's: a default server id never joins a host-chosen one's limit", async () => {
    // The demo host names its servers `server-<n>`: before, the kit's default server id was `server-<n>` too.
    setup = await connect('legacy', { maxPendingPerServer: 1, attach: { server: { id: 'server-1' } } });
    const other = await connect('legacy', { queue: setup.queue, attach: { server: {} } });
    try {
      const calls = [setup, other].map((each) =>
        each.client.callTool({ name: 'ask-direct', arguments: { params: EXPORT_PARAMS } }),
      );
      const entries = await waitForQueue(setup.queue, (snapshot) => snapshot.length === 2);
      expect(entries.map((entry) => entry.server.id)).toEqual([
        'server-1',
        expect.stringMatching(/^elicitation-kit-[a-z0-9]{8}-\d+$/),
      ]);
      for (const entry of entries) {
        expect(entry.id).toMatch(/^elicitation-kit-[a-z0-9]{8}-\d+-\d+$/);
        setup.queue.respond(entry.id, { action: 'cancel' });
      }
      expect(new Set(entries.map((entry) => entry.id)).size).toBe(2);
      expect(setup.events.concat(other.events).some((event) => event.type === 'rejected')).toBe(false);
      await Promise.all(calls);
    } finally {
      await other.close();
    }
  });

  it('settles its pending entries as cancel on detach and stops handling requests', async () => {
    setup = await connect('legacy');
    const call = setup.client.callTool({ name: 'ask-direct', arguments: { params: EXPORT_PARAMS } });
    const entry = await firstEntry(setup.queue);
    setup.kit.detach();
    expect(resultJson(await call)).toEqual({ result: { action: 'cancel' } });
    expect(entry.signal.aborted).toBe(true);
    expect(setup.events.at(-1)).toMatchObject({ type: 'cancelled', reason: 'detached' });
    const after = resultJson(await setup.client.callTool({ name: 'ask-direct', arguments: { params: EXPORT_PARAMS } }));
    expect(after).toMatchObject({ error: { code: -32601 } });
  });
});
