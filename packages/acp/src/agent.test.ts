// The agent side against real ACP clients of `@agentclientprotocol/sdk` over ndjson pipes: the kit's own client side
// (both halves of the bridge), and a bare SDK client whose answers the test chooses (invalid content, errors).
// The MCP side is what the kit's MCP adapters do: a producer of core's queue, entries parsed by core.
import { PROTOCOL_VERSION, RequestError, agent, client } from '@agentclientprotocol/sdk';
import type {
  AgentConnection,
  ClientApp,
  ClientCapabilities,
  ClientConnection,
  CreateElicitationRequest,
} from '@agentclientprotocol/sdk';
import { createElicitationQueue, parseElicitation } from '@elicitation-kit/core';
import type { ElicitResult, LocalElicitationQueue, PendingElicitation } from '@elicitation-kit/core';
import { afterEach, describe, expect, it } from 'vitest';
import { forwardElicitations } from './agent.js';
import type { ElicitationForwarder } from './agent.js';
import { attachAcpElicitation } from './client.js';
import { connect } from './test/peers.js';
import type { AcpForwardEvent } from './types.js';

const EXPORT_FORM = {
  mode: 'form',
  message: 'Export settings?',
  requestedSchema: {
    type: 'object',
    properties: { format: { type: 'string', enum: ['csv', 'json'] } },
    required: ['format'],
  },
};
const SIGN_IN = {
  mode: 'url',
  message: 'Sign in to GitHub',
  url: 'https://github.com/login/device',
  elicitationId: 'gh-1',
};
const BOTH: ClientCapabilities = { elicitation: { form: {}, url: {} } };

const open: Array<() => void> = [];
afterEach(() => {
  for (const close of open.splice(0)) {
    close();
  }
});

/** What an MCP adapter does with a server's request: core parses it, a producer queues it, `answer` is its reply. */
function ask(
  queue: LocalElicitationQueue,
  params: object,
): { entry: PendingElicitation; answer: Promise<ElicitResult>; withdraw(): void } {
  const producer = queue.openProducer();
  const parsed = parseElicitation(params, { protocolVersion: '2025-11-25' });
  if (!parsed.ok) {
    throw new Error(parsed.error.message);
  }
  const made = producer.create({
    request: parsed.request,
    server: { id: producer.id, name: 'github', url: 'https://github.com/mcp' },
    era: 'legacy',
    protocolVersion: '2025-11-25',
    kind: 'request',
  });
  if (!made.ok) {
    throw new Error(made.error.message);
  }
  const answer = new Promise<ElicitResult>((resolve) => producer.add(made.entry, resolve));
  return {
    entry: made.entry,
    answer,
    withdraw: () => {
      producer.remove(made.entry.id);
      made.controller.abort(new Error('the MCP server cancelled'));
    },
  };
}

interface Bridge {
  /** The agent's queue (what its MCP attachments feed). */
  queue: LocalElicitationQueue;
  forwarder: ElicitationForwarder;
  events: AcpForwardEvent[];
  agent: AgentConnection;
  client: ClientConnection;
}

/** An agent forwarding its queue to `clientApp` over real pipes. */
function bridge(clientApp: ClientApp, clientCapabilities: ClientCapabilities = BOTH): Bridge {
  const queue = createElicitationQueue();
  const events: AcpForwardEvent[] = [];
  const joined = connect(
    clientApp,
    agent().onRequest('initialize', () => ({
      protocolVersion: PROTOCOL_VERSION,
      agentCapabilities: {},
      agentInfo: { name: 'build-agent', version: '1.0.0' },
    })),
  );
  open.push(() => joined.client.close());
  const forwarder = forwardElicitations({
    queue,
    client: joined.agent.client,
    scope: (entry) => ({ sessionId: 'session-1', toolCallId: `call-for-${entry.server.name}` }),
    clientCapabilities,
    onEvent: (event) => events.push(event),
  });
  open.push(() => forwarder.stop());
  return { queue, forwarder, events, agent: joined.agent, client: joined.client };
}

/** A bare SDK client whose `elicitation/create` handler the test writes; it records every request. */
function bareClient(handler: (params: CreateElicitationRequest, signal: AbortSignal) => unknown): {
  app: ClientApp;
  received: CreateElicitationRequest[];
  completed: string[];
} {
  const received: CreateElicitationRequest[] = [];
  const completed: string[] = [];
  const app = client({ name: 'bare' })
    .onRequest('elicitation/create', ({ params, signal }) => {
      received.push(params);
      return handler(params, signal) as never;
    })
    .onNotification('elicitation/complete', ({ params }) => {
      completed.push(params.elicitationId);
    });
  return { app, received, completed };
}

describe('forwardElicitations with the kit on the client side', () => {
  it('carries an MCP form question to the client dialog and the accepted content back, re-validated', async () => {
    const clientQueue = createElicitationQueue();
    const app = client({ name: 'editor' });
    const kit = attachAcpElicitation(app, { queue: clientQueue });
    const { queue, events, client: connection } = bridge(app);
    await kit.initialize(connection.agent, { protocolVersion: PROTOCOL_VERSION });
    const mcp = ask(queue, EXPORT_FORM);
    await expect.poll(() => clientQueue.getSnapshot()).toHaveLength(1);
    const shown = clientQueue.getSnapshot()[0]!;
    expect(shown.server.name).toBe('github via build-agent');
    expect(kit.scopeOf(shown.id)).toEqual({ sessionId: 'session-1', toolCallId: 'call-for-github' });
    expect(shown.request.mode === 'form' && shown.request.fields.map((field) => field.name)).toEqual(['format']);
    clientQueue.respond(shown.id, { action: 'accept', content: { format: 'json' } });
    expect(await mcp.answer).toEqual({ action: 'accept', content: { format: 'json' } });
    expect(queue.getSnapshot()).toEqual([]);
    expect(events.map((event) => event.type)).toEqual(['forwarded', 'answered']);
  });

  it.each(['decline', 'cancel'] as const)('passes %s on as it is', async (action) => {
    const clientQueue = createElicitationQueue();
    const app = client({ name: 'editor' });
    attachAcpElicitation(app, { queue: clientQueue });
    const { queue } = bridge(app);
    const mcp = ask(queue, EXPORT_FORM);
    await expect.poll(() => clientQueue.getSnapshot()).toHaveLength(1);
    clientQueue.respond(clientQueue.getSnapshot()[0]!.id, { action });
    expect(await mcp.answer).toEqual({ action });
  });

  it('URL mode: the consent goes back, and a completion on the MCP side settles the client dialog', async () => {
    const clientQueue = createElicitationQueue();
    const app = client({ name: 'editor' });
    attachAcpElicitation(app, { queue: clientQueue });
    const { queue, events } = bridge(app);
    const first = ask(queue, SIGN_IN);
    await expect.poll(() => clientQueue.getSnapshot()).toHaveLength(1);
    const shown = clientQueue.getSnapshot()[0]!;
    expect(shown.request.mode === 'url' && shown.request.url).toBe('https://github.com/login/device');
    clientQueue.respond(shown.id, { action: 'accept' });
    expect(await first.answer).toEqual({ action: 'accept' });

    // The MCP server completes a second one before the user answers (the MCP adapter settles it on its side).
    const second = ask(queue, { ...SIGN_IN, elicitationId: 'gh-2' });
    await expect.poll(() => clientQueue.getSnapshot()).toHaveLength(1);
    queue.respond(second.entry.id, { action: 'accept' });
    await expect.poll(() => clientQueue.getSnapshot()).toEqual([]);
    expect(events.filter((event) => event.type === 'completed')).toEqual([
      { type: 'completed', elicitationId: 'gh-2' },
    ]);
  });

  it('withdraws the client dialog when the MCP server cancels its request', async () => {
    const clientQueue = createElicitationQueue();
    const app = client({ name: 'editor' });
    attachAcpElicitation(app, { queue: clientQueue });
    const { queue, events } = bridge(app);
    const mcp = ask(queue, EXPORT_FORM);
    await expect.poll(() => clientQueue.getSnapshot()).toHaveLength(1);
    const shown = clientQueue.getSnapshot()[0]!;
    mcp.withdraw();
    await expect.poll(() => clientQueue.getSnapshot()).toEqual([]);
    expect(shown.signal.aborted).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'withdrawn' });
  });
});

describe('forwardElicitations with a bare SDK client', () => {
  it('withdraws a form the agent host answered itself (e.g. "dismiss all from this server")', async () => {
    let aborted: AbortSignal | undefined;
    const bare = bareClient(
      (_params, signal) =>
        new Promise((_resolve, reject) => {
          aborted = signal;
          signal.addEventListener('abort', () => reject(signal.reason as Error));
        }),
    );
    const { queue, events } = bridge(bare.app);
    const mcp = ask(queue, EXPORT_FORM);
    await expect.poll(() => bare.received).toHaveLength(1);
    expect(queue.respondAll(mcp.entry.server.id, { action: 'decline' })).toBe(1);
    expect(await mcp.answer).toEqual({ action: 'decline' });
    await expect.poll(() => aborted?.aborted).toBe(true);
    expect(events.map((event) => event.type)).toEqual(['forwarded', 'withdrawn']);
  });

  it('sends the scope, the schema and the MCP server it relays for', async () => {
    const bare = bareClient(() => ({ action: 'decline' }));
    const { queue } = bridge(bare.app);
    const mcp = ask(queue, EXPORT_FORM);
    expect(await mcp.answer).toEqual({ action: 'decline' });
    expect(bare.received).toEqual([
      {
        sessionId: 'session-1',
        toolCallId: 'call-for-github',
        mode: 'form',
        message: 'Export settings?',
        requestedSchema: EXPORT_FORM.requestedSchema,
        _meta: { 'io.elicitation-kit/source': { name: 'github', url: 'https://github.com/mcp' } },
      },
    ]);
  });

  it('answers cancel, never the invalid content, when the client accepts with content that fails the schema', async () => {
    const bare = bareClient(() => ({ action: 'accept', content: { format: 'xml' } }));
    const { queue, events } = bridge(bare.app);
    const mcp = ask(queue, EXPORT_FORM);
    expect(await mcp.answer).toEqual({ action: 'cancel' });
    const invalid = events.find((event) => event.type === 'invalid-answer');
    expect(invalid?.type === 'invalid-answer' && invalid.issues.map((issue) => issue.field)).toEqual(['format']);
  });

  it('answers cancel (not decline) when the client refuses the request with an error', async () => {
    const bare = bareClient(() => {
      throw RequestError.invalidParams(undefined, 'no');
    });
    const { queue, events } = bridge(bare.app);
    const mcp = ask(queue, EXPORT_FORM);
    expect(await mcp.answer).toEqual({ action: 'cancel' });
    expect(events.at(-1)).toMatchObject({ type: 'failed' });
  });

  it('never asks for a mode the client did not advertise', async () => {
    const bare = bareClient(() => ({ action: 'accept' }));
    const { queue, events } = bridge(bare.app, { elicitation: { form: {} } });
    const mcp = ask(queue, SIGN_IN);
    expect(await mcp.answer).toEqual({ action: 'cancel' });
    expect(bare.received).toEqual([]);
    expect(events.map((event) => event.type)).toEqual(['unsupported-mode']);
  });

  it('an empty elicitation capability advertises no mode at all', async () => {
    const bare = bareClient(() => ({ action: 'accept', content: { format: 'csv' } }));
    const { queue } = bridge(bare.app, { elicitation: {} });
    expect(await ask(queue, EXPORT_FORM).answer).toEqual({ action: 'cancel' });
    expect(bare.received).toEqual([]);
  });

  it('stop withdraws what is in flight and answers it cancel', async () => {
    let aborted: AbortSignal | undefined;
    const bare = bareClient(
      (_params, signal) =>
        new Promise((_resolve, reject) => {
          aborted = signal;
          signal.addEventListener('abort', () => reject(signal.reason as Error));
        }),
    );
    const { queue, forwarder } = bridge(bare.app);
    const mcp = ask(queue, EXPORT_FORM);
    await expect.poll(() => bare.received).toHaveLength(1);
    forwarder.stop();
    expect(await mcp.answer).toEqual({ action: 'cancel' });
    await expect.poll(() => aborted?.aborted).toBe(true);
  });

  it('complete() tells the client that an accepted URL elicitation finished', async () => {
    const bare = bareClient(() => ({ action: 'accept' }));
    const { queue, forwarder } = bridge(bare.app);
    expect(await ask(queue, SIGN_IN).answer).toEqual({ action: 'accept' });
    await forwarder.complete('gh-1');
    await expect.poll(() => bare.completed).toEqual(['gh-1']);
  });
});
