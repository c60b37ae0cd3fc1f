// The chat host's backend: one Fetch API handler for the whole site (the session, the chat, the bridge, the page's
// build), behind Node's `http` through the kit's `toNodeListener`, on loopback. Every response carries the strict
// Content-Security-Policy: no inline script or style, no eval, nothing from another origin. Only requests for a `Host`
// it serves are answered (the loopback names with its port, and `hosts`): a DNS-rebinding page gets `421`.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createElicitationBridge, toNodeListener } from '@elicitation-kit/bridge';
import type { ElicitationBridge } from '@elicitation-kit/bridge';
import { createRedisBridgeHub } from '@elicitation-kit/bridge/redis';
import { createElicitationQueue } from '@elicitation-kit/core';
import {
  createMemoryDurableRoundStore,
  createRedisDurableRoundStore,
  resumeRounds,
} from '@elicitation-kit/mcp/durable';
import type { DurableRound, ResumeConnection } from '@elicitation-kit/mcp/durable';
import { agUiRoutes } from './ag-ui.js';
import { chatRoutes } from './chat-routes.js';
import { createConversations } from './conversations.js';
import { hostValues, isServedHost, refuse, servedHosts, signedOut, unknownHost } from './http.js';
import { createChatSignIn, MCP_SIGN_IN_PATH } from './mcp-sign-in.js';
import { createChatModel } from './model.js';
import type { ChatHostOptions } from './options.js';
import { createSessions, createStoredSessions } from './session.js';
import { sessionRoutes } from './session-routes.js';
import { staticFiles } from './static-files.js';
import { createMemoryChatStore, createRedisChatStore } from './store.js';
import { connectSdkV2, timedDurableClient } from './tools.js';
import { continueTurn, startTurn } from './turn.js';

/** The policy of every response. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** A running chat host. */
export interface ChatHost {
  /** Its origin, with a trailing slash: `http://127.0.0.1:<port>/`. */
  url: string;
  port: number;
  bridge: ElicitationBridge;
  /** Ends the running turns, the bridge's streams and the server. */
  close(): Promise<void>;
}

/** Starts the chat host. */
export async function startChatHost(options: ChatHostOptions): Promise<ChatHost> {
  const { mcpUrl, era = 'modern', toolTimeoutMs = 30_000, log = () => {} } = options;
  const host = options.host ?? '127.0.0.1';
  const extraHosts = hostValues(options.hosts ?? []);
  const { replicas, roundLeaseMs = 30_000 } = options;
  // A session that ends (signed out, replaced) ends its user's conversation: nobody can reach it again.
  const onEnd = (user: string): void => {
    conversations.end(user);
    mcpSignIn.forget(user);
  };
  const store = replicas === undefined ? createMemoryChatStore() : createRedisChatStore(replicas.redis);
  const sessions = replicas === undefined ? createSessions({ onEnd }) : createStoredSessions(store, { onEnd });
  // Sign-in to the MCP server when it needs one (MCP authorization): tokens here, per user (mcp-sign-in.ts).
  const mcpSignIn = createChatSignIn({ servers: [mcpUrl] });
  const bridge = createElicitationBridge({
    authorize: (request) => sessions.userOf(request),
    // The page is this server's own, at the port it listens on; the Host header is checked below (isServedHost).
    origins: 'trust-host-header',
    ...(replicas !== undefined && { hub: createRedisBridgeHub(replicas.redis), secret: replicas.secret }),
    onEvent: (event) => log(JSON.stringify({ bridge: event.type, ...('owner' in event && { owner: event.owner }) })),
  });
  const model = createChatModel(options.modelDelayMs === undefined ? {} : { delayMs: options.modelDelayMs });
  // 2026-07-28 calls are durable: their rounds written down (conversations.ts, tools.ts), and taken over here when
  // the replica that asked is gone.
  const rounds =
    replicas === undefined ? createMemoryDurableRoundStore() : createRedisDurableRoundStore(replicas.redis);
  const conversations = createConversations(
    {
      start: (turn) =>
        startTurn({
          ...turn,
          bridge,
          model,
          mcpUrl,
          era,
          toolTimeoutMs,
          signIn: mcpSignIn,
          durable: {
            rounds,
            lease: roundLeaseMs,
            waitingOn: (call) => conversations.waitingOn(turn.user, { ...call, messageId: turn.messageId }),
          },
        }),
      continue: (turn) => continueTurn({ ...turn, model }),
    },
    store,
  );
  /** A round another replica asked: its questions go to its owner's pages, under its message, through the bridge. */
  const connectRound = async (round: DurableRound): Promise<ResumeConnection<unknown>> => {
    if (round.server.url !== mcpUrl) {
      throw new Error(`this chat host does not reach ${round.server.url}`);
    }
    // Nobody waits for it (the user signed out, or sent another message): not asked again; it expires in the store.
    if (round.tag === undefined || !(await conversations.waitsFor(round.owner, round.tag))) {
      throw new Error('no conversation waits for this round');
    }
    const queue = createElicitationQueue();
    const authProvider = await mcpSignIn.providerFor(round.owner, mcpUrl);
    const { client } = await connectSdkV2(mcpUrl, queue, authProvider === undefined ? {} : { authProvider });
    const stop = bridge.expose(round.owner, queue, { tag: round.tag });
    return {
      client: timedDurableClient(client, toolTimeoutMs),
      queue,
      async close() {
        stop();
        await client.close();
      },
    };
  };
  const resumer =
    era === 'modern'
      ? resumeRounds({
          rounds,
          lease: roundLeaseMs,
          connect: connectRound,
          onOutcome: async ({ round, outcome }) => {
            const resumed = round.tag !== undefined && (await conversations.resume(round.owner, round.tag, outcome));
            log(JSON.stringify({ resumed: round.callId, outcome: outcome.type, delivered: resumed }));
          },
        })
      : undefined;
  const session = sessionRoutes(sessions);
  const chat = chatRoutes(conversations);
  // The page's `?mode=ag-ui`: the same model and tools as an AG-UI agent, its questions as interrupts.
  const agUi = agUiRoutes({ model, mcpUrl, era });
  const files = options.dist === undefined ? undefined : staticFiles(options.dist);

  const route = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/elicitations') {
      return bridge.fetch(request);
    }
    if (pathname === '/api/session') {
      return session(request);
    }
    if (pathname === MCP_SIGN_IN_PATH || pathname.startsWith(`${MCP_SIGN_IN_PATH}/`)) {
      return mcpSignIn.handle(request, await sessions.userOf(request));
    }
    if (pathname === '/api/chat' || pathname.startsWith('/api/chat/')) {
      const user = await sessions.userOf(request);
      return user === undefined ? signedOut() : chat(request, user);
    }
    if (pathname === '/api/ag-ui') {
      const user = await sessions.userOf(request);
      return user === undefined ? signedOut() : agUi.handle(request, user);
    }
    if (files === undefined || pathname.startsWith('/api/')) {
      return refuse(404, 'not-found', 'Nothing lives here.');
    }
    return files(request);
  };

  // The `Host` values answered, once the port is known (no request comes before).
  let hosts: ReadonlySet<string> = new Set();
  const server = createServer(
    toNodeListener(async (request) => {
      const response = isServedHost(request, hosts) ? await route(request) : unknownHost();
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        response.headers.set(name, value);
      }
      return response;
    }),
  );
  server.listen(options.port ?? 0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  hosts = servedHosts(port, extraHosts);
  return {
    url: `http://${host}:${port}/`,
    port,
    bridge,
    async close() {
      await resumer?.stop();
      // Alone, nobody takes the rounds over: the questions leave as `closed`. A replica hands its rounds over first
      // (they leave as `moved`, for another replica to ask again).
      if (replicas === undefined) {
        await bridge.close();
      }
      await conversations.close();
      await agUi.close();
      await bridge.close();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
