// The bridge's `GET`: one owner's stream of questions (Server-Sent Events). A user holds at most so many streams; a
// stream holds at most so many bytes its browser has not taken (per stream and per owner), sends what the browser
// reads as it reads, and is dropped when it stalls; each stream gets the token its answers need.
import type { Admission } from './bridge-admission.js';
import { refusal } from './bridge-admission.js';
import type { BridgeLimits } from './bridge-limits.js';
import { EVENT_ROOM } from './bridge-limits.js';
import type { ElicitationBridgeEvent } from './bridge-types.js';
import type { BridgeCall, BridgeReply } from './exchange.js';
import type { HubEvent, HubInternals, HubRecord, OwnerView } from './hub.js';
import { byArrival, entryEvent, readyJson, sseEvent, sseText } from './ready-event.js';
import { randomId } from './token.js';
import type { TokenKeys } from './token.js';
import { MAX_EVENT_LENGTH } from './wire-format.js';

/** How long an answer token outlives its stream's end (an answer sent just before the reconnect still counts). */
const TOKEN_GRACE_MS = 5 * 60_000;

const encoder = new TextEncoder();

/** The comment sent when nothing else was, so that proxies keep the connection (the same bytes every time). */
const KEEP_ALIVE = encoder.encode(': keepalive\n\n');

/** Adds `delta` to `owner`'s count (an owner at zero is forgotten). */
function count(counts: Map<string, number>, owner: string, delta: number): void {
  const total = (counts.get(owner) ?? 0) + delta;
  if (total > 0) {
    counts.set(owner, total);
  } else {
    counts.delete(owner);
  }
}

/** What the streams need. */
export interface OwnerStreamsOptions {
  hub: HubInternals;
  keys: TokenKeys;
  limits: BridgeLimits;
  admission: Admission;
  emit(event: ElicitationBridgeEvent): void;
}

/** The streams of one bridge. */
export interface OwnerStreams {
  /** Handles a `GET`. */
  open(call: BridgeCall): Promise<BridgeReply>;
  /**
   * Whether `token` is the one this replica gave an open stream of `owner`: an answer from that stream needs no MAC
   * check (any other token, from another replica or a stream just ended, is checked by its MAC).
   */
  holds(owner: string, token: string): boolean;
  /** How many streams an owner has open. */
  streams(owner: string): number;
  /** The bytes an owner's streams hold that their browsers have not taken. */
  queuedBytes(owner: string): number;
  /** Ends every open stream. */
  endAll(): void;
}

/** The streams of a bridge on `hub`. */
export function createOwnerStreams({ hub, keys, limits, admission, emit }: OwnerStreamsOptions): OwnerStreams {
  const { admit, refuse } = admission;
  const streamsByOwner = new Map<string, number>();
  /** The bytes each owner's streams hold that their browsers have not taken yet. */
  const bytesByOwner = new Map<string, number>();
  const openStreams = new Set<() => void>();
  /** The token of each open stream, and its owner. */
  const openTokens = new Map<string, string>();
  const countStream = (owner: string, delta: number): void => count(streamsByOwner, owner, delta);

  /** The largest `ready` sent: what the page reads, and half of what a stream may hold. */
  const readyBudget = Math.min(MAX_EVENT_LENGTH, Math.floor(limits.maxStreamBytes / 2)) - EVENT_ROOM;

  const stream = async ({ request, onGone }: BridgeCall): Promise<BridgeReply> => {
    const owner = await admit(request);
    if (typeof owner !== 'string') {
      return owner;
    }
    if ((streamsByOwner.get(owner) ?? 0) >= limits.maxStreamsPerOwner) {
      return refuse(
        429,
        refusal(429, 'too-many-streams', `At most ${limits.maxStreamsPerOwner} streams per user; close a tab.`).body,
        owner,
      );
    }
    countStream(owner, 1);
    let view: OwnerView | undefined;
    let token: string;
    try {
      view = await hub.watch(owner);
      token = await keys.issue(owner, randomId(), Date.now() + limits.maxStreamMs + TOKEN_GRACE_MS);
    } catch (error) {
      view?.release();
      countStream(owner, -1);
      emit({ type: 'failed', operation: 'watch', error, owner });
      return refuse(503, refusal(503, 'unavailable', 'The questions cannot be read right now; try again.').body, owner);
    }
    const watching: OwnerView = view;
    /** Bytes for the browser it has not taken yet, oldest first from `head` (the rest were handed over). */
    const outbox: (Uint8Array | undefined)[] = [];
    let head = 0;
    let queued = 0;
    /** The snapshot's questions that did not fit in `ready`, by id: each sent as an event when the browser reads. */
    const backlog = new Map<string, HubRecord>();
    /** When the browser last took bytes. */
    let lastTaken = Date.now();
    /** The browser asked for bytes and none were there: the next ones go to it at once. */
    let waiting = false;
    let ended = false;
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    let unsubscribe: (() => void) | undefined;
    let keepAlive: ReturnType<typeof setTimeout> | undefined;
    let lifetime: ReturnType<typeof setTimeout> | undefined;
    let stopWatchingClient: (() => void) | undefined;

    const account = (delta: number): void => {
      queued += delta;
      count(bytesByOwner, owner, delta);
    };
    /** Releases what the stream holds (its bytes first, then its slot) and ends the response as `how` says. */
    const finish = (how: 'close' | 'error' | 'cancelled'): void => {
      if (ended) {
        return;
      }
      ended = true;
      clearInterval(keepAlive);
      clearTimeout(lifetime);
      unsubscribe?.();
      watching.release();
      outbox.length = 0;
      head = 0;
      backlog.clear();
      account(-queued);
      countStream(owner, -1);
      openStreams.delete(end);
      openTokens.delete(token);
      stopWatchingClient?.();
      if (how === 'close') {
        controller?.close();
      } else if (how === 'error') {
        // Errored, not closed: whoever serves the response aborts the connection instead of flushing it politely.
        controller?.error(new Error('elicitation bridge: stream dropped'));
      }
    };
    const end = (): void => finish('close');
    const drop = (reason: 'stream-bytes' | 'owner-bytes' | 'stalled'): void => {
      const queuedBytes = queued;
      finish('error');
      emit({ type: 'dropped', owner, reason, queuedBytes });
    };
    const stalled = (): boolean => queued > 0 && Date.now() - lastTaken > limits.stallTimeoutMs;
    const send = (text: string | Uint8Array): void => {
      if (ended || controller === undefined) {
        return;
      }
      const chunk = typeof text === 'string' ? encoder.encode(text) : text;
      if (waiting) {
        waiting = false;
        lastTaken = Date.now();
        controller.enqueue(chunk);
        return;
      }
      outbox.push(chunk);
      account(chunk.byteLength);
      // A browser that stopped reading (a stalled connection): drop it and free its bytes; a reconnect gets a fresh
      // snapshot.
      if (queued > limits.maxStreamBytes) {
        drop('stream-bytes');
      } else if ((bytesByOwner.get(owner) ?? 0) > limits.maxOwnerBytes) {
        drop('owner-bytes');
      } else if (stalled()) {
        drop('stalled');
      }
    };
    /** The event of one question, or nothing when it is longer than a page reads (another replica's limits). */
    const entryText = (record: HubRecord): string | undefined => {
      const text = entryEvent(record.entry);
      if (text.length <= MAX_EVENT_LENGTH) {
        return text;
      }
      const error = new RangeError(`the question is ${text.length} characters, above MAX_EVENT_LENGTH`);
      emit({ type: 'failed', operation: 'stream', error, owner, id: record.entry.id });
      return undefined;
    };
    /** The next bytes for the browser: the oldest unsent, else the next question of the snapshot. */
    const next = (): Uint8Array | undefined => {
      const chunk = outbox[head];
      if (chunk !== undefined) {
        outbox[head] = undefined;
        head += 1;
        if (head === outbox.length || (head > 1024 && head * 2 > outbox.length)) {
          outbox.splice(0, head);
          head = 0;
        }
        account(-chunk.byteLength);
        return chunk;
      }
      for (const [id, record] of backlog) {
        backlog.delete(id);
        const text = entryText(record);
        if (text !== undefined) {
          return encoder.encode(text);
        }
      }
      return undefined;
    };
    const body = new ReadableStream<Uint8Array>(
      {
        start(started) {
          controller = started;
        },
        // Called each time the browser's side reads (the queue inside the stream holds nothing: highWaterMark 0).
        pull(given) {
          lastTaken = Date.now();
          const chunk = next();
          if (chunk === undefined) {
            waiting = true;
          } else {
            given.enqueue(chunk);
          }
        },
        cancel() {
          finish('cancelled');
        },
      },
      { highWaterMark: 0 },
    );
    unsubscribe = watching.subscribe((event: HubEvent) => {
      if (event.type === 'entry') {
        backlog.delete(event.record.entry.id);
        const text = entryText(event.record);
        if (text !== undefined) {
          send(text);
        }
      } else {
        backlog.delete(event.id);
        send(sseEvent('withdrawn', { id: event.id, reason: event.reason }));
      }
    });
    const tick = (): void => {
      if (stalled()) {
        drop('stalled');
      } else if (head === outbox.length) {
        send(KEEP_ALIVE);
      }
    };
    // The first tick at a random point of the period: streams opened together (every page reconnecting after a
    // redeploy) do not all write their keep-alives in the same instant, each period, for as long as they live.
    keepAlive = setTimeout(
      () => {
        tick();
        keepAlive = setInterval(tick, limits.keepAliveMs);
      },
      Math.ceil(Math.random() * limits.keepAliveMs),
    );
    lifetime = setTimeout(end, limits.maxStreamMs);
    openStreams.add(end);
    openTokens.set(token, owner);
    stopWatchingClient = onGone(end);
    send(sseText('ready', readyJson(hub.identity, readyBudget, token, byArrival(watching.records()), backlog)));
    return { status: 200, events: body };
  };

  return {
    open: stream,
    holds: (owner, token) => openTokens.get(token) === owner,
    streams: (owner) => streamsByOwner.get(owner) ?? 0,
    queuedBytes: (owner) => bytesByOwner.get(owner) ?? 0,
    endAll() {
      for (const end of openStreams) {
        end();
      }
    },
  };
}
