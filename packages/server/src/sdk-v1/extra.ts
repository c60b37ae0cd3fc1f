// SDK v1's context of one tool call, as the kit hands it on (`call.ctx` on a v1 server).
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { ToolCall } from '../tool.js';

/** SDK v1's context of one request handler (`extra`: `signal`, `sessionId`, `requestId`, `authInfo`, …). */
export type RequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * v1's handler context of a call on an SDK v1 server: `call.ctx` as v1 passed it to the tool (the shared `ToolCall`
 * types `ctx` as SDK v2's `ServerContext` wherever the main entry's types are loaded).
 */
export function requestExtra(call: ToolCall<unknown>): RequestExtra {
  return call.ctx as unknown as RequestExtra;
}
