// What a stream sends: Server-Sent Events of one line of JSON each, and the `ready` that opens every stream (the
// owner's questions that fit, in arrival order; the others follow it), sized in UTF-8 bytes without encoding.
import type { HubRecord } from './hub.js';
import type { WireEntry } from './wire-format.js';

/** One Server-Sent Event: a name and one line of JSON text (JSON text never contains a raw line break). */
export const sseText = (event: string, json: string): string => `event: ${event}\ndata: ${json}\n\n`;

/** One Server-Sent Event: a name and `data` as one line of JSON. */
export const sseEvent = (event: string, data: unknown): string => sseText(event, JSON.stringify(data));

/** The JSON of each wire entry, made once: its size is checked when published, and every stream sends it. */
const entryTexts = new WeakMap<WireEntry, string>();

/** The JSON text of a wire entry (entries are never changed once made: a change publishes a new one). */
export function entryJson(entry: WireEntry): string {
  let text = entryTexts.get(entry);
  if (text === undefined) {
    text = JSON.stringify(entry);
    entryTexts.set(entry, text);
  }
  return text;
}

/** The `entry` event of a wire entry. */
export const entryEvent = (entry: WireEntry): string => sseText('entry', `{"entry":${entryJson(entry)}}`);

/** Records in arrival order (a Redis hash has none of its own). */
export const byArrival = (records: HubRecord[]): HubRecord[] =>
  records.toSorted((first, second) => first.entry.createdAt - second.entry.createdAt);

/** The bytes of `text` in UTF-8, without encoding it (JSON text: surrogates come in pairs, 4 bytes a pair). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    bytes += unit < 0x80 ? 1 : unit < 0x800 || (unit >= 0xd800 && unit <= 0xdfff) ? 2 : 3;
  }
  return bytes;
}

/**
 * The `ready` event's JSON: the questions that fit in `readyBudget` (UTF-8 bytes), in arrival order; the others go to
 * `backlog` (sent one event each as the browser reads) and `ids` lists them all, so the page does not take them for
 * gone. One server's large questions never hide another's: every question reaches the page, only later. Each entry's
 * JSON is the one made when it was published, not made again.
 */
export function readyJson(
  hub: string,
  readyBudget: number,
  token: string,
  records: HubRecord[],
  backlog: Map<string, HubRecord>,
): string {
  const head = `{"token":${JSON.stringify(token)},"hub":${JSON.stringify(hub)},"entries":[`;
  let ids: string | undefined = `,"ids":${JSON.stringify(records.map((record) => record.entry.id))}`;
  // The ready with no entry: head + `]` + ids + `}`.
  let size = utf8Length(head) + utf8Length(ids) + 2;
  if (size > readyBudget) {
    // Too many to even list (hundreds of thousands): those that follow will be shown again, not lost.
    ids = undefined;
    size = utf8Length(head) + 2;
  }
  const entries: string[] = [];
  for (const record of records) {
    // In arrival order: once one does not fit, it and all after it follow the ready.
    if (backlog.size === 0) {
      const text = entryJson(record.entry);
      const bytes = utf8Length(text) + 1;
      if (size + bytes <= readyBudget) {
        size += bytes;
        entries.push(text);
        continue;
      }
    }
    backlog.set(record.entry.id, record);
  }
  return `${head}${entries.join(',')}]${backlog.size > 0 && ids !== undefined ? ids : ''}}`;
}
