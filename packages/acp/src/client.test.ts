// The client side against a real ACP agent of `@agentclientprotocol/sdk` over ndjson pipes: what the agent receives
// on the wire for every outcome, both modes, refusals by name, the per-source limit, cancellation, completion,
// scopes and repeated ids.
import { spawn } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { PROTOCOL_VERSION, RequestError, agent, client, ndJsonStream } from '@agentclientprotocol/sdk';
import type { ActiveSession, AgentConnection, CreateElicitationRequest } from '@agentclientprotocol/sdk';
import { createElicitationQueue, isTooManyPending } from '@elicitation-kit/core';
import type { LocalElicitationQueue, PendingElicitation } from '@elicitation-kit/core';
import { afterEach, describe, expect, it } from 'vitest';
import { attachAcpElicitation } from './client.js';
import type { AcpClientAttachment } from './client.js';
import { connect, pipes as rawPipes, testAgent } from './test/peers.js';
import type { Pipes } from './test/peers.js';
import type { AcpClientEvent, AttachAcpElicitationOptions } from './types.js';

const FORM: CreateElicitationRequest = {
  sessionId: 'session-1',
  mode: 'form',
  message: 'Export settings?',
  requestedSchema: {
    type: 'object',
    properties: {
      format: { type: 'string', enum: ['csv', 'json'], default: 'csv' },
      rows: { type: 'integer', minimum: 1 },
    },
    required: ['format'],
  },
};

const URL_REQUEST: CreateElicitationRequest = {
  sessionId: 'session-1',
  mode: 'url',
  message: 'Sign in to continue',
  url: 'https://login.example.org/device?code=42',
  elicitationId: 'login-1',
};

interface Setup {
  queue: LocalElicitationQueue;
  kit: AcpClientAttachment;
  peer: AgentConnection;
  events: AcpClientEvent[];
  pipes: Pipes;
  close(): void;
}

const open: Array<() => void> = [];
afterEach(() => {
  for (const close of open.splice(0)) {
    close();
  }
});

async function setup(
  options: Omit<AttachAcpElicitationOptions, 'queue'> = {},
  queue: LocalElicitationQueue = createElicitationQueue(),
): Promise<Setup> {
  const events: AcpClientEvent[] = [];
  const app = client({ name: 'host' });
  const kit = attachAcpElicitation(app, { queue, onEvent: (event) => events.push(event), ...options });
  const joined = connect(app, testAgent());
  const close = (): void => {
    joined.client.close();
    joined.agent.close();
  };
  open.push(close);
  await kit.initialize(joined.client.agent, { protocolVersion: PROTOCOL_VERSION });
  return { queue, kit, peer: joined.agent, events, pipes: joined.pipes, close };
}

/** Resolves with the queue's first entry once one is there. */
function nextEntry(queue: LocalElicitationQueue, after = 0): Promise<PendingElicitation> {
  return new Promise((resolve) => {
    const check = (): boolean => {
      const entry = queue.getSnapshot()[after];
      if (entry !== undefined) {
        resolve(entry);
        return true;
      }
      return false;
    };
    if (!check()) {
      const stop = queue.subscribe(() => {
        if (check()) {
          stop();
        }
      });
    }
  });
}

/** The error an agent's request rejected with. */
async function refusal(promise: Promise<unknown>): Promise<RequestError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RequestError);
  return error as RequestError;
}

describe('attachAcpElicitation: form mode', () => {
  it('advertises the chosen modes in initialize (and keeps the other capabilities) and learns the agent', async () => {
    let advertised: unknown;
    const app = client({ name: 'host' });
    const kit = attachAcpElicitation(app, { queue: createElicitationQueue(), modes: { url: false } });
    const joined = connect(
      app,
      agent().onRequest('initialize', ({ params }) => {
        advertised = params.clientCapabilities;
        return { protocolVersion: PROTOCOL_VERSION, agentCapabilities: {}, agentInfo: { name: 'x', version: '1' } };
      }),
    );
    open.push(() => joined.client.close());
    const response = await kit.initialize(joined.client.agent, {
      protocolVersion: PROTOCOL_VERSION,
      clientCapabilities: { terminal: true },
    });
    expect(response.agentInfo?.name).toBe('x');
    expect(kit.capability).toEqual({ form: {} });
    expect(advertised).toMatchObject({ terminal: true, elicitation: { form: {} } });
    expect(advertised).not.toHaveProperty('elicitation.url');
  });

  it('queues a valid request with its fields, the agent and the session, and sends the accepted content once', async () => {
    const { queue, kit, peer, events } = await setup();
    const answer = peer.client.request('elicitation/create', FORM);
    const entry = await nextEntry(queue);
    expect(entry.request.mode).toBe('form');
    expect(entry.request.mode === 'form' && entry.request.fields.map((field) => field.name)).toEqual([
      'format',
      'rows',
    ]);
    expect(entry.server).toMatchObject({ name: 'build-agent', title: 'Build Agent', version: '1.2.0' });
    expect(kit.scopeOf(entry.id)).toEqual({ sessionId: 'session-1' });
    expect(queue.respond(entry.id, { action: 'accept', content: { format: 'json', rows: 3 } })).toBe(true);
    expect(await answer).toEqual({ action: 'accept', content: { format: 'json', rows: 3 } });
    // Answered once: the entry is gone, a second answer sends nothing.
    expect(queue.respond(entry.id, { action: 'decline' })).toBe(false);
    expect(events.map((event) => event.type)).toEqual(['shown', 'answered']);
  });

  it.each(['decline', 'cancel'] as const)('sends %s as it is, without content', async (action) => {
    const { queue, peer } = await setup();
    const answer = peer.client.request('elicitation/create', FORM);
    const entry = await nextEntry(queue);
    queue.respond(entry.id, { action });
    expect(await answer).toEqual({ action });
  });

  it("reads ACP's shape: null members are omitted ones, the schema's type and properties have defaults", async () => {
    const { queue, peer } = await setup();
    const answer = peer.client.request('elicitation/create', {
      sessionId: 'session-1',
      toolCallId: null,
      mode: 'form',
      message: 'Name?',
      requestedSchema: {
        title: null,
        required: null,
        properties: { name: { type: 'string', title: null, default: null, oneOf: null } },
      },
      _meta: null,
    });
    const entry = await nextEntry(queue);
    expect(entry.request.mode === 'form' && entry.request.requestedSchema).toEqual({
      type: 'object',
      properties: { name: { type: 'string' } },
    });
    queue.respond(entry.id, { action: 'accept', content: { name: 'Ada' } });
    expect(await answer).toEqual({ action: 'accept', content: { name: 'Ada' } });
  });

  it('refuses a schema outside the restricted one with -32602 naming the field, and queues nothing', async () => {
    const { queue, peer, events } = await setup();
    const error = await refusal(
      peer.client.request('elicitation/create', {
        sessionId: 'session-1',
        mode: 'form',
        message: 'Address?',
        requestedSchema: { type: 'object', properties: { address: { type: 'object', properties: {} } } },
      }),
    );
    expect(error.code).toBe(-32602);
    expect(error.data).toEqual({ path: 'requestedSchema.properties.address.type', reason: 'nested-object' });
    expect(error.message).toContain("'address'");
    expect(queue.getSnapshot()).toEqual([]);
    expect(events.map((event) => event.type)).toEqual(['rejected']);
  });

  it('refuses an unknown property type, a missing mode, a custom mode and a missing scope by name', async () => {
    const { peer } = await setup();
    const custom = await refusal(
      peer.client.request('elicitation/create', {
        sessionId: 's',
        mode: 'form',
        message: 'm',
        requestedSchema: { properties: { when: { type: '_calendar' } } },
      }),
    );
    expect(custom.data).toEqual({ path: 'requestedSchema.properties.when.type', reason: 'unsupported-type' });
    const noMode = await refusal(
      peer.client.request('elicitation/create', { sessionId: 's', message: 'm', requestedSchema: {} }),
    );
    expect(noMode.data).toEqual({ path: 'mode', reason: 'missing' });
    const customMode = await refusal(
      peer.client.request('elicitation/create', { sessionId: 's', mode: '_voice', message: 'm' }),
    );
    expect(customMode.data).toEqual({ path: 'mode', reason: 'unknown-mode' });
    const noScope = await refusal(
      peer.client.request('elicitation/create', { mode: 'form', message: 'm', requestedSchema: {} }),
    );
    expect(noScope.data).toEqual({ path: 'sessionId', reason: 'missing' });
  });

  it('refuses a mode the client did not advertise', async () => {
    const { queue, peer } = await setup({ modes: { url: false } });
    const error = await refusal(peer.client.request('elicitation/create', URL_REQUEST));
    expect(error.code).toBe(-32602);
    expect(error.data).toEqual({ path: 'mode', reason: 'mode-not-declared' });
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('refuses requests beyond the per-source limit with too-many-pending', async () => {
    const { queue, peer } = await setup({}, createElicitationQueue({ maxPendingPerServer: 1 }));
    const first = peer.client.request('elicitation/create', FORM);
    await nextEntry(queue);
    const error = await refusal(peer.client.request('elicitation/create', FORM));
    expect(error.code).toBe(-32602);
    expect(isTooManyPending(error)).toBe(true);
    expect(queue.getSnapshot()).toHaveLength(1);
    queue.respond(queue.getSnapshot()[0]!.id, { action: 'cancel' });
    expect(await first).toEqual({ action: 'cancel' });
  });
});

describe('attachAcpElicitation: URL mode', () => {
  it('analyses the link with core (different site than the agent) and accepts without content', async () => {
    const { queue, peer } = await setup({ agent: { url: 'https://agent.example.com/acp' } });
    const answer = peer.client.request('elicitation/create', URL_REQUEST);
    const entry = await nextEntry(queue);
    expect(entry.request.mode === 'url' && entry.request.link.warnings.map((warning) => warning.code)).toContain(
      'different-site',
    );
    queue.respond(entry.id, { action: 'accept', content: { ignored: true } });
    expect(await answer).toEqual({ action: 'accept' });
  });

  it('refuses a javascript: link by name', async () => {
    const { peer } = await setup();
    const error = await refusal(
      peer.client.request('elicitation/create', { ...URL_REQUEST, url: 'javascript:alert(1)' }),
    );
    expect(error.data).toEqual({ path: 'url', reason: 'url-blocked' });
  });

  it('settles a waiting URL entry on elicitation/complete, and ignores unknown and repeated ids', async () => {
    const { queue, peer, events } = await setup();
    const answer = peer.client.request('elicitation/create', URL_REQUEST);
    await nextEntry(queue);
    await peer.client.notify('elicitation/complete', { elicitationId: 'unknown' });
    await peer.client.notify('elicitation/complete', { elicitationId: 'login-1' });
    expect(await answer).toEqual({ action: 'accept' });
    await peer.client.notify('elicitation/complete', { elicitationId: 'login-1' });
    expect(queue.getSnapshot()).toEqual([]);
    expect(events.filter((event) => event.type === 'completed')).toHaveLength(1);
  });

  it('marks the entry completed instead when settleCompletedUrl is false', async () => {
    const { queue, peer } = await setup({ settleCompletedUrl: false });
    const answer = peer.client.request('elicitation/create', URL_REQUEST);
    await nextEntry(queue);
    await peer.client.notify('elicitation/complete', { elicitationId: 'login-1' });
    await expect.poll(() => queue.getSnapshot()[0]?.status).toBe('completed');
    queue.respond(queue.getSnapshot()[0]!.id, { action: 'accept' });
    expect(await answer).toEqual({ action: 'accept' });
  });

  it('says when the agent asks again for a URL the user accepted', async () => {
    const { queue, peer } = await setup();
    const first = peer.client.request('elicitation/create', URL_REQUEST);
    queue.respond((await nextEntry(queue)).id, { action: 'accept' });
    await first;
    void peer.client.request('elicitation/create', { ...URL_REQUEST, elicitationId: 'login-2' });
    expect((await nextEntry(queue)).askedAgain).toBe(true);
  });
});

describe('attachAcpElicitation: cancellation, scopes, repeats', () => {
  it('removes the entry when the agent cancels the request (the agent gets -32800), and sends nothing after', async () => {
    const { queue, peer, events } = await setup();
    const controller = new AbortController();
    const answer = peer.client.request('elicitation/create', FORM, { cancellationSignal: controller.signal });
    const entry = await nextEntry(queue);
    controller.abort();
    const error = await refusal(answer);
    expect(error.code).toBe(-32800);
    await expect.poll(() => queue.getSnapshot()).toEqual([]);
    expect(entry.signal.aborted).toBe(true);
    expect(queue.respond(entry.id, { action: 'accept', content: { format: 'csv' } })).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'cancelled', reason: 'aborted' });
  });

  it('removes pending entries when the connection closes', async () => {
    const { queue, peer, events, close } = await setup();
    void peer.client.request('elicitation/create', FORM).catch(() => undefined);
    const entry = await nextEntry(queue);
    close();
    await expect.poll(() => queue.getSnapshot()).toEqual([]);
    expect(entry.signal.aborted).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'cancelled', reason: 'connection-closed' });
  });

  it('keeps session-scoped and request-scoped questions apart, and cancels one session at once', async () => {
    const { queue, kit, peer } = await setup();
    const inSession = peer.client.request('elicitation/create', { ...FORM, toolCallId: 'call-7' });
    const other = peer.client.request('elicitation/create', { ...FORM, sessionId: 'session-2' });
    const { sessionId: _omitted, ...unscoped } = FORM as CreateElicitationRequest & { sessionId: string };
    const beforeSession = peer.client.request('elicitation/create', {
      ...unscoped,
      requestId: 9,
    } as CreateElicitationRequest);
    await nextEntry(queue, 2);
    const [first, second, third] = queue.getSnapshot();
    expect(kit.scopeOf(first!.id)).toEqual({ sessionId: 'session-1', toolCallId: 'call-7' });
    expect(kit.scopeOf(second!.id)).toEqual({ sessionId: 'session-2' });
    expect(kit.scopeOf(third!.id)).toEqual({ requestId: 9 });
    expect(kit.cancelScope({ sessionId: 'session-1' })).toBe(1);
    expect(await inSession).toEqual({ action: 'cancel' });
    expect(queue.getSnapshot().map((entry) => entry.id)).toEqual([second!.id, third!.id]);
    expect(kit.cancelScope({ requestId: 9 })).toBe(1);
    expect(await beforeSession).toEqual({ action: 'cancel' });
    queue.respond(second!.id, { action: 'decline' });
    expect(await other).toEqual({ action: 'decline' });
  });

  it('shows a request repeated with the same JSON-RPC id once, answers it once, and never again', async () => {
    // The agent end is written by hand here: the SDK's agent never repeats an id.
    const queue = createElicitationQueue();
    const app = client({ name: 'host' });
    attachAcpElicitation(app, { queue });
    const pipes = rawPipes();
    const connection = app.connect(pipes.clientEnd);
    open.push(() => connection.close());
    const responses: unknown[] = [];
    let buffered = '';
    pipes.toAgent.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      responses.push(...lines.filter((line) => line !== '').map((line) => JSON.parse(line) as unknown));
    });
    const line = `${JSON.stringify({ jsonrpc: '2.0', id: 'dup-1', method: 'elicitation/create', params: FORM })}\n`;
    pipes.toClient.write(line);
    pipes.toClient.write(line);
    const entry = await nextEntry(queue);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queue.getSnapshot()).toHaveLength(1);
    queue.respond(entry.id, { action: 'decline' });
    pipes.toClient.write(line);
    await expect
      .poll(() => responses.filter((message) => (message as { id?: unknown }).id === 'dup-1'))
      .toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queue.getSnapshot()).toEqual([]);
    expect(responses.filter((message) => (message as { id?: unknown }).id === 'dup-1')).toEqual([
      { jsonrpc: '2.0', id: 'dup-1', result: { action: 'decline' } },
    ]);
  });

  it('detach settles pending entries as cancel and refuses later requests', async () => {
    const { queue, kit, peer } = await setup();
    const answer = peer.client.request('elicitation/create', FORM);
    await nextEntry(queue);
    kit.detach();
    expect(await answer).toEqual({ action: 'cancel' });
    expect(queue.getSnapshot()).toEqual([]);
    const error = await refusal(peer.client.request('elicitation/create', FORM));
    expect(error.code).toBe(-32601);
  });

  it('shows the MCP server a relaying agent names, and compares links with its site', async () => {
    const { queue, peer } = await setup();
    void peer.client.request('elicitation/create', {
      ...URL_REQUEST,
      _meta: { 'io.elicitation-kit/source': { name: 'github', url: 'https://login.example.org/mcp' } },
    });
    const entry = await nextEntry(queue);
    expect(entry.server.name).toBe('github via Build Agent');
    expect(entry.request.mode === 'url' && entry.request.link.warnings.map((warning) => warning.code)).not.toContain(
      'different-site',
    );
  });
});

/** Starts the agent process and connects a kit client to its stdio. */
async function spawnAgent(): Promise<{ queue: LocalElicitationQueue; session: ActiveSession; shown: unknown }> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('test/stdio-agent.mjs', import.meta.url))], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const queue = createElicitationQueue();
  const app = client({ name: 'editor' }).onNotification('session/update', () => undefined);
  const kit = attachAcpElicitation(app, { queue });
  const connection = app.connect(
    ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout) as unknown as ReadableStream<Uint8Array>),
  );
  open.push(() => {
    connection.close();
    child.kill();
  });
  const response = await kit.initialize(connection.agent, { protocolVersion: PROTOCOL_VERSION });
  const session = await connection.agent.buildSession(process.cwd()).start();
  // oxlint-disable-next-line no-underscore-dangle -- `_meta` is the protocol's own field name
  return { queue, session, shown: response._meta?.['sawElicitation'] };
}

describe('attachAcpElicitation over a real agent process (stdio)', () => {
  it('answers a form question of the agent process, and the agent gets the answer', async () => {
    const { queue, session, shown } = await spawnAgent();
    expect(shown).toEqual({ form: {}, url: {} });
    const turn = session.prompt('form');
    const entry = await nextEntry(queue);
    expect(entry.server.name).toBe('deploy-agent');
    expect(entry.request.mode === 'form' && entry.request.fields[0]?.label).toBe('environment');
    queue.respond(entry.id, { action: 'accept', content: { environment: 'staging' } });
    const text = await session.readText();
    await turn;
    expect(JSON.parse(text)).toEqual({ action: 'accept', content: { environment: 'staging' } });
  });

  it('settles a URL question when the agent process sends elicitation/complete', async () => {
    const { queue, session } = await spawnAgent();
    const turn = session.prompt('url');
    const entry = await nextEntry(queue);
    expect(entry.request.mode === 'url' && entry.request.link.host).toBe('127.0.0.1');
    const text = await session.readText();
    await turn;
    expect(JSON.parse(text)).toEqual({ action: 'accept' });
    expect(queue.getSnapshot()).toEqual([]);
  });
});
