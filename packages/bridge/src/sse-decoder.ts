// Server-Sent Events, decoded as text arrives (browser-safe). Linear in what it reads: a line split across chunks is
// kept as pieces and joined once, never re-scanned. A line or an event longer than the limit is skipped, not kept
// (the backend bounds what it sends, so only a broken or hostile peer gets there): what was read of it is dropped at
// once, the rest is passed over up to its end, and it is reported with the start of its data, so that the page can
// say which question it was, and the stream goes on.

/** One dispatched event. */
export interface SseEvent {
  /** The `event:` field, or `message`. */
  event: string;
  /** The `data:` lines, joined by line feeds. */
  data: string;
}

/** An event that was longer than the limit, skipped. */
export interface OversizedSseEvent {
  /** The `event:` field, or `message`. */
  event: string;
  /** The first characters of its data (up to 1024). */
  start: string;
}

/** Decodes one stream. */
export interface SseDecoder {
  /** Reads the next chunk of text, calling `onEvent` for each event it completes (`onOversized` for those it skips). */
  push(text: string): void;
}

/** How much of a skipped event's data is kept, to say which one it was. */
const START_LENGTH = 1024;

/** A line's field and value (`data: x` → `data`, `x`). */
function fieldOf(text: string): [string, string] {
  const colon = text.indexOf(':');
  if (colon === -1) {
    return [text, ''];
  }
  const value = text.slice(colon + 1);
  return [text.slice(0, colon), value.startsWith(' ') ? value.slice(1) : value];
}

/**
 * A decoder calling `onEvent` for every event, skipping lines and events over `maxLength` characters (each reported
 * to `onOversized`).
 */
export function createSseDecoder(
  maxLength: number,
  onEvent: (event: SseEvent) => void,
  onOversized: (event: OversizedSseEvent) => void = () => undefined,
): SseDecoder {
  /** The start of a line whose end has not arrived yet. */
  const pieces: string[] = [];
  let piecesLength = 0;
  /** Passing over the rest of a line that was too long, up to its line feed. */
  let skipping = false;
  let eventName = '';
  const data: string[] = [];
  let dataLength = 0;
  /** The start of the data of the event being read, once it went over the limit. */
  let oversized: string | undefined;

  /** The event being read went over the limit: what it held is dropped, its start kept. */
  const overflow = (value: string): void => {
    oversized ??= (data[0] ?? value).slice(0, START_LENGTH);
    data.length = 0;
    dataLength = 0;
  };

  /** Handles one complete line. */
  const line = (text: string): void => {
    if (text === '') {
      const event = eventName === '' ? 'message' : eventName;
      if (oversized !== undefined) {
        onOversized({ event, start: oversized });
      } else if (data.length > 0) {
        onEvent({ event, data: data.join('\n') });
      }
      eventName = '';
      data.length = 0;
      dataLength = 0;
      oversized = undefined;
      return;
    }
    if (text.startsWith(':')) {
      return;
    }
    const [field, value] = fieldOf(text);
    if (field === 'event') {
      eventName = value;
    } else if (field === 'data' && oversized === undefined) {
      dataLength += value.length + 1;
      if (dataLength > maxLength) {
        overflow(value);
      } else {
        data.push(value);
      }
    }
  };

  /** A line over the limit, of which `start` was kept: a data line makes its event oversized. */
  const longLine = (start: string): void => {
    const [field, value] = fieldOf(start);
    if (field === 'data') {
      overflow(value);
    }
  };

  return {
    push(text) {
      let start = 0;
      for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
        if (skipping) {
          skipping = false;
          start = newline + 1;
          continue;
        }
        let complete = text.slice(start, newline);
        if (pieces.length > 0) {
          pieces.push(complete);
          complete = pieces.join('');
          pieces.length = 0;
          piecesLength = 0;
        }
        if (complete.endsWith('\r')) {
          complete = complete.slice(0, -1);
        }
        start = newline + 1;
        if (complete.length > maxLength) {
          longLine(complete.slice(0, START_LENGTH + 16));
        } else {
          line(complete);
        }
      }
      if (start < text.length && !skipping) {
        const rest = text.slice(start);
        piecesLength += rest.length;
        pieces.push(rest);
        if (piecesLength > maxLength) {
          let head = '';
          for (const piece of pieces) {
            if (head.length >= START_LENGTH + 16) {
              break;
            }
            head += piece.slice(0, START_LENGTH + 16 - head.length);
          }
          pieces.length = 0;
          piecesLength = 0;
          skipping = true;
          longLine(head);
        }
      }
    },
  };
}
