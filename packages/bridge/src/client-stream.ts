// The browser half's stream of questions: one `GET` read as Server-Sent Events (fetch, so a host's own headers ride
// along), reopened after it ends with a doubling, jittered delay that resets once a stream opens. What the events say
// is remote-entries.ts's job. Browser-safe.
import { createSseDecoder } from './sse-decoder.js';
import type { SseEvent } from './sse-decoder.js';

/** The id of a skipped `entry` event, from the start of its data (`{"entry":{"id":"…"`, as the backend writes it). */
const ENTRY_ID = /^\{"entry":\{"id":"([^"\\]{1,512})"/u; // 512: MAX_ID_LENGTH

/** The longest reconnection delay. */
const MAX_RETRY_MS = 30_000;

/** What the stream needs and tells. */
export interface EventStreamOptions {
  fetch: typeof fetch;
  url: string;
  credentials: RequestCredentials;
  headers(): Record<string, string>;
  /** The first reconnection delay. */
  retryMs: number;
  /** The longest event read, in characters. */
  maxEventLength: number;
  /** Whether the stream is still wanted once one ends (someone listens): it is opened again then. */
  wanted(): boolean;
  /** Every event read. */
  onEvent(event: SseEvent): void;
  /** An `entry` event longer than `maxEventLength` was skipped (`id` when its start names one). */
  onSkippedEntry(id: string | undefined): void;
  /** A stream ended or could not open; the next is tried in `retryInMs`. */
  onDisconnected(ended: { status?: number; error?: unknown; retryInMs: number }): void;
}

/** The stream's switch. */
export interface EventStream {
  /** Opens it unless it is open. */
  open(): void;
  /** Ends the current stream; a new one opens if still wanted (a fresh token). */
  restart(): void;
  /** Ends it for good (until `open`). */
  stop(): void;
}

/** Reads one stream to its end. Resolves with what ended it. */
async function readStream(
  options: EventStreamOptions,
  signal: AbortSignal,
): Promise<{ status?: number; error?: unknown; opened: boolean }> {
  const { maxEventLength } = options;
  let opened = false;
  try {
    const response = await options.fetch(options.url, {
      method: 'GET',
      headers: { ...options.headers(), Accept: 'text/event-stream' },
      credentials: options.credentials,
      signal,
    });
    if (!response.ok || response.body === null) {
      await response.body?.cancel();
      return { status: response.status, opened };
    }
    const reader = response.body.getReader();
    // Decoded here, chunk by chunk (a character split across chunks waits for its end), not through a second stream.
    const text = new TextDecoder();
    let readyTooLong = false;
    const decoder = createSseDecoder(
      maxEventLength,
      (event) => {
        opened ||= event.event === 'ready';
        options.onEvent(event);
      },
      (skipped) => {
        if (skipped.event === 'ready') {
          readyTooLong = true;
        } else if (skipped.event === 'entry') {
          // Say which question it was (the backend writes the id first), so that nobody waits for it.
          options.onSkippedEntry(ENTRY_ID.exec(skipped.start)?.[1]);
        }
      },
    );
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        return { opened };
      }
      decoder.push(text.decode(value, { stream: true }));
      if (readyTooLong) {
        // Without its ready the stream has no token: a backend that ignores MAX_EVENT_LENGTH.
        await reader.cancel();
        return { error: new RangeError(`a ready event longer than ${maxEventLength} characters`), opened };
      }
    }
  } catch (error) {
    return { error, opened };
  }
}

/** Reads streams one after another until `signal` aborts, waiting between them. */
async function run(options: EventStreamOptions, signal: AbortSignal): Promise<void> {
  let attempt = 0;
  while (!signal.aborted) {
    const ended = await readStream(options, signal);
    if (signal.aborted) {
      return;
    }
    attempt = ended.opened ? 0 : attempt + 1;
    const base = Math.min(MAX_RETRY_MS, options.retryMs * 2 ** Math.max(0, attempt - 1));
    const retryInMs = Math.round(base * (0.5 + Math.random() / 2));
    options.onDisconnected({
      ...(ended.status !== undefined && { status: ended.status }),
      ...(ended.error !== undefined && { error: ended.error }),
      retryInMs,
    });
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, retryInMs);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  }
}

/** The stream of one remote queue. */
export function createEventStream(options: EventStreamOptions): EventStream {
  let stream: AbortController | undefined;
  const open = (): void => {
    if (stream !== undefined && !stream.signal.aborted) {
      return;
    }
    const controller = new AbortController();
    stream = controller;
    void run(options, controller.signal).then(() => {
      // Aborted for a fresh token while still listened to: open again.
      if (stream === controller && options.wanted()) {
        stream = undefined;
        open();
      }
    });
  };
  return {
    open,
    restart() {
      stream?.abort();
    },
    stop() {
      const current = stream;
      stream = undefined;
      current?.abort();
    },
  };
}
