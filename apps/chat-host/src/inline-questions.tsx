import { useState } from 'react';
import { ElicitationDialog } from '@elicitation-kit/react';
import type { RemoteElicitation, RemoteElicitationQueue } from '@elicitation-kit/bridge/browser';
import { keepDraft, readDraft } from './drafts.js';

/** What the card says when it starts from a kept draft instead of the server's defaults. */
const RESTORED = 'What you typed before is filled in again; nothing was sent yet.';

/**
 * One question, starting from what was typed before a reload or a move (`drafts.ts`), when anything was, with a line
 * saying so. A refused answer's values win (the dialog starts from them): they are the latest typed.
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
  const restored = draft !== undefined && entry.refused === undefined;
  return (
    <>
      {restored && <p className="hint">{RESTORED}</p>}
      <ElicitationDialog
        presentation="inline"
        entry={entry}
        {...(draft !== undefined && { defaultValues: draft })}
        onValuesChange={(values) => keepDraft(user, entry, values, (id, content) => queue.keepDraft(id, content))}
        // The draft stays until the backend has the answer (questions.ts): an answer to a question whose process
        // died is refused, and the question comes back from another process with what was typed.
        onRespond={(result) => queue.respond(entry.id, result)}
      />
    </>
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
