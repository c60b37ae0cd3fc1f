// What the user typed into a question, kept in the page so that it survives a reload (sessionStorage: this tab only,
// gone with it) and a durable round's move to another backend process (the bridge's `keepDraft`/`draft`). Values
// only, as the answer's content would hold them, and never those of a field core flags as secret-looking. Keyed by the
// signed-in user and the question (its round key when it has one, which stays the same across a move); cleared when
// the question is answered or leaves for good.
import { isJsonObject, toContent } from '@elicitation-kit/core';
import type {
  ElicitContent,
  ElicitContentValue,
  FormValues,
  JsonObject,
  ParsedFormElicitation,
} from '@elicitation-kit/core';
import type { RemoteElicitation } from '@elicitation-kit/bridge/browser';

const PREFIX = 'elicitation-kit.draft';

/** The storage key of a question's draft. */
function keyOf(user: string, entry: RemoteElicitation): string {
  return `${PREFIX}:${JSON.stringify([user, entry.roundKey ?? entry.id])}`;
}

/** Whether `value` can be a member of an answer's content (storage is the page's, but read it as untrusted). */
const isContentValue = (value: unknown): value is ElicitContentValue =>
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'boolean' ||
  (Array.isArray(value) && value.every((item) => typeof item === 'string'));

/** The members of `content` that are fields of `request`, not secret-looking, and content values. */
function keepable(request: ParsedFormElicitation, content: Readonly<Record<string, unknown>>): ElicitContent {
  const secret = new Set(request.sensitive.map(({ field }) => field));
  const kept: ElicitContent = {};
  for (const { name } of request.fields) {
    const value = Object.hasOwn(content, name) ? content[name] : undefined;
    if (isContentValue(value) && !secret.has(name)) {
      // Defined, not assigned: a field may be named `__proto__`.
      Object.defineProperty(kept, name, { value, enumerable: true, writable: true, configurable: true });
    }
  }
  return kept;
}

/** Session storage, when the page may use it (a sandboxed or private page may refuse it: then nothing is kept). */
function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The draft kept for `entry` (from a reload, or carried over by the bridge from a moved question), if any. */
export function readDraft(user: string, entry: RemoteElicitation): ElicitContent | undefined {
  if (entry.request.mode !== 'form') {
    return undefined;
  }
  let stored: unknown;
  try {
    const text = storage()?.getItem(keyOf(user, entry));
    stored = text === null || text === undefined ? undefined : JSON.parse(text);
  } catch {
    stored = undefined;
  }
  const draft = isJsonObject(stored) ? stored : entry.draft;
  if (draft === undefined) {
    return undefined;
  }
  const kept = keepable(entry.request, draft);
  return Object.keys(kept).length === 0 ? undefined : kept;
}

/** Keeps what is typed in `entry`'s form now: in this tab's storage, and with the bridge for a move. */
export function keepDraft(
  user: string,
  entry: RemoteElicitation,
  values: FormValues,
  keepWithBridge: (id: string, content: JsonObject) => void,
): void {
  if (entry.request.mode !== 'form') {
    return;
  }
  const content = keepable(entry.request, toContent(entry.request.fields, values));
  keepWithBridge(entry.id, content);
  try {
    storage()?.setItem(keyOf(user, entry), JSON.stringify(content));
  } catch {
    // Full or refused: the draft is simply not kept.
  }
}

/** Forgets `entry`'s draft (answered, or gone for good). */
export function dropDraft(user: string, entry: RemoteElicitation): void {
  try {
    storage()?.removeItem(keyOf(user, entry));
  } catch {
    // Nothing kept.
  }
}
