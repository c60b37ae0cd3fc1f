// The AI SDK adapter: `attachElicitation` for the MCP client of `@ai-sdk/mcp` 2.x (`createMCPClient`), both eras
// (2025 sessions when it initializes, 2026-07-28 when its `server/discover` probe succeeds). It registers the client's
// elicitation handler, hooks the client's transport where the client offers no hook (./sdk-adapter.ts) and hands it
// all to the shared attachment (../attachment.ts): the same queue and guarantees as the SDK adapters, as far as the
// client lets them through (README: which client supports what).
import { elicitationCapability } from '@elicitation-kit/core';
import type { ElicitationCapabilityObject, ElicitationModes } from '@elicitation-kit/core';
import { MCPClientError } from '@ai-sdk/mcp';
import type { MCPClient } from '@ai-sdk/mcp';
import { createAttachment } from '../attachment.js';
import { negotiatedProtocol } from '../era.js';
import type { TimeoutErrors } from '../tool-call.js';
import type { AttachElicitationOptions, JsonRpcErrorObject } from '../types.js';
import type { RequestId } from '../client-transport.js';
import {
  canResendAfter,
  correctErrors,
  noAnswer,
  onElicitation,
  trackCalls,
  transportOf,
  watchIncoming,
} from './sdk-adapter.js';
import type { ElicitationAttachment } from './types.js';

/**
 * The only mode the AI SDK client carries: form. It refuses URL-mode requests itself, before any handler sees them: in
 * 2025 its request schema requires a `requestedSchema` (`-32602 Invalid elicitation request`), in 2026-07-28 it
 * fails the call ("Only form elicitation is supported"). So the kit declares form only, and no URL elicitation (nor
 * a `-32042`, which servers send only to clients that declared URL mode) can reach a host on this client.
 */
const MODES: ElicitationModes = { form: true, url: false };

/**
 * The `capabilities` to give `createMCPClient` for the kit: `{ elicitation: { form: {} } }`.
 * @example createMCPClient({ transport: { type: 'http', url }, capabilities: elicitationCapabilities() })
 */
export function elicitationCapabilities(): { elicitation: ElicitationCapabilityObject } {
  return { elicitation: elicitationCapability(MODES) };
}

/** The timeout errors the kit's clocks made (the call is aborted with one; the caller gets it back). */
const kitTimeouts = new WeakSet<object>();

/** The client's own timeout error, in its wording, so callers know one shape. */
function timedOutAfter(ms: number | undefined): MCPClientError {
  const error = new MCPClientError({ message: `Request timed out after ${String(ms)}ms` });
  kitTimeouts.add(error);
  return error;
}

const TIMEOUT_ERRORS: TimeoutErrors = {
  timedOut: ({ timeout }) => timedOutAfter(timeout),
  totalExceeded: ({ maxTotalTimeout }) => timedOutAfter(maxTotalTimeout),
};

/** The JSON-RPC error a kit refusal carries (the handler rejects with the client's error made from it). */
function refusalOf(error: unknown): JsonRpcErrorObject | undefined {
  if (!(error instanceof MCPClientError) || error.code === undefined) {
    return undefined;
  }
  return { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) };
}

/** Said by the handler left behind by `detach` (the client has no way to remove one). */
const DETACHED = 'Server requested input, but no handler is registered (the elicitation kit was detached).';

/**
 * Connects an AI SDK MCP client (from `createMCPClient` of `@ai-sdk/mcp` 2.x, created with
 * `capabilities: elicitationCapabilities()`) to a queue. Call it right after `createMCPClient` resolves, before the
 * first tool call. Form mode only: the client refuses URL mode itself (`options.modes` may not ask for it).
 *
 * - registers the client's elicitation handler: each request's params reach core as the server sent them (the client
 *   parses them loosely, keeping every key) and are refused with `-32602` when invalid (nothing is queued);
 * - 2025: reads each request's JSON-RPC id (replays are shown once and answered once, refusals reach the server as
 *   core's `-32602` and not the client's `-32603`) and `notifications/cancelled` (the entry closes, nothing is sent),
 *   which the client itself drops;
 * - a question closes when the tool call it came with ends without it (the client tells neither the handler nor, in
 *   2025, the server);
 * - settles pending entries as `cancel` when the connection closes, refuses requests beyond the per-server limit, and
 *   runs tool calls whose timeout does not count the user's time (`callTool`).
 *
 * @example
 * ```ts
 * const client = await createMCPClient({ transport: { type: 'http', url }, capabilities: elicitationCapabilities() });
 * const kit = attachElicitation(client, { queue, server: { url } });
 * const { text } = await generateText({ model, tools: await client.tools(), prompt });
 * ```
 */
export function attachElicitation(client: MCPClient, options: AttachElicitationOptions): ElicitationAttachment {
  if (options.modes?.url === true || options.modes?.form === false) {
    throw new RangeError(
      'attachElicitation (@ai-sdk/mcp): the AI SDK client carries form-mode elicitation only (it refuses URL mode itself)',
    );
  }
  const capability = elicitationCapability(MODES);
  const transport = transportOf(client);
  if (transport === undefined) {
    // Without the transport the kit could not tell replays apart, close withdrawn questions nor send core's -32602:
    // a clear error beats silently weaker guarantees (an @ai-sdk/mcp release that moved it needs a kit release).
    throw new TypeError(
      'attachElicitation (@ai-sdk/mcp): this client keeps no transport the kit can hook (written for @ai-sdk/mcp 2.0; see the README)',
    );
  }
  /** The kit's refusals by request id (2025), until the client sends its `-32603` for them (replaced by these). */
  const refusals = new Map<RequestId, JsonRpcErrorObject>();
  /**
   * 2025 requests in the kit's hands, by id: the abort controller of each handler call (a replayed request is a
   * second call with the same id), aborted by `notifications/cancelled`.
   */
  const live = new Map<RequestId, Set<AbortController>>();

  const kit = createAttachment({ ...options, modes: MODES }, capability, {
    protocol: () => negotiatedProtocol(client.initializeResult.protocolVersion),
    serverInfo: () => client.serverInfo,
    transport: () => transport,
    refusal: (error) => new MCPClientError({ message: error.message, code: error.code, data: error.data }),
    canResendAfter,
  });
  const calls = trackCalls(client);
  const incoming = watchIncoming(transport, {
    cancelled(requestId, reason) {
      const controllers = live.get(requestId);
      for (const controller of controllers ?? []) {
        controller.abort(reason);
      }
      return controllers !== undefined;
    },
    closed: () => kit.closed(),
  });
  correctErrors(transport, (requestId) => {
    const refusal = refusals.get(requestId);
    refusals.delete(requestId);
    return refusal;
  });

  onElicitation(client, async (params) => {
    if (kit.detached) {
      throw new MCPClientError({ message: DETACHED });
    }
    const modern = negotiatedProtocol(client.initializeResult.protocolVersion).era === 'modern';
    const requestId = modern ? undefined : incoming.current();
    const controller = new AbortController();
    // The question lives as long as a call it may belong to, and (2025) until the server withdraws it. Neither adds
    // a listener to a signal the question shares (`AbortSignal.any` adds none; the scope lets go as it settles).
    const scope = calls.scope();
    const signal = AbortSignal.any([controller.signal, scope.signal]);
    const sameId = requestId === undefined ? undefined : (live.get(requestId) ?? new Set<AbortController>());
    if (requestId !== undefined && sameId !== undefined) {
      sameId.add(controller);
      live.set(requestId, sameId);
    }
    try {
      return await kit.handle(params, requestId, signal);
    } catch (error) {
      if (signal.aborted) {
        return noAnswer();
      }
      const refusal = refusalOf(error);
      if (requestId !== undefined && refusal !== undefined) {
        refusals.set(requestId, refusal);
      }
      throw error;
    } finally {
      scope.release();
      sameId?.delete(controller);
      if (requestId !== undefined && sameId?.size === 0) {
        live.delete(requestId);
      }
    }
  });

  return {
    ...kit.controls,
    detach: () =>
      kit.detach(() => {
        incoming.restore();
        calls.restore();
      }),
    async callTool({ options: callOptions = {}, ...args }) {
      const { timeout, maxTotalTimeout, signal } = callOptions;
      const call = {
        limits: { timeout, maxTotalTimeout },
        errors: TIMEOUT_ERRORS,
        resetTimeoutOnProgress: false,
        signal,
      };
      return kit.calls.run(call, async (callSignal) => {
        try {
          // The client's own timeouts cannot be paused: it gets none, and the kit's clock aborts the call.
          return await client.callTool({ ...args, options: { signal: callSignal } });
        } catch (error) {
          // The client reports an abort as "Request was aborted" with the reason as its cause: a timeout of the
          // kit's clock is the client's own timeout error, as if the client had timed out.
          const reason: unknown = callSignal.reason;
          throw callSignal.aborted && typeof reason === 'object' && reason !== null && kitTimeouts.has(reason)
            ? reason
            : error;
        }
      });
    },
  };
}
