// Every place where the kit works around a hook the SDK v1 client (`@modelcontextprotocol/sdk` 1.32) does not offer,
// in one file. Each names the hook that is missing; each is pinned by a test that runs the real SDK (http.test.ts,
// sdk-v1-server.test.ts). The patches SDK v1 shares with SDK v2 (the `transport.send` wrapper for delivery, `onclose`
// chaining) are in ../client-transport.ts: v1's `Protocol` is the design v2 grew from, and behaves the same there.
import { isJsonObject } from '@elicitation-kit/core';
import type { ElicitationError, ElicitResult } from '@elicitation-kit/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CancelledNotificationSchema, ElicitRequestSchema, RequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { SESSION_GONE } from '../undelivered.js';
import type { JsonRpcErrorObject } from '../types.js';
import type { RequestId } from '../client-transport.js';

/**
 * The request schema the kit registers for `elicitation/create`: the SDK's own, with the params parsed as a loose
 * object, so that every key the server sent reaches the handler as it was sent. Missing hook: `Protocol` parses each
 * request with the schema it was registered with before calling the handler, and the SDK's `ElicitRequestSchema`
 * strips keys it does not know (`$ref`, `allOf`, `pattern`, …) at every level; core must see them to refuse them.
 * The client's own wire check (`ElicitRequestSchema` again, and its declared-mode check) still runs first: a request
 * it refuses (a nested object, a URL that zod's `url()` rejects, an undeclared mode) gets the SDK's `-32602` before
 * the kit sees it.
 */
const RAW_ELICIT_REQUEST = ElicitRequestSchema.extend({ params: RequestSchema.shape.params });

/**
 * What the kit uses of `Protocol`'s private members: its own `notifications/cancelled` handling (for the requests not
 * the kit's), and the abort controller of each request its handlers serve, by request id.
 */
interface SdkProtocol {
  _oncancel?: (notification: unknown) => unknown;
  _requestHandlerAbortControllers?: Map<RequestId, AbortController>;
}

/** The handler the kit registers, and how to put the SDK's own back. */
export interface RawElicitation {
  /** Puts back the SDK's `notifications/cancelled` handling and removes the `elicitation/create` handler. */
  remove(): void;
}

/**
 * Registers `handle` for `elicitation/create` with {@link RAW_ELICIT_REQUEST} (it gets the params as sent), with an
 * abort signal per request that works around two gaps of SDK v1's `Protocol`, each pinned by a test (http.test.ts):
 *
 * - Its `_oncancel` returns early when `!requestId`, so `notifications/cancelled` for request id `0` is ignored: the
 *   first request of every session (servers count their ids from 0) could never be withdrawn, and its entry would
 *   stay in the queue after the server gave up. The kit handles `notifications/cancelled` for its own requests and
 *   passes every other one to the SDK's handling.
 * - Its `_onclose` aborts every handler's signal before it calls `client.onclose`, so a closing connection would look
 *   like a cancellation by the server. The kit's signal follows the SDK's one microtask late: the connection's close
 *   (`onclose`, chained by the kit) is seen first, and the entries settle as `cancel` with `reason: 'connection-closed'`.
 * - `_onrequest` sends whatever the handler settles with (a thrown error as `-32603 Internal error` when it carries no
 *   code) unless the request's own abort controller (`_requestHandlerAbortControllers`, the one behind
 *   `extra.signal`) is aborted by then. Aborting only the kit's signal would put an error on the wire for a request
 *   the server withdrew, which the receiver of a cancellation should not answer: the kit aborts the SDK's controller
 *   first (what `_oncancel` would do, for id `0` too), so the handler's rejection is dropped and nothing is sent.
 */
export function onRawElicitation(
  client: Client,
  handle: (params: unknown, requestId: RequestId, signal: AbortSignal) => Promise<ElicitResult>,
): RawElicitation {
  const live = new Map<RequestId, AbortController>();
  const sdk = client as unknown as SdkProtocol;
  const sdkCancel = (notification: unknown): void => {
    // oxlint-disable-next-line no-underscore-dangle -- the SDK's own (private) cancellation handling, by its name
    sdk._oncancel?.call(client, notification);
  };
  client.setRequestHandler(RAW_ELICIT_REQUEST, async (request, extra) => {
    const controller = new AbortController();
    live.set(extra.requestId, controller);
    const follow = (): void => {
      queueMicrotask(() => controller.abort(extra.signal.reason));
    };
    if (extra.signal.aborted) {
      follow();
    } else {
      extra.signal.addEventListener('abort', follow, { once: true });
    }
    try {
      return await handle(request.params, extra.requestId, controller.signal);
    } finally {
      extra.signal.removeEventListener('abort', follow);
      if (live.get(extra.requestId) === controller) {
        live.delete(extra.requestId);
      }
    }
  });
  client.setNotificationHandler(CancelledNotificationSchema, (notification) => {
    const { requestId, reason } = notification.params;
    const own = requestId === undefined ? undefined : live.get(requestId);
    if (requestId === undefined || own === undefined) {
      sdkCancel(notification);
      return;
    }
    // The SDK's controller first: the handler rejects once the kit's signal aborts, and the SDK sends nothing only
    // for a request whose own signal is aborted by then.
    // oxlint-disable-next-line no-underscore-dangle -- the SDK's (private) abort controllers of the requests it serves
    sdk._requestHandlerAbortControllers?.get(requestId)?.abort(reason);
    own.abort(reason);
  });
  return {
    remove() {
      client.removeRequestHandler('elicitation/create');
      client.setNotificationHandler(CancelledNotificationSchema, sdkCancel);
    },
  };
}

/**
 * The error the kit's handler throws to refuse a request: `Protocol` sends its `code`, `message` and `data` as they
 * are. Not the SDK's `McpError`, whose message is prefixed (`MCP error -32602: …`), so the server would read another
 * sentence than core's. (SDK v1 has no stateless era: a refusal always goes on the wire, never to a caller.)
 */
export function toRefusal(error: ElicitationError | JsonRpcErrorObject): Error {
  return Object.assign(new Error(error.message), { name: 'ElicitationRefusal', code: error.code, data: error.data });
}

/**
 * The revision a v1 client negotiated. Missing hook: `Client` keeps `serverVersion` and `serverCapabilities` from
 * `initialize` but not its `protocolVersion`; only the HTTP transports (Streamable HTTP, SSE) keep it, for their
 * `mcp-protocol-version` header. On stdio and in-memory transports it is unknown, and core applies the rules of any
 * 2025 revision.
 */
export function transportProtocolVersion(transport: unknown): unknown {
  return isJsonObject(transport) ? transport['protocolVersion'] : undefined;
}

/**
 * Whether an answer whose response failed to go out can still arrive by sending it again: not when the server
 * answered `404` (SDK v1's `StreamableHTTPError` carries the HTTP status as `code`): the session it belonged to is gone.
 */
export function canResendAfter(error: unknown): boolean {
  return !(isJsonObject(error) && error['code'] === SESSION_GONE);
}
