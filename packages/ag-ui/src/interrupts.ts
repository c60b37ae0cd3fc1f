// The agent side: the questions the kit's MCP adapters put in a queue on the agent's backend become AG-UI interrupts
// (the run ends with them), and the next run's `resume` becomes the answers. A resume is untrusted input (it arrives in
// the run's POST body): it is read member by member, every answer is checked against its question with core, and only
// a resume that is right as a whole answers anything. An interrupt is answered once; a replayed resume is a no-op.
import { BoundedMap, isJsonObject, validateContent } from '@elicitation-kit/core';
import type { ElicitContent, ElicitResult, ElicitationQueue, PendingElicitation } from '@elicitation-kit/core';
import type { Interrupt } from '@ag-ui/core';
import { ELICITATION_METADATA_KEY, INPUT_REQUIRED } from './metadata.js';
import type { ElicitationInterruptMetadata } from './metadata.js';

/** Default of {@link ElicitationInterruptsOptions.expiresAfterMs}: ten minutes. */
export const DEFAULT_EXPIRES_AFTER_MS = 600_000;

/** The longest timer `setTimeout` keeps (about 24.8 days); a longer wait is this long. */
const MAX_TIMER_MS = 2_147_483_647;

/** The longest interrupt id quoted back in an error (a hostile resume may send a 100,000-character one). */
const QUOTED_ID_LENGTH = 64;

const quote = (id: string): string => `'${id.length > QUOTED_ID_LENGTH ? `${id.slice(0, QUOTED_ID_LENGTH)}…` : id}'`;

/** What happened to an interrupt, for host logs. */
export type ElicitationInterruptEvent =
  | { type: 'interrupted'; entry: PendingElicitation; interrupt: Interrupt }
  | { type: 'resumed'; entry: PendingElicitation; result: ElicitResult }
  | { type: 'expired'; entry: PendingElicitation }
  | { type: 'refused'; error: ResumeError };

/** Options of {@link createElicitationInterrupts}. */
export interface ElicitationInterruptsOptions {
  /** The queue the kit's MCP adapters feed on this backend (core's `createElicitationQueue`). */
  queue: ElicitationQueue;
  /**
   * How long an interrupt may wait for its resume, from the moment its question was queued: its `expiresAt`. When it
   * passes, the question is answered `cancel` (the MCP server is not kept waiting) and a later resume of it is refused.
   * @default 600000 (ten minutes)
   */
  expiresAfterMs?: number;
  /** Called for every interrupt made, answered, expired, and every refused resume. */
  onEvent?: (event: ElicitationInterruptEvent) => void;
}

/** Why a resume was refused: nothing of it was answered. */
export interface ResumeError {
  /** Where in the resume, e.g. `resume[0].payload.content`; `resume` for the array itself. */
  path: string;
  /** A sentence naming the member and the rule. */
  message: string;
}

/** What {@link ElicitationInterrupts.resume} did. */
export type ResumeResult =
  | {
      ok: true;
      /** The questions answered now, with the answers given to the queue. */
      answered: { entry: PendingElicitation; result: ElicitResult }[];
      /** Interrupts already answered, expired or withdrawn: nothing was sent for them again. */
      ignored: string[];
    }
  | { ok: false; error: ResumeError };

/** The agent side of one queue: see {@link createElicitationInterrupts}. */
export interface ElicitationInterrupts {
  /**
   * An interrupt for every question in the queue now, in arrival order (empty when nothing waits). Each is open from
   * then on: end the run with them, and the next resume must answer every one.
   */
  interrupts(): Interrupt[];
  /**
   * Resolves with {@link ElicitationInterrupts.interrupts} once at least one question waits (the questions queued
   * in the same moment come together), or with `[]` when `signal` aborts. End the run with
   * `outcome: { type: "interrupt", interrupts }` then.
   */
  waitForInterrupts(signal?: AbortSignal): Promise<Interrupt[]>;
  /**
   * Answers the questions a run's `resume` names: `resolved` with `payload: { action: "accept", content }` or
   * `{ action: "decline" }`, `cancelled` = cancel. Every accepted form is checked with core against its
   * `requestedSchema` first. A resume with any error answers nothing (end the run with `RUN_ERROR` and the message);
   * it must answer every interrupt still open, as AG-UI requires.
   */
  resume(resume: unknown): ResumeResult;
  /** Stops watching the queue and clears the expiry timers (the questions stay in the queue). */
  close(): void;
}

/** An answer read from a resume entry, before it is checked against its question. */
type ReadAnswer = { ok: true; id: string; result: ElicitResult } | { ok: false; error: ResumeError };

/** The metadata of the interrupt for `entry`. */
function metadataOf(entry: PendingElicitation): ElicitationInterruptMetadata {
  const { request, server } = entry;
  return {
    serverName: server.name,
    ...(server.title !== undefined && { serverTitle: server.title }),
    ...(server.url !== undefined && { serverUrl: server.url }),
    mode: request.mode,
    ...(request.mode === 'url' && { url: request.url }),
    ...(request.mode === 'url' && request.elicitationId !== undefined && { elicitationId: request.elicitationId }),
    era: entry.era,
    ...(entry.protocolVersion !== undefined && { protocolVersion: entry.protocolVersion }),
    ...(entry.askedAgain === true && { askedAgain: true as const }),
  };
}

/**
 * The AG-UI interrupt for one queued MCP question: `id` = the entry's id, `reason: "input_required"`, the question's
 * `message`, a form's `requestedSchema` as `responseSchema` (a URL elicitation has none: its link is in the metadata),
 * `expiresAt` = queued time + `expiresAfterMs`, and the MCP side in `metadata["io.elicitation-kit/mcp"]`.
 */
export function toInterrupt(entry: PendingElicitation, expiresAfterMs: number = DEFAULT_EXPIRES_AFTER_MS): Interrupt {
  const { request } = entry;
  return {
    id: entry.id,
    reason: INPUT_REQUIRED,
    message: request.message,
    ...(request.mode === 'form' && { responseSchema: { ...request.requestedSchema } }),
    expiresAt: new Date(entry.createdAt + expiresAfterMs).toISOString(),
    metadata: { [ELICITATION_METADATA_KEY]: metadataOf(entry) },
  };
}

/** Reads one resume entry's shape: `{ interruptId, status, payload?, metadata? }`. */
function readEntry(value: unknown, path: string): ReadAnswer {
  if (!isJsonObject(value)) {
    return { ok: false, error: { path, message: `'${path}' must be an object: { interruptId, status, payload? }.` } };
  }
  const { interruptId, status, payload } = value;
  if (typeof interruptId !== 'string' || interruptId.length === 0) {
    const at = `${path}.interruptId`;
    return { ok: false, error: { path: at, message: `'${at}' must be the id of an interrupt (a non-empty string).` } };
  }
  if (status === 'cancelled') {
    return { ok: true, id: interruptId, result: { action: 'cancel' } };
  }
  if (status !== 'resolved') {
    const at = `${path}.status`;
    return { ok: false, error: { path: at, message: `'${at}' must be 'resolved' or 'cancelled'.` } };
  }
  const at = `${path}.payload`;
  if (!isJsonObject(payload)) {
    return {
      ok: false,
      error: {
        path: at,
        message: `'${at}' must be { "action": "accept", "content"?: {…} } or { "action": "decline" }.`,
      },
    };
  }
  const { action, content } = payload;
  if (action === 'decline' && content === undefined) {
    return { ok: true, id: interruptId, result: { action: 'decline' } };
  }
  if (action !== 'accept') {
    const message =
      action === 'decline'
        ? `'${at}.content' is only sent with 'accept'.`
        : `'${at}.action' must be 'accept' or 'decline' (a cancel is status 'cancelled').`;
    return { ok: false, error: { path: `${at}.${action === 'decline' ? 'content' : 'action'}`, message } };
  }
  if (content !== undefined && !isJsonObject(content)) {
    return {
      ok: false,
      error: { path: `${at}.content`, message: `'${at}.content' must be an object of field values.` },
    };
  }
  return {
    ok: true,
    id: interruptId,
    result: content === undefined ? { action: 'accept' } : { action: 'accept', content: content as ElicitContent },
  };
}

/**
 * Checks an answer against its question with core: a URL elicitation's accept carries no content; an accepted form's
 * content passes core's validator for its `requestedSchema` (`{}` when none was sent). Returns what goes to the queue.
 */
function checkAnswer(
  entry: PendingElicitation,
  result: ElicitResult,
  path: string,
): { ok: true; result: ElicitResult } | { ok: false; error: ResumeError } {
  if (result.action !== 'accept') {
    return { ok: true, result };
  }
  const { request } = entry;
  if (request.mode === 'url' || entry.kind === 'url-required') {
    return result.content === undefined
      ? { ok: true, result: { action: 'accept' } }
      : {
          ok: false,
          error: { path: `${path}.payload.content`, message: 'An answer to a URL elicitation carries no content.' },
        };
  }
  const checked = validateContent(request.requestedSchema, result.content ?? {});
  if (!checked.ok) {
    const [first] = checked.issues;
    return {
      ok: false,
      error: {
        path: `${path}.payload.content`,
        message: `The answer to ${quote(entry.id)} does not fit its form: ${first?.message ?? 'the content is not valid.'}`,
      },
    };
  }
  return { ok: true, result: { action: 'accept', content: checked.content } };
}

/**
 * The agent side of AG-UI interrupts for one queue: each question the kit's MCP adapters queue (form or URL mode,
 * either MCP era) becomes an interrupt of the run, and the next run's `resume` answers it: accept and decline in the
 * payload, cancel as `cancelled`, each accept re-validated with core before it reaches the MCP server. Answered once:
 * a replayed resume sends nothing again. An interrupt past `expiresAt` is answered `cancel` by itself.
 *
 * @example
 * ```ts
 * const queue = createElicitationQueue();
 * attachElicitation(mcpClient, { queue, server: { url: mcpUrl } });
 * const elicitations = createElicitationInterrupts({ queue });
 * // in AbstractAgent.run(input): answer input.resume first, then race the model's work against
 * const interrupts = await elicitations.waitForInterrupts(signal);
 * // … and end the run with { type: EventType.RUN_FINISHED, threadId, runId, outcome: { type: 'interrupt', interrupts } }
 * ```
 */
export function createElicitationInterrupts(options: ElicitationInterruptsOptions): ElicitationInterrupts {
  const { queue, onEvent } = options;
  const expiresAfterMs = options.expiresAfterMs ?? DEFAULT_EXPIRES_AFTER_MS;
  if (!Number.isFinite(expiresAfterMs) || expiresAfterMs <= 0) {
    throw new RangeError(`expiresAfterMs must be a positive number of milliseconds (got ${String(expiresAfterMs)})`);
  }
  /** Questions made interrupts and still open, by id. */
  const issued = new Map<string, PendingElicitation>();
  /** What became of the interrupts that are not open any more. */
  const settled = new BoundedMap<string, 'answered' | 'expired' | 'withdrawn'>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  const clearTimer = (id: string): void => {
    clearTimeout(timers.get(id));
    timers.delete(id);
  };

  const expire = (entry: PendingElicitation): void => {
    timers.delete(entry.id);
    issued.delete(entry.id);
    settled.set(entry.id, 'expired');
    if (queue.respond(entry.id, { action: 'cancel' })) {
      onEvent?.({ type: 'expired', entry });
    }
  };

  // Watch the queue: each new question gets its expiry timer, a question that left it (answered elsewhere, cancelled
  // by its server, the connection closed) is no longer open.
  const sync = (): void => {
    const snapshot = queue.getSnapshot();
    const present = new Set<string>();
    for (const entry of snapshot) {
      present.add(entry.id);
      if (!timers.has(entry.id) && !settled.has(entry.id)) {
        const wait = Math.min(MAX_TIMER_MS, Math.max(0, entry.createdAt + expiresAfterMs - Date.now()));
        timers.set(
          entry.id,
          setTimeout(() => expire(entry), wait),
        );
      }
    }
    for (const id of timers.keys()) {
      if (!present.has(id)) {
        clearTimer(id);
        if (issued.delete(id)) {
          settled.set(id, 'withdrawn');
        }
      }
    }
  };
  const unsubscribe = queue.subscribe(sync);
  sync();

  const interrupts = (): Interrupt[] =>
    queue.getSnapshot().map((entry) => {
      const interrupt = toInterrupt(entry, expiresAfterMs);
      if (!issued.has(entry.id)) {
        issued.set(entry.id, entry);
        onEvent?.({ type: 'interrupted', entry, interrupt });
      }
      return interrupt;
    });

  const waitForInterrupts = (signal?: AbortSignal): Promise<Interrupt[]> =>
    new Promise((resolve) => {
      if (signal?.aborted === true) {
        resolve([]);
        return;
      }
      const stop = (): void => {
        unsubscribeCheck();
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = (): void => {
        stop();
        resolve([]);
      };
      const check = (): void => {
        if (queue.getSnapshot().length > 0) {
          stop();
          // The other questions of the same round are queued in the same turn: let them arrive, then end the run once.
          setTimeout(() => {
            const found = signal?.aborted === true ? [] : interrupts();
            // Withdrawn in the meantime: wait on.
            resolve(found.length > 0 || signal?.aborted === true ? found : waitForInterrupts(signal));
          }, 0);
        }
      };
      const unsubscribeCheck = queue.subscribe(check);
      signal?.addEventListener('abort', onAbort, { once: true });
      check();
    });

  const refuse = (error: ResumeError): ResumeResult => {
    onEvent?.({ type: 'refused', error });
    return { ok: false, error };
  };

  const resume = (value: unknown): ResumeResult => {
    if (!Array.isArray(value)) {
      return refuse({ path: 'resume', message: "'resume' must be an array of { interruptId, status, payload? }." });
    }
    const answers: { entry: PendingElicitation; result: ElicitResult }[] = [];
    const ignored: string[] = [];
    const seen = new Set<string>();
    for (const [index, item] of value.entries()) {
      const path = `resume[${index}]`;
      const read = readEntry(item, path);
      if (!read.ok) {
        return refuse(read.error);
      }
      if (seen.has(read.id)) {
        return refuse({
          path: `${path}.interruptId`,
          message: `Interrupt ${quote(read.id)} is answered twice in one resume.`,
        });
      }
      seen.add(read.id);
      const entry = issued.get(read.id);
      if (entry === undefined) {
        const before = settled.get(read.id);
        if (before === 'expired' && read.result.action !== 'cancel') {
          return refuse({
            path: `${path}.status`,
            message: `Interrupt ${quote(read.id)} expired before it was answered: resume it as 'cancelled'.`,
          });
        }
        if (before === undefined) {
          return refuse({
            path: `${path}.interruptId`,
            message: `Interrupt ${quote(read.id)} is not an open interrupt of this agent.`,
          });
        }
        ignored.push(read.id);
        continue;
      }
      const checked = checkAnswer(entry, read.result, path);
      if (!checked.ok) {
        return refuse(checked.error);
      }
      answers.push({ entry, result: checked.result });
    }
    const missing = [...issued.keys()].find((id) => !seen.has(id));
    if (missing !== undefined) {
      return refuse({
        path: 'resume',
        message: `The resume must answer every open interrupt; ${quote(missing)} is missing.`,
      });
    }
    // Checked as a whole: now answer.
    const answered: { entry: PendingElicitation; result: ElicitResult }[] = [];
    for (const { entry, result } of answers) {
      issued.delete(entry.id);
      clearTimer(entry.id);
      settled.set(entry.id, 'answered');
      if (queue.respond(entry.id, result)) {
        answered.push({ entry, result });
        onEvent?.({ type: 'resumed', entry, result });
      } else {
        ignored.push(entry.id);
      }
    }
    return { ok: true, answered, ignored };
  };

  return {
    interrupts,
    waitForInterrupts,
    resume,
    close() {
      unsubscribe();
      for (const id of timers.keys()) {
        clearTimer(id);
      }
    },
  };
}
