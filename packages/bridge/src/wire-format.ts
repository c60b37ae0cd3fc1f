// The bridge's wire protocol, shared by its two halves: what the backend streams to a browser and what a browser posts
// back. Browser-safe: no Node built-ins, no MCP SDK (types only).
//
// Stream (`GET`, `text/event-stream`), one JSON `data:` line per event:
//   event: ready      { token, hub, entries: WireEntry[], ids? }  first on every stream: the owner's pending
//                     questions, as many as fit in MAX_EVENT_LENGTH; with `ids` (every pending id) the others follow
//   event: entry      { entry: WireEntry }                    a question arrived or changed (same id: replace it)
//   event: withdrawn  { id, reason: WithdrawReason }          a question left: close its dialog
//   `: keepalive` comments in between.
// Answer (`POST`, `Content-Type: application/json`, the stream's token in the `Elicitation-Bridge-Token` header):
//   { "id": "<entry id>", "result": { "action": "accept", "content": { … } } }
//   200 { ok: true } | 4xx/5xx { error: BridgeErrorCode, message, path?, issues? }
import type { ElicitResult, JsonObject, ProtocolVersion, ValidationIssue } from '@elicitation-kit/core';
import type { PendingElicitation, ServerIdentity } from '@elicitation-kit/core';

/** The request header that carries a stream's answer token. */
export const TOKEN_HEADER = 'Elicitation-Bridge-Token';

/** The longest entry id, token or owner id either half accepts. */
export const MAX_ID_LENGTH = 512;

/**
 * The longest event either half lets through the stream, in characters of its `data` (4 MiB). The backend never
 * sends a longer one (a `ready` holds only the questions that fit; the others follow, an `entry` event each, and
 * `maxEntryBytes` cannot exceed it), and the page reads anything up to it: the two sides' limits are this one number.
 */
export const MAX_EVENT_LENGTH = 4 * 1024 * 1024;

/**
 * Why a question left the browser (its entry's `signal` aborts with a {@link WithdrawnError} naming it):
 * - `answered`: answered through the bridge, in this window or another one of the same user;
 * - `cancelled`: the MCP server (or the host's call) cancelled it;
 * - `closed`: the backend's MCP connection closed, or the host stopped exposing the queue (the tool call ended);
 * - `settled`: it left the backend without an answer from the bridge (the host answered it there, or the server said
 *   a URL step was complete), or it was gone when the browser reconnected;
 * - `lost`: the backend process holding it stopped (crashed, killed, lost Redis): it was cancelled; run the tool again;
 * - `moved`: a durable round (`@elicitation-kit/mcp/durable`, 2026-07-28) was handed over: its process is going away
 *   (a redeploy) or another process took it. The same question comes back from the taker under a new id with the same
 *   `roundKey`: keep what was typed for it;
 * - `expired`: a durable round's time to answer ran out: nothing was sent to the server.
 */
export type WithdrawReason = 'answered' | 'cancelled' | 'closed' | 'settled' | 'lost' | 'moved' | 'expired';

/** What each {@link WithdrawReason} says to a person (replace them by code for another language). */
export const WITHDRAW_MESSAGES: Readonly<Record<WithdrawReason, string>> = Object.freeze({
  answered: 'This question was answered in another window.',
  cancelled: 'The server cancelled this question.',
  closed: 'The connection to the server closed before this question was answered.',
  settled: 'This question is no longer waiting for an answer.',
  lost: 'The server process holding this question stopped, so the question was cancelled. Run the tool again.',
  moved: 'This question moved to another server process; it comes back in a moment with what you typed.',
  expired: 'The time to answer this question ran out; nothing was sent to the server.',
});

/** The abort reason of a bridged entry's `signal`: why the question left. */
export class WithdrawnError extends Error {
  override readonly name = 'WithdrawnError';
  /** Why the question left; {@link WITHDRAW_MESSAGES} has the sentence. */
  readonly code: WithdrawReason;

  constructor(code: WithdrawReason) {
    super(WITHDRAW_MESSAGES[code]);
    this.code = code;
  }
}

/**
 * One pending question as it travels: the entry's serialisable parts, with the request as `params` (the
 * `elicitation/create` params the backend accepted), never as the parsed form: the browser parses them again with
 * core, so nothing the wire says is trusted as already checked.
 */
export interface WireEntry {
  id: string;
  params: JsonObject;
  server: ServerIdentity;
  era: PendingElicitation['era'];
  /**
   * The revision the backend's adapter parsed the request with: the page parses `params` with exactly that one. Absent
   * when the adapter knew none, and from a replica older than this member: the page then reads the era as before
   * (`modern` → 2026-07-28, a `url-required` → 2025-11-25, else every 2025 shape).
   */
  protocolVersion?: ProtocolVersion;
  status: PendingElicitation['status'];
  kind: PendingElicitation['kind'];
  createdAt: number;
  askedAgain?: true;
  /** The host's tag of the exposure (`bridge.expose(owner, queue, { tag })`). */
  tag?: string;
  /**
   * The durable round the question belongs to (core's `PendingElicitation.roundKey`): the same on every process that
   * shows it, so the page carries a draft from a `moved` entry to its successor. Absent for other questions.
   */
  roundKey?: string;
}

/** The `ready` event: the stream's token, which hub it speaks for, and the owner's pending questions. */
export interface ReadyEvent {
  token: string;
  /** The hub's identity: a different one after a reconnect means the backend restarted (the missing were `lost`). */
  hub: string;
  /** The pending questions that fit within {@link MAX_EVENT_LENGTH}, in arrival order. */
  entries: WireEntry[];
  /**
   * Every pending question's id, when some did not fit: those follow as `entry` events. The page keeps what it shows
   * of them instead of withdrawing it as gone.
   */
  ids?: string[];
}

/** The body of an answer. */
export interface AnswerBody {
  id: string;
  result: ElicitResult;
}

/** Every refusal's `error`. */
export type BridgeErrorCode =
  | 'unauthorized'
  | 'bad-origin'
  | 'bad-token'
  | 'method-not-allowed'
  | 'unsupported-media-type'
  | 'too-large'
  | 'malformed-json'
  | 'wrong-shape'
  | 'not-pending'
  | 'invalid-answer'
  | 'invalid-content'
  | 'lost'
  | 'unavailable'
  | 'too-many-streams'
  | 'slow-body'
  | 'internal';

/** The JSON body of every refusal: a stable code, a sentence, and where the problem is. */
export interface BridgeErrorBody {
  error: BridgeErrorCode;
  message: string;
  /** For `wrong-shape`: the dotted path of the offending member (`result.action`). */
  path?: string;
  /** For `invalid-content`: core's issues, one per field and rule. */
  issues?: ValidationIssue[];
}
