// The protocol log: what the host did and what the kit reported, newest last. Framework-free (subscribe/getLog), so
// React reads it with useSyncExternalStore.
import type { WireMessage } from './wire.js';

/** One line of the protocol log. */
export interface LogEntry {
  id: number;
  at: number;
  server: string;
  /** `elicitation` lines come from the kit's `onEvent`; the others from the host itself. */
  kind: 'connection' | 'tool' | 'elicitation' | 'error';
  /** Short label: the outcome (`accept`, `decline`, `cancel`, `rejected as invalid`, …) or the host's action. */
  label: string;
  /** For elicitation lines, a stable code of what happened (also the `data-outcome` attribute in the log). */
  outcome?: 'shown' | 'accept' | 'decline' | 'cancel' | 'rejected' | 'cancelled' | 'completed' | 'undelivered';
  text: string;
  /**
   * For a question that ended without the user (withdrawn by the server, lost with the connection, refused by the
   * kit), what to tell the user — the host shows it beside the dialog, not only in the log.
   */
  notice?: string;
  /** With the notice of an answer that did not arrive and can be sent again: what `resend` needs. */
  resend?: { serverId: string; entryId: string };
  /** The JSON-RPC messages that crossed this server's wire since its line before (the newest, when there were many). */
  wire?: readonly WireMessage[];
  /** How many older messages of that stretch were not kept. */
  wireOmitted?: number;
}

/** The log behind the host page. */
export interface LogStore {
  subscribe(listener: () => void): () => void;
  /** The lines, oldest first; the same array until a line is added or the log is cleared. */
  getLog(): readonly LogEntry[];
  append(line: Omit<LogEntry, 'id' | 'at'>): void;
  clear(): void;
}

/** How many lines the log keeps (the oldest go first). */
const LOG_LIMIT = 500;

/** An empty log. */
export function createLogStore(): LogStore {
  let lines: readonly LogEntry[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const publish = (next: readonly LogEntry[]): void => {
    lines = next;
    for (const listener of listeners) {
      listener();
    }
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getLog: () => lines,
    append(line) {
      publish([...lines, { id: nextId++, at: Date.now(), ...line }].slice(-LOG_LIMIT));
    },
    clear() {
      publish([]);
    },
  };
}
