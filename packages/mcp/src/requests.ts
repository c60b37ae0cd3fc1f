// The `elicitation/create` handler: one request's life from arrival to its one answer, the same for every client.
// Serves both eras: pushed requests on 2025 connections, `inputRequests` entries of an `input_required` round on
// 2026-07-28 ones (the client calls the same handler for each and retries by itself). It imports no SDK: each adapter
// hands it the raw params, the request's id and abort signal, and says how its client sends a refusal.
import { BoundedMap, parseElicitation, parseOptionsFor } from '@elicitation-kit/core';
import type {
  ElicitationCapabilityObject,
  ElicitationError,
  ElicitationQueueProducer,
  ElicitResult,
  PublicSuffixListLoader,
} from '@elicitation-kit/core';
import type { Delivery } from './undelivered.js';
import { toWireResult } from './entry.js';
import type { NegotiatedProtocol } from './era.js';
import { createReplayMemory } from './replay.js';
import type { WireRequest } from './replay.js';
import type { LiveEntry, UrlCompletion } from './url-completion.js';
import type {
  CancelReason,
  ElicitationEvent,
  JsonRpcErrorObject,
  PendingElicitation,
  ServerIdentity,
} from './types.js';
import type { RequestId, WireTransport } from './client-transport.js';

/** One SDK handler call waiting on a request: the first, and any replayed copy of it (2025). */
interface Waiter {
  signal: AbortSignal;
  resolve(result: ElicitResult): void;
  reject(reason: unknown): void;
  done: boolean;
  onAbort: () => void;
}

/** A request in the queue. */
interface Active extends LiveEntry {
  controller: AbortController;
  waiters: Waiter[];
  settled: boolean;
  /** 2025 only: where it came from, for replays and delivery. */
  wire?: WireRequest;
}

/** What the handler needs from its attachment. */
export interface RequestHandlerOptions {
  producer: ElicitationQueueProducer;
  capability: ElicitationCapabilityObject;
  /**
   * The host's Public Suffix List, when it gave one (see core's `ParseContext.publicSuffixList`): a URL-mode request
   * waits for its load, and is refused when the load fails.
   */
  publicSuffixList: PublicSuffixListLoader;
  delivery: Delivery;
  completion: UrlCompletion;
  protocol(): NegotiatedProtocol;
  server(): ServerIdentity;
  /** The connection's transport (2025: replays and delivery are tracked per transport); `undefined` when unknown. */
  transport(): WireTransport | undefined;
  /**
   * What the handler rejects with to refuse a request: the client's own error type, which it sends as the JSON-RPC
   * error (2025) or throws to the caller of the tool call (2026-07-28).
   */
  refusal(error: ElicitationError | JsonRpcErrorObject): unknown;
  emit(event: ElicitationEvent): void;
  /** Called when the requests in the queue change. */
  changed(): void;
}

/** The `elicitation/create` handler of one attachment. */
export interface RequestHandler {
  /**
   * Serves one request; resolves with the answer to send. `requestId` is its JSON-RPC id (2025) or `inputRequests`
   * key (2026-07-28); `undefined` when the client does not tell it (the request is then never de-duplicated).
   */
  handle(params: unknown, requestId: RequestId | undefined, signal: AbortSignal): Promise<ElicitResult>;
  /** The requests in the queue. */
  live(): Iterable<LiveEntry>;
  /** How many requests are in the queue (the user is being waited for). */
  readonly size: number;
  /** Settles every request in the queue as `cancel` (the connection closed, or the host detached). */
  settleAll(reason: Exclude<CancelReason, 'aborted'>): void;
}

function finishWaiter(waiter: Waiter): void {
  waiter.done = true;
  waiter.signal.removeEventListener('abort', waiter.onAbort);
}

/** The waiter that answers: the first whose request is still live. Later ones are replays and stay silent. */
function primaryOf(record: Active): Waiter | undefined {
  return record.waiters.find((waiter) => !waiter.done && !waiter.signal.aborted);
}

/** The refusal of a URL-mode request whose Public Suffix List could not be loaded (JSON-RPC internal error). */
export function listFailure(error: unknown): JsonRpcErrorObject {
  return { code: -32603, message: error instanceof Error ? error.message : String(error) };
}

/** The handler of one attachment. */
export function createRequestHandler(options: RequestHandlerOptions): RequestHandler {
  const { producer, delivery, completion, emit } = options;
  const active = new Map<string, Active>();
  const replays = createReplayMemory<Active>();
  /** URLs this connection accepted: the same URL asked for again means the server saw the step unfinished. */
  const acceptedUrls = new BoundedMap<string, true>();
  /** How many times every request was settled: a request waiting for the Public Suffix List sees if it missed one. */
  let settlements = 0;

  /** Takes a record out of the kit's books (not the queue); `false` when it was already settled. */
  const close = (record: Active, answered: boolean): boolean => {
    if (record.settled) {
      return false;
    }
    record.settled = true;
    active.delete(record.entry.id);
    if (record.wire !== undefined) {
      replays.settle(record.wire, answered);
    }
    options.changed();
    return true;
  };

  const answer = (record: Active, result: ElicitResult): void => {
    if (record.settled) {
      return;
    }
    const wire = toWireResult(record.entry.request, result);
    if (record.entry.request.mode === 'url' && wire.action === 'accept') {
      acceptedUrls.set(record.entry.request.url, true);
    }
    const primary = primaryOf(record);
    if (record.wire !== undefined && primary !== undefined) {
      delivery.expect(record.wire, record.entry, wire);
    }
    // Before closing: an accepted URL request keeps the user busy on its page (no gap in the wait).
    completion.answered(record.entry, wire);
    close(record, true);
    if (primary !== undefined) {
      finishWaiter(primary);
      primary.resolve(wire);
    }
    emit({ type: 'answered', entry: record.entry, result: wire });
  };

  /** Takes a live request out of the queue and aborts its signal; `false` when it was already settled. */
  const drop = (record: Active, reason: unknown): boolean => {
    if (!close(record, false)) {
      return false;
    }
    producer.remove(record.entry.id);
    record.controller.abort(reason);
    return true;
  };

  /** The server or the caller aborted: drop the entry and send nothing. */
  const abort = (record: Active, reason: unknown): void => {
    if (!drop(record, reason)) {
      return;
    }
    for (const waiter of record.waiters) {
      if (waiter.done) {
        continue;
      }
      finishWaiter(waiter);
      if (waiter.signal.aborted) {
        waiter.reject(waiter.signal.reason);
      }
      // Otherwise a replayed copy was aborted while this one still looks live to the SDK: settling it would put an
      // answer on the wire after the cancellation, so it is left unsettled and released for collection.
    }
    emit({ type: 'cancelled', entry: record.entry, reason: 'aborted', detail: reason });
  };

  /** The connection closed or the host detached: settle as cancel. */
  const settleAsCancel = (record: Active, reason: Exclude<CancelReason, 'aborted'>): void => {
    if (!drop(record, reason)) {
      return;
    }
    const primary = primaryOf(record);
    if (primary !== undefined) {
      finishWaiter(primary);
      primary.resolve({ action: 'cancel' });
    }
    emit({ type: 'cancelled', entry: record.entry, reason });
  };

  const join = (record: Active, requestSignal: AbortSignal): Promise<ElicitResult> =>
    new Promise<ElicitResult>((resolve, reject) => {
      // A signal of this waiter's own, following the SDK's: in a 2026-07-28 round every input request gets the call's
      // one signal, and a listener each on it would trip Node's "possible memory leak" warning past ten requests.
      const signal = AbortSignal.any([requestSignal]);
      const waiter: Waiter = {
        signal,
        resolve,
        reject,
        done: false,
        onAbort: () => {
          if (record.settled) {
            // A silent replayed copy: the SDK sends nothing for an aborted request.
            finishWaiter(waiter);
            reject(signal.reason);
            return;
          }
          abort(record, signal.reason);
        },
      };
      record.waiters.push(waiter);
      signal.addEventListener('abort', waiter.onAbort, { once: true });
    });

  const refuse = (
    server: ServerIdentity,
    era: PendingElicitation['era'],
    error: ElicitationError | JsonRpcErrorObject,
    requestId: RequestId | undefined,
  ): Promise<never> => {
    emit({ type: 'rejected', server, era, error, ...(requestId !== undefined ? { requestId } : {}) });
    return Promise.reject(options.refusal(error));
  };

  const handler: RequestHandler = {
    handle(params, requestId, signal) {
      if (signal.aborted) {
        return Promise.reject(signal.reason);
      }
      if (options.capability.url !== undefined && options.publicSuffixList.pendingFor(params)) {
        // The first URL-mode request loads the host's list and is judged by it, never by the excerpt (one refused anyway,
        // URL mode undeclared, loads nothing). Served again
        // from the top once loaded, so that a copy replayed meanwhile joins it; a failed load refuses it (and the next
        // URL-mode request loads again). Settled as `cancel` when the connection closed (or the host detached) meanwhile.
        const round = settlements;
        return options.publicSuffixList.load().then(
          () => (settlements === round ? handler.handle(params, requestId, signal) : { action: 'cancel' as const }),
          (error: unknown) =>
            signal.aborted
              ? Promise.reject(signal.reason)
              : refuse(options.server(), options.protocol().era, listFailure(error), requestId),
        );
      }
      const { era, version } = options.protocol();
      const server = options.server();
      const transport = options.transport();
      // 2026-07-28 `inputRequests` keys repeat across rounds and calls: only 2025 ids identify a request.
      const wire =
        era === 'legacy' && transport !== undefined && requestId !== undefined ? { transport, requestId } : undefined;
      if (wire !== undefined) {
        const replayed = replays.pending(wire);
        if (replayed !== undefined && !replayed.settled) {
          return join(replayed, signal);
        }
        if (replays.answered(wire)) {
          // Already answered on this connection: never show or answer it again. Settles (silently) on abort.
          return new Promise<ElicitResult>((_resolve, rejectSilently) => {
            signal.addEventListener('abort', () => rejectSilently(signal.reason), { once: true });
          });
        }
      }

      const parsed = parseElicitation(
        params,
        parseOptionsFor({
          version,
          capability: options.capability,
          server,
          publicSuffixList: options.publicSuffixList.current(),
        }),
      );
      if (!parsed.ok) {
        return refuse(server, era, parsed.error, requestId);
      }
      const askedAgain = parsed.request.mode === 'url' && acceptedUrls.has(parsed.request.url);
      const made = producer.create({
        request: parsed.request,
        server,
        era,
        protocolVersion: version,
        kind: 'request',
        askedAgain,
      });
      if (!made.ok) {
        return refuse(server, era, made.error, requestId);
      }
      const record: Active = {
        entry: made.entry,
        controller: made.controller,
        waiters: [],
        settled: false,
        ...(wire !== undefined ? { wire } : {}),
      };
      active.set(record.entry.id, record);
      if (wire !== undefined) {
        replays.track(wire, record);
      }
      const answered = join(record, signal);
      producer.add(record.entry, (result) => answer(record, result));
      options.changed();
      emit({ type: 'shown', entry: record.entry });
      return answered;
    },

    live: () => active.values(),

    get size() {
      return active.size;
    },

    settleAll(reason) {
      settlements += 1;
      for (const record of active.values()) {
        settleAsCancel(record, reason);
      }
    },
  };
  return handler;
}
