// The raw JSON-RPC of a connection, for the protocol log: every message the transport sends and receives.
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

/** One JSON-RPC message as it crossed the transport. */
export interface WireMessage {
  direction: 'sent' | 'received';
  message: JSONRPCMessage;
}

type MessageHandler = NonNullable<Transport['onmessage']>;

/**
 * Records every message `transport` sends and receives, then returns the same transport (patched in place, so the SDK
 * keeps talking to its own object: `sessionId`, `setProtocolVersion` and per-request streams are untouched). Install
 * it before `client.connect(transport)`: the client sets `onmessage` while connecting, and the recorder wraps whatever
 * handler is set.
 */
export function recordWire<T extends Transport>(transport: T, record: (entry: WireMessage) => void): T {
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    record({ direction: 'sent', message });
    return send(message, options);
  };
  let handler: MessageHandler | undefined = transport.onmessage;
  const received: MessageHandler = (message, extra) => {
    record({ direction: 'received', message });
    handler?.(message, extra);
  };
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: () => (handler === undefined ? undefined : received),
    set: (next: MessageHandler | undefined) => {
      handler = next;
    },
  });
  return transport;
}

/** The wire messages a log entry carries (`wire`), or none: entries from before the recorder, or from the host. */
export function wireOf(entry: object): readonly WireMessage[] {
  const wire: unknown = 'wire' in entry ? entry.wire : undefined;
  return Array.isArray(wire) ? wire.filter(isWireMessage) : [];
}

function isWireMessage(value: unknown): value is WireMessage {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const { direction, message } = value as Partial<Record<keyof WireMessage, unknown>>;
  return (direction === 'sent' || direction === 'received') && typeof message === 'object' && message !== null;
}

/** A short name for a message: its method, or what it answers (`result #3`, `error #3 -32602`). */
export function summarizeMessage(message: JSONRPCMessage): string {
  if ('method' in message) {
    return 'id' in message ? `${message.method} #${String(message.id)}` : message.method;
  }
  if ('error' in message) {
    return `error #${String(message.id)} ${message.error.code}`;
  }
  return `result #${String(message.id)}`;
}
