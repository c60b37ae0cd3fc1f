// What the kit needs of a connection's wire, whichever client owns it: the JSON-RPC id of a request, the transport
// (its connection), and the two hooks every client the kit supports lacks. SDK v2 and SDK v1 share one `Protocol`
// design (one `transport.send` for every message, one `onclose` callback property), so both patches live here; each
// adapter's `sdk-adapter.ts` names where it uses them and pins them with its tests.

/** A JSON-RPC request id. */
export type RequestId = string | number;

/**
 * The part of a transport the kit uses: its `send`, through which the client puts every message on the wire (the
 * answers to the server's requests included). Declared as a method so that any client's transport type fits.
 */
export interface WireTransport {
  send(message: object, options?: unknown): Promise<void>;
}

/** The id of a JSON-RPC result response (an answer sent to the server), or `undefined` for any other message. */
export function resultResponseId(message: object): RequestId | undefined {
  if (!('result' in message) || !('id' in message)) {
    return undefined;
  }
  const { id } = message;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/** What {@link watchSends} reports about each message a client sends on a transport. */
export interface SendWatcher {
  /** The message went out. */
  sent(message: object): void;
  /** The message could not be sent; `sendAgain` sends the same message again (and rejects if that fails too). */
  failed(message: object, error: unknown, sendAgain: () => Promise<void>): void;
}

/**
 * Wraps `transport.send` so that the kit learns whether each message went out. Missing hook (SDK v2 and v1 alike):
 * when the JSON-RPC response to a server's request cannot be sent (the network is down as the user answers),
 * `Protocol._onrequest` reports only `Error('Failed to send response: …')` to `onerror` (no request id) and never
 * sends it again. The wrapper stays for the transport's life: a transport serves one connection, and another wrapper
 * may sit on top.
 */
export function watchSends(transport: WireTransport, watcher: SendWatcher): void {
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    try {
      await send(message, options);
    } catch (error) {
      watcher.failed(message, error, () => send(message, options));
      throw error;
    }
    watcher.sent(message);
  };
}

/** A client whose connection reports its end through one `onclose` callback property (SDK v2 and v1 `Protocol`). */
export interface ClosingClient {
  onclose?: (() => void) | undefined;
}

/**
 * Runs `onClose` whenever the client's connection closes, before the host's own `client.onclose`, which the host may
 * set before or after this (both keep working). Returns what restores the host's handler as a plain property.
 * Missing hook: the SDK's Protocol has a single `onclose` callback property, no event listeners.
 */
export function chainOnClose(client: ClosingClient, onClose: () => void): () => void {
  let hostOnClose = client.onclose;
  let closing = false;
  const chained = (): void => {
    // The SDK calls `this.onclose?.()`; a host handler that closes again must not re-enter.
    if (closing) {
      return;
    }
    closing = true;
    try {
      onClose();
      hostOnClose?.();
    } finally {
      closing = false;
    }
  };
  Object.defineProperty(client, 'onclose', {
    configurable: true,
    enumerable: true,
    get: () => chained,
    set: (handler: (() => void) | undefined) => {
      hostOnClose = handler;
    },
  });
  return () => {
    Object.defineProperty(client, 'onclose', {
      configurable: true,
      enumerable: true,
      writable: true,
      value: hostOnClose,
    });
  };
}
