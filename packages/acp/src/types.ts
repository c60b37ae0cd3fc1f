// Public types of @elicitation-kit/acp. The queue, its entries and the answers are core's; these add ACP's scope and
// the events of both sides.
import type {
  ElicitationError,
  ElicitationModes,
  ElicitationQueue,
  ElicitResult,
  PendingElicitation,
  PublicSuffixListSource,
  ServerIdentity,
  ValidationIssue,
} from '@elicitation-kit/core';

/**
 * Where an ACP elicitation belongs: a session (optionally one tool call of it, e.g. an MCP server's question relayed
 * during that call), or one JSON-RPC request outside any session (e.g. during `authenticate`).
 */
export type AcpElicitationScope = { sessionId: string; toolCallId?: string } | { requestId: string | number };

/**
 * The `_meta` key under which the agent side names the MCP server a relayed question comes from
 * (`{ name, title?, url? }`), and the client side reads it to show "<server> via <agent>".
 */
export const RELAYED_SOURCE_META = 'io.elicitation-kit/source';

/** Why an entry left the queue without an answer from the user. */
export type AcpCancelReason = 'aborted' | 'connection-closed' | 'detached';

/** What happened to the ACP requests of a client attachment, for host logs and developer tools. */
export type AcpClientEvent =
  | { type: 'shown'; entry: PendingElicitation; scope: AcpElicitationScope }
  | { type: 'answered'; entry: PendingElicitation; scope: AcpElicitationScope; result: ElicitResult }
  /** A request refused with `-32602` (or `-32603` when the Public Suffix List could not load); nothing was queued. */
  | { type: 'rejected'; server: ServerIdentity; error: ElicitationError | { code: number; message: string } }
  | { type: 'cancelled'; entry: PendingElicitation; scope: AcpElicitationScope; reason: AcpCancelReason }
  /** `elicitation/complete` named a URL elicitation of this connection (`entry` when it was still in the queue). */
  | { type: 'completed'; elicitationId: string; entry?: PendingElicitation };

/** Options of {@link attachAcpElicitation}. */
export interface AttachAcpElicitationOptions {
  /** Where requests are queued for the UI: a queue made by core's `createElicitationQueue`. */
  queue: ElicitationQueue;
  /** Modes to advertise (through {@link AcpClientAttachment.initialize}) and accept. @default both */
  modes?: ElicitationModes;
  /**
   * What to show about the agent, over what it says in `initialize` (`agentInfo`). `id` defaults to a key unique to
   * this attachment (the per-source limit counts by it). Give `url` for an agent that lives on a site: every URL-mode
   * link is compared with it (the different-site warning).
   */
  agent?: Partial<ServerIdentity>;
  /**
   * The Public Suffix List by which links are judged the same site or another (as in `@elicitation-kit/mcp`):
   * a list, or a loader called on the first URL-mode request. @default core's built-in excerpt
   */
  publicSuffixList?: PublicSuffixListSource;
  /**
   * What `elicitation/complete` does to a URL entry still in the queue: `true` answers it `accept` (the step is done),
   * `false` marks it `status: 'completed'` and leaves the answer to the host. @default true
   */
  settleCompletedUrl?: boolean;
  onEvent?: (event: AcpClientEvent) => void;
}

/** What the agent side reports about the questions it forwards. */
export type AcpForwardEvent =
  | { type: 'forwarded'; entry: PendingElicitation }
  /** The client's answer went back to the entry's producer (the MCP server gets it). */
  | { type: 'answered'; entry: PendingElicitation; result: ElicitResult }
  /** The client did not advertise the entry's mode: nothing was sent, the entry was answered `cancel`. */
  | { type: 'unsupported-mode'; entry: PendingElicitation }
  /** The client accepted with content that fails the schema (core's check): the entry was answered `cancel`. */
  | { type: 'invalid-answer'; entry: PendingElicitation; issues: ValidationIssue[] }
  /** The request failed (an error response, a closed connection): the entry was answered `cancel`. */
  | { type: 'failed'; entry: PendingElicitation; error: unknown }
  /** The entry was withdrawn on the MCP side, or answered there: the client was told (`$/cancel_request`). */
  | { type: 'withdrawn'; entry: PendingElicitation }
  /** `elicitation/complete` was sent to the client. */
  | { type: 'completed'; elicitationId: string };
