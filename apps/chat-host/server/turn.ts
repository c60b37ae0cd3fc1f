// One chat turn, as an AI SDK host runs it on its backend: an MCP client of `@ai-sdk/mcp` with the kit attached, its
// questions in a queue exposed to the user's browser under the assistant message's id, `streamText` with the MCP
// tools, and the reply as a UI message stream. When the stream ends, the exposure stops and the client closes.
import { createMCPClient } from '@ai-sdk/mcp';
import type { MCPClient } from '@ai-sdk/mcp';
import { createElicitationQueue } from '@elicitation-kit/core';
import { attachElicitation, elicitationCapabilities } from '@elicitation-kit/mcp/ai-sdk';
import type { ElicitationBridge } from '@elicitation-kit/bridge';
import { publicSuffixList } from '@elicitation-kit/mcp/public-suffix';
import { convertToModelMessages, isStepCount, streamText } from 'ai';
import type { LanguageModel, UIMessage, UIMessageChunk } from 'ai';
import { UnauthorizedError } from '@modelcontextprotocol/client';
import type { ChatSignIn } from './mcp-sign-in.js';
import type { Era } from './options.js';
import { chatTools, failOnUndelivered } from './tools.js';
import type { DurableCalls } from './tools.js';

/** What a turn needs. */
export interface TurnContext {
  bridge: ElicitationBridge;
  model: LanguageModel;
  mcpUrl: string;
  era: Era;
  /** How long the MCP server may work on a tool call, the user's time not counted. */
  toolTimeoutMs: number;
  /** Whose turn it is: the owner its questions are exposed under. */
  user: string;
  /** The conversation so far, ending with the user's new message. */
  messages: UIMessage[];
  /** The id of the assistant message this turn writes: its questions carry it as their tag. */
  messageId: string;
  /** Ends the turn (its tool calls, and so its questions). */
  signal: AbortSignal;
  /** Called with the conversation once the reply is complete (or ended early). */
  onEnd: (messages: UIMessage[]) => void;
  /** Signs the user in to servers that need it; without it, every server is reached without sign-in. */
  signIn?: ChatSignIn;
  /** On 2026-07-28: the calls are durable, their rounds written here (see tools.ts). */
  durable?: DurableCalls;
}

/**
 * What a failed connection means: the SDK's `UnauthorizedError` (the stored tokens no longer work and could not be
 * refreshed: the server wants a new sign-in) becomes {@link McpSignInRequired}; anything else stays as it is.
 */
async function signInRequiredOr(error: unknown, context: TurnContext): Promise<unknown> {
  if (!(error instanceof UnauthorizedError) || context.signIn === undefined) {
    return error;
  }
  try {
    await context.signIn.providerFor(context.user, context.mcpUrl);
  } catch (required) {
    return required;
  }
  return error;
}

/** A running turn. */
export interface Turn {
  /** The reply (the AI SDK UI message stream protocol's chunks). Read it to the end: the turn runs as it is read. */
  stream: ReadableStream<UIMessageChunk>;
  /** Stops exposing the questions and closes the MCP client; call it once the stream ended. */
  close(): Promise<void>;
}

/** Connects to the MCP server and starts the turn. Rejects when the server cannot be reached (nothing is left open). */
export async function startTurn(context: TurnContext): Promise<Turn> {
  const { bridge, mcpUrl, era, user, messageId } = context;
  const queue = createElicitationQueue();
  // A server that needs sign-in gets the SDK v2 transport with this user's provider (see mcp-sign-in.ts).
  const authProvider = await context.signIn?.providerFor(user, mcpUrl);
  let client: MCPClient;
  try {
    client = await createMCPClient({
      transport:
        authProvider === undefined || context.signIn === undefined
          ? { type: 'http', url: mcpUrl }
          : context.signIn.transport(mcpUrl, authProvider),
      capabilities: elicitationCapabilities(),
      protocolVersionDiscovery: era === 'modern',
    });
  } catch (error) {
    throw await signInRequiredOr(error, context);
  }
  const undelivered = new AbortController();
  const kit = attachElicitation(client, {
    queue,
    server: { url: mcpUrl },
    // Sites by the real Public Suffix List: a URL-mode link to another tenant of a shared host is flagged.
    publicSuffixList,
    onEvent: failOnUndelivered(undelivered),
  });
  let stop: (() => void) | undefined;
  try {
    const tools = chatTools(await client.tools(), {
      kit,
      queue,
      mcpUrl,
      era,
      timeoutMs: context.toolTimeoutMs,
      undelivered,
      ...(authProvider === undefined ? {} : { authProvider }),
      ...(context.durable === undefined ? {} : { durable: { ...context.durable, owner: user, tag: messageId } }),
    });
    stop = bridge.expose(user, queue, { tag: messageId });
    const result = streamText({
      model: context.model,
      tools,
      messages: await convertToModelMessages(context.messages),
      // A tool call, then the reply to its answer.
      stopWhen: isStepCount(2),
      abortSignal: context.signal,
    });
    const stream = result.toUIMessageStream({
      originalMessages: context.messages,
      generateMessageId: () => messageId,
      onEnd: ({ messages }) => context.onEnd(messages),
      onError: (error) => (error instanceof Error ? error.message : 'The reply failed.'),
    });
    return {
      stream,
      async close() {
        stop?.();
        await client.close();
      },
    };
  } catch (error) {
    stop?.();
    await client.close();
    throw error;
  }
}

/**
 * Continues a turn whose tool call another process finished (conversations.ts, `resume`): `messages` end with the
 * turn's assistant message holding the tool's result, and the model writes its reply to it there (no more tools).
 */
export async function continueTurn(
  context: Pick<TurnContext, 'model' | 'messages' | 'messageId' | 'signal' | 'onEnd'>,
): Promise<Turn> {
  const result = streamText({
    model: context.model,
    messages: await convertToModelMessages(context.messages),
    abortSignal: context.signal,
  });
  const stream = result.toUIMessageStream({
    originalMessages: context.messages,
    generateMessageId: () => context.messageId,
    onEnd: ({ messages }) => context.onEnd(messages),
    onError: (error) => (error instanceof Error ? error.message : 'The reply failed.'),
  });
  return { stream, close: async () => {} };
}
