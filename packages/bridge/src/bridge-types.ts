/**
 * Public types of the bridge's server half (`@elicitation-kit/bridge`).
 */
import type { ElicitResult } from '@elicitation-kit/core';
import type { ElicitationQueue, PendingElicitation } from '@elicitation-kit/core';
import type { ElicitationBridgeHub } from './hub.js';
import type { BridgeErrorBody, WithdrawReason } from './wire-format.js';

/**
 * The request {@link ElicitationBridgeOptions.authorize} reads who the browser is from. Through `bridge.fetch` it is
 * the Fetch API `Request` itself; through `toNodeListener(bridge)` these parts of Node's request, read off it as they
 * are (no Fetch objects are made per request).
 */
export interface BridgeRequest {
  /** `GET` (the stream of questions) or `POST` (an answer); anything else is refused after `authorize`. */
  readonly method: string;
  /** The whole URL: under Node's `http`, its scheme from the socket and its host from the `Host` header. */
  readonly url: string;
  /** The request's headers by name, any case (`get('cookie')`); a header sent several times, its values joined. */
  readonly headers: { get(name: string): string | null };
}

/** Options of {@link createElicitationBridge}. */
export interface ElicitationBridgeOptions {
  /**
   * Who the browser making `request` is: the owner id its questions were exposed under (the signed-in user's id,
   * from your session cookie or header), or `null`/`undefined` to refuse (`401`). Called for every stream and every
   * answer. An owner id is a string of 1 to 512 characters.
   */
  authorize(request: BridgeRequest): string | null | undefined | Promise<string | null | undefined>;
  /** Where replicas meet. @default the memory hub of this process (one replica) */
  hub?: ElicitationBridgeHub;
  /**
   * The key of the answer tokens (at least 32 bytes). Required with a Redis hub (every replica needs the same one);
   * random per process by default.
   */
  secret?: string | Uint8Array;
  /**
   * The origins (`https://app.example.com`, as the browser's address bar shows them) of the pages that may read the
   * streams and answer. Required. A request with another `Origin` header, or whose `Sec-Fetch-Site` is anything but
   * `same-origin` or `none`, is refused (`403 bad-origin`); a request without `Sec-Fetch-Site` (not a browser) is
   * judged by its `Origin` alone. Behind a dev server's proxy that rewrites `Host` (Vite's `server.proxy` string form,
   * Next.js rewrites), list the page's origin (`http://localhost:5173`).
   *
   * `'trust-host-header'` takes the origin of `request.url`, which comes from the `Host` header. Only for a server
   * that checks `Host` itself: a DNS-rebinding page (its own host name resolved to this server) sends its own `Host`
   * and `Origin`, which then match, and would read the streams and answer.
   */
  origins: readonly string[] | 'trust-host-header';
  /** The largest answer body read, in bytes; beyond it `413 too-large`. @default 262144 (256 KiB) */
  maxBodyBytes?: number;
  /**
   * The largest question sent to a browser, in bytes of JSON. A larger one is cancelled with its MCP server (and a
   * `failed` event) instead of being left where no browser can take it. At most `MAX_EVENT_LENGTH` − 64 KiB (what
   * the page reads). @default 1048576 (1 MiB)
   */
  maxEntryBytes?: number;
  /**
   * How long a whole answer body may take to arrive; a slower one is refused `408 slow-body` and its connection
   * closed. @default 10000
   */
  bodyTimeoutMs?: number;
  /** Streams one owner may hold open on this replica at once (tabs); beyond it `429 too-many-streams`. @default 16 */
  maxStreamsPerOwner?: number;
  /**
   * The bytes one stream may hold that its browser has not taken yet. Past it the stream is dropped (a `dropped`
   * event), its bytes freed, then its slot; the browser reconnects and gets a fresh snapshot. At least
   * `maxEntryBytes` + 64 KiB. @default 8388608 (8 MiB)
   */
  maxStreamBytes?: number;
  /** The same bound over all the streams of one owner on this replica (at least `maxStreamBytes`). @default 16777216 */
  maxOwnerBytes?: number;
  /**
   * How long a stream may hold unsent bytes while its browser takes none of them (a stalled connection); then it is
   * dropped as above. @default 30000
   */
  stallTimeoutMs?: number;
  /**
   * How often a stream sends a keep-alive comment (proxies close silent connections); each stream's first at a random
   * point of the period, so that streams opened together do not send theirs at once. @default 15000
   */
  keepAliveMs?: number;
  /**
   * How long a stream lives before the backend ends it and the browser reconnects (and `authorize` runs again: a
   * signed-out user's stream does not outlive this). Its answer token expires five minutes later. @default 3600000
   */
  maxStreamMs?: number;
  /** Called for what the bridge does, for logs. */
  onEvent?: (event: ElicitationBridgeEvent) => void;
}

/** Options of {@link ElicitationBridge.expose}. */
export interface ExposeOptions {
  /**
   * A string of yours carried with each entry of this queue to the browser (`entry.tag` there): which chat, message
   * or tool call asked, so the page can show the dialog where it belongs. Plain text, 1 to 512 characters.
   */
  tag?: string;
}

/** What {@link createElicitationBridge} returns. */
export interface ElicitationBridge {
  /**
   * The HTTP endpoint, as a Fetch API handler: `GET` streams the owner's questions (Server-Sent Events), `POST`
   * takes an answer. Mount it on one path with any framework (see the README: Hono, Next.js, Deno, Bun). On Node's
   * `http` and Express, `toNodeListener(bridge)` serves the same endpoint without making Fetch API objects.
   */
  fetch(request: Request): Promise<Response>;
  /**
   * Shows the entries of `queue` to `owner`'s browsers, as they come and go, and applies their answers to it (checked
   * with core first). Several queues may be exposed under one owner (one per chat or tool call); one queue under one
   * owner. Returns the function that stops: the entries still in the queue leave the browsers (`closed`) and stay in
   * the queue, yours to settle.
   * @throws {TypeError} when `owner` or `options.tag` is not a string of 1 to 512 characters, when `queue` is already
   * exposed, or when the bridge is closed.
   */
  expose(owner: string, queue: ElicitationQueue, options?: ExposeOptions): () => void;
  /** Stops every exposure, ends every stream and closes the hub's connections (not the Redis client you gave it). */
  close(): Promise<void>;
}

/** What the bridge reports to {@link ElicitationBridgeOptions.onEvent}. */
export type ElicitationBridgeEvent =
  /** An entry of an exposed queue went to the hub under `id` (its id on the wire). */
  | { type: 'exposed'; owner: string; id: string; entry: PendingElicitation }
  /** An entry left the browsers. */
  | { type: 'withdrawn'; owner: string; id: string; reason: WithdrawReason }
  /** A browser's answer passed the checks and was given to the queue. */
  | { type: 'answered'; owner: string; id: string; result: ElicitResult }
  /**
   * A request was refused (the answer, if any, answered nothing). A `bad-origin` refusal also says which `origin` the
   * request came with (absent when only `Sec-Fetch-Site` gave it away) and the `expectedOrigins` the bridge takes
   * (`origins`, or with `'trust-host-header'` the origin of `request.url`): the two to compare when the page is yours.
   */
  | {
      type: 'refused';
      owner?: string;
      status: number;
      error: BridgeErrorBody;
      origin?: string;
      expectedOrigins?: readonly string[];
    }
  /**
   * A stream was dropped and its memory freed: its browser left `queuedBytes` unread past `maxStreamBytes`
   * (`stream-bytes`), its owner's streams together past `maxOwnerBytes` (`owner-bytes`), or it took nothing for
   * `stallTimeoutMs` (`stalled`). A browser that is still there reconnects.
   */
  | { type: 'dropped'; owner: string; reason: 'stream-bytes' | 'owner-bytes' | 'stalled'; queuedBytes: number }
  /**
   * Something failed: a hub operation (Redis), or a question that could not reach the hub or is too large, which
   * is then cancelled with its server (`id` set).
   */
  | { type: 'failed'; operation: string; error: unknown; owner?: string; id?: string };
