// Server-Sent Events, decoded as text arrives (browser-safe). Linear in what it reads: a line split across chunks is
// kept as pieces and joined once, never re-scanned; a line or an event longer than the limit stops the stream (the
// backend bounds what it sends, so only a broken or hostile peer gets there).

/** One dispatched event. */
export interface SseEvent {
  /** The `event:` field, or `message`. */
  event: string;
  /** The `data:` lines, joined by line feeds. */
  data: string;
}

/** Decodes one stream. */
export interface SseDecoder {
  /**
   * Reads the next chunk of text, calling `onEvent` for each event it completes. Returns `false` (and reads nothing
   * more) once a line or an event exceeded the limit.
   */
  push(text: string): boolean;
}

/** A decoder calling `onEvent` for every event, refusing lines and events over `maxLength` characters. */
export function createSseDecoder(maxLength: number, onEvent: (event: SseEvent) => void): SseDecoder {
  /** The start of a line whose end has not arrived yet. */
  const pieces: string[] = [];
  let piecesLength = 0;
  let eventName = '';
  const data: string[] = [];
  let dataLength = 0;
  let failed = false;

  /** Handles one complete line; `false` when the event grew over the limit. */
  const line = (text: string): boolean => {
    if (text === '') {
      if (data.length > 0) {
        onEvent({ event: eventName === '' ? 'message' : eventName, data: data.join('\n') });
      }
      eventName = '';
      data.length = 0;
      dataLength = 0;
      return true;
    }
    if (text.startsWith(':')) {
      return true;
    }
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) {
      value = value.slice(1);
    }
    if (field === 'event') {
      eventName = value;
    } else if (field === 'data') {
      dataLength += value.length + 1;
      if (dataLength > maxLength) {
        return false;
      }
      data.push(value);
    }
    return true;
  };

  return {
    push(text) {
      if (failed) {
        return false;
      }
      let start = 0;
      for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
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
        if (complete.length > maxLength || !line(complete)) {
          failed = true;
          return false;
        }
      }
      if (start < text.length) {
        const rest = text.slice(start);
        piecesLength += rest.length;
        if (piecesLength > maxLength) {
          failed = true;
          return false;
        }
        pieces.push(rest);
      }
      return true;
    },
  };
}
