import { ElicitationDialog } from '@elicitation-kit/react';
import type { RemoteElicitation, RemoteElicitationQueue } from '@elicitation-kit/bridge/browser';

/** Questions shown in the conversation: each an inline card, answered in place (the kit renders their text as text). */
export function InlineQuestions({
  entries,
  queue,
}: {
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
        <ElicitationDialog
          key={entry.id}
          presentation="inline"
          entry={entry}
          onRespond={(result) => queue.respond(entry.id, result)}
        />
      ))}
    </div>
  );
}
