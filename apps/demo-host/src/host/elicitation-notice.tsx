import { useState, useSyncExternalStore } from 'react';
import type { ConnectionStore } from './connections.js';

/**
 * Tells the user about the latest question that ended without them — withdrawn by the server, lost with the
 * connection, refused by the kit — until they dismiss it. The dialog closing by itself must never be the only sign.
 * It belongs to the host page (where the servers and their runs are), in its flow: it covers nothing, and the gallery
 * and the playground never show it.
 */
export function ElicitationNotice({ store }: { store: Pick<ConnectionStore, 'subscribeLog' | 'getLog' | 'resend'> }) {
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
