import { useState } from 'react';
import { ElicitationDialog } from '@elicitation-kit/react';
import type { RemoteElicitation, RemoteElicitationQueue } from '@elicitation-kit/bridge/browser';
import type { ElicitationEntry } from '@elicitation-kit/core';
import { dropDraft, keepDraft, readDraft } from './drafts.js';

/** What the card says when it starts from a kept draft instead of the server's defaults. */
const RESTORED = 'What you typed before is filled in again; nothing was sent yet.';

/**
 * One question, starting from what was typed before a reload or a move (`drafts.ts`), when anything was: the dialog
 * starts from an entry's `refused` content, so the draft goes there, with a line saying so. A real refusal wins: it
 * holds the latest typed values already.
 */
function InlineQuestion({
  user,
  entry,
  queue,
}: {
  user: string;
  entry: RemoteElicitation;
  queue: RemoteElicitationQueue;
}) {
  // Read once per question: later edits go to the draft, not back into the card.
  const [draft] = useState(() => readDraft(user, entry));
  const shown: ElicitationEntry =
    draft === undefined || entry.refused !== undefined
      ? entry
      : { ...entry, refused: { message: RESTORED, result: { action: 'accept' as const, content: draft } } };
  return (
    <ElicitationDialog
      presentation="inline"
      entry={shown}
      onValuesChange={(values) => keepDraft(user, entry, values, (id, content) => queue.keepDraft(id, content))}
      onRespond={(result) => {
        dropDraft(user, entry);
        queue.respond(entry.id, result);
      }}
    />
  );
}

/** Questions shown in the conversation: each an inline card, answered in place (the kit renders their text as text). */
export function InlineQuestions({
  user,
  entries,
  queue,
}: {
  user: string;
  entries: readonly RemoteElicitation[];
  queue: RemoteElicitationQueue;
}) {
  const pending = entries.filter((entry) => entry.status === 'pending');
  if (pending.length === 0) {
    return null;
  }
  return (
    <div className="questions">
      {pending.map((entry) => (
        <InlineQuestion key={entry.id} user={user} entry={entry} queue={queue} />
      ))}
    </div>
  );
}
