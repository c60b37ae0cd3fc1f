// The MCP tools `streamText` gets. Each keeps the AI SDK's definition (description, input schema, model output) and
// runs through the kit's `callTool`, whose timeout counts the server's work only: the user may take ten minutes to
// answer, but a server that stops answering (gone mid-call, an answer it never received) fails the call after
// `timeoutMs` instead of leaving the chat waiting for ever (`client.tools()` alone calls with no timeout at all).
// An answer that could not be delivered (the kit reports it as `undelivered`, and counts it as waiting for the user,
// so that a host may offer "Send again") fails the call at once: the page that answered has nothing to send again.
//
// URL-mode tools run on the MCP TypeScript SDK v2 client instead: the AI SDK's client refuses URL-mode elicitation
// itself (packages/mcp README, "Which client supports what"), so such a tool would only ever say "Client does not
// support URL elicitation.". Its SDK v2 client joins the same queue: its question reaches the same page, under the same
// message, through the same bridge.
//
// On 2026-07-28 every call is durable instead (`callToolDurably`, on the SDK v2 client: the AI SDK's client cannot
// hand an `input_required` result back): its rounds are written down before their questions are shown, and the call
// itself (which turn, which tool call) before it starts, so that another replica finishes it when this process dies.
import { randomUUID } from 'node:crypto';
import type { CallToolResult, MCPClient } from '@ai-sdk/mcp';
import type { ElicitationQueue } from '@elicitation-kit/core';
import type { ElicitationEvent } from '@elicitation-kit/mcp';
import type { ElicitationAttachment } from '@elicitation-kit/mcp/ai-sdk';
import { publicSuffixList } from '@elicitation-kit/mcp/public-suffix';
import { callToolDurably } from '@elicitation-kit/mcp/durable';
import type { DurableClient, DurableRoundStore } from '@elicitation-kit/mcp/durable';
import { attachElicitation as attachSdkV2 } from '@elicitation-kit/mcp/sdk-v2';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import type { Era } from './options.js';

/** The demo server's tools that ask in URL mode (a host knows its servers' tools; the listing does not say). */
const URL_MODE_TOOLS: readonly string[] = ['connect-account'];

/** What `client.tools()` returns. */
export type McpTools = Awaited<ReturnType<MCPClient['tools']>>;

/** Where the calls go and how long the server may work on each. */
export interface ToolContext {
  /** The kit attached to the AI SDK client the tools came from. */
  kit: ElicitationAttachment;
  queue: ElicitationQueue;
  mcpUrl: string;
  era: Era;
  /** How long the server may work on a call, the user's time not counted. */
  timeoutMs: number;
  /** Aborted, with the reason to report, when an answer could not be delivered to the server. */
  undelivered: AbortController;
  /** The user's sign-in to the server, when it needs one: the URL-mode tools' SDK v2 connection uses it too. */
  authProvider?: OAuthClientProvider;
  /** On 2026-07-28: where the calls' rounds are written, and whose they are. */
  durable?: DurableCalls & { owner: string; tag: string };
}

/** What durable calls need from the host. */
export interface DurableCalls {
  /** Where rounds are written (the replicas' shared store, or this process's memory). */
  rounds: DurableRoundStore;
  /** How long a replica's claim on a round lasts without renewal, in ms (`callToolDurably`'s `lease`). */
  lease: number;
  /** Writes the call down before it starts: what another replica needs to finish its turn. */
  waitingOn(call: { toolCallId: string; toolName: string; input: unknown }): Promise<void>;
}

/** An SDK v2 client connected to `mcpUrl` (2026-07-28 when the server speaks it), with the kit attached on `queue`. */
export async function connectSdkV2(
  mcpUrl: string,
  queue: ElicitationQueue,
  {
    era = 'modern',
    undelivered,
    authProvider,
  }: { era?: Era; undelivered?: AbortController; authProvider?: OAuthClientProvider },
): Promise<{ client: Client; kit: ReturnType<typeof attachSdkV2> }> {
  const client = new Client(
    { name: 'elicitation-kit-chat-host', version: '0.1.0' },
    era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {},
  );
  const kit = attachSdkV2(client, {
    queue,
    server: { url: mcpUrl },
    publicSuffixList,
    ...(undelivered === undefined ? {} : { onEvent: failOnUndelivered(undelivered) }),
  });
  try {
    await client.connect(
      new StreamableHTTPClientTransport(new URL(mcpUrl), authProvider === undefined ? {} : { authProvider }),
    );
  } catch (error) {
    await client.close();
    throw error;
  }
  return { client, kit };
}

/** `client` as durable calls drive it, each request of a round given `timeoutMs` (the server's work only). */
export function timedDurableClient(client: Client, timeoutMs: number): DurableClient<unknown> {
  return {
    callTool: (params, options) => client.callTool(params, { ...options, timeout: timeoutMs }),
    getNegotiatedProtocolVersion: () => client.getNegotiatedProtocolVersion(),
  };
}

/** What each attachment reports: an undelivered answer fails the calls. */
export function failOnUndelivered(undelivered: AbortController): (event: ElicitationEvent) => void {
  return (event) => {
    if (event.type === 'undelivered') {
      const reason = event.error instanceof Error ? event.error.message : String(event.error);
      undelivered.abort(new Error(`The MCP server did not receive the answer (${reason}).`));
    }
  };
}

/** One call of a URL-mode tool on its own SDK v2 connection, with the same clock. */
async function callOnSdkV2(
  name: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
  { queue, mcpUrl, era, timeoutMs, undelivered, authProvider }: ToolContext,
): Promise<CallToolResult> {
  const { client, kit } = await connectSdkV2(mcpUrl, queue, {
    era,
    undelivered,
    ...(authProvider && { authProvider }),
  });
  try {
    // The SDK's CallToolResult is the AI SDK's, member for member (both are the spec's).
    return (await kit.callTool({ name, arguments: args }, { timeout: timeoutMs, signal })) as CallToolResult;
  } finally {
    await client.close();
  }
}

/** The name and title a server gave itself (`serverInfo`), as a round keeps them. */
function serverNames(info: { name: string; title?: string | undefined } | undefined): {
  name?: string;
  title?: string;
} {
  return {
    ...(info?.name !== undefined && info.name !== '' && { name: info.name }),
    ...(info?.title !== undefined && { title: info.title }),
  };
}

/** One durable call (2026-07-28) on its own SDK v2 connection, written down first. */
async function callDurably(
  name: string,
  args: Record<string, unknown>,
  toolCallId: string,
  signal: AbortSignal,
  context: ToolContext & { durable: NonNullable<ToolContext['durable']> },
): Promise<CallToolResult> {
  const { queue, mcpUrl, timeoutMs, undelivered, authProvider, durable } = context;
  const { client } = await connectSdkV2(mcpUrl, queue, { undelivered, ...(authProvider && { authProvider }) });
  try {
    await durable.waitingOn({ toolCallId, toolName: name, input: args });
    return (await callToolDurably(
      timedDurableClient(client, timeoutMs),
      { name, arguments: args },
      {
        rounds: durable.rounds,
        lease: durable.lease,
        queue,
        owner: durable.owner,
        tag: durable.tag,
        // Named as the server names itself: a replica that takes the round over shows the same name.
        server: { url: mcpUrl, ...serverNames(client.getServerVersion()) },
        signal,
      },
    )) as CallToolResult;
  } finally {
    await client.close();
  }
}

/** `tools`, each called through the kit (see above). */
export function chatTools(tools: McpTools, context: ToolContext): McpTools {
  const result: McpTools = {};
  for (const [name, tool] of Object.entries(tools)) {
    result[name] = {
      ...tool,
      async execute(input, options) {
        const args = (input ?? {}) as Record<string, unknown>;
        const { signal: failed } = context.undelivered;
        const signal = AbortSignal.any([failed, ...(options?.abortSignal === undefined ? [] : [options.abortSignal])]);
        try {
          const { durable } = context;
          if (context.era === 'modern' && durable !== undefined) {
            return await callDurably(name, args, options?.toolCallId ?? randomUUID(), signal, { ...context, durable });
          }
          return URL_MODE_TOOLS.includes(name)
            ? await callOnSdkV2(name, args, signal, context)
            : await context.kit.callTool({ name, arguments: args, options: { timeout: context.timeoutMs, signal } });
        } catch (error) {
          throw failed.aborted ? failed.reason : error;
        }
      },
    };
  }
  return result;
}
