// An in-memory SSE event store for the 2025 sessions (`resumable: true`): every event gets an id, so a client whose
// stream dropped reconnects with `Last-Event-ID` and receives what it missed (the SDK client does this by itself).
import type { EventStore, JSONRPCMessage } from '@modelcontextprotocol/server';

/** How many events are kept across all streams (oldest dropped first). */
const CAPACITY = 5_000;

/** Creates an empty store. Event ids are `<stream id>::<sequence>`. */
export function createMemoryEventStore(): EventStore {
  const events = new Map<string, { streamId: string; message: JSONRPCMessage }>();
  let sequence = 0;
  const streamOf = (eventId: string): string | undefined => events.get(eventId)?.streamId;
  return {
    storeEvent(streamId, message) {
      const eventId = `${streamId}::${++sequence}`;
      events.set(eventId, { streamId, message });
      if (events.size > CAPACITY) {
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
