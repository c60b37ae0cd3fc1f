/**
 * Public types of @elicitation-kit/mcp.
 */
import type { ElicitResult, ElicitationError, ParsedElicitation } from '@elicitation-kit/core';

import type { ElicitationModes, ProtocolEra } from '@elicitation-kit/core';

export type { ElicitationModes, ProtocolEra } from '@elicitation-kit/core';

/** Who is asking. Shown to the user (the spec requires the client to make clear which server asks). */
export interface ServerIdentity {
  /** Stable key of the connection within the queue (the per-server pending limit counts by it). */
  id: string;
  /** `serverInfo.name`, or the host-provided name. */
  name: string;
  title?: string;
  version?: string;
  /** Where the server lives, when the host knows it (for display). */
  url?: string;
}

/** One request waiting for the user. Entries are immutable: a change produces a new object and a new snapshot. */
export interface PendingElicitation {
  /** Queue-unique id; pass it to {@link ElicitationQueue.respond}. */
  id: string;
  /** The request as core parsed it (form fields or URL analysis). */
  request: ParsedElicitation;
  server: ServerIdentity;
  era: ProtocolEra;
  /** Aborted when the server or the caller cancels, or the connection closes: close the UI then. */
  signal: AbortSignal;
  /**
   * `completed` once `notifications/elicitation/complete` named this URL elicitation (2025-11-25 only):
   * the out-of-band step is done and the host may retry or dismiss.
   */
  status: 'pending' | 'completed';
  /**
   * `request`: an `elicitation/create` the server is waiting on (answer it with accept/decline/cancel).
   * `url-required`: a URL elicitation surfaced from a `-32042` tool error; nothing is sent back, `respond` only
   * dismisses it and the host retries the tool call.
   */
  kind: 'request' | 'url-required';
  /** `Date.now()` when it was queued. */
  createdAt: number;
}

/** A framework-free store of pending elicitations (works with React's `useSyncExternalStore`). */
export interface ElicitationQueue {
  /** Calls `listener` after every change. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The pending entries in arrival order. Same array identity until something changes. */
  getSnapshot(): readonly PendingElicitation[];
  /**
   * Answers an entry and removes it from the queue. Returns `false` when the entry is gone (already answered,
   * cancelled by the server, or its connection closed); nothing is sent then.
   */
  respond(id: string, result: ElicitResult): boolean;
  /**
   * Declines or cancels every pending entry of one server at once (a flood, or "dismiss all from this server"), in
   * arrival order, with one snapshot change. Entries of other servers and completed URL entries are left alone.
   * Returns how many were answered.
   */
  respondAll(serverId: string, result: { action: 'decline' | 'cancel' }): number;
}

/** Options of {@link createElicitationQueue}. */
export interface ElicitationQueueOptions {
  /**
   * How many entries one server may have pending at once. A request beyond it is refused with `-32602`
   * (`data.reason: 'too-many-pending'`) and never shown.
   * @default 20
   */
  maxPendingPerServer?: number;
}

/** A JSON-RPC error object as sent to (or received from) the peer. */
export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** Why an entry left the queue without an answer from the user. */
export type CancelReason = 'aborted' | 'connection-closed' | 'detached';

/** Protocol-level events, for host logs and developer tools. */
export type ElicitationEvent =
  | { type: 'shown'; entry: PendingElicitation }
  | { type: 'answered'; entry: PendingElicitation; result: ElicitResult }
  | {
      type: 'rejected';
      server: ServerIdentity;
      era: ProtocolEra;
      /** The error sent to the server (legacy) or thrown to the caller (modern). */
      error: ElicitationError | JsonRpcErrorObject;
      /** JSON-RPC id (legacy) or `inputRequests` key (modern). */
      requestId?: string | number;
    }
  | { type: 'cancelled'; entry: PendingElicitation; reason: CancelReason; detail?: unknown }
  | { type: 'completed'; server: ServerIdentity; elicitationId: string; entry?: PendingElicitation }
  /**
   * 2025 sessions: the user answered, but the JSON-RPC response carrying the answer could not be sent (the network
   * failed); the server is still waiting. `resend(entry.id)` sends the same response again.
   */
  | { type: 'undelivered'; entry: PendingElicitation; result: ElicitResult; error: unknown };

/** Options of {@link attachElicitation}. */
export interface AttachElicitationOptions {
  /** Where requests are queued for the UI. */
  queue: ElicitationQueue;
  /** Modes to declare and accept. @default { form: true, url: true } */
  modes?: ElicitationModes;
  /**
   * What to show about the server; merged over `client.getServerVersion()` (read when a request arrives).
   * `id` defaults to a key unique to this attachment.
   */
  server?: Partial<ServerIdentity>;
  /** Called for every protocol event (shown, answered, rejected, cancelled, completed). */
  onEvent?: (event: ElicitationEvent) => void;
}

/** What {@link attachElicitation} returns. */
export interface ElicitationAttachment {
  /**
   * Removes the handlers and settles this client's pending entries as cancelled. The declared capability stays
   * (the SDK cannot undeclare it after connect).
   */
  detach(): void;
  /**
   * Turns a `-32042` (URL elicitation required, 2025-11-25) error from a tool call into `url-required` entries
   * and returns them (existing entries for the same `elicitationId` are returned, not duplicated). Returns `[]`
   * for any other error. After the user finishes (or a completion notification marks the entry `completed`),
   * dismiss it with `respond(id, { action: 'accept' })` and retry the call.
   */
  surfaceUrlRequired(error: unknown): PendingElicitation[];
  /**
   * Sends again an answer whose response failed to go out (after an `undelivered` event; 2025 sessions). Resolves
   * `true` once it is sent, `false` when there is nothing to resend or it failed again (keep it for another try).
   * The same response (same JSON-RPC id) is sent, so the server takes it at most once: an SDK server ignores a
   * response to a request it no longer waits for.
   */
  resend(entryId: string): Promise<boolean>;
}
