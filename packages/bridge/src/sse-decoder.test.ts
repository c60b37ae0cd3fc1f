import { describe, expect, it } from 'vitest';
import { createSseDecoder } from './sse-decoder.js';
import type { OversizedSseEvent, SseEvent } from './sse-decoder.js';

function decode(chunks: readonly string[], maxLength = 1024): { events: SseEvent[]; skipped: OversizedSseEvent[] } {
  const events: SseEvent[] = [];
  const skipped: OversizedSseEvent[] = [];
  const decoder = createSseDecoder(
    maxLength,
    (event) => events.push(event),
    (event) => skipped.push(event),
  );
  for (const chunk of chunks) {
    decoder.push(chunk);
  }
  return { events, skipped };
}

/** `text` in 512-character chunks. */
const inChunks = (text: string): string[] => text.match(/[\s\S]{1,512}/gu) ?? [];

describe('createSseDecoder', () => {
  it('reads named events, joins data lines, skips comments and other fields', () => {
    const stream = ': keepalive\n\nevent: ready\ndata: {"a":1}\n\nid: 7\nretry: 10\ndata: one\ndata:two\n\n';
    expect(decode([stream]).events).toEqual([
      { event: 'ready', data: '{"a":1}' },
      { event: 'message', data: 'one\ntwo' },
    ]);
  });

  it('gives the same events however the text is cut, CRLF included', () => {
    const stream = 'event: entry\r\ndata: {"id":"x"}\r\n\r\nevent: withdrawn\ndata: {"id":"x"}\n\n';
    const whole = decode([stream]).events;
    for (let size = 1; size <= 7; size += 1) {
      const chunks: string[] = [];
      for (let start = 0; start < stream.length; start += size) {
        chunks.push(stream.slice(start, start + size));
      }
      expect(decode(chunks).events).toEqual(whole);
    }
    expect(whole).toHaveLength(2);
  });

  it('skips a line or an event over the limit, reports it with the start of its data, and reads on', () => {
    const after = 'event: entry\ndata: {"id":"next"}\n\n';
    const whole = `event: entry\ndata: {"entry":{"id":"big"}${'x'.repeat(2000)}\n\n${after}`;
    const expected = {
      events: [{ event: 'entry', data: '{"id":"next"}' }],
      // Up to 1024 characters of its data: enough to say which question it was.
      skipped: [{ event: 'entry', start: expect.stringMatching(/^\{"entry":\{"id":"big"\}x{900,1003}$/u) as string }],
    };
    // In one chunk, and cut so that the long line arrives in pieces.
    expect(decode([whole])).toEqual(expected);
    expect(decode(inChunks(whole))).toEqual(expected);
    expect(decode(whole.split(''))).toEqual(expected);
    // Two data lines, each within the limit, together over it.
    expect(decode([`data: ${'x'.repeat(600)}\n`, `data: ${'y'.repeat(600)}\n\n${after}`])).toEqual({
      events: expected.events,
      skipped: [{ event: 'message', start: 'x'.repeat(600) }],
    });
    // A long line that is not data is passed over; the event after it is read.
    expect(decode(['x'.repeat(1000), 'x'.repeat(1000), '\n\ndata: late\n\n'])).toEqual({
      events: [{ event: 'message', data: 'late' }],
      skipped: [],
    });
  });

  it('hostile lengths: 100,000 characters without a line break, or of bare CRs, in small chunks, in linear time', () => {
    const limit = 200_000;
    const noBreak = decode(inChunks('data: '.concat('x'.repeat(100_000), '\n\n')), limit);
    expect(noBreak.events).toEqual([{ event: 'message', data: 'x'.repeat(100_000) }]);
    const carriageReturns = decode(inChunks('data: '.concat('\r'.repeat(100_000), '\n\n')), limit);
    expect(carriageReturns.events[0]?.data).toHaveLength(99_999);
    const emptyLines = decode(inChunks('\n'.repeat(100_000)), limit);
    expect(emptyLines).toEqual({ events: [], skipped: [] });
  });
});
