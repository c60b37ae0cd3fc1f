import type { ElicitationQueue } from '@elicitation-kit/mcp';
import { ElicitationDialog, useElicitationQueue } from '@elicitation-kit/react';
import { useEffect, useSyncExternalStore } from 'react';
import type { ConnectionStore } from './connections.js';

/**
 * Shows the elicitations of every server, one at a time, oldest first. Entries the server cancelled leave the queue
 * by themselves (the kit aborts them), so the next one opens.
 */
export function ElicitationOutlet({ queue, store }: { queue: ElicitationQueue; store: ConnectionStore }) {
  const entries = useElicitationQueue(queue);
  const servers = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const pending = entries.filter((entry) => entry.status === 'pending');
  const current = pending[0];
  // A URL elicitation the server marked complete needs nothing more from the user: dismiss it.
  useEffect(() => {
    for (const entry of entries) {
      if (entry.status === 'completed') {
        queue.respond(entry.id, { action: 'accept' });
      }
    }
  }, [entries, queue]);
  if (current === undefined) {
    return null;
  }
  const connection = servers.find((server) => server.id === current.server.id);
  const title = current.server.title ?? connection?.title;
  const url = current.server.url ?? connection?.url;
  const server = {
    name: connection?.name ?? current.server.name,
    ...(title !== undefined ? { title } : {}),
    ...(url !== undefined ? { url } : {}),
  };
  return (
    <ElicitationDialog
      key={current.id}
      request={current.request}
      server={server}
      pendingCount={pending.length - 1}
      // 2026-07-28: accepting a URL request makes the SDK retry the call at once, so answer only when the user is
      // done on the page (the spec notes' kit policy); 2025: accept means "agreed to open", completion comes apart.
      confirmUrlDone={current.era === 'modern'}
      onRespond={(result) => {
        queue.respond(current.id, result);
      }}
    />
  );
}
