// The page's Public Suffix List, when the host gives a loader of it (`publicSuffixList: () => import(...)`): the first
// URL-mode question loads it, and no question is judged before the list it was promised. While it loads, that event
// and every later one wait, in order (a `withdrawn` never overtakes its question); a form-mode question never loads it.
// A failed load refuses the URL-mode questions that waited (answered `cancel`, reported `rejected` with why); the next
// URL-mode question loads again. Browser-safe.
import { isJsonObject, publicSuffixListLoader } from '@elicitation-kit/core';
import type { ElicitationModes, PublicSuffixListSource } from '@elicitation-kit/core';
import { rehydrate } from './rehydrate.js';
import type { Rehydration } from './rehydrate.js';
import type { SseEvent } from './sse-decoder.js';

/** Stream events on their way to the page's entries, and how each wire entry is read. */
export interface SiteListGate {
  /** Passes a stream event on, or holds it (and every later one) while the list loads for a URL-mode question. */
  apply(event: SseEvent): void;
  /** Reads a wire entry, judging sites by the host's list (see {@link rehydrate}). */
  read(value: unknown): Rehydration;
}

/** Whether a wire entry asks for a URL-mode step. */
const isUrlEntry = (value: unknown): boolean =>
  isJsonObject(value) && isJsonObject(value['params']) && value['params']['mode'] === 'url';

/** The wire entries an event carries (`entry`, or the `ready` snapshot). */
function entriesOf(event: SseEvent): unknown[] {
  if (event.event !== 'entry' && event.event !== 'ready') {
    return [];
  }
  let data: unknown;
  try {
    data = JSON.parse(event.data) as unknown;
  } catch {
    return [];
  }
  if (!isJsonObject(data)) {
    return [];
  }
  const entries = event.event === 'entry' ? [data['entry']] : data['entries'];
  return Array.isArray(entries) ? entries : [];
}

/** The gate of one remote queue: `pass` hands an event to the page's entries. */
export function createSiteListGate(
  source: PublicSuffixListSource | undefined,
  modes: ElicitationModes,
  pass: (event: SseEvent) => void,
): SiteListGate {
  const list = publicSuffixListLoader(source);
  /** The events waiting for the list, in arrival order; `undefined` when none wait. */
  let held: SseEvent[] | undefined;
  /** Why the list could not be loaded, while the events that waited for it are passed on. */
  let failure: string | undefined;

  const release = (why: string | undefined): void => {
    const events = held ?? [];
    held = undefined;
    failure = why;
    try {
      for (const event of events) {
        pass(event);
      }
    } finally {
      failure = undefined;
    }
  };

  return {
    apply(event) {
      if (held !== undefined) {
        held.push(event);
        return;
      }
      // Only a loader not yet loaded can hold an event: the stream is not read twice otherwise.
      if (
        typeof source !== 'function' ||
        list.current() !== undefined ||
        modes.url === false ||
        !entriesOf(event).some(isUrlEntry)
      ) {
        pass(event);
        return;
      }
      held = [event];
      list.load().then(
        () => release(undefined),
        (error: unknown) => release(error instanceof Error ? error.message : String(error)),
      );
    },

    read(value) {
      if (failure !== undefined && isUrlEntry(value)) {
        const id = isJsonObject(value) && typeof value['id'] === 'string' ? value['id'] : undefined;
        return { ok: false, ...(id !== undefined && { id }), error: { message: failure } };
      }
      return rehydrate(value, modes, list.current());
    },
  };
}
