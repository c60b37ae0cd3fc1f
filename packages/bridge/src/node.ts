// Node's `http` (and Express, which hands the same objects on) speaks IncomingMessage/ServerResponse, not Fetch: this
// turns a Fetch API handler into a request listener. The request body is streamed (the handler reads only as much as
// its limit), a stream of Server-Sent Events is written chunk by chunk as it comes (its headers at once, each event
// as it is sent), any other response in as few writes as it allows (a body of one chunk, every JSON reply: one write
// with its length), and the request's `signal` aborts when the client goes away. A client that stops reading is not waited for: no `drain`
// within a deadline (or the handler erroring its body) cancels the body and destroys the socket, which frees what
// was buffered for it. Typed structurally: no Node types are needed to use it.

/** The parts of Node's `IncomingMessage` the adapter reads. */
export interface NodeRequest extends AsyncIterable<Uint8Array> {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly headers: Record<string, string | string[] | undefined>;
  /** A `TLSSocket` (`encrypted: true`) under `https`. */
  readonly socket: object;
  /** `true` when something (a body parser) already read the body. */
  readonly readableEnded: boolean;
  /** `true` once the whole request arrived. */
  readonly complete: boolean;
}

/** The parts of Node's `ServerResponse` the adapter writes. */
export interface NodeResponse {
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  flushHeaders(): void;
  write(chunk: Uint8Array): boolean;
  end(chunk?: Uint8Array): unknown;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  removeListener(event: 'drain' | 'close', listener: () => void): unknown;
  /** Closes the connection at once, dropping what was buffered. */
  destroy(): unknown;
  readonly headersSent: boolean;
  readonly writableFinished: boolean;
  readonly destroyed: boolean;
}

/** A Fetch API handler: what `bridge.fetch` is. */
export type FetchHandler = (request: Request) => Promise<Response>;

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions {
  /**
   * How long a response waits for the client to take what was written (`drain`) before the connection is destroyed
   * and the body cancelled: a client that stopped reading must not hold memory. @default 30000
   */
  drainTimeoutMs?: number;
}

const noop = (): void => undefined;

function jsonReply(response: NodeResponse, status: number, error: string, message: string): void {
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Cache-Control', 'no-store');
  response.write(new TextEncoder().encode(JSON.stringify({ error, message })));
  response.end();
}

/** The request body as a web stream, pulled as the handler reads it. */
function bodyOf(request: NodeRequest): ReadableStream<Uint8Array> {
  // Made on the first read: a handler that refuses without reading leaves the body to Node, which discards it.
  let chunks: AsyncIterator<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      chunks ??= request[Symbol.asyncIterator]();
      const next = await chunks.next();
      if (next.done === true) {
        controller.close();
      } else {
        controller.enqueue(next.value);
      }
    },
    async cancel() {
      await chunks?.return?.();
    },
  });
}

async function serve(
  handler: FetchHandler,
  request: NodeRequest,
  response: NodeResponse,
  drainTimeoutMs: number,
): Promise<void> {
  const method = request.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  if (hasBody && request.readableEnded) {
    jsonReply(
      response,
      500,
      'body-consumed',
      'The request body was read before the bridge (by a body parser): mount the bridge before express.json() and the like.',
    );
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      headers.append(name, item);
    }
  }
  const secure = 'encrypted' in request.socket && request.socket.encrypted === true;
  const base = `${secure ? 'https' : 'http'}://${headers.get('host') ?? 'localhost'}`;
  let url: URL;
  try {
    url = new URL(request.url ?? '/', base);
  } catch {
    jsonReply(response, 400, 'bad-request', 'The request URL or Host header cannot be read.');
    return;
  }
  const gone = new AbortController();
  response.on('close', () => {
    if (!response.writableFinished) {
      gone.abort();
    }
  });
  // `duplex: 'half'` is how Node's fetch takes a streamed request body (not in the DOM typings yet).
  const init: RequestInit & { duplex?: 'half' } = {
    method,
    headers,
    signal: gone.signal,
    ...(hasBody && { body: bodyOf(request), duplex: 'half' as const }),
  };
  const reply = await handler(new Request(url, init));
  response.statusCode = reply.status;
  reply.headers.forEach((value, name) => {
    response.setHeader(name, value);
  });
  if (hasBody && !request.complete) {
    // Answered before the body arrived (too large, refused): the rest of it must not be read as the next request.
    response.setHeader('Connection', 'close');
  }
  if (reply.body === null) {
    response.end();
    return;
  }
  const events = (reply.headers.get('content-type') ?? '').startsWith('text/event-stream');
  if (events) {
    // The browser learns at once that its stream is open, before the first event.
    response.flushHeaders();
  }
  const reader = reply.body.getReader();
  /** Wakes the wait for `drain` when the connection closes or the handler errors its body (a dropped stream). */
  let wake: (() => void) | undefined;
  let left = false;
  response.once('close', () => {
    left = true;
    wake?.();
    reader.cancel().catch(noop);
  });
  // One listener for the whole response (racing `closed` per chunk would keep every chunk alive until the end).
  reader.closed.catch(() => wake?.());
  /** Writes a chunk, waiting for `drain` when needed. `false` once the response is destroyed instead. */
  const write = async (chunk: Uint8Array): Promise<boolean> => {
    const ok = response.write(chunk) || (await drained(response, drainTimeoutMs, (resume) => (wake = resume)));
    wake = undefined;
    if (!ok) {
      // No drain in time, the client left, or the body errored: free what is buffered for this client, now.
      reader.cancel().catch(noop);
      response.destroy();
    }
    return ok;
  };
  if (events) {
    for (;;) {
      // Plainly awaited: the chunk is released once written. A handler that errors its body lands in the catch below.
      const next = await reader.read();
      if (next.done || left) {
        break;
      }
      if (!(await write(next.value))) {
        return;
      }
    }
  } else {
    // Each chunk is written once the next one is read, so that the last one ends the response: a body of one chunk
    // (every JSON reply) goes out in one write, with its length.
    let held: Uint8Array | undefined;
    for (;;) {
      const next = await reader.read();
      if (left) {
        break;
      }
      if (next.done) {
        if (held !== undefined && !response.destroyed) {
          response.end(held);
          return;
        }
        break;
      }
      if (held !== undefined && !(await write(held))) {
        return;
      }
      held = next.value;
    }
  }
  if (!response.destroyed) {
    response.end();
  }
}

/** Resolves `true` on `drain`, `false` after `timeoutMs` or when `onWake`'s function is called. */
function drained(response: NodeResponse, timeoutMs: number, onWake: (resume: () => void) => void): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const settle = (ok: boolean): void => {
      clearTimeout(timer);
      response.removeListener('drain', onDrain);
      resolve(ok);
    };
    const onDrain = (): void => settle(true);
    const timer = setTimeout(() => settle(false), timeoutMs);
    response.once('drain', onDrain);
    onWake(() => settle(false));
  });
}

/**
 * A Node `http` request listener (also an Express handler) serving `handler`. A client that takes nothing of a
 * response for `drainTimeoutMs` has its connection destroyed and the body cancelled.
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * createServer(toNodeListener(bridge.fetch)).listen(3000, '127.0.0.1');
 * // Express, before any body parser: app.all('/api/elicitations', toNodeListener(bridge.fetch));
 * ```
 */
export function toNodeListener(
  handler: FetchHandler,
  options: NodeListenerOptions = {},
): (request: NodeRequest, response: NodeResponse) => void {
  const drainTimeoutMs = options.drainTimeoutMs ?? 30_000;
  if (!Number.isInteger(drainTimeoutMs) || drainTimeoutMs < 1) {
    throw new RangeError(`toNodeListener: drainTimeoutMs must be a positive integer (got ${String(drainTimeoutMs)})`);
  }
  return (request, response) => {
    serve(handler, request, response, drainTimeoutMs).catch(() => {
      if (response.destroyed || response.writableFinished) {
        return;
      }
      if (response.headersSent) {
        // The body failed midway (a stream the handler dropped): abort, so nothing stays buffered for this client.
        response.destroy();
      } else {
        jsonReply(response, 500, 'internal', 'The request could not be handled.');
      }
    });
  };
}
