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
import type { CallToolResult, MCPClient } from '@ai-sdk/mcp';
import type { ElicitationQueue } from '@elicitation-kit/core';
import type { ElicitationEvent } from '@elicitation-kit/mcp';
import type { ElicitationAttachment } from '@elicitation-kit/mcp/ai-sdk';
import { publicSuffixList } from '@elicitation-kit/mcp/public-suffix';
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
  const client = new Client(
    { name: 'elicitation-kit-chat-host', version: '0.1.0' },
    era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {},
  );
  const kit = attachSdkV2(client, {
    queue,
    server: { url: mcpUrl },
    publicSuffixList,
    onEvent: failOnUndelivered(undelivered),
  });
  try {
    await client.connect(
      new StreamableHTTPClientTransport(new URL(mcpUrl), authProvider === undefined ? {} : { authProvider }),
    );
    // The SDK's CallToolResult is the AI SDK's, member for member (both are the spec's).
    return (await kit.callTool({ name, arguments: args }, { timeout: timeoutMs, signal })) as CallToolResult;
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
