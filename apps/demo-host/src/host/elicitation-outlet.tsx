import type { ElicitationQueue } from '@elicitation-kit/mcp';
import { ElicitationDialog, useElicitationQueue } from '@elicitation-kit/react';
import { useState, useSyncExternalStore } from 'react';
import type { ConnectionStore } from './connections.js';

/**
 * Tells the user about the latest question that ended without them — withdrawn by the server, lost with the
 * connection, refused by the kit — until they dismiss it. The dialog closing by itself must never be the only sign.
 */
function ElicitationNotice({ store }: { store: ConnectionStore }) {
  const log = useSyncExternalStore(store.subscribeLog, store.getLog);
  const [dismissed, setDismissed] = useState(0);
  const [sending, setSending] = useState(false);
  const latest = log.findLast((entry) => entry.notice !== undefined);
  if (latest === undefined || latest.id <= dismissed) {
    return null;
  }
  const { resend } = latest;
  return (
    <output className="elicitation-notice" data-outcome={latest.outcome}>
      <span>{latest.notice}</span>
      {resend !== undefined && (
        <button
          type="button"
          disabled={sending}
          onClick={() => {
            setSending(true);
            void store.resend(resend.serverId, resend.entryId).finally(() => setSending(false));
          }}
        >
          Send again
        </button>
      )}
      <button type="button" onClick={() => setDismissed(latest.id)}>
        Dismiss
      </button>
    </output>
  );
}

/**
 * Shows the elicitations of every server, one at a time, oldest first. Entries the server cancelled leave the queue
 * by themselves (the kit aborts them), and completed URL entries are settled by the kit, so the next one opens; a
 * notice says what happened. One host control sits under
 * the dialog's actions: when a server has several questions waiting (a flood), "Cancel all" answers every one of them
 * `cancel` at once.
 */
export function ElicitationOutlet({ queue, store }: { queue: ElicitationQueue; store: ConnectionStore }) {
  const entries = useElicitationQueue(queue);
  const pending = entries.filter((entry) => entry.status === 'pending');
  const current = pending[0];
  const notice = <ElicitationNotice store={store} />;
  if (current === undefined) {
    return notice;
  }
  // The kit's server identity (readServerIdentity) is the one the server panel shows: nothing to merge here.
  const { server } = current;
  const fromServer = pending.filter((entry) => entry.server.id === current.server.id).length;
  return (
    <>
      {notice}
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
    </>
  );
}
