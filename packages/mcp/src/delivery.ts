// Delivery watching (2025 sessions): an answer travels as the JSON-RPC response to the server's request. When that
// response cannot be sent, the server is still waiting; the kit keeps the answer, says so, and can send it again.
// (2026-07-28 answers travel in the retried `tools/call`, whose failure ends the call.)
import { isJsonObject } from '@elicitation-kit/core';
import type { ElicitResult } from '@elicitation-kit/core';
import type { RequestId, Transport } from '@modelcontextprotocol/client';
import { BoundedMap } from './bounded-map.js';
import type { WireRequest } from './replay.js';
import { watchSends } from './sdk-adapter.js';
import type { ElicitationEvent, PendingElicitation } from './types.js';

/** The HTTP status with which a Streamable HTTP server says it no longer knows the session (e.g. it restarted). */
const SESSION_GONE = 404;

/**
 * Whether an answer whose response failed to go out can still arrive by sending it again: not when the server
 * answered `404` (the SDK puts the HTTP status in `error.data.status`): the session it belonged to is gone.
 */
export function canResendAfter(error: unknown): boolean {
  const data = isJsonObject(error) ? error['data'] : undefined;
  return !(isJsonObject(data) && data['status'] === SESSION_GONE);
}

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
  const delivering = new WeakMap<Transport, BoundedMap<RequestId, Delivering>>();
  /** By entry id: answers whose response failed and may be sent again. */
  const kept = new BoundedMap<string, Kept>();
  let detached = false;

  const pendingOn = (transport: Transport): BoundedMap<RequestId, Delivering> => {
    let answers = delivering.get(transport);
    if (answers === undefined) {
      const created = new BoundedMap<RequestId, Delivering>();
      answers = created;
      delivering.set(transport, created);
      const take = (message: { id?: RequestId }): Delivering | undefined => {
        const delivery = message.id === undefined ? undefined : created.get(message.id);
        if (message.id !== undefined) {
          created.delete(message.id);
        }
        return delivery;
      };
      watchSends(transport, {
        sent(message) {
          if ('result' in message) {
            take(message);
          }
        },
        failed(message, error, sendAgain) {
          const delivery = 'result' in message ? take(message) : undefined;
          if (delivery === undefined || detached) {
            return;
          }
          const canResend = canResendAfter(error);
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
