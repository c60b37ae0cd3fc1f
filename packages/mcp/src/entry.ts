// Entries: the one place a PendingElicitation is made, its id chosen and the per-server limit checked.
import { INVALID_PARAMS, isJsonObject } from '@elicitation-kit/core';
import type { ElicitResult, ParsedElicitation, ProtocolEra } from '@elicitation-kit/core';
import type { QueueInternals } from './queue.js';
import type { JsonRpcErrorObject, PendingElicitation, ServerIdentity } from './types.js';

/**
 * Prefix of every id the kit makes up: an attachment's default server id is `elicitation-kit-<n>`, its entries are
 * `elicitation-kit-<n>-<m>` (`n` counts attachments, `m` the attachment's entries). A host's own ids (`server-1`, a
 * UUID) never start with it, so a default server id cannot merge two servers' limits with one the host chose.
 */
export const ID_PREFIX = 'elicitation-kit-';

let attachmentCount = 0;

/** `data.reason` of the refusal of a request beyond the queue's per-server limit. */
const TOO_MANY_PENDING = 'too-many-pending';

/**
 * Whether `error` is the kit's refusal of a request beyond the queue's per-server limit (`-32602`,
 * `data.reason: 'too-many-pending'`): the `error` of a `rejected` event, the `ProtocolError` a 2026-07-28 tool call
 * fails with, or the `detail` of the `cancelled` events of the other questions of that round. Hosts use it to word
 * one notice for the round instead of one per question.
 */
export function isTooManyPending(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('data' in error)) {
    return false;
  }
  const { data } = error;
  return isJsonObject(data) && data['reason'] === TOO_MANY_PENDING;
}

/** What an entry is made from. */
export interface EntryInit {
  request: ParsedElicitation;
  server: ServerIdentity;
  era: ProtocolEra;
  kind: PendingElicitation['kind'];
  /** See {@link PendingElicitation.askedAgain}. @default false */
  askedAgain?: boolean;
}

/** A new entry and the controller of its `signal`, or the refusal to send when its server is at the limit. */
export type EntryResult =
  | { ok: true; entry: PendingElicitation; controller: AbortController }
  | { ok: false; error: JsonRpcErrorObject };

/** Makes the entries of one attachment. */
export interface EntryFactory {
  /** The attachment's own id: the default {@link ServerIdentity.id}. */
  readonly attachmentId: string;
  /**
   * A new pending entry, or a `-32602` refusal when `init.server` already has `maxPendingPerServer` entries in the
   * queue (`data.reason: 'too-many-pending'`). The entry is not queued yet.
   */
  create(init: EntryInit): EntryResult;
}

/** The entry factory of a new attachment to `internals`' queue. */
export function createEntryFactory(internals: QueueInternals): EntryFactory {
  attachmentCount += 1;
  const attachmentId = `${ID_PREFIX}${attachmentCount}`;
  let entryCount = 0;
  const limit = internals.maxPendingPerServer;
  return {
    attachmentId,
    create({ request, server, era, kind, askedAgain = false }) {
      if (internals.byServer(server.id).length >= limit) {
        return {
          ok: false,
          error: {
            code: INVALID_PARAMS,
            message: `Too many pending elicitations from ${server.name}: the limit is ${limit}. Answer or cancel one first.`,
            data: { reason: TOO_MANY_PENDING, limit },
          },
        };
      }
      entryCount += 1;
      const controller = new AbortController();
      const entry: PendingElicitation = {
        id: `${attachmentId}-${entryCount}`,
        request,
        server,
        era,
        signal: controller.signal,
        status: 'pending',
        kind,
        createdAt: Date.now(),
        ...(askedAgain ? { askedAgain: true as const } : {}),
      };
      return { ok: true, entry, controller };
    },
  };
}

/** What goes on the wire: URL answers and refusals carry no content; a form accept always does (`{}` when empty). */
export function toWireResult(request: ParsedElicitation, result: ElicitResult): ElicitResult {
  if (result.action !== 'accept') {
    return { action: result.action };
  }
  if (request.mode === 'url') {
    return { action: 'accept' };
  }
  return { action: 'accept', content: result.content ?? {} };
}
