// The demo server's log: one JSON line per step and outcome on stdout (and in `demo.log`), made from the kit's
// outcome records (@elicitation-kit/server's `onOutcome`) plus the few steps of the fault tools' own.
import type { ValidationIssue } from '@elicitation-kit/core';
import type { OutcomeRecord } from '@elicitation-kit/server';

/** Which protocol era a tool call came from. */
export type DemoEra = 'legacy' | 'modern';

/**
 * What happened, in the guide's words where it has them: `accept` / `decline` / `cancel` are the user's answers
 * (kept distinct, as the guide asks); the rest are the server's own steps and outcomes.
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
  /** `replay-check` sent its `elicitation/create` a second time (2025). */
  | 'request-replayed'
  /** A 2026-07-28 retry for a round that already finished: it got the stored result again; nothing ran. */
  | 'replayed'
  /** A 2026-07-28 retry answered with a refusal (`detail.reason`: round-forgotten, store-unavailable, …). */
  | 'round-refused'
  /** The round store did not take a result when it was sent (`detail.cause`). */
  | 'store-failed'
  /** The tool does not serve this era (`replay-check` on 2026-07-28). */
  | 'unsupported-era'
  /** A 2025-06-18 session cannot carry the tool's form without a loss (`all-field-types`, `choice-fields`). */
  | 'unsupported-revision'
  /** Nobody could be asked: the client cannot show the form (`confirm-action`'s `not-asked` fallback). */
  | 'not-asked'
  /** An approval argument stood in for the questions, and the operation ran. */
  | 'approved'
  /** An approval argument was refused (`detail.reason`). */
  | 'approval-refused'
  /** The tool's arguments already answered its form: nothing was asked. */
  | 'arguments';

/** One structured log line (also written to stdout as JSON). */
export interface DemoLogEntry {
  /** ISO timestamp. */
  time: string;
  tool: string;
  era: DemoEra;
  action: DemoAction;
  /** Only for accepted forms (and `arguments`): whether the re-validation passed before the operation ran. */
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

/** The `detail` of a record: what the demo log has always shown for each step, plus what the operation noted. */
function detailOf(record: OutcomeRecord): Record<string, unknown> | undefined {
  const detail: Record<string, unknown> = {};
  const flows = Object.values(record.flows ?? {});
  if (record.action === 'input-requested') {
    if (flows.length === 1) {
      detail['flowId'] = flows[0];
    } else if (record.keys.length === 1) {
      detail['key'] = record.keys[0];
    } else {
      detail['keys'] = [...record.keys];
    }
    if (record.ignored !== undefined) {
      detail['ignored'] = record.ignored;
    }
  } else if (flows.length === 1) {
    detail['flowId'] = flows[0];
  }
  if (record.mode !== undefined) {
    detail['mode'] = record.mode;
  }
  if (record.error !== undefined) {
    detail['code'] = record.error.code;
    detail['message'] = record.error.message;
  }
  if (record.reason !== undefined) {
    detail['reason'] = record.reason;
  }
  if (record.cause !== undefined) {
    detail['cause'] = record.cause;
  }
  if (record.actions !== undefined && (record.action === 'decline' || record.action === 'cancel')) {
    detail['actions'] = Object.values(record.actions);
  }
  Object.assign(detail, record.detail);
  return Object.keys(detail).length === 0 ? undefined : detail;
}

/** The demo log line of one kit record. */
export function toLogEntry(record: OutcomeRecord): Omit<DemoLogEntry, 'time'> {
  const detail = detailOf(record);
  return {
    tool: record.tool,
    era: record.era,
    action: record.action,
    ...(record.validation === undefined ? {} : { validation: record.validation }),
    ...(record.issues === undefined
      ? {}
      : { issues: record.issues.map(({ field, code, message }) => ({ field, code, message })) }),
    ...(detail === undefined ? {} : { detail }),
  };
}
