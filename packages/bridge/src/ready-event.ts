// What a stream sends: Server-Sent Events of one line of JSON each, and the `ready` that opens every stream (the
// owner's questions that fit, in arrival order; the others follow it), sized in UTF-8 bytes without encoding.
import type { HubRecord } from './hub.js';
import type { ReadyEvent, WireEntry } from './wire-format.js';

/** One Server-Sent Event: a name and one line of JSON (JSON text never contains a raw line break). */
export const sseEvent = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Records in arrival order (a Redis hash has none of its own). */
export const byArrival = (records: HubRecord[]): HubRecord[] =>
  records.toSorted((first, second) => first.entry.createdAt - second.entry.createdAt);

/** The bytes of `text` in UTF-8, without encoding it (JSON text: surrogates come in pairs, 4 bytes a pair). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    bytes += unit < 0x80 ? 1 : unit < 0x800 || (unit >= 0xd800 && unit <= 0xdfff) ? 2 : 3;
  }
  return bytes;
}

/**
 * The `ready` event: the questions that fit in `readyBudget`, in arrival order; the others go to `backlog`
 * (sent one event each as the browser reads) and `ids` lists them all, so the page does not take them for gone.
 * One server's large questions never hide another's: every question reaches the page, only later.
 */
export function readyEvent(
  hub: string,
  readyBudget: number,
  token: string,
  records: HubRecord[],
  backlog: Map<string, HubRecord>,
): ReadyEvent {
  const base = { token, hub };
  let ids: string[] | undefined = records.map((record) => record.entry.id);
  let size = utf8Length(JSON.stringify({ ...base, entries: [], ids }));
  if (size > readyBudget) {
    // Too many to even list (hundreds of thousands): those that follow will be shown again, not lost.
    ids = undefined;
    size = utf8Length(JSON.stringify({ ...base, entries: [] }));
  }
  const entries: WireEntry[] = [];
  for (const record of records) {
    // In arrival order: once one does not fit, it and all after it follow the ready.
    if (backlog.size === 0) {
      const bytes = utf8Length(JSON.stringify(record.entry)) + 1;
      if (size + bytes <= readyBudget) {
        size += bytes;
        entries.push(record.entry);
        continue;
      }
    }
    backlog.set(record.entry.id, record);
  }
  return { ...base, entries, ...(backlog.size > 0 && ids !== undefined && { ids }) };
}
