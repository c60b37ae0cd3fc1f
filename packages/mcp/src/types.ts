/**
 * Public types of @elicitation-kit/mcp shared by every client adapter. They import no MCP SDK: the events and the
 * attachment are the same whichever client a host runs (`/sdk-v2`, `/sdk-v1`, `/ai-sdk`); the queue and its entries
 * are core's.
 */
import type {
  ElicitResult,
  ElicitationError,
  ElicitationModes,
  ElicitationQueue,
  PendingElicitation,
  ProtocolEra,
  PublicSuffixListSource,
  ServerIdentity,
} from '@elicitation-kit/core';

export type { ElicitationModes, ProtocolEra } from '@elicitation-kit/core';
// The queue's types live in core (its one home); named here too for the kit's own modules.
export type { ElicitationQueue, PendingElicitation, ServerIdentity } from '@elicitation-kit/core';

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
   * 2025 sessions: the user answered, but the JSON-RPC response carrying the answer could not be sent; the server is
   * still waiting. `canResend`: the kit kept the answer and `resend(entry.id)` sends the same response again (the
   * network failed); `false` when the server answered `404` (its session is gone, e.g. it restarted): nothing can
   * deliver it, the tool call must be run again.
   */
  | { type: 'undelivered'; entry: PendingElicitation; result: ElicitResult; error: unknown; canResend: boolean };

/** Options of {@link attachElicitation}. */
export interface AttachElicitationOptions {
  /**
   * Where requests are queued for the UI: a queue made by core's `createElicitationQueue` (checked when attaching:
   * the attachment opens a producer of it).
   */
  queue: ElicitationQueue;
  /** Modes to declare and accept. @default { form: true, url: true } */
  modes?: ElicitationModes;
  /**
   * What to show about the server; merged over what the server says about itself (`serverInfo`, read when a request
   * arrives). `id` defaults to a key unique to this attachment. Give `url`: core compares every URL-mode link with it
   * (`request.link.sameSiteAsServer`), and the dialog warns about a link on another site.
   */
  server?: Partial<ServerIdentity>;
  /**
   * The Public Suffix List by which URL-mode links are judged the same site as the server or another one. Pass
   * `publicSuffixList` from `@elicitation-kit/mcp/public-suffix` (the real list through `tldts`, ~50 KB min+gz): then
   * two tenants of one shared host (`victim.s3.amazonaws.com`, `attacker.s3.amazonaws.com`; `*.github.io`,
   * `*.vercel.app`) are two sites. Without it core uses its built-in excerpt of the list, which knows the common shared
   * hosts but not every one (a tenant of a host it does not know counts as the same site as its neighbours).
   * In a page, pass a loader instead, `() => import('@elicitation-kit/mcp/public-suffix').then((m) =>
   * m.publicSuffixList)`: it is called on the first URL-mode request (never for a form), which waits for it and is
   * judged by the real list; a failed load refuses that request (JSON-RPC `-32603`, `rejected` event; never judged by
   * the excerpt instead) and the next URL-mode request loads again.
   * @default core's built-in excerpt
   */
  publicSuffixList?: PublicSuffixListSource;
  /** Called for every protocol event (shown, answered, rejected, cancelled, completed, undelivered). */
  onEvent?: (event: ElicitationEvent) => void;
  /**
   * What happens to an entry that `notifications/elicitation/complete` names (2025-11-25): `true` settles it (the
   * user finished the step on the page: a URL request is answered `accept`, a `url-required` entry is dismissed);
   * `false` marks it `status: 'completed'` and leaves the answer to the host.
   * @default true
   */
  settleCompletedUrl?: boolean;
}

/**
 * The timeouts of an attachment's `callTool`, whichever client: they measure the server's work only. While the
 * connection waits for the user (a request in the queue, a 2025 URL elicitation the user accepted and has not
 * completed, an answer kept for resending), the call's clock stops.
 */
export interface PausedTimeouts {
  /**
   * How long the server may work before the call fails with the client's own timeout error: counted from the call,
   * stopped while the user is being waited for, and started afresh when the user answers (as each 2026-07-28 retry
   * gets a fresh timeout from the SDK). @default the client's own default (SDK v2 and v1: 60_000; AI SDK: none)
   */
  timeout?: number;
  /**
   * A progress notification starts the timeout afresh (the kit then asks the server for progress). SDK v2 and v1
   * only (the AI SDK client reads no progress). @default false
   */
  resetTimeoutOnProgress?: boolean;
  /**
   * The most server work the whole call may take, progress or not. The time spent waiting for the user does not
   * count. @default no limit
   */
  maxTotalTimeout?: number;
}

/** What every adapter's `attachElicitation` returns, whatever the client; each adds the `callTool` of its client. */
export interface ElicitationAttachmentBase {
  /**
   * Removes the handlers and settles this client's pending entries as cancelled. The declared capability stays
   * (no client can undeclare it after connecting).
   */
  detach(): void;
  /**
   * Turns a `-32042` (URL elicitation required, 2025-11-25) error from a tool call into `url-required` entries
   * and returns them (existing entries for the same `elicitationId` are returned, not duplicated). Returns `[]`
   * for any other error. When the server's completion notification arrives, the entry leaves the queue by itself
   * (`settleCompletedUrl`); when the user says they are done first, dismiss it with `respond(id, { action: 'accept' })`.
   * Then retry the call. Asynchronous because the host's Public Suffix List may load first (a loader given as
   * `publicSuffixList`); when that load fails none is surfaced (`[]`, a `rejected` event says why).
   */
  surfaceUrlRequired(error: unknown): Promise<PendingElicitation[]>;
  /**
   * Sends again an answer whose response failed to go out (after an `undelivered` event; 2025 sessions). Resolves
   * `true` once it is sent, `false` when there is nothing to resend (never kept: `canResend: false`) or it failed
   * again (it stays in {@link ElicitationAttachmentBase.undelivered} for another try).
   * The same response (same JSON-RPC id) is sent, so the server takes it at most once: an SDK server ignores a
   * response to a request it no longer waits for.
   */
  resend(entryId: string): Promise<boolean>;
  /**
   * The entries whose answers are kept for {@link ElicitationAttachmentBase.resend}, oldest first (an answer leaves
   * once it is sent, on `detach`, and when no `callTool` of this attachment is in flight any more: nothing waits for
   * it).
   */
  undelivered(): readonly PendingElicitation[];
}
