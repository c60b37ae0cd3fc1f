// SDK v1's side of the shared 2025 push (../push.ts): the kit's questions go out through v1's `extra.sendRequest`
// (related to the tool call, so they ride the call's POST stream) rather than `server.elicitInput`, which
// re-validates accepted content with ajv and throws a bare -32602 that drops the content. Each carries the kit's own
// timeout: v1's default (60 s, `DEFAULT_REQUEST_TIMEOUT_MSEC`) would withdraw the question while the user is still
// typing. v1 keeps no negotiated revision: the session's is the `Mcp-Protocol-Version` header its client sends with
// every request after initialization (Streamable HTTP); without one (stdio), forms go as defined.
import type { ElicitResult } from '@elicitation-kit/core';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ElicitResultSchema,
  ErrorCode,
  McpError,
  UrlElicitationRequiredError,
} from '@modelcontextprotocol/sdk/types.js';
import type { ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { PushChannel } from '../push.js';
import type { RequestExtra } from './extra.js';

/** The session's protocol revision as the request's `Mcp-Protocol-Version` header names it. */
function revisionOf(extra: RequestExtra): string | undefined {
  const header = extra.requestInfo?.headers['mcp-protocol-version'];
  return typeof header === 'string' ? header : undefined;
}

/** SDK v1's channel for one call of a 2025 session. */
export function pushChannel(server: McpServer, extra: RequestExtra): PushChannel {
  return {
    revision: revisionOf(extra),
    sessionId: extra.sessionId,
    async elicit(params, { signal, timeout }) {
      const request = { method: 'elicitation/create', params } as ServerRequest;
      const options = { signal, timeout, resetTimeoutOnProgress: true };
      return (await extra.sendRequest(request, ElicitResultSchema, options)) as ElicitResult;
    },
    isTimeout: (error) => error instanceof McpError && error.code === (ErrorCode.RequestTimeout as number),
    completionNotifier: (flowId, onCall) =>
      server.server.createElicitationCompletionNotifier(
        flowId,
        onCall ? { relatedRequestId: extra.requestId } : undefined,
      ),
    // v1's McpServer passes this error through as the JSON-RPC error -32042 (any other error becomes a tool error).
    urlRequired: (elicitations, message) => new UrlElicitationRequiredError(elicitations, message),
  };
}
