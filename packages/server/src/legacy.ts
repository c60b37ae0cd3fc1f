// 2025 sessions on SDK v2: the SDK's side of the shared push (push.ts). Questions go out through `ctx.mcpReq.send`,
// which relates them to the tool call like `elicitInput` with `relatedRequestId` (so they ride the POST stream), the
// revision is the one the SDK negotiated for the session, and -32042 is v2's `UrlElicitationRequiredError`.
import type { ElicitResult } from '@elicitation-kit/core';
import { SdkError, SdkErrorCode, UrlElicitationRequiredError } from '@modelcontextprotocol/server';
import type { McpServer, ServerContext } from '@modelcontextprotocol/server';
import type { CallToolResult } from './mcp-types.js';
import { servePush } from './push.js';
import type { PushChannel } from './push.js';
import type { Turn } from './turn.js';

/** SDK v2's channel for one call of a 2025 session. */
function channelOf(server: McpServer, ctx: ServerContext): PushChannel {
  return {
    // The revision the SDK negotiated for this session (deprecated accessor, still the one the SDK's seam reads).
    revision: server.server.getNegotiatedProtocolVersion(),
    sessionId: ctx.sessionId,
    async elicit(params, { signal, timeout }) {
      const request = { method: 'elicitation/create' as const, params };
      return (await ctx.mcpReq.send(request, { signal, timeout, resetTimeoutOnProgress: true })) as ElicitResult;
    },
    isTimeout: (error) => error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout,
    completionNotifier: (flowId, onCall) =>
      server.server.createElicitationCompletionNotifier(
        flowId,
        onCall ? { relatedRequestId: ctx.mcpReq.id } : undefined,
      ),
    urlRequired: (elicitations, message) => new UrlElicitationRequiredError(elicitations, message),
  };
}

/** Serves one call on a 2025 session of an SDK v2 server. */
export function serveLegacy(turn: Turn, server: McpServer): Promise<CallToolResult> {
  return servePush(turn, channelOf(server, turn.call.ctx));
}
