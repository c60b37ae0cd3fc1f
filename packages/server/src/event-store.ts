// An in-memory SSE event store for 2025 sessions (`serveBothEras(…, { eventStore })`): every event gets an id, so a
// client whose stream dropped reconnects with `Last-Event-ID` and receives what it missed, the same messages it would
// have received (the SDK client reconnects by itself when the server sent event ids).
import type { EventStore, JSONRPCMessage } from '@modelcontextprotocol/server';

/** Options of {@link createMemoryEventStore}. */
export interface MemoryEventStoreOptions {
  /** Most events kept across every stream of the session (oldest dropped first). @default 5000 */
  capacity?: number;
}

/**
 * An event store in this process's memory, for one 2025 session: pass `() => createMemoryEventStore()` as
 * `serveBothEras`'s `eventStore`. Event ids are `<stream id>::<sequence>`. A session lives on one replica, and so do
 * its events (sticky routing keeps its requests there).
 */
export function createMemoryEventStore(options: MemoryEventStoreOptions = {}): EventStore {
  const capacity = options.capacity ?? 5_000;
  const events = new Map<string, { streamId: string; message: JSONRPCMessage }>();
  let sequence = 0;
  const streamOf = (eventId: string): string | undefined => events.get(eventId)?.streamId;
  return {
    storeEvent(streamId, message) {
      const eventId = `${streamId}::${++sequence}`;
      events.set(eventId, { streamId, message });
      if (events.size > capacity) {
        const oldest = events.keys().next();
        if (oldest.done !== true) {
          events.delete(oldest.value);
        }
      }
      return Promise.resolve(eventId);
    },
    getStreamIdForEventId(eventId) {
      return Promise.resolve(streamOf(eventId));
    },
    async replayEventsAfter(lastEventId, { send }) {
      const streamId = streamOf(lastEventId);
      if (streamId === undefined) {
        return '';
      }
      let after = false;
      for (const [eventId, event] of events) {
        if (eventId === lastEventId) {
          after = true;
          continue;
        }
        // Priming events are stored as `{}`: they carry an id, not a message.
        if (after && event.streamId === streamId && 'jsonrpc' in event.message) {
          await send(eventId, event.message);
        }
      }
      return streamId;
    },
  };
}
