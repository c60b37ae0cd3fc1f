// The client side: an ACP client (an editor, a host) answering its agent's `elicitation/create` with the kit's checks
// and queue. Requests are parsed by core (request.ts), queued by a producer of core's queue (the per-source limit is
// the queue's), shown once, answered once; `$/cancel_request`, a closed connection and `elicitation/complete` settle
// them. Nothing here judges a schema, a value or a link: core does.
import { RequestError, methods } from '@agentclientprotocol/sdk';
import type {
  ClientApp,
  ClientContext,
  Implementation,
  InitializeRequest,
  InitializeResponse,
} from '@agentclientprotocol/sdk';
import { BoundedMap, elicitationCapability, isJsonObject, publicSuffixListLoader } from '@elicitation-kit/core';
import type {
  ElicitationCapabilityObject,
  ElicitationError,
  ElicitationQueueProducer,
  ElicitResult,
  LocalElicitationQueue,
  PendingElicitation,
  ServerIdentity,
} from '@elicitation-kit/core';
import { ACP_RULES_REVISION, advertisedModes, parseAcpElicitation } from './request.js';
import { RELAYED_SOURCE_META } from './types.js';
import type { AcpCancelReason, AcpClientEvent, AcpElicitationScope, AttachAcpElicitationOptions } from './types.js';

/** Shown when neither the host nor the agent names the agent. */
const UNNAMED_AGENT = 'ACP agent';

/** A JSON-RPC id as the SDK gives it to a request handler. */
type RequestId = string | number | null;

/** One request in the queue, with the SDK handler call waiting on it. */
interface Live {
  entry: PendingElicitation;
  scope: AcpElicitationScope;
  requestId: RequestId;
  controller: AbortController;
  settled: boolean;
  resolve(result: ElicitResult): void;
  reject(reason: unknown): void;
  /** Takes the abort listener off the request's signal. */
  release(): void;
}

/** What {@link attachAcpElicitation} returns. */
export interface AcpClientAttachment {
  /** The `clientCapabilities.elicitation` to advertise: `{ form: {}, url: {} }` for the chosen modes. */
  readonly capability: ElicitationCapabilityObject;
  /**
   * Sends `initialize` with {@link AcpClientAttachment.capability} as `clientCapabilities.elicitation` (the SDK
   * advertises nothing by itself), and keeps the agent's `agentInfo`: the name shown with its questions.
   */
  initialize(agent: ClientContext, params: InitializeRequest): Promise<InitializeResponse>;
  /** The scope (session, tool call, or request) of a queued entry of this attachment; `undefined` when it is gone. */
  scopeOf(entryId: string): AcpElicitationScope | undefined;
  /**
   * Answers `cancel` to every pending question of one session (the user cancelled the turn, closed the chat), or of
   * one request-scoped phase. Returns how many were answered.
   */
  cancelScope(scope: { sessionId: string } | { requestId: string | number }): number;
  /**
   * Settles this attachment's pending entries as `cancel` and refuses later requests with `-32601` (the SDK cannot
   * take a handler off an app). Later calls do nothing.
   */
  detach(): void;
}

/** A new producer of the host's queue; any other queue (a hand-written one) is refused. */
function openProducer(queue: AttachAcpElicitationOptions['queue']): ElicitationQueueProducer {
  const local: Partial<LocalElicitationQueue> = queue;
  if (typeof local.openProducer !== 'function') {
    throw new TypeError(
      'attachAcpElicitation: `queue` must come from createElicitationQueue() (@elicitation-kit/core)',
    );
  }
  return local.openProducer();
}

/** The host of a URL (`agent.example.com`), or `undefined` when it is not a URL. */
function hostOf(url: string | undefined): string | undefined {
  return url !== undefined && URL.canParse(url) ? new URL(url).host : undefined;
}

/** The MCP server a relaying agent names in `_meta` (see {@link RELAYED_SOURCE_META}), read leniently. */
function relayedSource(params: unknown): { name: string; title?: string; url?: string } | undefined {
  const meta = isJsonObject(params) ? params['_meta'] : undefined;
  const source = isJsonObject(meta) ? meta[RELAYED_SOURCE_META] : undefined;
  if (!isJsonObject(source) || typeof source['name'] !== 'string' || source['name'] === '') {
    return undefined;
  }
  const { name, title, url } = source;
  return {
    name,
    ...(typeof title === 'string' && title !== '' ? { title } : {}),
    ...(typeof url === 'string' && URL.canParse(url) ? { url } : {}),
  };
}

/** Whether an entry belongs to `scope`. */
function inScope(scope: AcpElicitationScope, wanted: { sessionId: string } | { requestId: string | number }): boolean {
  return 'sessionId' in wanted
    ? 'sessionId' in scope && scope.sessionId === wanted.sessionId
    : 'requestId' in scope && scope.requestId === wanted.requestId;
}

/** What goes back to the agent: refusals and URL answers carry no content; a form accept always does. */
function toWireResult(entry: PendingElicitation, result: ElicitResult): ElicitResult {
  if (result.action !== 'accept') {
    return { action: result.action };
  }
  return entry.request.mode === 'url' ? { action: 'accept' } : { action: 'accept', content: result.content ?? {} };
}

/** A request seen before on this connection: never shown or answered again; settles (silently) on abort. */
function silent(signal: AbortSignal): Promise<never> {
  return new Promise<never>((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/**
 * Makes a `ClientApp` of `@agentclientprotocol/sdk` answer its agent's `elicitation/create` through a queue. Call it
 * before `connect`, then `initialize` through the attachment (it advertises the modes and learns the agent's name).
 *
 * - parses each request's raw params with core (form and URL mode, ACP's schema differences normalised) and refuses
 *   an invalid one with `-32602` naming the field (nothing is queued); a mode not advertised is refused too;
 * - queues the rest, with the agent's identity (and the MCP server it relays for, when it says so) and the request's
 *   scope (`scopeOf`), and answers each once with the user's answer (decline and cancel stay distinct);
 * - refuses requests beyond the queue's per-source limit with `-32602` (`data.reason: 'too-many-pending'`);
 * - shows a request repeated with the same JSON-RPC id once, and never again once answered;
 * - removes an entry when the agent cancels it (`$/cancel_request`; the SDK answers `-32800`) and when the
 *   connection closes; settles a URL entry on `elicitation/complete` and ignores unknown or repeated ids.
 *
 * One connection at a time: connecting the app again while a connection is open throws.
 *
 * @example
 * ```ts
 * const queue = createElicitationQueue();
 * const app = client({ name: 'editor' });
 * const kit = attachAcpElicitation(app, { queue });
 * const connection = app.connect(ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout)));
 * await kit.initialize(connection.agent, { protocolVersion: PROTOCOL_VERSION, clientCapabilities: {} });
 * ```
 */
export function attachAcpElicitation(app: ClientApp, options: AttachAcpElicitationOptions): AcpClientAttachment {
  const producer = openProducer(options.queue);
  const capability = elicitationCapability(options.modes);
  const modes = advertisedModes(capability);
  const publicSuffixList = publicSuffixListLoader(options.publicSuffixList);
  const settleCompleted = options.settleCompletedUrl ?? true;
  const given = { id: producer.id, ...options.agent };
  const emit = (event: AcpClientEvent): void => {
    options.onEvent?.(event);
  };

  let agentInfo: Implementation | undefined;
  let connection: AbortSignal | undefined;
  let detached = false;
  /** Requests in the queue, by entry id. */
  const live = new Map<string, Live>();
  /** The current connection's requests in the queue, and the ids it answered (a repeat stays silent). */
  let pendingIds = new Map<RequestId, Live>();
  let answeredIds = new BoundedMap<RequestId, true>();
  /** URLs and URL elicitations this connection accepted: the same URL again means the step is unfinished. */
  let acceptedUrls = new BoundedMap<string, true>();
  let acceptedIds = new BoundedMap<string, true>();

  const identity = (params: unknown): ServerIdentity => {
    const name = given.name ?? agentInfo?.name ?? hostOf(given.url) ?? UNNAMED_AGENT;
    const title = given.title ?? agentInfo?.title ?? undefined;
    const version = given.version ?? agentInfo?.version;
    const relayed = relayedSource(params);
    if (relayed !== undefined) {
      // The question is the MCP server's, carried by the agent: both are named, and links are compared with the
      // server's site when the agent says where it is.
      const url = relayed.url ?? given.url;
      return {
        id: given.id,
        name: `${relayed.title ?? relayed.name} via ${title ?? name}`,
        ...(url !== undefined ? { url } : {}),
      };
    }
    return {
      id: given.id,
      name,
      ...(title !== undefined ? { title } : {}),
      ...(version !== undefined ? { version } : {}),
      ...(given.url !== undefined ? { url: given.url } : {}),
    };
  };

  /** Takes a request out of the books; `false` when it was already settled. */
  const close = (record: Live): boolean => {
    if (record.settled) {
      return false;
    }
    record.settled = true;
    record.release();
    live.delete(record.entry.id);
    if (pendingIds.get(record.requestId) === record) {
      pendingIds.delete(record.requestId);
    }
    return true;
  };

  const answer = (record: Live, result: ElicitResult): void => {
    if (!close(record)) {
      return;
    }
    answeredIds.set(record.requestId, true);
    const wire = toWireResult(record.entry, result);
    const { request } = record.entry;
    if (request.mode === 'url' && wire.action === 'accept') {
      acceptedUrls.set(request.url, true);
      if (request.elicitationId !== undefined && record.entry.status !== 'completed') {
        acceptedIds.set(request.elicitationId, true);
      }
    }
    record.resolve(wire);
    emit({ type: 'answered', entry: record.entry, scope: record.scope, result: wire });
  };

  /** The entry leaves the queue unanswered by the user. */
  const drop = (record: Live, reason: AcpCancelReason, error: unknown): void => {
    if (!close(record)) {
      return;
    }
    producer.remove(record.entry.id);
    record.controller.abort(error);
    if (reason === 'detached') {
      record.resolve({ action: 'cancel' });
    } else {
      // Cancelled: the SDK answers `-32800`. Closed: nothing can be sent.
      record.reject(error);
    }
    emit({ type: 'cancelled', entry: record.entry, scope: record.scope, reason });
  };

  const refuse = (
    params: unknown,
    error: ElicitationError | { code: number; message: string; data?: unknown },
  ): never => {
    emit({ type: 'rejected', server: identity(params), error });
    throw new RequestError(error.code, error.message, 'data' in error ? error.data : undefined);
  };

  const handle = async (params: unknown, requestId: RequestId, signal: AbortSignal): Promise<ElicitResult> => {
    if (detached) {
      throw RequestError.methodNotFound(methods.client.elicitation.create);
    }
    if (modes.includes('url') && publicSuffixList.pendingFor(params)) {
      // The first URL-mode request waits for the host's list and is judged by it; a failed load refuses it.
      try {
        await publicSuffixList.load();
      } catch (error) {
        refuse(params, { code: -32603, message: error instanceof Error ? error.message : String(error) });
      }
    }
    if (signal.aborted) {
      throw signal.reason;
    }
    if (pendingIds.has(requestId) || answeredIds.has(requestId)) {
      return silent(signal);
    }
    const server = identity(params);
    const parsed = parseAcpElicitation(params, {
      modes,
      serverUrl: server.url,
      publicSuffixList: publicSuffixList.current(),
    });
    if (!parsed.ok) {
      return refuse(params, parsed.error);
    }
    const { request, scope } = parsed;
    const made = producer.create({
      request,
      server,
      era: 'legacy',
      protocolVersion: ACP_RULES_REVISION,
      kind: 'request',
      askedAgain: request.mode === 'url' && acceptedUrls.has(request.url),
    });
    if (!made.ok) {
      return refuse(params, made.error);
    }
    const { entry, controller } = made;
    return new Promise<ElicitResult>((resolve, reject) => {
      const onAbort = (): void => {
        drop(record, connection?.aborted === true ? 'connection-closed' : 'aborted', signal.reason);
      };
      const record: Live = {
        entry,
        scope,
        requestId,
        controller,
        settled: false,
        resolve,
        reject,
        release: () => signal.removeEventListener('abort', onAbort),
      };
      signal.addEventListener('abort', onAbort, { once: true });
      live.set(entry.id, record);
      pendingIds.set(requestId, record);
      producer.add(entry, (result) => answer(record, result));
      emit({ type: 'shown', entry, scope });
    });
  };

  const complete = (elicitationId: string): void => {
    for (const record of live.values()) {
      const { request } = record.entry;
      if (request.mode !== 'url' || request.elicitationId !== elicitationId) {
        continue;
      }
      if (record.entry.status === 'completed') {
        return;
      }
      const completed: PendingElicitation = { ...record.entry, status: 'completed' };
      record.entry = completed;
      emit({ type: 'completed', elicitationId, entry: completed });
      if (settleCompleted) {
        options.queue.respond(completed.id, { action: 'accept' });
      } else {
        producer.replace(completed);
      }
      return;
    }
    if (acceptedIds.delete(elicitationId)) {
      emit({ type: 'completed', elicitationId });
    }
  };

  app.onRequest(
    methods.client.elicitation.create,
    // Raw params: core must see what the agent sent (the SDK's own parse would reshape it), to refuse it by name.
    (params: unknown) => params,
    ({ params, requestId, signal }) => handle(params, requestId, signal),
  );
  app.onNotification(methods.client.elicitation.complete, ({ params }) => {
    complete(params.elicitationId);
  });
  app.onConnect((opened) => {
    if (connection !== undefined && !connection.aborted) {
      throw new Error('attachAcpElicitation: this app already has an open connection; attach a new app per agent');
    }
    connection = opened.signal;
    // Ids restart with each connection.
    pendingIds = new Map();
    answeredIds = new BoundedMap();
    acceptedUrls = new BoundedMap();
    acceptedIds = new BoundedMap();
  });

  return {
    capability,
    async initialize(agent, params) {
      const request: InitializeRequest = {
        ...params,
        clientCapabilities: { ...params.clientCapabilities, elicitation: capability },
      };
      const response = await agent.request(methods.agent.initialize, request);
      agentInfo = response.agentInfo ?? undefined;
      return response;
    },
    scopeOf: (entryId) => live.get(entryId)?.scope,
    cancelScope(scope) {
      const answered = [...live.values()].filter((record) => inScope(record.scope, scope));
      let count = 0;
      for (const record of answered) {
        if (options.queue.respond(record.entry.id, { action: 'cancel' })) {
          count += 1;
        }
      }
      return count;
    },
    detach() {
      if (detached) {
        return;
      }
      detached = true;
      for (const record of live.values()) {
        drop(record, 'detached', new Error('attachAcpElicitation: detached'));
      }
    },
  };
}
