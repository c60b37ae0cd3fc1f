// The kit's SDK v2 test server: a real `McpServer` with the tools the adapters' tests call (raw `elicitation/create`
// in both eras, URL mode, `-32042`, progress), served over any transport the test hands it (`serveStdio` owns the era
// decision for a connection, exactly as for stdio). Shared by packages/mcp's unit tests (over the SDK's in-memory
// transport) and the integration journeys.
import { McpServer, UrlElicitationRequiredError, inputRequired, inputResponse } from '@modelcontextprotocol/server';
import type {
  CallToolResult,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  Transport,
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';

export type { McpServer };

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

/** A fresh server instance of the test tools (`serveStdio` makes one per connection, in the era the client opens with). */
export function buildServer(state: ServerState): McpServer {
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

/** A test server being served, and the state the test shares with it. */
export interface TestServer {
  state: ServerState;
  /** The live server instance of the connection. */
  server(): McpServer;
  /** Ends the connection and its server instances. */
  close(): Promise<void>;
}

/** Serves the test tools over `transport` (the server's end, e.g. of `InMemoryTransport.createLinkedPair()`). */
export function serveTestServer(transport: Transport): TestServer {
  const state: ServerState = { servers: [], completedUrls: new Set(), urlPages: new Map() };
  const handle = serveStdio(() => buildServer(state), { transport });
  return {
    state,
    server: () => {
      const server = state.servers.at(-1);
      if (server === undefined) {
        throw new Error('no server instance yet');
      }
      return server;
    },
    close: () => handle.close(),
  };
}
