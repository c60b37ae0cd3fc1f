// URL completion (2025-11-25): `notifications/elicitation/complete` says the out-of-band step of a URL elicitation is
// done. The kit settles the entry (or marks it, by option), reports completions of URL elicitations answered before
// the server saw the page finish, and ignores unknown or repeated ids, as the spec requires.
import type { ElicitationQueueProducer, ElicitResult } from '@elicitation-kit/core';
import { BoundedMap } from '@elicitation-kit/core';
import type { ElicitationEvent, ElicitationQueue, PendingElicitation, ServerIdentity } from './types.js';

/** An entry the attachment still owns; completion replaces it with its `completed` copy. */
export interface LiveEntry {
  entry: PendingElicitation;
}

/** Options of {@link createUrlCompletion}. */
export interface UrlCompletionOptions {
  queue: ElicitationQueue;
  producer: ElicitationQueueProducer;
  /** Answer (or dismiss) a completed entry at once, instead of marking it `completed`. */
  settle: boolean;
  emit(event: ElicitationEvent): void;
  /** Called when the URL elicitations the user is away for change. */
  changed(): void;
}

/** The URL completion of one attachment. */
export interface UrlCompletion {
  /**
   * An entry was answered or dismissed. A URL elicitation that had not completed stays known, so that its completion
   * is still reported; an accepted URL request means the user is now on its page (the server waits for it).
   */
  answered(entry: PendingElicitation, result: ElicitResult): void;
  /** Handles `notifications/elicitation/complete` for `elicitationId`, looking among the `live` entries first. */
  complete(elicitationId: string, server: ServerIdentity, live: Iterable<LiveEntry>): void;
  /** Whether the user accepted a URL request whose completion has not arrived: the server still waits for the page. */
  awaitingUser(): boolean;
  /** No call waits any more: accepted URL requests stop counting as waits (their completion is still reported). */
  release(): void;
}

/** The URL completion of an attachment to `options.queue`. */
export function createUrlCompletion(options: UrlCompletionOptions): UrlCompletion {
  /** `elicitationId`s of URL elicitations answered or dismissed before they completed. */
  const answered = new BoundedMap<string, { awaitingUser: boolean }>();

  return {
    answered(entry, result) {
      const { request } = entry;
      if (request.mode !== 'url' || request.elicitationId === undefined || entry.status === 'completed') {
        return;
      }
      // A url-required entry is dismissed after its call failed: nothing waits for its page.
      const awaitingUser = entry.kind === 'request' && result.action === 'accept';
      answered.set(request.elicitationId, { awaitingUser });
      if (awaitingUser) {
        options.changed();
      }
    },

    complete(elicitationId, server, live) {
      for (const item of live) {
        const { request } = item.entry;
        if (request.mode !== 'url' || request.elicitationId !== elicitationId) {
          continue;
        }
        if (item.entry.status === 'completed') {
          return;
        }
        const completed: PendingElicitation = { ...item.entry, status: 'completed' };
        item.entry = completed;
        // An earlier entry for the same id (dismissed, then surfaced again) completes with this one.
        answered.delete(elicitationId);
        options.emit({ type: 'completed', server, elicitationId, entry: completed });
        if (options.settle) {
          // The user finished the step on the page: that is the answer (a url-required entry is only dismissed).
          options.queue.respond(completed.id, { action: 'accept' });
        } else {
          options.producer.replace(completed);
        }
        options.changed();
        return;
      }
      if (answered.delete(elicitationId)) {
        options.emit({ type: 'completed', server, elicitationId });
        options.changed();
      }
    },

    awaitingUser() {
      for (const item of answered.values()) {
        if (item.awaitingUser) {
          return true;
        }
      }
      return false;
    },

    release() {
      for (const item of answered.values()) {
        item.awaitingUser = false;
      }
    },
  };
}
