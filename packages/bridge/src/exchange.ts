// A request as the bridge's handlers read it, and the reply they give, tied neither to the Fetch API nor to Node's
// `http`: `bridge.fetch` makes the request of a Fetch `Request` and its reply into a `Response`; `toNodeListener(bridge)`
// (node.ts) reads Node's request and writes the reply onto Node's response, with no Fetch objects in between.
import type { BridgeRequest } from './bridge-types.js';

/** A request body, read a chunk at a time (a web stream's reader is one). */
export interface BodyReader {
  read(): Promise<ReadableStreamReadResult<Uint8Array>>;
  /** Reads no more; a read still waiting ends (`done`). */
  cancel(): Promise<unknown>;
}

/** One request to the bridge. */
export interface BridgeCall {
  /** What `authorize` is given, and what the handlers read the method and headers of. */
  readonly request: BridgeRequest;
  /** The body's reader, made when the handler reads it (nothing is read before); `null` without a body. */
  body(): BodyReader | null;
  /** Calls `listener` once when the client goes away before the reply ended; returns the function that stops it. */
  onGone(listener: () => void): () => void;
}

/** A reply of the bridge: JSON (every refusal and every answer's), or the stream of Server-Sent Events. */
export type BridgeReply =
  | { readonly status: number; readonly json: unknown; readonly headers?: Readonly<Record<string, string>> }
  | { readonly status: 200; readonly events: ReadableStream<Uint8Array> };

export const JSON_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
};

const EVENT_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store',
  // nginx and similar proxies buffer responses unless told not to.
  'X-Accel-Buffering': 'no',
};

/** A JSON reply. */
export const jsonReply = (status: number, json: unknown, headers?: Record<string, string>): BridgeReply =>
  headers === undefined ? { status, json } : { status, json, headers };

/** The headers a reply is sent with. */
export const headersOf = (reply: BridgeReply): Record<string, string> =>
  'events' in reply ? { ...EVENT_HEADERS } : { ...JSON_HEADERS, ...reply.headers };

/** The call of a Fetch API request. */
export function callOfRequest(request: Request): BridgeCall {
  return {
    request,
    body: () => request.body?.getReader() ?? null,
    onGone(listener) {
      request.signal.addEventListener('abort', listener, { once: true });
      return () => request.signal.removeEventListener('abort', listener);
    },
  };
}

/** A reply as a Fetch API response. */
export const toResponse = (reply: BridgeReply): Response =>
  new Response('events' in reply ? reply.events : JSON.stringify(reply.json), {
    status: reply.status,
    headers: headersOf(reply),
  });
