// Durable tool calls (2026-07-28): `callToolDurably` runs a call whose rounds are written down before their questions
// are shown, and `resumeRounds` is what another process runs to finish the rounds whose caller is gone. Both drive a
// round the same way (`driveRound`): show its questions, write the answers down, retry the call with them and the
// server's `requestState`, and open the next round when the server asks again. Neither imports an MCP SDK: the client
// is anything with a `callTool` that hands an `input_required` result back when asked (`allowInputRequired`), as SDK
// v2's `Client` does.
import { elicitationCapability, eraOf, isJsonObject, isProtocolVersion } from '@elicitation-kit/core';
import type {
  ElicitationCapabilityObject,
  ElicitationModes,
  ElicitationQueue,
  ElicitResult,
  JsonObject,
} from '@elicitation-kit/core';
import { openProducer, prepareQuestions, showQuestions } from './questions.js';
import type { QuestionContext } from './questions.js';
import { isLive } from './rounds.js';
import type { DurableOutcome, DurableRound, DurableRoundServer, DurableRoundStore } from './rounds.js';
import { toServerIdentity } from '../server-identity.js';

/** The parameters of a `tools/call`, with the 2026-07-28 fields of a retry. */
export interface DurableCallParams {
  name: string;
  arguments?: Record<string, unknown>;
  inputResponses?: Record<string, ElicitResult>;
  requestState?: string;
}

/**
 * The client a durable call runs on: SDK v2's `Client` (`@modelcontextprotocol/client` 2.x) fits, connected with
 * `versionNegotiation` so that it can speak 2026-07-28. `allowInputRequired: true` makes its `callTool` hand an
 * `input_required` result back instead of fulfilling it itself.
 */
export interface DurableClient<Result> {
  callTool(
    params: DurableCallParams,
    options?: { allowInputRequired?: boolean; signal?: AbortSignal },
  ): Promise<Result>;
  getNegotiatedProtocolVersion(): string | undefined;
}

/** Default of {@link DurableRoundOptions.lease}. */
const DEFAULT_LEASE = 30_000;
/** Default of {@link CallToolDurablyOptions.ttl}. */
const DEFAULT_TTL = 15 * 60_000;
/** How many rounds one call may take (as the SDK's own driver: `inputRequired.maxRounds`). */
const MAX_ROUNDS = 10;

/** What both halves share. */
export interface DurableRoundOptions {
  /** Where rounds are written (`createMemoryDurableRoundStore()` for one process; a shared store for several). */
  rounds: DurableRoundStore;
  /** This process's name in leases. @default a random one */
  holder?: string;
  /**
   * How long a holder's claim lasts without being renewed, in ms (it is renewed every third of it while the process
   * lives). A process killed with its rounds open leaves them to others this long after its last renewal.
   * @default 30_000
   */
  lease?: number;
  /** The modes the client declared (as given to `attachElicitation`); a question in another is refused. */
  modes?: ElicitationModes;
}

/** Options of {@link callToolDurably}. */
export interface CallToolDurablyOptions extends DurableRoundOptions {
  /** Where the questions are shown: a queue made by `createElicitationQueue()` (the one the bridge exposes). */
  queue: ElicitationQueue;
  /** The server the client is connected to: a resuming process connects to `url` again. */
  server: DurableRoundServer;
  /** Whose call it is (the bridge's owner): a resumed round is shown to the same owner. */
  owner: string;
  /** The host's tag for its resume handler (e.g. the chat that asked). */
  tag?: string;
  /** How long a round may wait for its answer, in ms; then it is withdrawn (`expired`). @default 15 minutes */
  ttl?: number;
  /**
   * Aborting it hands the call over: its questions leave this queue, its lease ends at once and the call's promise
   * rejects with the signal's reason; the round stays written, for `resumeRounds` to finish (a redeploy's shutdown).
   */
  signal?: AbortSignal;
}

/**
 * Why a durable call ended without a result for its caller: `expired`, `refused` (see {@link DurableOutcome}),
 * `taken` (another process took the round over: the outcome goes to its resume handler) or `lost` (the store no longer
 * has the round, e.g. a Redis restarted without persistence: its question was withdrawn).
 */
export type DurableRoundErrorReason = 'expired' | 'refused' | 'taken' | 'lost';

/** Messages of the reasons that are not an outcome of the round itself. */
const HANDED_OVER_MESSAGES = {
  taken: 'another process took this round over; its outcome goes to its resume handler',
  lost:
    'the round store no longer has this round (e.g. Redis restarted without persistence); ' +
    'its question was withdrawn',
} as const;

/** A round ended without a result for its caller: why, in words the host can show. */
export class DurableRoundError extends Error {
  readonly reason: DurableRoundErrorReason;
  /** The round as this process last knew it (absent when the call was taken over or lost). */
  readonly round: DurableRound | undefined;
  constructor(reason: DurableRoundErrorReason, message: string, round?: DurableRound) {
    super(message);
    this.name = 'DurableRoundError';
    this.reason = reason;
    this.round = round;
  }
}

/** Raised inside a drive when its process lets the round go (its signal, or the lease was lost). */
class HandedOver extends Error {
  constructor(readonly reason: unknown) {
    super('durable round handed over');
  }
}

/** The `input_required` result of a leg, or `undefined` for any other result. */
function inputRequiredOf(result: unknown): { inputRequests: JsonObject; requestState?: string } | undefined {
  if (!isJsonObject(result) || result['resultType'] !== 'input_required') {
    return undefined;
  }
  const requests = result['inputRequests'];
  const state = result['requestState'];
  return {
    // Parsed from the JSON on the wire: JSON values only.
    inputRequests: isJsonObject(requests) ? (structuredClone(requests) as JsonObject) : {},
    ...(typeof state === 'string' ? { requestState: state } : {}),
  };
}

/** An error as written down (a result that must survive a JSON store). */
function describeError(error: unknown): Extract<DurableOutcome, { type: 'error' }>['error'] {
  if (!isJsonObject(error) && !(error instanceof Error)) {
    return { message: String(error) };
  }
  const { message, code, data } = error as { message?: unknown; code?: unknown; data?: unknown };
  return {
    message: typeof message === 'string' ? message : String(error),
    ...(typeof code === 'number' ? { code } : {}),
    ...(data !== undefined ? { data: structuredClone(data) } : {}),
  };
}

const randomId = (): string => crypto.randomUUID();

/** What one process drives rounds with. */
interface Driver {
  rounds: DurableRoundStore;
  holder: string;
  lease: number;
  capability: ElicitationCapabilityObject;
}

function driverOf(options: DurableRoundOptions): Driver {
  const lease = options.lease ?? DEFAULT_LEASE;
  if (!Number.isFinite(lease) || lease <= 0) {
    throw new RangeError(`durable rounds: \`lease\` must be a positive number of ms (got ${String(lease)})`);
  }
  return {
    rounds: options.rounds,
    holder: options.holder ?? randomId(),
    lease,
    capability: elicitationCapability(options.modes),
  };
}

/** The round a leg's `input_required` opens. */
function newRound(
  required: { inputRequests: JsonObject; requestState?: string },
  base: Pick<DurableRound, 'callId' | 'server' | 'tool' | 'protocolVersion' | 'owner' | 'tag'> & { round: number },
  ttl: number,
  driver: Driver,
): DurableRound {
  const now = Date.now();
  return {
    id: randomId(),
    callId: base.callId,
    round: base.round,
    server: base.server,
    tool: base.tool,
    inputRequests: required.inputRequests,
    ...(required.requestState !== undefined ? { requestState: required.requestState } : {}),
    protocolVersion: base.protocolVersion,
    owner: base.owner,
    ...(base.tag !== undefined ? { tag: base.tag } : {}),
    createdAt: now,
    expiresAt: now + ttl,
    state: 'open',
    lease: { holder: driver.holder, until: now + driver.lease },
  };
}

/** How a drive ended: the last round and its outcome (not written down yet: the caller of the drive does that). */
interface Driven {
  round: DurableRound;
  outcome: DurableOutcome;
  /** The error the retry failed with, as thrown (the outcome keeps what a store can hold of it). */
  thrown?: unknown;
}

/**
 * Drives `first` (held by `driver.holder`) to its end: every round's questions on `queue`, its answers written down,
 * the retry, further rounds. Rejects with {@link HandedOver} when `stop` aborts or the lease is lost. The outcome's
 * round is still held (not finished).
 */
async function driveRound<R>(
  driver: Driver,
  client: DurableClient<R>,
  queue: ElicitationQueue,
  first: DurableRound,
  stop: AbortSignal | undefined,
): Promise<Driven> {
  const producer = openProducer(queue);
  // Aborted when the drive must stop touching the round: the process lets it go, or another took it.
  const letGo = new AbortController();
  const onStop = (): void => letGo.abort(new HandedOver(stop?.reason));
  if (stop?.aborted === true) {
    onStop();
  }
  stop?.addEventListener('abort', onStop, { once: true });
  let round = first;
  const renewal = setInterval(() => {
    void driver.rounds.renew(round.id, driver.holder, driver.lease).then(
      async (held) => {
        if (!held && isLive(round)) {
          letGo.abort(await whyNotHeld(driver, round));
        }
      },
      // The store did not answer: try again at the next renewal (the lease may run out meanwhile).
      () => undefined,
    );
  }, driver.lease / 3);
  const stopped = new Promise<never>((_resolve, reject) => {
    const fail = (): void => reject(letGo.signal.reason);
    if (letGo.signal.aborted) {
      fail();
    } else {
      letGo.signal.addEventListener('abort', fail, { once: true });
    }
  });
  stopped.catch(() => undefined);

  try {
    for (;;) {
      let responses = round.inputResponses;
      if (round.state === 'open') {
        const asked = await askRound(driver, producer, round, letGo.signal, stopped);
        if ('outcome' in asked) {
          return { round, outcome: asked.outcome };
        }
        if (!(await driver.rounds.answer(round.id, driver.holder, asked.responses))) {
          const why = await whyNotHeld(driver, round);
          letGo.abort(why);
          throw why;
        }
        responses = asked.responses;
        round = { ...round, state: 'answered', inputResponses: asked.responses };
      }
      let reply: R;
      try {
        reply = await Promise.race([
          client.callTool(
            {
              name: round.tool.name,
              arguments: round.tool.arguments,
              inputResponses: responses ?? {},
              ...(round.requestState !== undefined ? { requestState: round.requestState } : {}),
            },
            { allowInputRequired: true, signal: letGo.signal },
          ),
          stopped,
        ]);
      } catch (error) {
        if (error instanceof HandedOver) {
          throw error;
        }
        return { round, outcome: { type: 'error', error: describeError(error) }, thrown: error };
      }
      const required = inputRequiredOf(reply);
      if (required === undefined) {
        return { round, outcome: { type: 'result', result: structuredClone(reply) as JsonObject } };
      }
      if (round.round >= MAX_ROUNDS) {
        return { round, outcome: { type: 'error', error: { message: `more than ${MAX_ROUNDS} rounds in one call` } } };
      }
      // Still the holder (not taken over while the retry ran): else the taker opens the next round, not this process.
      if (!(await driver.rounds.renew(round.id, driver.holder, driver.lease))) {
        const why = await whyNotHeld(driver, round);
        letGo.abort(why);
        throw why;
      }
      const next = newRound(required, { ...round, round: round.round + 1 }, round.expiresAt - round.createdAt, driver);
      // The next round is written before the previous one ends and before its questions are shown.
      await driver.rounds.open(next, driver.lease);
      await driver.rounds.finish(round.id, driver.holder, { state: 'done', next: next.id });
      round = next;
    }
  } finally {
    clearInterval(renewal);
    stop?.removeEventListener('abort', onStop);
    if (letGo.signal.aborted && isLive(round)) {
      // Handed over: let the next process take it now rather than when the lease runs out.
      await driver.rounds.renew(round.id, driver.holder, 0).catch(() => undefined);
    }
  }
}

/** Why this process no longer holds `round`: another took it, or the store lost it (a Redis restarted empty). */
async function whyNotHeld(driver: Driver, round: DurableRound): Promise<HandedOver> {
  const stored = await driver.rounds.get(round.id).catch(() => round);
  return new HandedOver(stored === undefined ? 'store lost' : 'lease lost');
}

/** Shows a round's questions and waits: its answers, or how it was withdrawn. */
async function askRound(
  driver: Driver,
  producer: ReturnType<typeof openProducer>,
  round: DurableRound,
  letGo: AbortSignal,
  stopped: Promise<never>,
): Promise<{ responses: Record<string, ElicitResult> } | { outcome: DurableOutcome }> {
  const version = isProtocolVersion(round.protocolVersion) ? round.protocolVersion : undefined;
  const context: QuestionContext = {
    capability: driver.capability,
    server: toServerIdentity(undefined, { id: producer.id, ...round.server }),
    version,
  };
  const prepared = prepareQuestions(round.inputRequests, context);
  if (!prepared.ok) {
    return { outcome: { type: 'withdrawn', reason: 'refused', message: prepared.message } };
  }
  const left = round.expiresAt - Date.now();
  if (left <= 0) {
    return { outcome: expired(round) };
  }
  const shown = showQuestions(producer, prepared.questions, context, round);
  if (shown === undefined) {
    return {
      outcome: {
        type: 'withdrawn',
        reason: 'refused',
        message: `the queue already holds its limit of questions from ${context.server.name}`,
      },
    };
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expiry = new Promise<{ outcome: DurableOutcome }>((resolve) => {
    timer = setTimeout(() => resolve({ outcome: expired(round) }), left);
  });
  try {
    const result = await Promise.race([shown.answers.then((responses) => ({ responses })), expiry, stopped]);
    if ('outcome' in result) {
      shown.withdraw('expired');
    }
    return result;
  } catch (error) {
    // Handed over: the questions come back from the taker, unless the store lost the round.
    const reason: unknown = letGo.reason;
    shown.withdraw(reason instanceof HandedOver && reason.reason === 'store lost' ? 'lost' : 'moved');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function expired(round: DurableRound): Extract<DurableOutcome, { type: 'withdrawn' }> {
  return {
    type: 'withdrawn',
    reason: 'expired',
    message:
      `the question was not answered before ${new Date(round.expiresAt).toISOString()}; ` +
      'nothing was sent to the server',
  };
}

/** Ends a held round with its outcome (a withdrawal is written as `withdrawn`). */
async function finishRound(driver: Driver, { round, outcome }: Driven): Promise<boolean> {
  return driver.rounds.finish(
    round.id,
    driver.holder,
    outcome.type === 'withdrawn' ? { state: 'withdrawn', outcome } : { state: 'done', outcome },
  );
}

/**
 * `client.callTool(params)` whose 2026-07-28 rounds outlive this process. Each `input_required` round (the server's
 * `inputRequests` and `requestState`, the tool and its arguments, the owner and tag) is written to `options.rounds`
 * before its questions go on `options.queue`; the answers are written down before the call is retried with them. When
 * the caller is alive it gets the result, as from `callTool`, and nothing is resumed. When its process dies (or its
 * `signal` aborts), the round stays written: `resumeRounds` in another process takes it once its lease runs out,
 * shows its questions again, retries, and hands the outcome to its resume handler.
 *
 * On a 2025 connection the call is the client's own `callTool(params)` (the attached adapter asks through its
 * handler): a 2025 question lives on the MCP session of the process that asked it, so it is lost with it (told).
 *
 * @throws DurableRoundError when a round expired unanswered or could not be shown; the retry's own error when it
 * failed (both are written down as the round's outcome).
 * @example
 * ```ts
 * const rounds = createMemoryDurableRoundStore();
 * const result = await callToolDurably(client, { name: 'export-data', arguments: {} }, {
 *   rounds, queue, owner: 'user-42', tag: 'chat-7', server: { url: 'http://127.0.0.1:3901/mcp' },
 * });
 * ```
 */
export async function callToolDurably<R>(
  client: DurableClient<R>,
  params: { name: string; arguments?: Record<string, unknown> },
  options: CallToolDurablyOptions,
): Promise<R> {
  const version = client.getNegotiatedProtocolVersion();
  if (!isProtocolVersion(version) || eraOf(version) !== 'modern') {
    return client.callTool(params);
  }
  const driver = driverOf(options);
  const ttl = options.ttl ?? DEFAULT_TTL;
  if (!Number.isFinite(ttl) || ttl <= 0) {
    throw new RangeError(`callToolDurably: \`ttl\` must be a positive number of ms (got ${String(ttl)})`);
  }
  const toolArguments = structuredClone(params.arguments ?? {}) as JsonObject;
  const first = await client.callTool(
    { name: params.name, arguments: toolArguments },
    { allowInputRequired: true, ...(options.signal !== undefined ? { signal: options.signal } : {}) },
  );
  const required = inputRequiredOf(first);
  if (required === undefined) {
    return first;
  }
  const round = newRound(
    required,
    {
      callId: randomId(),
      round: 1,
      server: options.server,
      tool: { name: params.name, arguments: toolArguments },
      protocolVersion: version,
      owner: options.owner,
      ...(options.tag !== undefined ? { tag: options.tag } : {}),
    },
    ttl,
    driver,
  );
  await driver.rounds.open(round, driver.lease);
  let driven: Driven;
  try {
    driven = await driveRound(driver, client, options.queue, round, options.signal);
  } catch (error) {
    if (error instanceof HandedOver) {
      if (error.reason === 'lease lost') {
        throw new DurableRoundError('taken', HANDED_OVER_MESSAGES.taken);
      }
      if (error.reason === 'store lost') {
        throw new DurableRoundError('lost', HANDED_OVER_MESSAGES.lost);
      }
      throw error.reason ?? error;
    }
    throw error;
  }
  if (!(await finishRound(driver, driven))) {
    throw new DurableRoundError('taken', HANDED_OVER_MESSAGES.taken);
  }
  const { outcome } = driven;
  if (outcome.type === 'result') {
    return outcome.result as R;
  }
  if (outcome.type === 'withdrawn') {
    throw new DurableRoundError(outcome.reason, outcome.message, driven.round);
  }
  throw driven.thrown ?? Object.assign(new Error(outcome.error.message), outcome.error);
}

/** What a resume handler receives: the call's last round and how it ended. */
export interface ResumedOutcome {
  round: DurableRound;
  outcome: DurableOutcome;
}

/** A connection for a resumed round: a client connected to `round.server.url`, and the queue of `round.owner`. */
export interface ResumeConnection<R> {
  client: DurableClient<R>;
  queue: ElicitationQueue;
  /** Called once the round ended (e.g. closes the client). */
  close?(): Promise<void>;
}

/** Options of {@link resumeRounds}. */
export interface ResumeRoundsOptions<R> extends DurableRoundOptions {
  /** Connects to a round's server and picks the queue its questions are shown on (its owner's, with its tag). */
  connect(round: DurableRound): Promise<ResumeConnection<R>>;
  /**
   * The resume handler: the outcome of every call this process finished for a caller that was gone (a result, an
   * error, or a withdrawal). Called before the round is marked ended: a process killed in between leaves the round to
   * be retried and delivered again (the server replays the same result), so handle it once per `round.callId`.
   */
  onOutcome(resumed: ResumedOutcome): void | Promise<void>;
  /** How often to look for rounds whose holder is gone, in ms. @default half the lease */
  interval?: number;
}

/** A running {@link resumeRounds}. */
export interface RoundResumer {
  /** Looks for rounds whose holder is gone now and takes them; resolves with how many this call took. */
  scan(): Promise<number>;
  /** Stops looking; rounds this process holds are handed over (their questions leave its queues). */
  stop(): Promise<void>;
}

/**
 * What another process runs to finish the rounds whose caller died: every `interval` it takes the rounds whose lease
 * ran out (one taker wins), connects to their server, shows their questions again to their owner (or, when the answer
 * was already written down, retries at once: the kit's server replays a round it already ran, so the operation does
 * not run twice), and hands the outcome to `onOutcome`. A round past its `expiresAt` is withdrawn (`expired`), and
 * the handler is told.
 */
export function resumeRounds<R>(options: ResumeRoundsOptions<R>): RoundResumer {
  const driver = driverOf(options);
  const interval = options.interval ?? driver.lease / 2;
  const stop = new AbortController();
  const running = new Set<Promise<void>>();
  // One controller per drive, each aborted by `stop()` (not one signal shared by every drive: no listener pile-up).
  const drives = new Set<AbortController>();

  const finishAndTell = async (driven: Driven): Promise<void> => {
    await options.onOutcome({ round: driven.round, outcome: driven.outcome });
    await finishRound(driver, driven);
  };

  const resume = async (taken: DurableRound): Promise<void> => {
    if (taken.state === 'open' && taken.expiresAt <= Date.now()) {
      await finishAndTell({ round: taken, outcome: expired(taken) });
      return;
    }
    let connection: ResumeConnection<R>;
    try {
      connection = await options.connect(taken);
    } catch {
      // Not reachable now: let it go at once, for the next scan (here or elsewhere).
      await driver.rounds.renew(taken.id, driver.holder, 0);
      return;
    }
    const drive = new AbortController();
    drives.add(drive);
    if (stop.signal.aborted) {
      drive.abort(stop.signal.reason);
    }
    try {
      const driven = await driveRound(driver, connection.client, connection.queue, taken, drive.signal);
      await finishAndTell(driven);
    } catch (error) {
      if (!(error instanceof HandedOver)) {
        throw error;
      }
    } finally {
      drives.delete(drive);
      await connection.close?.();
    }
  };

  const scan = async (): Promise<number> => {
    if (stop.signal.aborted) {
      return 0;
    }
    let taken = 0;
    for (const orphan of await driver.rounds.orphans()) {
      const round = await driver.rounds.take(orphan.id, driver.holder, driver.lease);
      if (round === undefined) {
        continue;
      }
      taken += 1;
      const run = resume(round)
        .catch(() => undefined)
        .finally(() => running.delete(run));
      running.add(run);
    }
    return taken;
  };

  const timer = setInterval(() => {
    void scan();
  }, interval);

  return {
    scan,
    async stop() {
      clearInterval(timer);
      stop.abort('resumer stopped');
      for (const drive of drives) {
        drive.abort(stop.signal.reason);
      }
      await Promise.all(running);
    },
  };
}
