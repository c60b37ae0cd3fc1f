// What every adapter's `attachElicitation` is made of, whichever client it serves: the single-job modules composed
// for one connection. Each job lives in its own file: the request handler and its replay memory (requests.ts,
// replay.ts), delivery watching (undelivered.ts), URL completion (url-completion.ts), `-32042` (url-required.ts) and
// tool calls whose timeout skips the user's time (tool-call.ts); entries are made by a producer of core's queue. An
// adapter declares the capability, registers its client's handlers, and hands them to the attachment made here through
// a small binding: how to read the negotiated revision, the server's `serverInfo` and the transport, and how its
// client refuses a request.
import type {
  ElicitationCapabilityObject,
  ElicitationError,
  ElicitationQueueProducer,
  ElicitResult,
  LocalElicitationQueue,
} from '@elicitation-kit/core';
import { publicSuffixListLoader } from '@elicitation-kit/core';
import { createDelivery } from './undelivered.js';
import type { NegotiatedProtocol } from './era.js';
import { createRequestHandler } from './requests.js';
import { toServerIdentity } from './server-identity.js';
import type { ServerInfo } from './server-identity.js';
import { createToolCalls } from './tool-call.js';
import type { ToolCalls } from './tool-call.js';
import { createUrlCompletion } from './url-completion.js';
import { createUrlRequired } from './url-required.js';
import type {
  AttachElicitationOptions,
  CancelReason,
  ElicitationAttachmentBase,
  ElicitationEvent,
  JsonRpcErrorObject,
  ServerIdentity,
} from './types.js';
import type { RequestId, WireTransport } from './client-transport.js';

/** What the attachment needs to know about one client. */
export interface ClientBinding {
  /** The negotiated revision and era, read when a request arrives. */
  protocol(): NegotiatedProtocol;
  /** What the server said about itself, once connected. */
  serverInfo(): ServerInfo | undefined;
  /** The connection's transport, when the client exposes it (replays and delivery are tracked per transport). */
  transport(): WireTransport | undefined;
  /** The client's own error for a refusal (sent as the JSON-RPC error, or thrown to the tool call's caller). */
  refusal(error: ElicitationError | JsonRpcErrorObject): unknown;
  /** Whether an answer whose response failed with `error` may be sent again (not after a `404`: session gone). */
  canResendAfter(error: unknown): boolean;
}

/** One client's attachment: what its handlers call, and what its `attachElicitation` returns. */
export interface Attachment {
  /** Serves one `elicitation/create` with the server's raw params; resolves with the answer to send. */
  handle(params: unknown, requestId: RequestId | undefined, signal: AbortSignal): Promise<ElicitResult>;
  /** `notifications/elicitation/complete` for `elicitationId`. */
  complete(elicitationId: string): void;
  /** The connection closed: pending entries settle as `cancel`, surfaced ones leave. */
  closed(): void;
  /** The tool calls of the attachment, whose clocks stop while the user is being waited for. */
  calls: ToolCalls;
  /** What the adapter's attachment returns besides its own `detach` and `callTool`. */
  controls: Omit<ElicitationAttachmentBase, 'detach'>;
  /**
   * Detaches once (later calls do nothing): runs `removeHooks` (the adapter takes its handlers off the client), then
   * settles this client's entries as `cancel` (`reason: 'detached'`) and stops reporting.
   */
  detach(removeHooks: () => void): void;
  /** Whether {@link Attachment.detach} ran. */
  readonly detached: boolean;
}

/** A new producer of `options.queue`; any other queue (a hand-written one, the bridge's browser half) is refused. */
function openProducer(options: AttachElicitationOptions): ElicitationQueueProducer {
  const queue: Partial<LocalElicitationQueue> = options.queue;
  if (typeof queue.openProducer !== 'function') {
    throw new TypeError('attachElicitation: `queue` must come from createElicitationQueue() (@elicitation-kit/core)');
  }
  return queue.openProducer();
}

/** The attachment of one client to `options.queue`, with the modes `capability` declared. */
export function createAttachment(
  options: AttachElicitationOptions,
  capability: ElicitationCapabilityObject,
  binding: ClientBinding,
): Attachment {
  const producer = openProducer(options);
  const given = { id: producer.id, ...options.server };
  const server = (): ServerIdentity => toServerIdentity(binding.serverInfo(), given);
  const protocol = (): NegotiatedProtocol => binding.protocol();
  const emit = (event: ElicitationEvent): void => {
    options.onEvent?.(event);
  };
  // Every module reports a change in what the connection waits for; the tool calls re-read it.
  const changed = (): void => {
    calls.refresh();
  };

  const completion = createUrlCompletion({
    queue: options.queue,
    producer,
    settle: options.settleCompletedUrl ?? true,
    emit,
    changed,
  });
  const delivery = createDelivery({ emit, changed, canResendAfter: (error) => binding.canResendAfter(error) });
  // One list for both paths: loaded (when the host gave a loader) by the first URL-mode request of either.
  const publicSuffixList = publicSuffixListLoader(options.publicSuffixList);
  const requests = createRequestHandler({
    producer,
    capability,
    publicSuffixList,
    delivery,
    completion,
    protocol,
    server,
    transport: () => binding.transport(),
    refusal: (error) => binding.refusal(error),
    emit,
    changed,
  });
  const urlRequired = createUrlRequired({
    producer,
    capability,
    publicSuffixList,
    completion,
    protocol,
    server,
    emit,
  });
  const calls = createToolCalls({
    waitingForUser: () => requests.size > 0 || completion.awaitingUser() || delivery.undelivered().length > 0,
    idle: () => {
      completion.release();
      delivery.forget();
    },
  });

  const settleAll = (reason: Exclude<CancelReason, 'aborted'>): void => {
    requests.settleAll(reason);
    urlRequired.dropAll(reason);
  };
  let detached = false;
  return {
    handle: (params, requestId, signal) => requests.handle(params, requestId, signal),
    complete(elicitationId) {
      completion.complete(elicitationId, server(), [...requests.live(), ...urlRequired.live()]);
    },
    closed: () => settleAll('connection-closed'),
    calls,
    controls: {
      resend: (entryId) => delivery.resend(entryId),
      undelivered: () => delivery.undelivered(),
      surfaceUrlRequired: (error) => urlRequired.surface(error),
    },
    detach(removeHooks) {
      if (detached) {
        return;
      }
      detached = true;
      removeHooks();
      settleAll('detached');
      delivery.detach();
    },
    get detached() {
      return detached;
    },
  };
}
