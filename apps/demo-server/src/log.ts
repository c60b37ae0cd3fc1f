import type { ValidationIssue } from '@elicitation-kit/core';

/** Which protocol era a tool call came from. */
export type DemoEra = 'legacy' | 'modern';

/**
 * What happened, in the guide's words where it has them: `accept` / `decline` / `cancel` are the user's answers
 * (kept distinct, as the guide asks); the rest are the server's own steps.
 */
export type DemoAction =
  | 'input-requested'
  | 'accept'
  | 'decline'
  | 'cancel'
  | 'no-capability'
  | 'client-error'
  | 'url-required'
  | 'waiting'
  | 'completed'
  | 'expired'
  | 'aborted'
  | 'withdrawn'
  | 'replayed'
  /** The tool's arguments already answered its form: nothing was asked. */
  | 'arguments';

/** One structured log line (also written to stdout as JSON). */
export interface DemoLogEntry {
  /** ISO timestamp. */
  time: string;
  tool: string;
  era: DemoEra;
  action: DemoAction;
  /** Only for accepted forms (and `arguments`): whether `validateContent` passed before the operation ran. */
  validation?: 'passed' | 'failed';
  /** The validation issues when `validation` is `failed`. */
  issues?: Pick<ValidationIssue, 'field' | 'code' | 'message'>[];
  /** Tool-specific facts (row counts, flow ids, error codes). Never user secrets. */
  detail?: Record<string, unknown>;
}

/** Writes a log entry somewhere. */
export type DemoLogger = (entry: Omit<DemoLogEntry, 'time'>) => void;

/** A logger that keeps every entry in `entries` and, unless `silent`, prints it as one JSON line to stdout. */
export function createLogger(entries: DemoLogEntry[], silent: boolean): DemoLogger {
  return (entry) => {
    const line: DemoLogEntry = { time: new Date().toISOString(), ...entry };
    entries.push(line);
    if (!silent) {
      process.stdout.write(`${JSON.stringify(line)}\n`);
    }
  };
}
