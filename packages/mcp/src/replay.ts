// Replay memory (2025 sessions): a request re-sent with the same JSON-RPC id on the same connection (e.g. after an
// SSE stream reconnects) is the same request. It is shown once and answered once, and never again once answered.
import { BoundedMap } from '@elicitation-kit/core';
import type { RequestId, WireTransport } from './client-transport.js';

/** A request's place on the wire: its connection (the transport) and JSON-RPC id. */
export interface WireRequest {
  transport: WireTransport;
  requestId: RequestId;
}

interface ConnectionMemory<T> {
  /** Live requests by id (at most the queue's per-server limit). */
  pending: Map<RequestId, T>;
  /** Ids answered on this connection. */
  answered: BoundedMap<RequestId, true>;
}

/** What one attachment remembers about the requests of each connection it served. */
export interface ReplayMemory<T> {
  /** The live request a replay of `wire` joins, if any. */
  pending(wire: WireRequest): T | undefined;
  /** Whether `wire` was already answered on its connection (a replay then stays silent). */
  answered(wire: WireRequest): boolean;
  /** A new live request. */
  track(wire: WireRequest, request: T): void;
  /** The request left: `answered` when the user answered it (a later replay is ignored), else it was dropped. */
  settle(wire: WireRequest, answered: boolean): void;
}

/** An empty replay memory; `T` is whatever the handler keeps for a live request. */
export function createReplayMemory<T>(): ReplayMemory<T> {
  // By transport: ids restart with each connection, and a closed connection's memory goes with its transport.
  const connections = new WeakMap<WireTransport, ConnectionMemory<T>>();
  const memoryOf = (transport: WireTransport): ConnectionMemory<T> => {
    let memory = connections.get(transport);
    if (memory === undefined) {
      memory = { pending: new Map(), answered: new BoundedMap() };
      connections.set(transport, memory);
    }
    return memory;
  };
  return {
    pending: ({ transport, requestId }) => connections.get(transport)?.pending.get(requestId),
    answered: ({ transport, requestId }) => connections.get(transport)?.answered.has(requestId) ?? false,
    track({ transport, requestId }, request) {
      memoryOf(transport).pending.set(requestId, request);
    },
    settle({ transport, requestId }, answered) {
      const memory = memoryOf(transport);
      memory.pending.delete(requestId);
      if (answered) {
        memory.answered.set(requestId, true);
      }
    },
  };
}
