import { useSyncExternalStore } from 'react';
import type { ConnectionStore } from './connections.js';

function time(at: number): string {
  return new Date(at).toLocaleTimeString(undefined, { hour12: false });
}

/** Every elicitation and its outcome, plus connections and tool calls, newest last. */
export function ProtocolLog({ store }: { store: ConnectionStore }) {
  const entries = useSyncExternalStore(store.subscribeLog, store.getLog);
  return (
    <section className="card protocol-log" aria-labelledby="protocol-log-title">
      <div className="card-head">
        <h2 id="protocol-log-title">Protocol log</h2>
        <button type="button" onClick={() => store.clearLog()} disabled={entries.length === 0}>
          Clear log
        </button>
      </div>
      {entries.length === 0 ? (
        <p className="empty">Nothing yet: connect to a server and run a tool.</p>
      ) : (
        <ol className="log-entries" role="log" aria-label="Protocol log entries">
          {entries.map((entry) => (
            <li key={entry.id} className="log-entry" data-kind={entry.kind} data-outcome={entry.outcome}>
              <time dateTime={new Date(entry.at).toISOString()}>{time(entry.at)}</time>
              <span className="log-server">{entry.server}</span>
              <span className="log-label">{entry.label}</span>
              <span className="log-text">{entry.text}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
