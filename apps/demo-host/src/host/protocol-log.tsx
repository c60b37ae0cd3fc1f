import { useSyncExternalStore } from 'react';
import { JsonBlock } from '../shared/json-block.js';
import type { ConnectionStore } from './connections.js';
import { summarizeMessage, wireOf, type WireMessage } from './wire.js';
import { withNameBreaks } from '../shared/name-breaks.js';
import { plural } from '../shared/plural.js';

function time(at: number): string {
  return new Date(at).toLocaleTimeString(undefined, { hour12: false });
}

/** "2 JSON-RPC messages: tools/call #4 → result #4 ←" (and how many earlier ones were not kept). */
function wireSummary(wire: readonly WireMessage[], omitted: number): string {
  const names = wire.map((entry) => `${summarizeMessage(entry.message)} ${entry.direction === 'sent' ? '→' : '←'}`);
  const earlier = omitted > 0 ? ` (the last ${wire.length}; ${omitted} earlier not kept)` : '';
  return `${plural(wire.length, 'JSON-RPC message')}${earlier}: ${names.join(', ')}`;
}

/** The raw JSON-RPC behind one log line, collapsed until asked for. */
function WireDetails({ wire, omitted }: { wire: readonly WireMessage[]; omitted: number }) {
  return (
    <details className="log-wire">
      <summary>{wireSummary(wire, omitted)}</summary>
      {wire.map((entry, index) => (
        // Messages have no identity besides their order on the wire.
        <div key={index}>
          <p className="log-wire-direction">
            {entry.direction === 'sent' ? 'Sent to the server' : 'Received from the server'}
          </p>
          <JsonBlock value={entry.message} label={`JSON-RPC ${summarizeMessage(entry.message)}`} />
        </div>
      ))}
    </details>
  );
}

/**
 * Every elicitation and its outcome, plus connections and tool calls, newest last; each line can show the raw JSON-RPC
 * messages that crossed the wire since the line before it (when the store records them).
 */
export function ProtocolLog({ store }: { store: Pick<ConnectionStore, 'subscribeLog' | 'getLog' | 'clearLog'> }) {
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
        // The live region is a wrapper: a list given role="log" would stop being a list (its items orphaned).
        <div role="log" aria-label="Protocol log entries">
          <ol className="log-entries">
            {entries.map((entry) => {
              const wire = wireOf(entry);
              return (
                <li key={entry.id} className="log-entry" data-kind={entry.kind} data-outcome={entry.outcome}>
                  <time dateTime={new Date(entry.at).toISOString()}>{time(entry.at)}</time>
                  <span className="log-server">{withNameBreaks(entry.server)}</span>
                  <span className="log-label">{entry.label}</span>
                  <span className="log-text">{entry.text}</span>
                  {wire.length > 0 && <WireDetails wire={wire} omitted={entry.wireOmitted ?? 0} />}
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </section>
  );
}
