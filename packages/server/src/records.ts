// The outcome log: one structured record per step and per outcome of a tool call, so decline and cancel stay
// distinguishable and a validation failure says which field broke which rule. Records never carry answer content.
import type { IssueCode } from '@elicitation-kit/core';
import type { ElicitationMode, ProtocolEra } from './protocol.js';
import type { ApprovalRefusalReason, RoundRefusalReason } from './refusals.js';
import type { NotAskedReason } from './tool.js';

/**
 * What happened. Steps (`final: false`): `input-requested` (questions sent or a round returned), `waiting` (a URL was
 * accepted but its flow is not done yet), `url-required` (2025: the call failed with `-32042`), `store-failed` (2026:
 * the round store did not take a result when it was sent; `cause` says why). Outcomes (`final: true`, one per call):
 * the user's `accept` / `decline` / `cancel`; `arguments` (the tool's arguments answered the form, nothing was
 * asked); `completed` (every URL flow done, the operation ran); `no-capability`; `client-error` (the client refused a
 * request with a JSON-RPC error); `expired` (no answer, or no finished flow, in time); `aborted` (the client cancelled
 * the tool call while the server waited); `withdrawn` (the server withdrew its question); `replayed` (a 2026 retry
 * for a finished round got its stored result again; nothing ran); `round-refused` (a 2026 retry answered with a
 * refusal, `reason` says which); `unsupported-era` (the tool does not serve this era); `unsupported-revision` (a
 * 2025-06-18 session cannot carry the form without a loss: `revision`, `construct`); `not-asked` (nobody could be
 * asked: `reason` `no-elicitation-capability` or `mode-not-supported`; not a decline, not a cancel); `approved` (an
 * approval argument stood in for the questions, the operation ran); `approval-refused` (`reason` says why).
 */
export type OutcomeAction =
  | 'input-requested'
  | 'waiting'
  | 'url-required'
  | 'store-failed'
  | 'accept'
  | 'decline'
  | 'cancel'
  | 'arguments'
  | 'completed'
  | 'no-capability'
  | 'client-error'
  | 'expired'
  | 'aborted'
  | 'withdrawn'
  | 'replayed'
  | 'round-refused'
  | 'unsupported-era'
  | 'unsupported-revision'
  | 'not-asked'
  | 'approved'
  | 'approval-refused';

/** One validation problem of an accepted answer (or of answering arguments). */
export interface OutcomeIssue {
  /** The question (its `inputRequests` key). */
  key: string;
  /** The property (`''` for the content as a whole). */
  field: string;
  /** Core's rule code: `minimum`, `required`, `option`, `unknown`, … */
  code: IssueCode;
  /** Core's message, e.g. `Maximum rows must be at least 1.` */
  message: string;
}

/** One structured log record. */
export interface OutcomeRecord {
  /** The tool's name. */
  tool: string;
  /** The era of the request. */
  era: ProtocolEra;
  action: OutcomeAction;
  /** `true` for the one record that ends the call, `false` for steps. */
  final: boolean;
  /** The questions involved (`inputRequests` keys), in definition order. */
  keys: readonly string[];
  /** 2026-07-28: the id of the round (sealed in its `requestState`). */
  round?: string;
  /** For `accept` and `arguments`: whether the content passed the re-validation. */
  validation?: 'passed' | 'failed';
  /** When `validation` is `failed`: every field and rule that failed. */
  issues?: OutcomeIssue[];
  /** With several questions: each one's answer. */
  actions?: Record<string, string>;
  /** For `no-capability`: the mode the client did not declare. */
  mode?: ElicitationMode;
  /** URL questions: the flow of each. */
  flows?: Record<string, string>;
  /** For `client-error`: the JSON-RPC error the client answered. */
  error?: { code: number | string; message: string };
  /** For `round-refused`, `not-asked` and `approval-refused`: why (the same `reason` the client got). */
  reason?: RoundRefusalReason | NotAskedReason | ApprovalRefusalReason;
  /** For `unsupported-revision`: the session's protocol revision and what its form uses that the revision lacks. */
  revision?: string;
  construct?: string;
  /** For `round-refused` and `store-failed`: what the round store said, when it failed. */
  cause?: string;
  /** For `input-requested`: why answers that came with the request were not used. */
  ignored?: string;
  /** Facts the operation attached with `call.note()` (row counts, ids). Never user secrets. */
  detail?: Record<string, unknown>;
}

/** Receives every record as it happens. Must not throw (a throwing hook is caught and ignored). */
export type OutcomeHook = (record: OutcomeRecord) => void;
