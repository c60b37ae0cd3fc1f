// Test harness of the bridge: a backend (the bridge behind Node's `http` through `toNodeListener`, on an ephemeral
// loopback port, users told apart by a `user` cookie) and browsers (the browser half, in Node, against it), plus raw
// HTTP helpers for what a hostile page or a forged request would send; the forms the tests ask, and a wait for a queue.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { once } from 'node:events';
import { afterEach } from 'vitest';
import type { AddressInfo } from 'node:net';
import { parseElicitation } from '@elicitation-kit/core';
import { connectElicitationBridge } from '../client.js';
import type {
  ElicitationBridgeClientEvent,
  ElicitationBridgeClientOptions,
  RemoteElicitationQueue,
} from '../client.js';
import { toNodeListener } from '../node.js';
import type { NodeListenerOptions } from '../node.js';
import { createElicitationBridge } from '../backend.js';
import { createSseDecoder } from '../sse-decoder.js';
import type {
  BridgeRequest,
  ElicitationBridge,
  ElicitationBridgeEvent,
  ElicitationBridgeOptions,
} from '../bridge-types.js';
import { TOKEN_HEADER } from '../wire-format.js';
import type { BridgeErrorBody, ReadyEvent } from '../wire-format.js';
import type { PendingElicitation } from '@elicitation-kit/core';

/**
 * The list a test file pushes its cleanups to (servers, sockets, tabs): after each test they run, the last pushed
 * first, and the list is emptied.
 */
export function cleanupsAfterEach(): (() => Promise<void> | void)[] {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).toReversed()) {
      await cleanup();
    }
  });
  return cleanups;
}

/** The user a request's `user` cookie names (what a host reads from its session). */
export function userOf(request: BridgeRequest): string | undefined {
  const cookie = request.headers.get('cookie') ?? '';
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === 'user' && value !== undefined && value !== '') {
      return value;
    }
  }
  return undefined;
}

/** A running backend. */
export interface TestBackend {
  bridge: ElicitationBridge;
  /** The bridge's endpoint. */
  url: string;
  /** The page's origin (what a same-origin browser sends as `Origin`). */
  origin: string;
  events: ElicitationBridgeEvent[];
  server: Server;
  close(): Promise<void>;
}

/**
 * Starts the bridge behind Node's `http` on 127.0.0.1, on `port` (a free one by default): served as a bridge
 * (`toNodeListener(bridge)`), or with `via: 'fetch'` through its Fetch handler (`toNodeListener(bridge.fetch)`).
 */
export async function startBackend(
  options: Partial<ElicitationBridgeOptions> = {},
  port = 0,
  nodeOptions: NodeListenerOptions & { via?: 'bridge' | 'fetch' } = {},
): Promise<TestBackend> {
  const events: ElicitationBridgeEvent[] = [];
  // Listening first: the bridge takes the page's origin, which has the port the server was given.
  let listener: ReturnType<typeof toNodeListener> | undefined;
  const server = createServer((request, response) => listener?.(request, response));
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const bridge = createElicitationBridge({
    authorize: userOf,
    origins: [origin],
    onEvent: (event) => events.push(event),
    ...options,
  });
  const { via = 'bridge', ...listenerOptions } = nodeOptions;
  listener = toNodeListener(via === 'fetch' ? bridge.fetch : bridge, listenerOptions);
  return {
    bridge,
    url: `${origin}/api/elicitations`,
    origin,
    events,
    server,
    async close() {
      await bridge.close();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** A browser tab of `user`: the browser half, subscribed (so its stream is open), with what it reported. */
export interface TestBrowser {
  queue: RemoteElicitationQueue;
  events: ElicitationBridgeClientEvent[];
  close(): void;
}

export function openBrowser(
  url: string,
  user: string,
  options: Partial<ElicitationBridgeClientOptions> = {},
): TestBrowser {
  const events: ElicitationBridgeClientEvent[] = [];
  const queue = connectElicitationBridge({
    url,
    headers: { cookie: `user=${user}` },
    retryMs: 20,
    lingerMs: 0,
    onEvent: (event) => events.push(event),
    ...options,
  });
  const unsubscribe = queue.subscribe(() => undefined);
  return {
    queue,
    events,
    close() {
      unsubscribe();
      queue.close();
    },
  };
}

/** Resolves once `events` holds one matching `predicate` (polled: the test timeout bounds it). */
export async function waitForEvent<T>(events: readonly T[], predicate: (event: T) => boolean): Promise<T> {
  for (;;) {
    const found = events.find(predicate);
    if (found !== undefined) {
      return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Opens a raw stream as `user` and returns its `ready` event (the token), then closes it. */
export async function readyOf(url: string, user: string): Promise<ReadyEvent> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { cookie: `user=${user}` }, signal: controller.signal });
  if (response.body === null) {
    throw new Error(`no stream: HTTP ${response.status}`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let ready: ReadyEvent | undefined;
  const decoder = createSseDecoder(1 << 22, (event) => {
    if (event.event === 'ready') {
      ready = JSON.parse(event.data) as ReadyEvent;
    }
  });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      throw new Error('the stream ended before ready');
    }
    decoder.push(value);
    if (ready !== undefined) {
      controller.abort();
      return ready;
    }
  }
}

/** What a raw answer request sends. */
export interface RawAnswer {
  user?: string;
  token?: string;
  origin?: string;
  contentType?: string;
  headers?: Record<string, string>;
  body: string;
}

/** Posts a raw answer request; resolves with the status and the JSON body. */
export async function postRaw(
  url: string,
  answer: RawAnswer,
): Promise<{ status: number; body: BridgeErrorBody | { ok: true } }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': answer.contentType ?? 'application/json',
      ...(answer.user !== undefined && { cookie: `user=${answer.user}` }),
      ...(answer.token !== undefined && { [TOKEN_HEADER]: answer.token }),
      ...(answer.origin !== undefined && { origin: answer.origin }),
      ...answer.headers,
    },
    body: answer.body,
  });
  return { status: response.status, body: (await response.json()) as BridgeErrorBody | { ok: true } };
}

/** A queue entry made by hand for `params` (parsed as 2025-11-25), for tests that fill a queue themselves. */
export function handMadeEntry(params: unknown, overrides: Partial<PendingElicitation> = {}): PendingElicitation {
  const parsed = parseElicitation(params, { protocolVersion: '2025-11-25' });
  if (!parsed.ok) {
    throw new Error(parsed.error.message);
  }
  return {
    id: 'entry',
    request: parsed.request,
    server: { id: 'acme', name: 'Acme' },
    era: 'legacy',
    signal: new AbortController().signal,
    status: 'pending',
    kind: 'request',
    createdAt: 0,
    ...overrides,
  };
}

// The forms the tests ask and the queue wait: the shared test infrastructure's (internal/test-mcp-server).
export { EXPORT_PARAMS, REF_PARAMS } from '@elicitation-kit/test-mcp-server';
export { waitForQueue } from '@elicitation-kit/test-mcp-server/hosts';
