// Every place where the kit works around a hook the SDK client (`@modelcontextprotocol/client` 2.4.0) does not offer,
// in one file. Each names the hook that is missing; each is pinned by a test that runs the real SDK (attach.test.ts,
// tool-call.test.ts, http.test.ts), so an SDK upgrade that changes the behaviour fails there first.
import type { Client, JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

/**
 * A Standard Schema that accepts anything unchanged, registered as the params schema of `elicitation/create`.
 * Missing hook: the SDK's 2-argument handler receives the params after its own parse, which drops keys it does not
 * know (such as `$ref`); core must see what the server really sent to refuse it.
 */
export const RAW_PARAMS = {
  '~standard': {
    version: 1,
    vendor: 'elicitation-kit',
    validate: (value: unknown) => ({ value }),
  },
} as const;

/**
 * The largest delay `setTimeout` accepts (about 24.8 days; a larger one fires at once). The kit's `callTool` gives
 * the SDK this timeout and keeps its own clock. Missing hook: the SDK's request timeout cannot be paused, so on a 2025
 * connection it runs while the server waits for the user (the `tools/call` stays open), and its `maxTotalTimeout`
 * counts the user's time in 2026-07-28 too.
 */
export const MAX_TIMER_DELAY = 2_147_483_647;

/** What {@link watchSends} reports about each message the SDK sends on a transport. */
export interface SendWatcher {
  /** The message went out. */
  sent(message: JSONRPCMessage): void;
  /** The message could not be sent; `sendAgain` sends the same message again (and rejects if that fails too). */
  failed(message: JSONRPCMessage, error: unknown, sendAgain: () => Promise<void>): void;
}

/**
 * Wraps `transport.send` so that the kit learns whether each message went out. Missing hook: when the JSON-RPC
 * response to a server's request cannot be sent (the network is down as the user answers), `Protocol._onrequest`
 * reports only `Error('Failed to send response: …')` to `onerror` (no request id) and never sends it again. The
 * wrapper stays for the transport's life: a transport serves one connection, and another wrapper may sit on top.
 */
export function watchSends(transport: Transport, watcher: SendWatcher): void {
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

/**
 * Runs `onClose` whenever the client's connection closes, before the host's own `client.onclose`, which the host may
 * set before or after this (both keep working). Returns what restores the host's handler as a plain property.
 * Missing hook: the SDK's Protocol has a single `onclose` callback property, no event listeners.
 */
export function chainOnClose(client: Client, onClose: () => void): () => void {
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
