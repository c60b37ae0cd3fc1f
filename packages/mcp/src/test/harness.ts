// Test harness: a real SDK v2 server (McpServer) served over the SDK's in-memory transport in either era
// (`serveStdio` owns the era decision for a connection, exactly as for stdio), and a kit-attached client.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { McpServer, UrlElicitationRequiredError, inputRequired, inputResponse } from '@modelcontextprotocol/server';
import type { CallToolResult, ElicitRequestFormParams, ElicitRequestURLParams } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';
import { createElicitationQueue } from '@elicitation-kit/core';
import type { ElicitationQueue } from '@elicitation-kit/core';
import { attachElicitation } from '../sdk-v2/attach.js';
import type { ElicitationAttachment } from '../sdk-v2/types.js';
import type { AttachElicitationOptions, ElicitationEvent, PendingElicitation } from '../types.js';

export type Era = 'legacy' | 'modern';

const text = (value: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value) }] });

/** The JSON a test tool answered with. */
export function resultJson(result: unknown): unknown {
  const content = (result as CallToolResult).content;
  const first = content[0];
  return first?.type === 'text' ? JSON.parse(first.text) : undefined;
}

/** Test state shared with the server instances. */
export interface ServerState {
  servers: McpServer[];
  /** `need-url` succeeds once this holds its elicitation id. */
  completedUrls: Set<string>;
  /** `visit-url` waits for the test to call the function stored under its elicitation id ("the user is done"). */
  urlPages: Map<string, () => void>;
}

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

function buildServer(state: ServerState): McpServer {
  const server = new McpServer(
    { name: 'test-server', title: 'Test server', version: '9.9.9' },
    { capabilities: { tools: {} } },
  );
  const paramsSchema = z.object({ params: z.record(z.string(), z.unknown()), timeout: z.number().optional() });

  // Write-once multi-round-trip tool: asks one raw elicitation/create, answers with what it received.
  server.registerTool('ask', { inputSchema: paramsSchema }, async ({ params }, ctx) => {
    const view = inputResponse(ctx.mcpReq.inputResponses, 'q');
    if (view.kind === 'missing') {
      return inputRequired({ inputRequests: { q: { method: 'elicitation/create', params: params as never } } });
    }
    return text({ received: view });
  });

  // Write-once: asks one raw elicitation/create, then works `ms` before answering with what it received.
  server.registerTool(
    'ask-then-work',
    { inputSchema: paramsSchema.extend({ ms: z.number() }) },
    async ({ params, ms }, ctx) => {
      const view = inputResponse(ctx.mcpReq.inputResponses, 'q');
      if (view.kind === 'missing') {
        return inputRequired({ inputRequests: { q: { method: 'elicitation/create', params: params as never } } });
      }
      await sleep(ms, ctx.mcpReq.signal);
      return text({ received: view });
    },
  );

  // No elicitation: works `ms`, with a progress notification every `progressEvery` ms when the client asked for it.
  server.registerTool(
    'work',
    { inputSchema: z.object({ ms: z.number(), progressEvery: z.number().optional() }) },
    async ({ ms, progressEvery }, ctx) => {
      // oxlint-disable-next-line no-underscore-dangle -- `_meta` is the protocol's own field name
      const token = ctx.mcpReq._meta?.progressToken;
      const step = progressEvery ?? ms;
      for (let done = 0; done < ms; done += step) {
        await sleep(Math.min(step, ms - done), ctx.mcpReq.signal);
        if (token !== undefined && progressEvery !== undefined) {
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken: token, progress: done },
          });
        }
      }
      return text({ worked: ms });
    },
  );

  // 2025 only: a URL elicitation; once accepted, the tool waits for the user to finish on the page
  // (`state.urlPages`), then sends notifications/elicitation/complete and returns.
  server.registerTool('visit-url', { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
    const result = await ctx.mcpReq.elicitInput(
      { mode: 'url', message: 'Sign in', url: `https://auth.example.com/connect?flow=${id}`, elicitationId: id },
      { relatedRequestId: ctx.mcpReq.id, signal: ctx.mcpReq.signal },
    );
    if (result.action === 'accept') {
      await new Promise<void>((resolve) => state.urlPages.set(id, resolve));
      await server.server.notification({ method: 'notifications/elicitation/complete', params: { elicitationId: id } });
    }
    return text({ result });
  });

  // Two requests in one round.
  server.registerTool('ask-two', { inputSchema: paramsSchema }, async ({ params }, ctx) => {
    const a = inputResponse(ctx.mcpReq.inputResponses, 'a');
    const b = inputResponse(ctx.mcpReq.inputResponses, 'b');
    if (a.kind === 'missing' || b.kind === 'missing') {
      return inputRequired({
        inputRequests: {
          a: { method: 'elicitation/create', params: params as never },
          b: { method: 'elicitation/create', params: params as never },
        },
      });
    }
    return text({ a, b });
  });

  // 2025 only: a pushed elicitation/create whose result or error (code, message, data) is returned as JSON.
  server.registerTool('ask-direct', { inputSchema: paramsSchema }, async ({ params, timeout }, ctx) => {
    try {
      const result = await ctx.mcpReq.elicitInput(
        params as unknown as ElicitRequestFormParams | ElicitRequestURLParams,
        {
          relatedRequestId: ctx.mcpReq.id,
          signal: ctx.mcpReq.signal,
          ...(timeout === undefined ? {} : { timeout }),
        },
      );
      return text({ result });
    } catch (error) {
      const { code, message, data } = error as { code?: unknown; message?: unknown; data?: unknown };
      return text({ error: { code, message, data } });
    }
  });

  // 2025 only: -32042 until the test marks the URL elicitation complete.
  server.registerTool('need-url', { inputSchema: z.object({ id: z.string() }) }, async ({ id }) => {
    if (state.completedUrls.has(id)) {
      return text({ status: 'connected' });
    }
    throw new UrlElicitationRequiredError(
      [
        {
          mode: 'url',
          message: 'Sign in to the warehouse',
          url: `https://auth.example.com/connect?flow=${id}`,
          elicitationId: id,
        },
      ],
      'Sign-in required',
    );
  });

  state.servers.push(server);
  return server;
}

/** A connected test setup. */
export interface Setup {
  client: Client;
  queue: ElicitationQueue;
  kit: ElicitationAttachment;
  events: ElicitationEvent[];
  state: ServerState;
  /** The live server instance of the connection. */
  server(): McpServer;
  /** Messages the client put on the wire, in order. */
  sent: JSONRPCMessage[];
  close(): Promise<void>;
}

/** Options of {@link connect}. */
export interface ConnectOptions {
  attach?: Partial<Omit<AttachElicitationOptions, 'queue' | 'onEvent'>>;
  maxPendingPerServer?: number;
  /** A queue shared with other setups (several servers, one host). */
  queue?: ElicitationQueue;
  /** Intercepts what the client sends (e.g. to fail a response as a dropped network would). */
  clientSend?: (message: JSONRPCMessage, send: (message: JSONRPCMessage) => Promise<void>) => Promise<void>;
  /** Rewrites what the server sends (e.g. to replay a request). */
  serverSend?: (message: JSONRPCMessage, send: (message: JSONRPCMessage) => Promise<void>) => Promise<void>;
}

/** Connects a kit-attached client to a fresh test server over the in-memory transport in `era`. */
export async function connect(era: Era, options: ConnectOptions = {}): Promise<Setup> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const state: ServerState = { servers: [], completedUrls: new Set(), urlPages: new Map() };
  const sent: JSONRPCMessage[] = [];
  const clientSend = clientTransport.send.bind(clientTransport);
  clientTransport.send = async (message, sendOptions) => {
    sent.push(message);
    const send = (next: JSONRPCMessage) => clientSend(next, sendOptions);
    return options.clientSend === undefined ? send(message) : options.clientSend(message, send);
  };
  if (options.serverSend !== undefined) {
    const rewrite = options.serverSend;
    const serverSend = serverTransport.send.bind(serverTransport);
    serverTransport.send = async (message, sendOptions) => rewrite(message, (next) => serverSend(next, sendOptions));
  }
  const handle = serveStdio(() => buildServer(state), { transport: serverTransport });
  const client = new Client(
    { name: 'test-host', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {},
  );
  const queue =
    options.queue ??
    createElicitationQueue(
      options.maxPendingPerServer === undefined ? {} : { maxPendingPerServer: options.maxPendingPerServer },
    );
  const events: ElicitationEvent[] = [];
  const kit = attachElicitation(client, {
    queue,
    server: { url: 'memory://test' },
    ...options.attach,
    onEvent: (event) => events.push(event),
  });
  await client.connect(clientTransport);
  return {
    client,
    queue,
    kit,
    events,
    state,
    sent,
    server: () => {
      const server = state.servers.at(-1);
      if (server === undefined) {
        throw new Error('no server instance yet');
      }
      return server;
    },
    close: async () => {
      await client.close();
      await handle.close();
    },
  };
}

/** Resolves with the snapshot once `predicate` holds (checked now and after every change). */
export function waitForQueue(
  queue: ElicitationQueue,
  predicate: (snapshot: readonly PendingElicitation[]) => boolean = (snapshot) => snapshot.length > 0,
): Promise<readonly PendingElicitation[]> {
  return new Promise((resolve) => {
    let done = false;
    const check = (): void => {
      const snapshot = queue.getSnapshot();
      if (!done && predicate(snapshot)) {
        done = true;
        unsubscribe();
        resolve(snapshot);
      }
    };
    const unsubscribe = queue.subscribe(check);
    check();
  });
}

/** Resolves with the first pending entry. */
export async function firstEntry(queue: ElicitationQueue): Promise<PendingElicitation> {
  const [entry] = await waitForQueue(queue);
  if (entry === undefined) {
    throw new Error('unreachable');
  }
  return entry;
}

/** The guide's export form. */
export const EXPORT_PARAMS = {
  mode: 'form',
  message: 'How should the orders export be produced?',
  requestedSchema: {
    type: 'object',
    properties: {
      format: { type: 'string', title: 'Format', enum: ['csv', 'json'] },
      maxRows: { type: 'integer', title: 'Max rows', minimum: 1, maximum: 10000, default: 1000 },
      includeHeaders: { type: 'boolean', title: 'Include headers', default: true },
    },
    required: ['format', 'maxRows'],
  },
} as const;

/** Outside the restricted schema, but the SDK's own wire check lets it through (it drops the unknown key). */
export const REF_PARAMS = {
  mode: 'form',
  message: 'Which country?',
  requestedSchema: { type: 'object', properties: { country: { type: 'string', $ref: '#/$defs/country' } } },
} as const;
