// Node's `http` (and Express, which hands the same objects on) speaks IncomingMessage/ServerResponse, not Fetch. This
// serves a bridge on them directly (its call read off Node's request, its reply written onto Node's response: no
// Fetch objects per request), or turns any Fetch API handler into a request listener. Either way the request body is
// streamed (the handler reads only as much as its limit), a stream of Server-Sent Events is written chunk by chunk as
// it comes (its headers at once, each event as it is sent), any other reply in as few writes as it allows (every JSON
// reply: one write with its length), and the handler learns when the client goes away. A client that stops reading is
// not waited for: no `drain` within a deadline (or the handler erroring its body) cancels the body and destroys the
// socket, which frees what was buffered for it. Typed structurally: no Node types are needed to use it.
import { bridgeHandler } from './backend.js';
import type { ElicitationBridge } from './bridge-types.js';
import { headersOf, JSON_HEADERS } from './exchange.js';
import type { BodyReader, BridgeCall, BridgeReply } from './exchange.js';

/** The parts of Node's `IncomingMessage` the adapter reads. */
export interface NodeRequest {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly headers: Record<string, string | string[] | undefined>;
  /** A `TLSSocket` (`encrypted: true`) under `https`. */
  readonly socket: object;
  /** `true` when something (a body parser) already read the body. */
  readonly readableEnded: boolean;
  /** `true` once the whole request arrived. */
  readonly complete: boolean;
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  removeListener(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  removeListener(event: 'end' | 'close', listener: () => void): unknown;
  removeListener(event: 'error', listener: (error: Error) => void): unknown;
  pause(): unknown;
  resume(): unknown;
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

const encoder = new TextEncoder();

function jsonReply(response: NodeResponse, status: number, error: string, message: string): void {
  response.statusCode = status;
  for (const [name, value] of Object.entries(JSON_HEADERS)) {
    response.setHeader(name, value);
  }
  response.end(encoder.encode(JSON.stringify({ error, message })));
}

/**
 * The request body, a chunk per read, the request paused between reads (nothing is read ahead). `cancel` ends a
 * read still waiting at once (a body trickling in is not waited for) and reads nothing more: the reply then closes
 * the connection (the rest of the body must not be read as the next request).
 */
function bodyReaderOf(request: NodeRequest): BodyReader {
  const chunks: Uint8Array[] = [];
  let ended = false;
  let failed: Error | undefined;
  let waiting: { resolve(result: ReadableStreamReadResult<Uint8Array>): void; reject(error: Error): void } | undefined;
  /** Answers the waiting read, if any and if there is an answer yet. */
  const settle = (): void => {
    if (waiting === undefined || (chunks.length === 0 && !ended && failed === undefined)) {
      return;
    }
    const { resolve, reject } = waiting;
    waiting = undefined;
    const chunk = chunks.shift();
    if (chunk !== undefined) {
      resolve({ done: false, value: chunk });
    } else if (failed !== undefined) {
      reject(failed);
    } else {
      resolve({ done: true, value: undefined });
    }
  };
  const onData = (chunk: Uint8Array): void => {
    chunks.push(chunk);
    request.pause();
    settle();
  };
  const onEnd = (): void => {
    ended = true;
    settle();
  };
  const onClose = (): void => {
    if (!request.complete) {
      // Closed before its end: the client went away mid-body.
      failed ??= new Error('The client went away before the body ended.');
    }
    onEnd();
  };
  const onError = (error: Error): void => {
    failed = error;
    settle();
  };
  const stop = (): void => {
    request.removeListener('data', onData);
    request.removeListener('end', onEnd);
    request.removeListener('close', onClose);
    request.removeListener('error', onError);
  };
  request.on('data', onData);
  request.on('end', onEnd);
  request.on('close', onClose);
  request.on('error', onError);
  return {
    read: () =>
      new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        settle();
        if (waiting !== undefined) {
          request.resume();
        }
      }),
    cancel() {
      stop();
      chunks.length = 0;
      ended = true;
      settle();
      return Promise.resolve();
    },
  };
}

/** The request body as a web stream (for a Fetch `Request`), pulled as the handler reads it. */
function bodyOf(request: NodeRequest): ReadableStream<Uint8Array> {
  // Made on the first read: a handler that refuses without reading leaves the body to Node, which discards it.
  let reader: BodyReader | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      reader ??= bodyReaderOf(request);
      const next = await reader.read();
      if (next.done) {
        controller.close();
      } else {
        controller.enqueue(next.value);
      }
    },
    async cancel() {
      await reader?.cancel();
    },
  });
}

/** A header of Node's request as a Fetch `Headers` would give it (several values joined), or `null`. */
function headerOf(headers: NodeRequest['headers'], name: string): string | null {
  const value = headers[name.toLowerCase()];
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The request's method, whether it has a body, and its URL (its scheme from the socket, its host from `Host`); or
 * `undefined` once refused: a body that a body parser already read (`500`: the bridge must read it within its own
 * limits), a URL that cannot be read (`400`).
 */
function headOf(
  request: NodeRequest,
  response: NodeResponse,
): { method: string; hasBody: boolean; url: URL } | undefined {
  const method = request.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  if (hasBody && request.readableEnded) {
    jsonReply(
      response,
      500,
      'body-consumed',
      'The request body was read before the bridge (by a body parser): mount the bridge before express.json() and the like.',
    );
    return undefined;
  }
  const secure = 'encrypted' in request.socket && request.socket.encrypted === true;
  try {
    const host = headerOf(request.headers, 'host') ?? 'localhost';
    return { method, hasBody, url: new URL(request.url ?? '/', `${secure ? 'https' : 'http'}://${host}`) };
  } catch {
    jsonReply(response, 400, 'bad-request', 'The request URL or Host header cannot be read.');
    return undefined;
  }
}

/** Sets the reply's status and headers; a request body left unread closes the connection after it. */
function writeHead(
  request: NodeRequest,
  response: NodeResponse,
  hasBody: boolean,
  status: number,
  headers: { forEach(callback: (value: string, name: string) => void): void },
): void {
  response.statusCode = status;
  headers.forEach((value, name) => {
    response.setHeader(name, value);
  });
  if (hasBody && !request.complete) {
    // Answered before the body arrived (too large, refused): the rest of it must not be read as the next request.
    response.setHeader('Connection', 'close');
  }
}

/** Serves a Fetch API handler: a `Request` made of Node's request, its `Response` written onto Node's response. */
async function serveFetch(
  handler: FetchHandler,
  request: NodeRequest,
  response: NodeResponse,
  drainTimeoutMs: number,
): Promise<void> {
  const head = headOf(request, response);
  if (head === undefined) {
    return;
  }
  const { method, hasBody, url } = head;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      headers.append(name, item);
    }
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
  writeHead(request, response, hasBody, reply.status, reply.headers);
  if (reply.body === null) {
    response.end();
    return;
  }
  await writeBody(
    response,
    reply.body,
    (reply.headers.get('content-type') ?? '').startsWith('text/event-stream'),
    drainTimeoutMs,
  );
}

/** Serves a bridge on Node's own objects: its call read off Node's request, its reply written onto the response. */
async function serveBridge(
  handle: (call: BridgeCall) => Promise<BridgeReply>,
  request: NodeRequest,
  response: NodeResponse,
  drainTimeoutMs: number,
): Promise<void> {
  const head = headOf(request, response);
  if (head === undefined) {
    return;
  }
  const { method, hasBody, url } = head;
  const reply = await handle({
    request: { method, url: url.href, headers: { get: (name) => headerOf(request.headers, name) } },
    body: () => (hasBody ? bodyReaderOf(request) : null),
    onGone(listener) {
      const gone = (): void => {
        if (!response.writableFinished) {
          listener();
        }
      };
      response.on('close', gone);
      return () => response.removeListener('close', gone);
    },
  });
  writeHead(request, response, hasBody, reply.status, new Map(Object.entries(headersOf(reply))));
  if ('events' in reply) {
    await writeBody(response, reply.events, true, drainTimeoutMs);
  } else {
    // One write, with its length.
    response.end(encoder.encode(JSON.stringify(reply.json)));
  }
}

/**
 * Writes a response body as it comes: Server-Sent Events (`events`) chunk by chunk, its headers at once; any other
 * body in as few writes as it allows (a body of one chunk in one write, with its length). A client that takes nothing
 * for `drainTimeoutMs`, or leaves, cancels the body.
 */
async function writeBody(
  response: NodeResponse,
  body: ReadableStream<Uint8Array>,
  events: boolean,
  drainTimeoutMs: number,
): Promise<void> {
  if (events) {
    // The browser learns at once that its stream is open, before the first event.
    response.flushHeaders();
  }
  const reader = body.getReader();
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
 * A Node `http` request listener (also an Express handler) serving `target`: a bridge (served on Node's objects as
 * they are, no Fetch API objects made per request; `authorize` is given a `BridgeRequest` read off Node's
 * request), or any Fetch API handler (`authorize` then gets the `Request` made for it). A client that takes nothing of
 * a response for `drainTimeoutMs` has its connection destroyed and the body cancelled.
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * createServer(toNodeListener(bridge)).listen(3000, '127.0.0.1');
 * // Express, before any body parser: app.all('/api/elicitations', toNodeListener(bridge));
 * ```
 * @throws {TypeError} when `target` is neither a function nor a bridge `createElicitationBridge` made.
 * @throws {RangeError} when `drainTimeoutMs` is not a positive integer.
 */
export function toNodeListener(
  target: ElicitationBridge | FetchHandler,
  options: NodeListenerOptions = {},
): (request: NodeRequest, response: NodeResponse) => void {
  const drainTimeoutMs = options.drainTimeoutMs ?? 30_000;
  if (!Number.isInteger(drainTimeoutMs) || drainTimeoutMs < 1) {
    throw new RangeError(`toNodeListener: drainTimeoutMs must be a positive integer (got ${String(drainTimeoutMs)})`);
  }
  let serve: (request: NodeRequest, response: NodeResponse) => Promise<void>;
  if (typeof target === 'function') {
    serve = (request, response) => serveFetch(target, request, response, drainTimeoutMs);
  } else {
    const handle = bridgeHandler(target);
    if (handle === undefined) {
      throw new TypeError('toNodeListener: give it a bridge made by createElicitationBridge, or a Fetch API handler');
    }
    serve = (request, response) => serveBridge(handle, request, response, drainTimeoutMs);
  }
  return (request, response) => {
    serve(request, response).catch(() => {
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
