// Every place where the kit works around a hook the AI SDK's MCP client (`createMCPClient` of `@ai-sdk/mcp` 2.0) does
// not offer, in one file. Each names the hook that is missing; each is pinned by a test that runs the real client
// against the demo server (http.test.ts), so an upgrade that changes the behaviour fails there first.
//
// What the client offers publicly: `capabilities` at creation, one `onElicitationRequest(schema, handler)` whose
// handler receives the request alone (no id, no abort signal), `initializeResult` and `serverInfo`. It reads no
// server notification (every one is reported to `onUncaughtError` as "Unsupported message type"), and it answers any
// error its handler throws with `-32603` and the error's message. Without the hooks below the kit could not tell a
// request from its replay, could not close a question the server withdrew, nor send core's `-32602`. The client
// keeps its transport in a `transport` property (not in its types): the kit hooks in there, and refuses to attach to
// a client without one (README: the AI SDK row).
import { isJsonObject } from '@elicitation-kit/core';
import type { ElicitResult } from '@elicitation-kit/core';
import { ElicitationRequestSchema } from '@ai-sdk/mcp';
import type { MCPClient } from '@ai-sdk/mcp';
import { SESSION_GONE } from '../undelivered.js';
import type { JsonRpcErrorObject } from '../types.js';
import type { RequestId, WireTransport } from '../client-transport.js';

/** The client's transport as the kit hooks it: the callbacks the client set on it, and its `send`. */
interface HookableTransport extends WireTransport {
  onmessage?: ((message: unknown, ...rest: unknown[]) => void) | undefined;
  onclose?: (() => void) | undefined;
}

/** The transport the client keeps (`client.transport`, not in its types), or `undefined` when it has none. */
export function transportOf(client: MCPClient): HookableTransport | undefined {
  const transport: unknown = (client as unknown as { transport?: unknown }).transport;
  return isJsonObject(transport) && typeof transport['send'] === 'function'
    ? (transport as unknown as HookableTransport)
    : undefined;
}

/** A JSON-RPC request id read from a message, or `undefined`. */
function idOf(value: unknown): RequestId | undefined {
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

/** What the kit is told from the messages the client receives. */
export interface IncomingHooks {
  /** `notifications/cancelled` for a request; `true` when it was the kit's (the client then never sees it). */
  cancelled(requestId: RequestId, reason: unknown): boolean;
  /** The connection closed (before the client's own handling). */
  closed(): void;
}

/** The kit's view of what the client receives. */
export interface IncomingWatch {
  /**
   * The JSON-RPC id of the `elicitation/create` the client is handing to its handler right now (2025). The client
   * calls the handler synchronously from its `onmessage` (no `await` before it), so the id is known exactly while the
   * handler starts; `undefined` at any other time.
   */
  current(): RequestId | undefined;
  /** Puts the client's own callbacks back. */
  restore(): void;
}

/**
 * Wraps the `onmessage` and `onclose` the client set on its transport. Missing hooks: the handler is given no request
 * id and no abort signal, and the client drops every notification, `notifications/cancelled` included. The kit reads
 * the id and the cancellations of its own requests before the client does, and keeps those cancellations from it (it
 * would only report them as unsupported); every other message reaches the client unchanged.
 */
export function watchIncoming(transport: HookableTransport, hooks: IncomingHooks): IncomingWatch {
  const onmessage = transport.onmessage;
  const onclose = transport.onclose;
  let current: RequestId | undefined;
  // oxlint-disable-next-line unicorn/prefer-add-event-listener -- a transport has callback properties, no listeners
  transport.onmessage = (message, ...rest) => {
    const method = isJsonObject(message) ? message['method'] : undefined;
    const params = isJsonObject(message) && isJsonObject(message['params']) ? message['params'] : {};
    if (method === 'notifications/cancelled') {
      const requestId = idOf(params['requestId']);
      if (requestId !== undefined && hooks.cancelled(requestId, params['reason'])) {
        return;
      }
    }
    const id = method === 'elicitation/create' && isJsonObject(message) ? idOf(message['id']) : undefined;
    current = id;
    try {
      onmessage?.call(transport, message, ...rest);
    } finally {
      current = undefined;
    }
  };
  // oxlint-disable-next-line unicorn/prefer-add-event-listener -- a transport has callback properties, no listeners
  transport.onclose = () => {
    hooks.closed();
    onclose?.call(transport);
  };
  return {
    current: () => current,
    restore() {
      // oxlint-disable-next-line unicorn/prefer-add-event-listener -- puts the client's own callback back
      transport.onmessage = onmessage;
      // oxlint-disable-next-line unicorn/prefer-add-event-listener -- puts the client's own callback back
      transport.onclose = onclose;
    },
  };
}

/**
 * Corrects the error responses the client sends for the kit's requests. Missing hooks:
 *
 * - the client answers any error its handler throws with `{ code: -32603, message }` (no `data`), so the server would
 *   read "internal error" where core says `-32602` and names the field and the rule (`data: { path, reason }`):
 *   `refusal(id)` returns the kit's error for a request it refused, once, and that is sent instead;
 * - when the client cannot send an answer (the network is down as the user answers), it sends `-32603` for the same
 *   request at once, which would tell the server the request failed while the kit keeps the answer to send again
 *   (`resend`): the error response that follows a failed answer is not sent.
 */
export function correctErrors(
  transport: WireTransport,
  refusal: (requestId: RequestId) => JsonRpcErrorObject | undefined,
): void {
  const send = transport.send.bind(transport);
  /** Requests whose answer could not be sent: the client's error response for them is dropped. */
  const unsent = new Set<RequestId>();
  transport.send = async (message, options) => {
    const id = 'id' in message ? idOf(message.id) : undefined;
    if (id === undefined) {
      return send(message, options);
    }
    if ('result' in message) {
      try {
        await send(message, options);
      } catch (error) {
        unsent.add(id);
        throw error;
      }
      return undefined;
    }
    if (!('error' in message)) {
      return send(message, options);
    }
    if (unsent.delete(id)) {
      return undefined;
    }
    const error = refusal(id);
    return send(error === undefined ? message : { jsonrpc: '2.0', id, error }, options);
  };
}

/**
 * What the handler returns for a request that was withdrawn (the server cancelled it, or the call it came with
 * ended): an answer that never comes. Missing hook: whatever a handler returns or throws, the client sends (a
 * result, or `-32603`) and reports a thrown error to `onUncaughtError`; a request the server withdrew must get no
 * answer at all. The pending promise holds nothing but the finished request, and goes with it.
 */
export function noAnswer(): Promise<never> {
  return new Promise<never>(() => undefined);
}

/** A question's hold on the tool calls that were in flight when it arrived. */
export interface CallScope {
  /** Aborts once every one of those calls has ended (never, when there was none). */
  signal: AbortSignal;
  /** Stops watching the calls: the question settled. Idempotent. */
  release(): void;
}

/** The calls in flight on a client. */
export interface CallTracker {
  /** Watches the calls in flight now, until they have all ended or the scope is released. */
  scope(): CallScope;
  /** Puts the client's own `callTool` back. */
  restore(): void;
}

/**
 * Wraps the client's `callTool` (also what the tools of `client.tools()` call) to know which calls are in flight.
 * Missing hook: the handler gets no signal. In 2026-07-28 the client runs each round's input requests inside the call;
 * when the call ends without them (aborted, timed out, failed), nothing tells the handler. In 2025 the client sends no
 * `notifications/cancelled` when a call is aborted, so the server withdraws its question only when its own timeout
 * fires. The kit closes a question once every call that was in flight when it arrived has ended (with one call at a
 * time, as a chat turn makes them, exactly when its call ends).
 *
 * Each call keeps the questions waiting on it in a plain set, not as listeners on an `AbortSignal`: one call may carry
 * any number of questions (2025: all at once; 2026-07-28: a round's, one after another), and a listener each on one
 * signal would trip Node's `MaxListenersExceededWarning` past ten and stay until the call ended. A question leaves
 * the sets of its calls as it settles (`release`).
 */
export function trackCalls(client: MCPClient): CallTracker {
  const own = Object.hasOwn(client, 'callTool');
  const callTool = client.callTool;
  /** The calls in flight, each as the set of what to run when it ends. */
  const inFlight = new Set<Set<() => void>>();
  client.callTool = async (args) => {
    const onEnd = new Set<() => void>();
    inFlight.add(onEnd);
    try {
      return await callTool.call(client, args);
    } finally {
      inFlight.delete(onEnd);
      for (const ended of onEnd) {
        ended();
      }
    }
  };
  return {
    scope() {
      const controller = new AbortController();
      const calls = [...inFlight];
      let left = calls.length;
      const release = (): void => {
        for (const call of calls) {
          call.delete(ended);
        }
      };
      const ended = (): void => {
        left -= 1;
        if (left === 0) {
          release();
          controller.abort(new Error('The tool call this question belonged to ended.'));
        }
      };
      for (const call of calls) {
        call.add(ended);
      }
      return { signal: controller.signal, release };
    },
    restore() {
      if (own) {
        client.callTool = callTool;
      } else {
        delete (client as Partial<Pick<MCPClient, 'callTool'>>).callTool;
      }
    },
  };
}

/** Registers the kit's handler (the only schema the client accepts is its own `ElicitationRequestSchema`). */
export function onElicitation(
  client: MCPClient,
  handler: (params: unknown) => Promise<ElicitResult> | ElicitResult,
): void {
  client.onElicitationRequest(ElicitationRequestSchema, (request) => handler(request.params));
}

/**
 * Whether an answer whose response failed to go out can still arrive by sending it again: not when the server
 * answered `404` (the client's `MCPClientError` carries the HTTP status as `statusCode`): the session is gone.
 */
export function canResendAfter(error: unknown): boolean {
  return !(isJsonObject(error) && error['statusCode'] === SESSION_GONE);
}
