// Node's `http` (and Express, which hands the same objects on) speaks IncomingMessage/ServerResponse, not Fetch: this
// turns a Fetch API handler into a request listener. The request body is streamed (the handler reads only as much as
// its limit), the response is written chunk by chunk as it comes (Server-Sent Events reach the browser at once), and
// the request's `signal` aborts when the client goes away. Typed structurally: no Node types are needed to use it.

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
  end(): unknown;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  readonly headersSent: boolean;
  readonly writableFinished: boolean;
  readonly destroyed: boolean;
}

/** A Fetch API handler: what `bridge.fetch` is. */
export type FetchHandler = (request: Request) => Promise<Response>;

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

async function serve(handler: FetchHandler, request: NodeRequest, response: NodeResponse): Promise<void> {
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
  if (!URL.canParse(request.url ?? '/', base)) {
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
  const reply = await handler(new Request(new URL(request.url ?? '/', base), init));
  response.statusCode = reply.status;
  reply.headers.forEach((value, name) => {
    response.setHeader(name, value);
  });
  if (hasBody && !request.complete) {
    // Answered before the body arrived (too large, refused): the rest of it must not be read as the next request.
    response.setHeader('Connection', 'close');
  }
  response.flushHeaders();
  if (reply.body === null) {
    response.end();
    return;
  }
  const reader = reply.body.getReader();
  const closed = new Promise<undefined>((resolve) => {
    response.once('close', () => resolve(undefined));
  });
  closed.then(() => reader.cancel()).catch(() => undefined);
  for (;;) {
    const next = await Promise.race([reader.read(), closed]);
    if (next === undefined || next.done) {
      break;
    }
    if (!response.write(next.value)) {
      await Promise.race([
        new Promise<undefined>((resolve) => response.once('drain', () => resolve(undefined))),
        closed,
      ]);
    }
  }
  if (!response.destroyed) {
    response.end();
  }
}

/**
 * A Node `http` request listener (also an Express handler) serving `handler`.
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * createServer(toNodeListener(bridge.fetch)).listen(3000, '127.0.0.1');
 * // Express, before any body parser: app.all('/api/elicitations', toNodeListener(bridge.fetch));
 * ```
 */
export function toNodeListener(handler: FetchHandler): (request: NodeRequest, response: NodeResponse) => void {
  return (request, response) => {
    serve(handler, request, response).catch(() => {
      if (response.destroyed || response.writableFinished) {
        return;
      }
      if (response.headersSent) {
        response.end();
      } else {
        jsonReply(response, 500, 'internal', 'The request could not be handled.');
      }
    });
  };
}
