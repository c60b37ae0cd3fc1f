// What a client really puts on the wire over Streamable HTTP: a `fetch` for its transport that records every JSON-RPC
// message it POSTs and every one the server sends back (JSON bodies and SSE events, on POST and GET streams alike).
// Tests read it to prove what the kit's events cannot: that nothing went back for a request the server withdrew.
/** A JSON-RPC request id. */
type RequestId = string | number;

/** One JSON-RPC message as it went over the wire. */
export type WireMessage = Record<string, unknown>;

/** The messages of one client's connection, and the `fetch` that records them. */
export interface WireRecorder {
  /** Give it to the client's transport. */
  fetch: typeof fetch;
  /** Every JSON-RPC message the client sent, in order. */
  sent: WireMessage[];
  /** Every JSON-RPC message the client received, in order of arrival. */
  received: WireMessage[];
  /** The JSON-RPC id of the `elicitation/create` the server sent `index`-th (0: the first); throws before it arrived. */
  elicitationId(index?: number): RequestId;
  /** The responses (results and errors) the client sent to the server's request `id`. */
  responsesTo(id: RequestId): WireMessage[];
  /** Whether the server sent `notifications/cancelled` for its request `id`. */
  cancelled(id: RequestId): boolean;
  /** 2026-07-28: the `inputResponses` of every `tools/call` retry the client sent (the answers of a round). */
  inputResponses(): unknown[];
}

/**
 * How long a test waits after a withdrawal before it reads the wire: long past the moment a response would go out
 * (a client sends one as its handler settles, within microtasks of the cancellation).
 */
const AFTER_WITHDRAWAL_MS = 300;

/** Waits {@link AFTER_WITHDRAWAL_MS}. */
export function pastAnyResponse(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, AFTER_WITHDRAWAL_MS));
}

const isObject = (value: unknown): value is WireMessage =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The messages of one JSON-RPC body: a message or a batch. */
function messagesOf(text: string): WireMessage[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  return (Array.isArray(parsed) ? parsed : [parsed]).filter(isObject);
}

/** `body` passed on unchanged, each SSE event's data recorded as it goes by (a cancel still reaches the source). */
function observeSse(body: ReadableStream<Uint8Array>, record: (text: string) => void): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  let buffer = '';
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        controller.enqueue(chunk);
        buffer += decoder.decode(chunk, { stream: true });
        const events = buffer.split(/\r?\n\r?\n/);
        buffer = events.pop() ?? '';
        for (const event of events) {
          const data = event
            .split(/\r?\n/)
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice('data:'.length).replace(/^ /, ''))
            .join('\n');
          if (data !== '') {
            record(data);
          }
        }
      },
    }),
  );
}

/** A recorder whose `fetch` goes through `base` (the global `fetch` unless given). */
export function recordWire(base: typeof fetch = fetch): WireRecorder {
  const sent: WireMessage[] = [];
  const received: WireMessage[] = [];
  const receive = (text: string): void => {
    received.push(...messagesOf(text));
  };
  const recordingFetch: typeof fetch = async (input, init) => {
    if (init?.method === 'POST' && typeof init.body === 'string') {
      sent.push(...messagesOf(init.body));
    }
    const response = await base(input, init);
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('text/event-stream') && response.body !== null) {
      return new Response(observeSse(response.body, receive), {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    }
    if (type.includes('application/json')) {
      receive(await response.clone().text());
    }
    return response;
  };
  const isResponse = (message: WireMessage): boolean =>
    message['method'] === undefined && ('result' in message || 'error' in message);
  return {
    fetch: recordingFetch,
    sent,
    received,
    elicitationId(index = 0) {
      const id = received.filter((message) => message['method'] === 'elicitation/create')[index]?.['id'];
      if (typeof id !== 'string' && typeof id !== 'number') {
        throw new Error(`no elicitation/create #${String(index)} on the wire yet`);
      }
      return id;
    },
    responsesTo: (id) => sent.filter((message) => isResponse(message) && message['id'] === id),
    cancelled: (id) =>
      received.some(
        (message) =>
          message['method'] === 'notifications/cancelled' &&
          isObject(message['params']) &&
          message['params']['requestId'] === id,
      ),
    inputResponses: () =>
      sent.flatMap((message) =>
        message['method'] === 'tools/call' && isObject(message['params']) && 'inputResponses' in message['params']
          ? [message['params']['inputResponses']]
          : [],
      ),
  };
}
