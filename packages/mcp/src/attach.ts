import { INVALID_PARAMS, elicitationCapability, isProtocolVersion, parseElicitation } from '@elicitation-kit/core';
import type { ElicitResult, ElicitationError, ParsedElicitation, ProtocolVersion } from '@elicitation-kit/core';
import { ProtocolError } from '@modelcontextprotocol/client';
import type { Client, Transport } from '@modelcontextprotocol/client';
import { queueInternals } from './queue.js';
import type {
  AttachElicitationOptions,
  CancelReason,
  ElicitationAttachment,
  ElicitationEvent,
  JsonRpcErrorObject,
  PendingElicitation,
  ProtocolEra,
  ServerIdentity,
} from './types.js';

/** `URLElicitationRequiredError` (2025-11-25; retired in 2026-07-28). */
const URL_ELICITATION_REQUIRED = -32042;
/** How many answered request ids / URL elicitation ids are remembered per connection. */
const MEMORY = 128;

/** A Standard Schema that accepts anything unchanged: the SDK's own parse strips unknown keys, core must see them. */
const RAW_PARAMS = {
  '~standard': {
    version: 1,
    vendor: 'elicitation-kit',
    validate: (value: unknown) => ({ value }),
  },
} as const;

interface Waiter {
  signal: AbortSignal;
  resolve(result: ElicitResult): void;
  reject(reason: unknown): void;
  done: boolean;
  onAbort: () => void;
}

interface Active {
  entry: PendingElicitation;
  controller: AbortController;
  waiters: Waiter[];
  settled: boolean;
  /** Legacy only: the connection and JSON-RPC id, for replay de-duplication. */
  wire?: { transport: Transport; requestId: string | number };
}

interface ConnectionMemory {
  pending: Map<string | number, Active>;
  answered: Set<string | number>;
  /** Answers handed to the SDK whose JSON-RPC response has not been sent yet, by request id. */
  delivering: Map<string | number, { entry: PendingElicitation; result: ElicitResult }>;
}

let nextAttachment = 0;
let nextEntry = 0;

function remember<T>(set: Set<T>, value: T): void {
  set.add(value);
  if (set.size > MEMORY) {
    const oldest = set.values().next();
    if (oldest.done !== true) {
      set.delete(oldest.value);
    }
  }
}

function finishWaiter(waiter: Waiter): void {
  waiter.done = true;
  waiter.signal.removeEventListener('abort', waiter.onAbort);
}

function errorObject(error: ElicitationError | JsonRpcErrorObject): ProtocolError {
  return new ProtocolError(error.code, error.message, error.data);
}

/**
 * Connects a `Client` (from `@modelcontextprotocol/client` 2.x) to a queue. Call it before `client.connect`.
 *
 * - declares `capabilities.elicitation` for the chosen modes;
 * - registers one `elicitation/create` handler that serves both eras (pushed requests on 2025 connections,
 *   `input_required` rounds on 2026-07-28 ones), parses each request with core and refuses invalid ones with
 *   `-32602` (nothing is queued), queues the rest and resolves with the user's answer;
 * - removes an entry when the server or the caller aborts it (nothing is sent afterwards) and settles pending
 *   entries as `cancel` when the connection closes;
 * - shows a request replayed with the same JSON-RPC id (stream reconnect) once and answers it once;
 * - refuses requests beyond the queue's per-server limit with `-32602` (`data.reason: 'too-many-pending'`);
 * - handles `notifications/elicitation/complete` and `-32042` errors (`surfaceUrlRequired`).
 *
 * It replaces any `elicitation/create` handler registered before, and chains `client.onclose`.
 *
 * @example
 * ```ts
 * const queue = createElicitationQueue();
 * const client = new Client({ name: 'host', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
 * const kit = attachElicitation(client, { queue, server: { url: 'http://127.0.0.1:3901/mcp' } });
 * await client.connect(new StreamableHTTPClientTransport(new URL('http://127.0.0.1:3901/mcp')));
 * ```
 */
export function attachElicitation(client: Client, options: AttachElicitationOptions): ElicitationAttachment {
  const internals = queueInternals(options.queue);
  const capability = elicitationCapability(options.modes);
  if (client.transport !== undefined) {
    throw new Error('attachElicitation: call it before client.connect(); capabilities are declared when connecting');
  }
  client.registerCapabilities({ elicitation: capability });

  const attachmentKey = `server-${++nextAttachment}`;
  const active = new Map<string, Active>();
  const urlRequired = new Map<string, { entry: PendingElicitation; controller: AbortController }>();
  const memories = new WeakMap<Transport, ConnectionMemory>();
  /** Legacy answers whose response could not be sent, by entry id: sending the same response again. */
  const undelivered = new Map<string, () => Promise<void>>();
  /** `elicitationId`s of URL requests answered on this client, so a later completion is still reported. */
  const answeredUrlIds = new Set<string>();
  let detached = false;

  const emit = (event: ElicitationEvent): void => {
    options.onEvent?.(event);
  };

  /**
   * An answered or dismissed URL entry leaves the queue, but its `elicitationId` stays known: a completion that
   * arrives later still emits `completed` (once). Not when the entry had already completed.
   */
  const rememberAnsweredUrl = (entry: PendingElicitation): void => {
    if (entry.request.mode === 'url' && entry.request.elicitationId !== undefined && entry.status !== 'completed') {
      remember(answeredUrlIds, entry.request.elicitationId);
    }
  };

  const serverIdentity = (): ServerIdentity => {
    const info = client.getServerVersion();
    const given = options.server ?? {};
    const title = given.title ?? info?.title;
    const version = given.version ?? info?.version;
    return {
      id: given.id ?? attachmentKey,
      name: given.name ?? info?.name ?? 'MCP server',
      ...(title !== undefined ? { title } : {}),
      ...(version !== undefined ? { version } : {}),
      ...(given.url !== undefined ? { url: given.url } : {}),
    };
  };

  const currentEra = (): ProtocolEra => client.getProtocolEra() ?? 'legacy';

  const protocolVersion = (): ProtocolVersion | undefined => {
    const version = client.getNegotiatedProtocolVersion();
    return isProtocolVersion(version) ? version : undefined;
  };

  /**
   * Watches a legacy connection's sends: when the JSON-RPC response carrying an answer fails to go out (the network
   * is down), the answer is kept for `resend` and an `undelivered` event says so. The SDK does not resend responses.
   */
  const watchDelivery = (transport: Transport, memory: ConnectionMemory): void => {
    const send = transport.send.bind(transport);
    transport.send = async (message, sendOptions) => {
      const id = 'result' in message ? message.id : undefined;
      const delivery = id === undefined ? undefined : memory.delivering.get(id);
      if (id !== undefined) {
        memory.delivering.delete(id);
      }
      try {
        await send(message, sendOptions);
      } catch (error) {
        if (delivery !== undefined && !detached) {
          undelivered.set(delivery.entry.id, () => send(message, sendOptions));
          if (undelivered.size > MEMORY) {
            undelivered.delete(undelivered.keys().next().value!);
          }
          emit({ type: 'undelivered', entry: delivery.entry, result: delivery.result, error });
        }
        throw error;
      }
    };
  };

  const memoryOf = (transport: Transport): ConnectionMemory => {
    let memory = memories.get(transport);
    if (memory === undefined) {
      memory = { pending: new Map(), answered: new Set(), delivering: new Map() };
      memories.set(transport, memory);
      watchDelivery(transport, memory);
    }
    return memory;
  };

  /** The waiter that answers: the first whose request is still live. Later ones are replays and stay silent. */
  const primaryOf = (record: Active): Waiter | undefined =>
    record.waiters.find((waiter) => !waiter.done && !waiter.signal.aborted);

  const forget = (record: Active): void => {
    record.settled = true;
    active.delete(record.entry.id);
    if (record.wire !== undefined) {
      memoryOf(record.wire.transport).pending.delete(record.wire.requestId);
    }
  };

  const answer = (record: Active, result: ElicitResult): void => {
    if (record.settled) {
      return;
    }
    const wire = normalizeResult(record.entry.request, result);
    forget(record);
    const primary = primaryOf(record);
    if (record.wire !== undefined) {
      const memory = memoryOf(record.wire.transport);
      remember(memory.answered, record.wire.requestId);
      if (primary !== undefined) {
        memory.delivering.set(record.wire.requestId, { entry: record.entry, result: wire });
        if (memory.delivering.size > MEMORY) {
          memory.delivering.delete(memory.delivering.keys().next().value!);
        }
      }
    }
    rememberAnsweredUrl(record.entry);
    if (primary !== undefined) {
      finishWaiter(primary);
      primary.resolve(wire);
    }
    emit({ type: 'answered', entry: record.entry, result: wire });
  };

  /** Takes a live entry out of the queue and aborts its signal; `false` when it was already settled. */
  const drop = (record: Active, reason: unknown): boolean => {
    if (record.settled) {
      return false;
    }
    forget(record);
    internals.remove(record.entry.id);
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
      if (waiter.signal.aborted) {
        finishWaiter(waiter);
        waiter.reject(waiter.signal.reason);
      } else {
        // A replayed copy was aborted while this one still looks live to the SDK: settling it would put an
        // answer on the wire after the cancellation, so it is left unsettled and released for collection.
        finishWaiter(waiter);
      }
    }
    emit({ type: 'cancelled', entry: record.entry, reason: 'aborted', detail: reason });
  };

  /** The connection closed or the host detached: settle as cancel. */
  const settleAsCancel = (record: Active, reason: CancelReason): void => {
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

  const dropUrlRequired = (reason: CancelReason): void => {
    for (const [id, item] of urlRequired) {
      urlRequired.delete(id);
      if (internals.remove(id) !== undefined) {
        item.controller.abort(reason);
        emit({ type: 'cancelled', entry: item.entry, reason });
      }
    }
  };

  const reject = (
    server: ServerIdentity,
    era: ProtocolEra,
    error: ElicitationError | JsonRpcErrorObject,
    requestId?: string | number,
  ): void => {
    emit({ type: 'rejected', server, era, error, ...(requestId !== undefined ? { requestId } : {}) });
  };

  const limitError = (server: ServerIdentity): JsonRpcErrorObject => ({
    code: INVALID_PARAMS,
    message: `Too many pending elicitations from ${server.name}: the limit is ${internals.maxPendingPerServer}. Answer or cancel one first.`,
    data: { reason: 'too-many-pending', limit: internals.maxPendingPerServer },
  });

  const join = (record: Active, signal: AbortSignal): Promise<ElicitResult> =>
    new Promise<ElicitResult>((resolve, rejectWaiter) => {
      const waiter: Waiter = {
        signal,
        resolve,
        reject: rejectWaiter,
        done: false,
        onAbort: () => {
          if (record.settled) {
            // A silent replayed copy: the SDK sends nothing for an aborted request.
            finishWaiter(waiter);
            rejectWaiter(signal.reason);
            return;
          }
          abort(record, signal.reason);
        },
      };
      record.waiters.push(waiter);
      signal.addEventListener('abort', waiter.onAbort, { once: true });
    });

  const handleRequest = (params: unknown, requestId: string | number, signal: AbortSignal): Promise<ElicitResult> => {
    if (signal.aborted) {
      return Promise.reject(signal.reason);
    }
    const era = currentEra();
    const server = serverIdentity();
    const transport = client.transport;
    const memory = era === 'legacy' && transport !== undefined ? memoryOf(transport) : undefined;
    if (memory !== undefined) {
      const replayed = memory.pending.get(requestId);
      if (replayed !== undefined && !replayed.settled) {
        return join(replayed, signal);
      }
      if (memory.answered.has(requestId)) {
        // Already answered on this connection: never show or answer it again. Settles (silently) on abort.
        return new Promise<ElicitResult>((_resolve, rejectSilently) => {
          signal.addEventListener('abort', () => rejectSilently(signal.reason), { once: true });
        });
      }
    }

    const version = protocolVersion();
    const parsed = parseElicitation(params, {
      ...(version !== undefined ? { protocolVersion: version } : {}),
      modes: capability,
    });
    if (!parsed.ok) {
      reject(server, era, parsed.error, requestId);
      return Promise.reject(errorObject(parsed.error));
    }
    if (internals.byServer(server.id).length >= internals.maxPendingPerServer) {
      const error = limitError(server);
      reject(server, era, error, requestId);
      return Promise.reject(errorObject(error));
    }

    const controller = new AbortController();
    const entry: PendingElicitation = {
      id: `elicitation-${++nextEntry}`,
      request: parsed.request,
      server,
      era,
      signal: controller.signal,
      status: 'pending',
      kind: 'request',
      createdAt: Date.now(),
    };
    const record: Active = {
      entry,
      controller,
      waiters: [],
      settled: false,
      ...(memory !== undefined && transport !== undefined ? { wire: { transport, requestId } } : {}),
    };
    active.set(entry.id, record);
    memory?.pending.set(requestId, record);
    const promise = join(record, signal);
    internals.add(entry, (result) => answer(record, result));
    emit({ type: 'shown', entry });
    return promise;
  };

  client.setRequestHandler('elicitation/create', { params: RAW_PARAMS }, (params, ctx) =>
    handleRequest(params, ctx.mcpReq.id, ctx.mcpReq.signal),
  );

  client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
    const elicitationId = notification.params.elicitationId;
    const server = serverIdentity();
    const candidates = [
      ...[...active.values()].map((record) => ({
        entry: record.entry,
        update: (next: PendingElicitation) => {
          record.entry = next;
        },
      })),
      ...[...urlRequired.values()].map((item) => ({
        entry: item.entry,
        update: (next: PendingElicitation) => {
          item.entry = next;
        },
      })),
    ];
    for (const candidate of candidates) {
      const request = candidate.entry.request;
      if (request.mode === 'url' && request.elicitationId === elicitationId) {
        if (candidate.entry.status === 'completed') {
          return;
        }
        const next: PendingElicitation = { ...candidate.entry, status: 'completed' };
        candidate.update(next);
        internals.replace(next);
        // An earlier entry for the same id (dismissed, then surfaced again) completes with this one.
        answeredUrlIds.delete(elicitationId);
        emit({ type: 'completed', server, elicitationId, entry: next });
        return;
      }
    }
    if (answeredUrlIds.delete(elicitationId)) {
      emit({ type: 'completed', server, elicitationId });
    }
    // Unknown or already completed ids are ignored, as the spec requires.
  });

  // Chain `client.onclose` without losing a handler the host sets later (the SDK calls `this.onclose?.()`).
  let hostOnClose = client.onclose;
  let closing = false;
  const onClose = (): void => {
    if (closing) {
      return;
    }
    closing = true;
    try {
      for (const record of active.values()) {
        settleAsCancel(record, 'connection-closed');
      }
      dropUrlRequired('connection-closed');
      hostOnClose?.();
    } finally {
      closing = false;
    }
  };
  Object.defineProperty(client, 'onclose', {
    configurable: true,
    enumerable: true,
    get: () => onClose,
    set: (handler: (() => void) | undefined) => {
      hostOnClose = handler;
    },
  });

  return {
    detach() {
      if (detached) {
        return;
      }
      detached = true;
      client.removeRequestHandler('elicitation/create');
      client.removeNotificationHandler('notifications/elicitation/complete');
      Object.defineProperty(client, 'onclose', {
        configurable: true,
        enumerable: true,
        writable: true,
        value: hostOnClose,
      });
      for (const record of active.values()) {
        settleAsCancel(record, 'detached');
      }
      dropUrlRequired('detached');
      undelivered.clear();
    },

    async resend(id) {
      const sendAgain = undelivered.get(id);
      if (sendAgain === undefined) {
        return false;
      }
      try {
        await sendAgain();
      } catch {
        // Still no way through: keep it for another try.
        return false;
      }
      undelivered.delete(id);
      return true;
    },

    surfaceUrlRequired(error) {
      if (typeof error !== 'object' || error === null) {
        return [];
      }
      const { code, data } = error as { code?: unknown; data?: unknown };
      const elicitations = (data as { elicitations?: unknown } | undefined)?.elicitations;
      if (code !== URL_ELICITATION_REQUIRED || !Array.isArray(elicitations)) {
        return [];
      }
      const era = currentEra();
      const server = serverIdentity();
      const surfaced: PendingElicitation[] = [];
      for (const params of elicitations) {
        const parsed = parseElicitation(params, { protocolVersion: '2025-11-25', modes: capability });
        if (!parsed.ok) {
          reject(server, era, parsed.error);
          continue;
        }
        const request = parsed.request;
        if (request.mode !== 'url' || request.elicitationId === undefined) {
          reject(server, era, {
            code: INVALID_PARAMS,
            message: 'A -32042 error may only carry URL-mode elicitations with an elicitationId',
            data: { path: 'mode', reason: 'wrong-type' },
          });
          continue;
        }
        const existing = [...urlRequired.values()].find(
          (item) => item.entry.request.mode === 'url' && item.entry.request.elicitationId === request.elicitationId,
        );
        if (existing !== undefined) {
          surfaced.push(existing.entry);
          continue;
        }
        if (internals.byServer(server.id).length >= internals.maxPendingPerServer) {
          reject(server, era, limitError(server));
          continue;
        }
        const controller = new AbortController();
        const entry: PendingElicitation = {
          id: `elicitation-${++nextEntry}`,
          request,
          server,
          era,
          signal: controller.signal,
          status: 'pending',
          kind: 'url-required',
          createdAt: Date.now(),
        };
        const item = { entry, controller };
        urlRequired.set(entry.id, item);
        internals.add(entry, (result) => {
          urlRequired.delete(entry.id);
          rememberAnsweredUrl(item.entry);
          emit({ type: 'answered', entry: item.entry, result: normalizeResult(request, result) });
        });
        emit({ type: 'shown', entry });
        surfaced.push(entry);
      }
      return surfaced;
    },
  };
}

/** What goes on the wire: URL answers and refusals carry no content; a form accept always does. */
function normalizeResult(request: ParsedElicitation, result: ElicitResult): ElicitResult {
  if (result.action !== 'accept') {
    return { action: result.action };
  }
  if (request.mode === 'url') {
    return { action: 'accept' };
  }
  return { action: 'accept', content: result.content ?? {} };
}
