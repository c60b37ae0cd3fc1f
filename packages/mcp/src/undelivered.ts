// Delivery watching (2025 sessions): an answer travels as the JSON-RPC response to the server's request. When that
// response cannot be sent, the server is still waiting; the kit keeps the answer, says so, and can send it again.
// (2026-07-28 answers travel in the retried `tools/call`, whose failure ends the call.)
import type { ElicitResult } from '@elicitation-kit/core';
import { BoundedMap } from '@elicitation-kit/core';
import type { WireRequest } from './replay.js';
import type { ElicitationEvent, PendingElicitation } from './types.js';
import { resultResponseId, watchSends } from './client-transport.js';
import type { RequestId, WireTransport } from './client-transport.js';

/** The HTTP status with which a Streamable HTTP server says it no longer knows the session (e.g. it restarted). */
export const SESSION_GONE = 404;

interface Delivering {
  entry: PendingElicitation;
  result: ElicitResult;
}

interface Kept {
  entry: PendingElicitation;
  sendAgain: () => Promise<void>;
}

/** Options of {@link createDelivery}. */
export interface DeliveryOptions {
  emit(event: ElicitationEvent): void;
  /**
   * Whether an answer whose response failed to go out can still arrive by sending it again: not when the server
   * answered `404` ({@link SESSION_GONE}: the session it belonged to is gone). Each client reports the HTTP status
   * in its own shape, so the adapter reads it.
   */
  canResendAfter(error: unknown): boolean;
  /** Called when the answers kept for resending change. */
  changed(): void;
}

/** The delivery watch of one attachment. */
export interface Delivery {
  /** An answer is being handed to the SDK as the response to `wire` (watched from now on). */
  expect(wire: WireRequest, entry: PendingElicitation, result: ElicitResult): void;
  /** Sends a kept answer again; `true` once it went out. */
  resend(entryId: string): Promise<boolean>;
  /** The entries whose answers are kept for resending, oldest first. */
  undelivered(): readonly PendingElicitation[];
  /** Drops every kept answer: nothing waits for them any more. */
  forget(): void;
  /** Stops reporting: the attachment is gone. */
  detach(): void;
}

/** A delivery watch reporting through `options`. */
export function createDelivery(options: DeliveryOptions): Delivery {
  /** By transport, then request id: answers handed to the SDK whose response has not gone out yet. */
  const delivering = new WeakMap<WireTransport, BoundedMap<RequestId, Delivering>>();
  /** By entry id: answers whose response failed and may be sent again. */
  const kept = new BoundedMap<string, Kept>();
  let detached = false;

  const pendingOn = (transport: WireTransport): BoundedMap<RequestId, Delivering> => {
    let answers = delivering.get(transport);
    if (answers === undefined) {
      const created = new BoundedMap<RequestId, Delivering>();
      answers = created;
      delivering.set(transport, created);
      /** The answer a result response carries, taken out of the watch; `undefined` for any other message. */
      const take = (message: object): Delivering | undefined => {
        const id = resultResponseId(message);
        if (id === undefined) {
          return undefined;
        }
        const delivery = created.get(id);
        created.delete(id);
        return delivery;
      };
      watchSends(transport, {
        sent(message) {
          take(message);
        },
        failed(message, error, sendAgain) {
          const delivery = take(message);
          if (delivery === undefined || detached) {
            return;
          }
          const canResend = options.canResendAfter(error);
          if (canResend) {
            kept.set(delivery.entry.id, { entry: delivery.entry, sendAgain });
          }
          options.emit({ type: 'undelivered', entry: delivery.entry, result: delivery.result, error, canResend });
          if (canResend) {
            options.changed();
          }
        },
      });
    }
    return answers;
  };

  return {
    expect({ transport, requestId }, entry, result) {
      pendingOn(transport).set(requestId, { entry, result });
    },

    async resend(entryId) {
      const answer = kept.get(entryId);
      if (answer === undefined) {
        return false;
      }
      try {
        await answer.sendAgain();
      } catch {
        // Still no way through: keep it for another try.
        return false;
      }
      kept.delete(entryId);
      options.changed();
      return true;
    },

    undelivered: () => Array.from(kept.values(), (answer) => answer.entry),

    forget() {
      if (kept.size > 0) {
        kept.clear();
        options.changed();
      }
    },

    detach() {
      detached = true;
      kept.clear();
    },
  };
}
