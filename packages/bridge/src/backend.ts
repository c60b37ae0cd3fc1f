// The bridge's server half assembled: `createElicitationBridge` reads its options, starts its hub and exposures, and
// dispatches each request to its handler (`GET` owner-stream.ts, `POST` answer-route.ts), each admitted by
// bridge-admission.ts. Every request is scoped to the owner `authorize` names. The handlers read a `BridgeCall` and
// give a `BridgeReply` (exchange.ts): `fetch` makes them of a Fetch `Request` and a `Response`, `toNodeListener(bridge)`
// of Node's request and response.
import { createAnswerRoute } from './answer-route.js';
import { createAdmission, isOwnerId, refusal } from './bridge-admission.js';
import { readLimits } from './bridge-limits.js';
import type { ElicitationBridge, ElicitationBridgeEvent, ElicitationBridgeOptions } from './bridge-types.js';
import { callOfRequest, toResponse } from './exchange.js';
import type { BridgeCall, BridgeReply } from './exchange.js';
import { createExposures } from './exposure.js';
import { createMemoryHub, hubInternals } from './hub.js';
import { createOwnerStreams } from './owner-stream.js';
import { createTokenKeys } from './token.js';
import { MAX_ID_LENGTH } from './wire-format.js';

/** What the bridge holds for each owner, for tests: open streams, and the bytes they hold that no browser took. */
export interface BridgeStats {
  streams(owner: string): number;
  queuedBytes(owner: string): number;
}

const statsByBridge = new WeakMap<ElicitationBridge, BridgeStats>();

/** What serves one request, of every bridge this module made (for `toNodeListener(bridge)`). */
const handlers = new WeakMap<ElicitationBridge, (call: BridgeCall) => Promise<BridgeReply>>();

/** The function that serves one request of `bridge`, or `undefined` when this module did not make it. */
export const bridgeHandler = (bridge: ElicitationBridge): ((call: BridgeCall) => Promise<BridgeReply>) | undefined =>
  handlers.get(bridge);

/** The {@link BridgeStats} of a bridge this module made. */
export function bridgeStats(bridge: ElicitationBridge): BridgeStats {
  const stats = statsByBridge.get(bridge);
  if (stats === undefined) {
    throw new TypeError('bridgeStats: not a bridge made by createElicitationBridge');
  }
  return stats;
}

/**
 * Creates the bridge that carries a backend queue's questions to its owner's browser and the answers back. Expose
 * each queue under the user it belongs to, mount `bridge.fetch` on one path (on Node's `http` and Express,
 * `toNodeListener(bridge)`), and point the browser half
 * (`connectElicitationBridge` from `@elicitation-kit/bridge/browser`) at it.
 *
 * @example
 * ```ts
 * const bridge = createElicitationBridge({
 *   authorize: async (request) => (await getSession(request))?.userId,
 *   origins: ['https://app.example.com'],
 * });
 * // Per chat turn (or per user's MCP client):
 * const queue = createElicitationQueue();
 * const stop = bridge.expose(userId, queue);
 * // …attach the queue to your MCP client, run the tool calls, then: stop();
 * // Route: GET and POST /api/elicitations → bridge.fetch(request)
 * ```
 * @throws {TypeError} when `origins` is missing or holds something that is not an origin, when a Redis hub is given
 * without `secret`, or the hub already serves a bridge.
 * @throws {RangeError} when `secret` has fewer than 32 bytes, or a limit is not a positive integer or does not fit
 * the others (`maxEntryBytes` within what the page reads, `maxStreamBytes` above it, `maxOwnerBytes` above that).
 */
export function createElicitationBridge(options: ElicitationBridgeOptions): ElicitationBridge {
  const hub = options.hub === undefined ? createMemoryHub() : hubInternals(options.hub);
  if (hub.shared && options.secret === undefined) {
    throw new TypeError(
      'createElicitationBridge: a shared hub needs `secret` (the same 32+ bytes on every replica), or tokens issued by one replica would be refused by the others',
    );
  }
  const { limits, origins } = readLimits(options);
  const keys = createTokenKeys(options.secret);
  const emit = (event: ElicitationBridgeEvent): void => {
    options.onEvent?.(event);
  };
  const exposures = createExposures({ hub, maxEntryBytes: limits.maxEntryBytes, emit });
  hub.start({
    answer: (owner, id, result) => exposures.answer(owner, id, result),
    lost: () => exposures.lost(),
    failed: (error, operation) => emit({ type: 'failed', operation, error }),
  });
  const admission = createAdmission({ ...options, origins }, emit);
  const { refuse } = admission;
  const streams = createOwnerStreams({ hub, keys, limits, admission, emit });
  const answer = createAnswerRoute({ hub, keys, limits, admission, holds: streams.holds, emit });
  let closed = false;

  const handle = async (call: BridgeCall): Promise<BridgeReply> => {
    if (closed) {
      return refuse(503, refusal(503, 'unavailable', 'This server is shutting down; try again.').body);
    }
    try {
      const { method } = call.request;
      if (method === 'GET') {
        return await streams.open(call);
      }
      if (method === 'POST') {
        return await answer(call);
      }
      return refuse(
        405,
        refusal(405, 'method-not-allowed', 'GET opens the stream of questions; POST sends an answer.').body,
        undefined,
        { Allow: 'GET, POST' },
      );
    } catch (error) {
      emit({ type: 'failed', operation: 'request', error });
      return refuse(500, refusal(500, 'internal', 'The bridge could not handle this request.').body);
    }
  };

  const bridge: ElicitationBridge = {
    fetch: async (request) => toResponse(await handle(callOfRequest(request))),

    expose(owner, queue, exposeOptions = {}) {
      if (closed) {
        throw new TypeError('expose: the bridge is closed');
      }
      if (!isOwnerId(owner)) {
        throw new TypeError(`expose: the owner id must be a string of 1 to ${MAX_ID_LENGTH} characters`);
      }
      const { tag } = exposeOptions;
      if (tag !== undefined && !isOwnerId(tag)) {
        throw new TypeError(`expose: the tag must be a string of 1 to ${MAX_ID_LENGTH} characters`);
      }
      return exposures.expose(owner, queue, tag);
    },

    async close() {
      if (closed) {
        return;
      }
      closed = true;
      exposures.stopAll();
      streams.endAll();
      await hub.close();
    },
  };
  statsByBridge.set(bridge, { streams: streams.streams, queuedBytes: streams.queuedBytes });
  handlers.set(bridge, handle);
  return bridge;
}
