// Test instrumentation: what the server saw on the wire, per elicitation: how often it asked and how many answers
// came back. Tests read it (GET /debug/answers, or `demo.answers`) to prove "at most one answer per request" end to end.
import { isJsonObject } from '@elicitation-kit/core';
import type { DemoEra } from '../log.js';

/** One elicitation the server sent (or answers it received for an identity it can name). */
export interface AnswerRecord {
  /**
   * Identity of the request. Legacy: `legacy:<session id>:<JSON-RPC id>` of the `elicitation/create`.
   * Modern: `modern:<round id>:<inputRequests key>`: one record per round and question (the round id is the one
   * sealed in its `requestState`; `modern:<tool>:<key>` for answers sent without a readable state, which repeat).
   */
  key: string;
  era: DemoEra;
  /** The tool whose call asked, when known. */
  tool?: string;
  /** The request's `message`, when the server recorded the asking side. */
  message?: string;
  /** How many times the server sent this request (more than 1 = replayed on purpose, see `replay-check`). */
  asked: number;
  /** How many answers arrived for it (JSON-RPC responses, or `inputResponses` entries). */
  answers: number;
  /** The answers in order: `accept` / `decline` / `cancel`, or `error <code>` for a JSON-RPC error. */
  outcomes: string[];
}

/** Summary served by `GET /debug/answers`. */
export interface AnswerReport {
  requests: AnswerRecord[];
  /** Sum of `answers`. */
  total: number;
  /** Keys answered more than once. Always empty for a well-behaved client. */
  duplicates: string[];
}

/** The ledger of one demo server. */
export interface AnswerLedger {
  /** Records that the server sent a request with this identity. */
  asked(key: string, info: { era: DemoEra; tool?: string; message?: string }): void;
  /** Looks at one incoming HTTP body and counts the elicitation answers in it. */
  observe(body: unknown, era: DemoEra, sessionId: string | null): void;
  report(): AnswerReport;
  /** The tool of a legacy `tools/call` the ledger saw (to name the tool behind an `elicitation/create`). */
  legacyTool(sessionId: string | undefined, requestId: string | number | undefined): string | undefined;
  /** Forgets everything (tests call it between cases). */
  reset(): void;
}

/** How many records are kept (oldest dropped first). */
const CAPACITY = 2_000;

/**
 * The round id sealed in a 2026 `requestState` (`v1.<base64url payload>.<mac>`), read without verifying it: the ledger
 * only counts what arrived (the SDK verifies the state before any tool runs).
 */
function roundIdOf(state: string): string | undefined {
  const [, payload] = state.split('.');
  if (payload === undefined) {
    return undefined;
  }
  try {
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { p?: { id?: unknown } };
    return typeof body.p?.id === 'string' ? body.p.id : undefined;
  } catch {
    return undefined;
  }
}

function outcomeOf(value: unknown): string {
  if (isJsonObject(value) && typeof value['action'] === 'string') {
    return value['action'];
  }
  return 'malformed';
}

/** Creates an empty ledger. */
export function createAnswerLedger(): AnswerLedger {
  const records = new Map<string, AnswerRecord>();
  /** Legacy `tools/call` ids per session, to name the tool behind an `elicitation/create`. */
  const calls = new Map<string, string>();

  const record = (key: string, era: DemoEra): AnswerRecord => {
    let found = records.get(key);
    if (found === undefined) {
      found = { key, era, asked: 0, answers: 0, outcomes: [] };
      records.set(key, found);
      if (records.size > CAPACITY) {
        const oldest = records.keys().next();
        if (oldest.done !== true) {
          records.delete(oldest.value);
        }
      }
    }
    return found;
  };

  const answered = (key: string, era: DemoEra, outcome: string, tool?: string): void => {
    const found = record(key, era);
    found.answers += 1;
    found.outcomes.push(outcome);
    if (found.tool === undefined && tool !== undefined) {
      found.tool = tool;
    }
  };

  const observeOne = (message: unknown, era: DemoEra, sessionId: string | null): void => {
    if (!isJsonObject(message)) {
      return;
    }
    const id = message['id'];
    if (era === 'legacy') {
      if (
        message['method'] === 'tools/call' &&
        (typeof id === 'string' || typeof id === 'number') &&
        isJsonObject(message['params'])
      ) {
        const name = message['params']['name'];
        if (typeof name === 'string') {
          calls.set(`${sessionId ?? '-'}:${String(id)}`, name);
        }
        return;
      }
      if (message['method'] === undefined && (typeof id === 'string' || typeof id === 'number')) {
        const key = `legacy:${sessionId ?? '-'}:${String(id)}`;
        // Only answers to requests this server sent count (pings and the like have no record).
        if (!records.has(key)) {
          return;
        }
        const error = message['error'];
        answered(key, era, isJsonObject(error) ? `error ${String(error['code'])}` : outcomeOf(message['result']));
      }
      return;
    }
    if (message['method'] !== 'tools/call' || !isJsonObject(message['params'])) {
      return;
    }
    const params = message['params'];
    const responses = params['inputResponses'];
    if (!isJsonObject(responses)) {
      return;
    }
    const tool = typeof params['name'] === 'string' ? params['name'] : undefined;
    const round = typeof params['requestState'] === 'string' ? roundIdOf(params['requestState']) : undefined;
    const state = round ?? tool ?? '-';
    for (const [inputKey, value] of Object.entries(responses)) {
      answered(`modern:${state}:${inputKey}`, era, outcomeOf(value), tool);
    }
  };

  return {
    asked(key, info) {
      const found = record(key, info.era);
      found.asked += 1;
      if (info.tool !== undefined) {
        found.tool = info.tool;
      }
      if (info.message !== undefined) {
        found.message = info.message;
      }
    },
    observe(body, era, sessionId) {
      for (const message of Array.isArray(body) ? body : [body]) {
        observeOne(message, era, sessionId);
      }
    },
    report() {
      const requests = [...records.values()].map((entry) => ({ ...entry, outcomes: [...entry.outcomes] }));
      return {
        requests,
        total: requests.reduce((sum, entry) => sum + entry.answers, 0),
        duplicates: requests.filter((entry) => entry.answers > 1).map((entry) => entry.key),
      };
    },
    legacyTool(sessionId, requestId) {
      return requestId === undefined ? undefined : calls.get(`${sessionId ?? '-'}:${String(requestId)}`);
    },
    reset() {
      records.clear();
      calls.clear();
    },
  };
}

/** The ledger key of one question of a 2026 round. */
export function modernKey(round: string, key: string): string {
  return `modern:${round}:${key}`;
}

/** The ledger key of a legacy `elicitation/create` sent on a session. */
export function legacyKey(sessionId: string | undefined, requestId: string | number): string {
  return `legacy:${sessionId ?? '-'}:${String(requestId)}`;
}
