// The page's copy of its owner's questions: stream events (wire entries) made entries again with core, questions
// withdrawn for good (a late event cannot bring one back), and each posted answer settled by the backend's outcome: gone,
// or back under a new id carrying the refusal. Browser-safe.
import type { ElicitResult, JsonObject } from '@elicitation-kit/core';
import { BoundedMap, isJsonObject } from '@elicitation-kit/core';
import { refusedAnswer, setupHint } from './answer-post.js';
import type { PostOutcome } from './answer-post.js';
import type { ElicitationBridgeClientEvent, RefusedAnswer, RemoteElicitation } from './client.js';
import type { Rehydration } from './rehydrate.js';
import type { SseEvent } from './sse-decoder.js';
import { WITHDRAW_MESSAGES, WithdrawnError } from './wire-format.js';
import type { WireEntry, WithdrawReason } from './wire-format.js';

/** How many withdrawn ids the page remembers, so a late event cannot bring one back. */
const TOMBSTONES = 1024;
/** How many drafts of moved questions the page keeps for their successors. */
const MOVED_DRAFTS = 256;

/** A question the page knows. */
export interface Local {
  wire: WireEntry;
  /** The wire entry as it arrived, to see whether a later event (a reconnect's `ready`) changes it. */
  raw: unknown;
  controller: AbortController;
  /** The entry the queue shows (a new object for each change, the same `signal`). */
  entry: RemoteElicitation;
  /** Bumped when a refused answer brings the question back: a new entry id, a new dialog (the old one answered). */
  presentation: number;
  /** The last refused answer, carried by every entry shown for it until it leaves. */
  refused: RefusedAnswer | undefined;
  /** An answer is being posted: not shown meanwhile. */
  inflight: boolean;
  /**
   * Why the stream said the question left while this page's answer to it was on its way: the answer's outcome decides
   * (taken: it was this page's answer, not a withdrawal; refused or lost on the way: it left for this reason).
   */
  withdrawn: WithdrawReason | undefined;
  /** What the page last kept as typed for it (`keepDraft`); a `moved` withdrawal hands it to the successor. */
  draft: JsonObject | undefined;
}

/** What the entries need. */
export interface RemoteEntriesOptions {
  /** The endpoint, named in the console. */
  url: string;
  /** Reads and parses one wire entry. */
  read(value: unknown): Rehydration;
  /** Posts an answer with the stream's token. */
  post(token: string | undefined, id: string, result: ElicitResult): Promise<PostOutcome>;
  emit(event: ElicitationBridgeClientEvent): void;
  /** What is shown changed. */
  changed(): void;
  /** The token was refused: a new stream brings a new one. */
  renewToken(): void;
}

/** The page's questions. */
export interface RemoteEntries {
  /** The entries shown (none with an answer on its way), in arrival order. */
  shown(): RemoteElicitation[];
  /** Applies one stream event. */
  apply(event: SseEvent): void;
  /** An `entry` event too long to read: its question is answered `cancel` (by `id`) and reported. */
  skipped(id: string | undefined, maxEventLength: number): void;
  /** Takes the question shown as `id` for an answer (hidden meanwhile); `undefined` when gone or already taken. */
  take(id: string): Local | undefined;
  /** Takes every pending question of a server shown. */
  takeAll(serverId: string): Local[];
  /** Posts an answer to a taken question and settles it by the outcome. */
  send(local: Local, result: ElicitResult): void;
  /** Withdraws every question (`closed`). */
  withdrawAll(reason: WithdrawReason): void;
  /** Keeps what was typed for the question shown as `id`; `false` when it is not shown. */
  keepDraft(id: string, content: JsonObject): boolean;
}

const isReason = (value: unknown): value is WithdrawReason =>
  typeof value === 'string' && Object.hasOwn(WITHDRAW_MESSAGES, value);

/** The entry for a wire entry and its parsed request, with the question's one signal. */
const entryOf = (
  rehydrated: Extract<Rehydration, { ok: true }>,
  signal: AbortSignal,
  presentation: number,
  refused: RefusedAnswer | undefined,
  draft: JsonObject | undefined,
): RemoteElicitation => {
  const { wire, request } = rehydrated;
  return Object.freeze({
    id: presentation === 0 ? wire.id : `${wire.id}#${presentation}`,
    request,
    server: wire.server,
    era: wire.era,
    ...(wire.protocolVersion !== undefined && { protocolVersion: wire.protocolVersion }),
    signal,
    status: wire.status,
    kind: wire.kind,
    createdAt: wire.createdAt,
    ...(wire.askedAgain === true && { askedAgain: true as const }),
    ...(wire.tag !== undefined && { tag: wire.tag }),
    ...(wire.roundKey !== undefined && { roundKey: wire.roundKey }),
    ...(refused !== undefined && { refused }),
    ...(draft !== undefined && { draft }),
  });
};

/** The questions of one remote queue. */
export function createRemoteEntries(options: RemoteEntriesOptions): RemoteEntries {
  const { emit, changed } = options;
  /** By wire id, in arrival order. */
  const locals = new Map<string, Local>();
  /** By the id of the entry shown. */
  const byEntryId = new Map<string, Local>();
  const tombstones = new BoundedMap<string, true>(TOMBSTONES);
  /** Drafts of questions withdrawn `moved`, by round key, until their successor arrives. */
  const movedDrafts = new BoundedMap<string, JsonObject>(MOVED_DRAFTS);
  let token: string | undefined;
  let hubIdentity: string | undefined;

  /** Shows `entry` for `local` (replacing the entry it showed). */
  const show = (local: Local, entry: RemoteElicitation): void => {
    byEntryId.delete(local.entry.id);
    local.entry = entry;
    byEntryId.set(entry.id, local);
  };

  /** Takes a question off the page for good. */
  const withdraw = (id: string, reason: WithdrawReason): void => {
    tombstones.set(id, true);
    const local = locals.get(id);
    if (local === undefined) {
      return;
    }
    locals.delete(id);
    byEntryId.delete(local.entry.id);
    if (reason === 'moved') {
      carryDraft(local);
    }
    local.controller.abort(new WithdrawnError(reason));
    emit({ type: 'withdrawn', entry: local.entry, reason });
  };

  /**
   * A question moved to another process: what was typed for it goes to the question that comes back with the same
   * round key (a new id), already here or still to come. Matched by the key the durable layer set on both, nothing else.
   */
  const carryDraft = (moved: Local): void => {
    const { roundKey } = moved.wire;
    if (roundKey === undefined || moved.draft === undefined) {
      return;
    }
    for (const local of locals.values()) {
      if (local.wire.roundKey === roundKey && local.draft === undefined) {
        local.draft = moved.draft;
        show(local, Object.freeze({ ...local.entry, draft: moved.draft }));
        changed();
        return;
      }
    }
    movedDrafts.set(roundKey, moved.draft);
  };

  /** A question the page cannot show: the backend is told `cancel`, so that nobody waits for it. */
  const reject = (rehydrated: Extract<Rehydration, { ok: false }>): void => {
    emit({ type: 'rejected', ...(rehydrated.id !== undefined && { id: rehydrated.id }), error: rehydrated.error });
    if (rehydrated.id !== undefined && !tombstones.has(rehydrated.id)) {
      tombstones.set(rehydrated.id, true);
      void options.post(token, rehydrated.id, { action: 'cancel' });
    }
  };

  /** A question arrived or changed. Returns whether the snapshot changed. */
  const upsert = (value: unknown): boolean => {
    const id = isJsonObject(value) ? value['id'] : undefined;
    if (typeof id === 'string' && tombstones.has(id)) {
      return false;
    }
    const known = typeof id === 'string' ? locals.get(id) : undefined;
    // Serialised only to compare with a question already shown (after a reconnect), never for a new one.
    if (known !== undefined && JSON.stringify(known.raw) === JSON.stringify(value)) {
      return false;
    }
    const rehydrated = options.read(value);
    if (!rehydrated.ok) {
      if (known !== undefined) {
        withdraw(known.wire.id, 'settled');
      }
      reject(rehydrated);
      return known !== undefined;
    }
    if (known !== undefined) {
      known.wire = rehydrated.wire;
      known.raw = value;
      show(known, entryOf(rehydrated, known.controller.signal, known.presentation, known.refused, known.draft));
      return !known.inflight;
    }
    const controller = new AbortController();
    const { roundKey } = rehydrated.wire;
    // The same durable round asked by another process: it took the round over (one holder at a time), so the copy
    // still shown (its process died before it could say so) has moved, and what was typed in it comes along.
    for (const local of locals.values()) {
      if (roundKey !== undefined && local.wire.roundKey === roundKey) {
        withdraw(local.wire.id, 'moved');
      }
    }
    const draft = roundKey === undefined ? undefined : movedDrafts.get(roundKey);
    if (roundKey !== undefined) {
      movedDrafts.delete(roundKey);
    }
    const local: Local = {
      wire: rehydrated.wire,
      raw: value,
      controller,
      entry: entryOf(rehydrated, controller.signal, 0, undefined, draft),
      presentation: 0,
      refused: undefined,
      inflight: false,
      withdrawn: undefined,
      draft,
    };
    byEntryId.set(local.entry.id, local);
    locals.set(rehydrated.wire.id, local);
    return true;
  };

  const onReady = (data: unknown): void => {
    if (!isJsonObject(data) || typeof data['token'] !== 'string' || !Array.isArray(data['entries'])) {
      return;
    }
    token = data['token'];
    const hub = typeof data['hub'] === 'string' ? data['hub'] : undefined;
    // Gone while the page was away: a different hub means the backend restarted and lost what it held.
    const missing: WithdrawReason = hubIdentity !== undefined && hub !== hubIdentity ? 'lost' : 'settled';
    hubIdentity = hub;
    const listed = new Set<string>();
    for (const value of data['entries']) {
      upsert(value);
      if (isJsonObject(value) && typeof value['id'] === 'string') {
        listed.add(value['id']);
      }
    }
    // Questions that did not fit in the ready follow it, an event each: still pending, not gone.
    const ids = data['ids'];
    if (Array.isArray(ids)) {
      for (const id of ids) {
        if (typeof id === 'string') {
          listed.add(id);
        }
      }
    }
    for (const [id, local] of locals) {
      if (!listed.has(id)) {
        withdraw(id, local.withdrawn ?? missing);
      }
    }
    changed();
    emit({ type: 'connected' });
  };

  /** The backend refused an answer: the question is gone, or back under a new id carrying the refusal. */
  const refused = (local: Local, answered: RemoteElicitation, outcome: Required<PostOutcome>, result: ElicitResult) => {
    const { status, body } = outcome;
    const gone = status === 404 || status === 410 || !locals.has(local.wire.id) || local.withdrawn !== undefined;
    if (gone) {
      withdraw(local.wire.id, local.withdrawn ?? (status === 410 ? 'lost' : 'settled'));
    } else {
      // Still pending on the backend: back in the queue under a new id, since the dialog that answered is done
      // (its session answered once). The entry carries the refused answer: the new dialog starts from what was
      // typed and says why, instead of coming back empty with no word.
      const refusal = refusedAnswer(status, body, result);
      local.presentation += 1;
      local.refused = refusal;
      show(local, Object.freeze({ ...local.entry, id: `${local.wire.id}#${local.presentation}`, refused: refusal }));
      changed();
      if (!refusal.retryable) {
        // A setup problem, not the user's: the developer must see it even when no host code listens.
        console.error(`[elicitation-kit] ${options.url}: ${refusal.message} ${setupHint(body)}`);
      }
    }
    emit({ type: 'refused', entry: answered, status, error: body, kept: !gone });
    if (status === 403 && body.error === 'bad-token') {
      // The token expired or the backend's secret changed: a new stream brings a new one.
      options.renewToken();
    }
  };

  const take = (local: Local | undefined): Local | undefined => {
    if (local === undefined || local.inflight) {
      return undefined;
    }
    local.inflight = true;
    return local;
  };

  return {
    shown() {
      const shown: RemoteElicitation[] = [];
      for (const local of locals.values()) {
        if (!local.inflight) {
          shown.push(local.entry);
        }
      }
      return shown;
    },

    apply(event) {
      let data: unknown;
      try {
        data = JSON.parse(event.data) as unknown;
      } catch {
        return;
      }
      if (event.event === 'ready') {
        onReady(data);
      } else if (event.event === 'entry' && isJsonObject(data)) {
        if (upsert(data['entry'])) {
          changed();
        }
      } else if (event.event === 'withdrawn' && isJsonObject(data) && typeof data['id'] === 'string') {
        const local = locals.get(data['id']);
        const reason = isReason(data['reason']) ? data['reason'] : 'settled';
        if (local?.inflight === true) {
          // This page's answer to it is on its way, and may be what withdrew it (`answered`, sent to every stream):
          // its outcome decides, so that the page never says "answered in another window" of its own answer.
          local.withdrawn = reason;
          return;
        }
        withdraw(data['id'], reason);
        if (local !== undefined) {
          changed();
        }
      }
    },

    skipped(id, maxEventLength) {
      reject({
        ok: false,
        ...(id !== undefined && { id }),
        error: { message: `A question longer than this page reads (${maxEventLength} characters) was skipped.` },
      });
    },

    take: (id) => take(byEntryId.get(id)),

    takeAll(serverId) {
      const answered = [...locals.values()].filter(
        (local) => !local.inflight && local.entry.server.id === serverId && local.entry.status === 'pending',
      );
      return answered.map((local) => take(local)!);
    },

    send(local, result) {
      const answered = local.entry;
      void options.post(token, local.wire.id, result).then(({ status, body }) => {
        local.inflight = false;
        if (body === undefined) {
          locals.delete(local.wire.id);
          byEntryId.delete(answered.id);
          tombstones.set(local.wire.id, true);
          emit({ type: 'answered', entry: answered, result });
          return;
        }
        refused(local, answered, { status, body }, result);
      });
    },

    withdrawAll(reason) {
      for (const id of locals.keys()) {
        withdraw(id, reason);
      }
    },

    keepDraft(id, content) {
      const local = byEntryId.get(id);
      if (local === undefined) {
        return false;
      }
      // Kept as it is now: a later edit of the caller's object changes nothing here.
      local.draft = structuredClone(content);
      return true;
    },
  };
}
