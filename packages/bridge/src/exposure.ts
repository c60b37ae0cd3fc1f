// The holder's side: queues exposed to their owners' browsers. Each change of an exposed queue is mirrored to the hub
// (new and changed entries published, gone ones withdrawn with the reason they left), and each answer the hub routes
// here is checked against its question with core before the queue gets it.
import { createContentValidator } from '@elicitation-kit/core';
import type {
  ContentValidator,
  ElicitResult,
  JsonObject,
  ParsedElicitation,
  ParsedFormElicitation,
} from '@elicitation-kit/core';
import type { ElicitationQueue, PendingElicitation } from '@elicitation-kit/core';
import { checkAnswer } from './answer.js';
import { NOT_PENDING } from './hub.js';
import { entryJson, utf8Length } from './ready-event.js';
import type { AnswerOutcome, HubInternals } from './hub.js';
import type { ElicitationBridgeEvent } from './bridge-types.js';
import type { WireEntry, WithdrawReason } from './wire-format.js';

/** One entry of an exposed queue. */
interface Exposed {
  /** Its id on the wire: random, unguessable, unique across replicas. */
  wireId: string;
  exposure: Exposure;
  entry: PendingElicitation;
  rev: number;
  /** Answered through the bridge: it leaves as `answered`. */
  answered: boolean;
  /** Cancelled because the other replicas gave this one up: it leaves as `lost`. */
  lost: boolean;
  /** Its answer check, built at its first answer from the parse its adapter made. */
  validator?: ContentValidator;
}

/** One queue exposed to one owner. */
interface Exposure {
  owner: string;
  tag: string | undefined;
  queue: ElicitationQueue;
  /** By the queue's entry id. */
  entries: Map<string, Exposed>;
  syncing: boolean;
  dirty: boolean;
}

/** The exposed queues of one bridge. */
export interface Exposures {
  expose(owner: string, queue: ElicitationQueue, tag: string | undefined): () => void;
  /** Applies an answer the hub routed here. */
  answer(owner: string, wireId: string, result: ElicitResult): AnswerOutcome;
  /** The other replicas gave this one up: cancel every exposed entry with its server (they leave as `lost`). */
  lost(): void;
  /** Stops every exposure. */
  stopAll(): void;
}

/** Options of {@link createExposures}. */
export interface ExposureOptions {
  hub: HubInternals;
  maxEntryBytes: number;
  emit(event: ElicitationBridgeEvent): void;
}

/**
 * The `elicitation/create` params the backend accepted, rebuilt from core's parsed request (which keeps the schema,
 * URL and extras as sent): what the browser parses again.
 */
export function paramsOf(request: ParsedElicitation): JsonObject {
  // oxlint-disable-next-line no-underscore-dangle -- `_meta` is the protocol's own field name
  const meta = request._meta as JsonObject | undefined;
  const extras: JsonObject = {
    ...(request.task !== undefined && { task: request.task }),
    ...(meta !== undefined && { _meta: meta }),
  };
  if (request.mode === 'url') {
    return {
      mode: 'url',
      message: request.message,
      url: request.url,
      ...(request.elicitationId !== undefined && { elicitationId: request.elicitationId }),
      ...extras,
    };
  }
  return {
    mode: 'form',
    message: request.message,
    requestedSchema: request.requestedSchema as unknown as JsonObject,
    ...extras,
  };
}

/**
 * What the browser gets of an entry. The server identity goes as it is: ids a queue made up carry the queue's own
 * random name (`elicitation-kit-<queue>-<n>`), so the questions of many queues (a queue per chat turn, on any replica)
 * never share one, and a host's own ids are the host's.
 */
function toWireEntry(wireId: string, entry: PendingElicitation, tag: string | undefined): WireEntry {
  return {
    id: wireId,
    params: paramsOf(entry.request),
    server: entry.server,
    era: entry.era,
    ...(entry.protocolVersion !== undefined && { protocolVersion: entry.protocolVersion }),
    status: entry.status,
    kind: entry.kind,
    createdAt: entry.createdAt,
    ...(entry.askedAgain === true && { askedAgain: true as const }),
    ...(tag !== undefined && { tag }),
    ...(entry.roundKey !== undefined && { roundKey: entry.roundKey }),
  };
}

/**
 * The answer check of a form, built from the request as its adapter parsed it (its fields, already described and
 * screened): core's validator takes a parse result in place of a schema and does not parse the schema again.
 */
function validatorOf(request: ParsedFormElicitation): ContentValidator {
  const { requestedSchema: schema, fields, warnings } = request;
  return createContentValidator({ ok: true, schema, fields, warnings });
}

/** Why an entry left its queue: answered here, given up, cancelled (and by whom), or settled by the host. */
function reasonOf(exposed: Exposed): WithdrawReason {
  if (exposed.answered) {
    return 'answered';
  }
  if (exposed.lost) {
    return 'lost';
  }
  const { signal } = exposed.entry;
  if (!signal.aborted) {
    return 'settled';
  }
  // The kit aborts with the CancelReason when the connection closes or the host detaches; a durable round
  // (@elicitation-kit/mcp/durable) with `moved` when it is handed over, `expired` when its time ran out, `lost` when its
  // store lost it.
  switch (signal.reason) {
    case 'connection-closed':
    case 'detached':
      return 'closed';
    case 'moved':
    case 'expired':
    case 'lost':
      return signal.reason;
    default:
      return 'cancelled';
  }
}

/** The exposed queues of a bridge on `hub`. */
export function createExposures({ hub, maxEntryBytes, emit }: ExposureOptions): Exposures {
  const byWire = new Map<string, Exposed>();
  const stops = new Set<() => void>();
  /** A queue exposed twice would show each of its questions twice. */
  const exposedQueues = new WeakSet<ElicitationQueue>();

  const cancel = (exposed: Exposed, operation: string, error: unknown): void => {
    const { owner, queue } = exposed.exposure;
    emit({ type: 'failed', operation, error, owner, id: exposed.wireId });
    queue.respond(exposed.entry.id, { action: 'cancel' });
  };

  const publish = (exposed: Exposed): void => {
    const { owner } = exposed.exposure;
    const wire = toWireEntry(exposed.wireId, exposed.entry, exposed.exposure.tag);
    // Its JSON is made here once: every stream sends that same text.
    const size = utf8Length(entryJson(wire));
    if (size > maxEntryBytes) {
      // Not from inside the queue's listener: answer once the change being mirrored is done.
      queueMicrotask(() =>
        cancel(
          exposed,
          'publish',
          new RangeError(`the question is ${size} bytes of JSON, above maxEntryBytes (${maxEntryBytes})`),
        ),
      );
      return;
    }
    if (exposed.rev === 0) {
      emit({ type: 'exposed', owner, id: exposed.wireId, entry: exposed.entry });
    }
    hub
      .upsert(owner, { entry: wire, replica: hub.replica, rev: exposed.rev })
      .catch((error: unknown) => cancel(exposed, 'publish', error));
  };

  const leave = (exposed: Exposed, reason: WithdrawReason): void => {
    const { owner } = exposed.exposure;
    byWire.delete(exposed.wireId);
    hub.withdraw(owner, exposed.wireId, reason);
    emit({ type: 'withdrawn', owner, id: exposed.wireId, reason });
  };

  /** Mirrors the queue's snapshot to the hub (re-entrant calls fold into the running one). */
  const sync = (exposure: Exposure): void => {
    if (exposure.syncing) {
      exposure.dirty = true;
      return;
    }
    exposure.syncing = true;
    try {
      do {
        exposure.dirty = false;
        const seen = new Set<string>();
        for (const entry of exposure.queue.getSnapshot()) {
          seen.add(entry.id);
          const known = exposure.entries.get(entry.id);
          if (known === undefined) {
            const exposed: Exposed = {
              wireId: crypto.randomUUID(),
              exposure,
              entry,
              rev: 0,
              answered: false,
              lost: false,
            };
            exposure.entries.set(entry.id, exposed);
            byWire.set(exposed.wireId, exposed);
            publish(exposed);
          } else if (known.entry !== entry) {
            known.entry = entry;
            known.rev += 1;
            publish(known);
          }
        }
        for (const [id, exposed] of exposure.entries) {
          if (!seen.has(id)) {
            exposure.entries.delete(id);
            // The kit takes an entry out of the queue first and aborts its signal right after (requests.ts `drop`):
            // read why it left once that is done.
            queueMicrotask(() => leave(exposed, reasonOf(exposed)));
          }
        }
      } while (exposure.dirty);
    } finally {
      exposure.syncing = false;
    }
  };

  return {
    expose(owner, queue, tag) {
      if (exposedQueues.has(queue)) {
        throw new TypeError('expose: this queue is already exposed (stop that exposure first)');
      }
      exposedQueues.add(queue);
      const exposure: Exposure = {
        owner,
        tag,
        queue,
        entries: new Map(),
        syncing: false,
        dirty: false,
      };
      const unsubscribe = queue.subscribe(() => sync(exposure));
      sync(exposure);
      let stopped = false;
      const stop = (): void => {
        if (stopped) {
          return;
        }
        stopped = true;
        stops.delete(stop);
        exposedQueues.delete(queue);
        unsubscribe();
        for (const exposed of exposure.entries.values()) {
          leave(exposed, 'closed');
        }
        exposure.entries.clear();
      };
      stops.add(stop);
      return stop;
    },

    answer(owner, wireId, result) {
      const exposed = byWire.get(wireId);
      if (exposed === undefined || exposed.exposure.owner !== owner) {
        return NOT_PENDING;
      }
      const { queue } = exposed.exposure;
      const entry = queue.getSnapshot().find((candidate) => candidate.id === exposed.entry.id);
      if (entry === undefined) {
        return NOT_PENDING;
      }
      const checked = checkAnswer(entry, result, (request) => {
        // Built once per question, from its adapter's parse.
        exposed.validator ??= validatorOf(request);
        return exposed.validator;
      });
      if (!checked.ok) {
        return { ok: false, status: 422, body: checked.body };
      }
      exposed.answered = true;
      if (!queue.respond(entry.id, checked.result)) {
        exposed.answered = false;
        return NOT_PENDING;
      }
      emit({ type: 'answered', owner, id: wireId, result: checked.result });
      return { ok: true };
    },

    lost() {
      for (const exposed of byWire.values()) {
        exposed.lost = true;
        exposed.exposure.queue.respond(exposed.entry.id, { action: 'cancel' });
      }
    },

    stopAll() {
      for (const stop of stops) {
        stop();
      }
    },
  };
}
