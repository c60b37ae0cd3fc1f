import type { ElicitationQueue } from '@elicitation-kit/core';
import { ElicitationDialog, useElicitationQueue } from '@elicitation-kit/react';

/**
 * Shows the elicitations of every server, one at a time, oldest first. Entries the server cancelled leave the queue
 * by themselves (the kit aborts them), and completed URL entries are settled by the kit, so the next one opens; the
 * host page's notice (`ElicitationNotice`, in its flow) says what happened. One host control sits under the dialog's
 * actions: when a server has several questions waiting (a flood), "Cancel all" answers every one of them `cancel` at
 * once. The dialog opens on every page (a server that asks must not wait for the user to come back).
 */
export function ElicitationOutlet({ queue }: { queue: ElicitationQueue }) {
  const entries = useElicitationQueue(queue);
  const pending = entries.filter((entry) => entry.status === 'pending');
  const current = pending[0];
  if (current === undefined) {
    return null;
  }
  // The kit's server identity (readServerIdentity) is the one the server panel shows: nothing to merge here.
  const { server } = current;
  const fromServer = pending.filter((entry) => entry.server.id === current.server.id).length;
  return (
    <ElicitationDialog
      // The entry as is: its id is the request's identity, its era decides whether URL mode waits for "I'm done"
      // (2026-07-28: accepting makes the SDK retry at once), its signal closes the dialog when withdrawn.
      entry={current}
      pendingCount={pending.length - 1}
      onRespond={(result) => {
        queue.respond(current.id, result);
      }}
      footer={
        fromServer > 1 && (
          <p className="elicitation-bulk">
            <button type="button" onClick={() => queue.respondAll(current.server.id, { action: 'cancel' })}>
              Cancel all {fromServer} from {server.title ?? server.name}
            </button>
          </p>
        )
      }
    />
  );
}
