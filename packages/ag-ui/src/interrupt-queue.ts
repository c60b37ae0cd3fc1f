// The UI side: the interrupts an AG-UI run ends with become entries of a core queue, so that `useElicitationQueue` and
// `<ElicitationDialog entry>` of @elicitation-kit/react show them as they show MCP questions. Every interrupt is read
// as an MCP elicitation and parsed by core (the one home of the schema and URL rules): one core cannot show is refused
// with core's own `-32602` message. The queue is core's (`createElicitationQueue`): its per-source limit, its
// answered-once `respond`. When every interrupt of the run has an answer, the next run resumes them all at once.
import {
  BoundedMap,
  createElicitationQueue,
  elicitationCapability,
  eraOf,
  isJsonObject,
  isProtocolVersion,
  parseElicitation,
  parseOptionsFor,
} from '@elicitation-kit/core';
import type {
  ElicitResult,
  ElicitationError,
  ElicitationModes,
  ElicitationQueue,
  PendingElicitation,
  ProtocolEra,
  ProtocolVersion,
  PublicSuffixList,
  ServerIdentity,
  TooManyPendingError,
} from '@elicitation-kit/core';
import type { Interrupt, ResumeEntry } from '@ag-ui/core';
import { buildResumeArray, isInterruptExpired } from '@ag-ui/client';
import type { AbstractAgent } from '@ag-ui/client';
import { ELICITATION_METADATA_KEY, REFUSAL_METADATA_KEY } from './metadata.js';

/** The longest timer `setTimeout` keeps (about 24.8 days); an interrupt expiring later is checked again then. */
const MAX_TIMER_MS = 2_147_483_647;

/** The answer to one interrupt, as `buildResumeArray` takes it. */
type ResumeResponse =
  | { status: 'resolved'; payload: unknown }
  | { status: 'cancelled'; metadata?: Record<string, unknown> };

/** Who the agent is: the source of its interrupts. */
export interface InterruptSource {
  /** The key of the per-source limit. @default a key unique to this queue */
  id?: string;
  /** Shown when an interrupt does not name the MCP server behind it. @default the agent's `agentId`, else `AG-UI agent` */
  name?: string;
  title?: string;
  /**
   * Where the agent lives: shown, and the site a URL-mode link is compared with when the interrupt does not name its
   * MCP server's URL (a link on another site gets the `different-site` warning).
   */
  url?: string;
}

/** One interrupt waiting for the user: a core queue entry, with the interrupt it stands for. */
export interface InterruptElicitation extends PendingElicitation {
  /** The interrupt as the run ended with it. */
  interrupt: Interrupt;
  /**
   * The run that resumed this interrupt failed (the agent refused the answer, or the run errored) and the agent still
   * waits: the dialog shows `message` and starts from the answer given before (see core's `ElicitationEntry`).
   */
  refused?: { message: string; result: ElicitResult };
}

/** What happened to the interrupts of a run, for host logs. */
export type InterruptQueueEvent =
  | { type: 'shown'; entry: InterruptElicitation }
  /** Not shown, answered `cancelled` with the refusal in `metadata["io.elicitation-kit/refused"]`. */
  | { type: 'rejected'; interrupt: Interrupt; error: ElicitationError | TooManyPendingError }
  /** Its `expiresAt` passed before it was answered: answered `cancelled`. */
  | { type: 'expired'; interrupt: Interrupt }
  /** Another run started on the agent (the host resumed the interrupts itself): the entry left the queue. */
  | { type: 'withdrawn'; entry: InterruptElicitation }
  | { type: 'resumed'; resume: ResumeEntry[] }
  /** The resuming run failed: the user's answers are shown again, with the error. */
  | { type: 'resume-failed'; resume: ResumeEntry[]; error: unknown };

/** Options of {@link createInterruptQueue}. */
export interface InterruptQueueOptions {
  /** Who the agent is (see {@link InterruptSource}). */
  source?: InterruptSource;
  /**
   * How many interrupts of this agent may wait at once; beyond it an interrupt is refused (`cancelled`, with core's
   * `too-many-pending` error). @default 20
   */
  maxPendingPerSource?: number;
  /** The modes this page shows; an interrupt in another mode is refused. @default { form: true, url: true } */
  modes?: ElicitationModes;
  /** The Public Suffix List URL-mode links are judged by (`@elicitation-kit/mcp/public-suffix`). @default core's excerpt */
  publicSuffixList?: PublicSuffixList;
  /**
   * Starts the run that resumes the interrupts, once every one of them has an answer.
   * @default (resume) => agent.runAgent({ resume })
   */
  resume?: (resume: ResumeEntry[]) => Promise<unknown>;
  /** Called for every interrupt shown, refused, expired or withdrawn, and every resume sent or failed. */
  onEvent?: (event: InterruptQueueEvent) => void;
}

/** The queue of an AG-UI agent's interrupts: core's {@link ElicitationQueue}, and a way to stop. */
export interface InterruptQueue extends ElicitationQueue<InterruptElicitation> {
  /** Stops following the agent: the waiting entries leave the queue (their signals abort), nothing is resumed. */
  close(): void;
}

/** What the kit reads of `metadata["io.elicitation-kit/mcp"]`: only well-typed members. */
interface ReadMetadata {
  serverName?: string;
  serverTitle?: string;
  serverUrl?: string;
  mode?: 'form' | 'url';
  url?: string;
  elicitationId?: string;
  protocolVersion?: ProtocolVersion;
  era?: ProtocolEra;
  askedAgain?: true;
}

const stringAt = (value: Record<string, unknown>, key: string): string | undefined =>
  typeof value[key] === 'string' ? value[key] : undefined;

/** The kit's metadata of an interrupt, each member only when it has the right type. */
function readMetadata(interrupt: Interrupt): ReadMetadata {
  const metadata: unknown = interrupt.metadata?.[ELICITATION_METADATA_KEY];
  if (!isJsonObject(metadata)) {
    return {};
  }
  const read: ReadMetadata = {};
  for (const key of ['serverName', 'serverTitle', 'serverUrl', 'url', 'elicitationId'] as const) {
    const value = stringAt(metadata, key);
    if (value !== undefined) {
      read[key] = value;
    }
  }
  const { mode, protocolVersion, era, askedAgain } = metadata;
  if (mode === 'form' || mode === 'url') {
    read.mode = mode;
  }
  if (isProtocolVersion(protocolVersion)) {
    read.protocolVersion = protocolVersion;
  }
  if (era === 'legacy' || era === 'modern') {
    read.era = era;
  }
  if (askedAgain === true) {
    read.askedAgain = true;
  }
  return read;
}

/**
 * The MCP `elicitation/create` params an interrupt stands for: a URL elicitation when the kit's metadata says so,
 * else a form whose `requestedSchema` is the interrupt's `responseSchema` (an interrupt without one asks only for a
 * yes or no: a form without fields).
 */
function paramsOf(interrupt: Interrupt, metadata: ReadMetadata): Record<string, unknown> {
  const message = interrupt.message ?? '';
  if (metadata.mode === 'url') {
    return {
      mode: 'url',
      message,
      url: metadata.url,
      ...(metadata.elicitationId !== undefined && { elicitationId: metadata.elicitationId }),
    };
  }
  return { message, requestedSchema: interrupt.responseSchema ?? { type: 'object', properties: {} } };
}

/** The resume response for a user's answer: accept and decline in the payload, cancel as `cancelled`. */
function responseOf(entry: PendingElicitation, result: ElicitResult): ResumeResponse {
  if (result.action === 'cancel') {
    return { status: 'cancelled' };
  }
  if (result.action === 'decline') {
    return { status: 'resolved', payload: { action: 'decline' } };
  }
  return entry.request.mode === 'url'
    ? { status: 'resolved', payload: { action: 'accept' } }
    : { status: 'resolved', payload: { action: 'accept', content: result.content ?? {} } };
}

/** One run's interrupts and their answers so far. */
interface Round {
  interrupts: Interrupt[];
  responses: Map<string, ResumeResponse>;
  /** Interrupt id → its entry in the queue, while it waits. */
  entries: Map<string, { entry: InterruptElicitation; controller: AbortController }>;
  timers: ReturnType<typeof setTimeout>[];
  /** Whether the user answered something of it (a round answered only by the kit is resumed once). */
  answeredByUser: boolean;
  /** The answers the user gave, to show again should the resume fail. */
  results: Map<string, ElicitResult>;
}

/**
 * A queue of an AG-UI agent's interrupts, for a page: each interrupt a run ends with (`outcome.type: "interrupt"`)
 * becomes an entry that `useElicitationQueue` lists and `<ElicitationDialog entry>` shows, as an MCP question would
 * be (the kit's agent side, `createElicitationInterrupts`, makes them from MCP questions; any agent's interrupt with a
 * `responseSchema` is read as a form). Answers: accept and decline go back as `resolved` with the kit's payload
 * (`{ action, content? }`), cancel as `cancelled`. Once every interrupt of the run has an answer, the queue resumes
 * them in one run. An interrupt core cannot show (its `responseSchema` is not MCP's restricted schema, its mode is
 * not shown here, the source has too many waiting) is answered `cancelled` with core's `-32602` error in
 * `metadata["io.elicitation-kit/refused"]`; an expired one is answered `cancelled`; an interrupt already answered is
 * not shown again (a replayed run).
 *
 * @example
 * ```tsx
 * const agent = new HttpAgent({ url: '/agent' });
 * const queue = createInterruptQueue(agent, { source: { name: 'Support agent' } });
 * // in a component:
 * const entries = useElicitationQueue(queue);
 * entries.map((entry) => (
 *   <ElicitationDialog key={entry.id} presentation="inline" entry={entry}
 *     onRespond={(result) => queue.respond(entry.id, result)} />
 * ));
 * ```
 */
export function createInterruptQueue(agent: AbstractAgent, options: InterruptQueueOptions = {}): InterruptQueue {
  const { source = {}, modes, publicSuffixList, onEvent } = options;
  const capability = elicitationCapability(modes);
  const local = createElicitationQueue({
    ...(options.maxPendingPerSource !== undefined && { maxPendingPerServer: options.maxPendingPerSource }),
  });
  const producer = local.openProducer();
  const sourceId = source.id ?? producer.id;
  const resumeRun = options.resume ?? ((resume: ResumeEntry[]) => agent.runAgent({ resume }));
  /** The answers sent for interrupts, by id: a replayed interrupt gets the same answer, and is not shown again. */
  const answered = new BoundedMap<string, ResumeResponse>();
  let round: Round | undefined;
  /** The resume this queue sent last, while its run goes on: a `RUN_ERROR` of that run is its failure. */
  let resuming: { error?: unknown } | undefined;

  const serverOf = (metadata: ReadMetadata): ServerIdentity => {
    const title = metadata.serverTitle ?? (metadata.serverName === undefined ? source.title : undefined);
    const url = metadata.serverUrl ?? source.url;
    return {
      id: sourceId,
      name: metadata.serverName ?? source.name ?? agent.agentId ?? 'AG-UI agent',
      ...(title !== undefined && { title }),
      ...(url !== undefined && { url }),
    };
  };

  const closeRound = (current: Round, reason: 'withdrawn' | 'closed'): void => {
    for (const timer of current.timers) {
      clearTimeout(timer);
    }
    for (const { entry, controller } of current.entries.values()) {
      if (producer.remove(entry.id) !== undefined) {
        controller.abort(new Error('The interrupt is no longer open.'));
        if (reason === 'withdrawn') {
          onEvent?.({ type: 'withdrawn', entry });
        }
      }
    }
    current.entries.clear();
    if (round === current) {
      round = undefined;
    }
  };

  const sendIfComplete = (current: Round): void => {
    if (round !== current || current.responses.size < current.interrupts.length) {
      return;
    }
    closeRound(current, 'closed');
    if (!current.answeredByUser && current.interrupts.every(({ id }) => answered.has(id))) {
      // Nothing new: a replay of a run already resumed.
      return;
    }
    const responses = Object.fromEntries(current.responses);
    for (const [id, response] of current.responses) {
      answered.set(id, response);
    }
    const resume = buildResumeArray(current.interrupts, responses);
    onEvent?.({ type: 'resumed', resume });
    const sent: { error?: unknown } = {};
    resuming = sent;
    const settle = (): void => {
      if (resuming === sent) {
        resuming = undefined;
      }
      if ('error' in sent) {
        reopen(current, resume, sent.error);
      }
    };
    Promise.resolve()
      .then(() => resumeRun(resume))
      .then(settle, (error: unknown) => {
        sent.error ??= error;
        settle();
      });
  };

  /**
   * The run resuming `current` failed (a `RUN_ERROR`, or the run threw): if the agent still waits for the interrupts
   * the user answered, they are shown again, with the error and the answer given.
   */
  const reopen = (current: Round, resume: ResumeEntry[], error: unknown): void => {
    onEvent?.({ type: 'resume-failed', resume, error });
    const stillOpen = agent.pendingInterrupts.filter(({ id }) => current.results.has(id));
    if (stillOpen.length === 0 || round !== undefined) {
      return;
    }
    for (const { id } of current.interrupts) {
      answered.delete(id);
    }
    const message = error instanceof Error ? error.message : String(error);
    open(agent.pendingInterrupts, { message, results: current.results });
  };

  const refuse = (current: Round, interrupt: Interrupt, error: ElicitationError | TooManyPendingError): void => {
    current.responses.set(interrupt.id, { status: 'cancelled', metadata: { [REFUSAL_METADATA_KEY]: error } });
    onEvent?.({ type: 'rejected', interrupt, error });
  };

  const expire = (current: Round, interrupt: Interrupt): void => {
    const waiting = current.entries.get(interrupt.id);
    if (waiting !== undefined) {
      current.entries.delete(interrupt.id);
      producer.remove(waiting.entry.id);
      waiting.controller.abort(new Error(`The interrupt expired at ${interrupt.expiresAt ?? ''}.`));
    }
    current.responses.set(interrupt.id, { status: 'cancelled' });
    onEvent?.({ type: 'expired', interrupt });
    sendIfComplete(current);
  };

  /** Schedules the expiry of an interrupt shown in `current` (checked again when its time exceeds one timer). */
  const watchExpiry = (current: Round, interrupt: Interrupt): void => {
    const at = interrupt.expiresAt === undefined ? Number.NaN : Date.parse(interrupt.expiresAt);
    if (Number.isNaN(at)) {
      return;
    }
    const wait = at - Date.now();
    current.timers.push(
      setTimeout(
        () => {
          if (current.entries.has(interrupt.id)) {
            if (isInterruptExpired(interrupt)) {
              expire(current, interrupt);
            } else {
              watchExpiry(current, interrupt);
            }
          }
        },
        Math.min(MAX_TIMER_MS, Math.max(0, wait + 1)),
      ),
    );
  };

  const open = (
    interrupts: Interrupt[],
    refused?: { message: string; results: ReadonlyMap<string, ElicitResult> },
  ): void => {
    if (round !== undefined) {
      const waiting = new Set(round.interrupts.map(({ id }) => id));
      if (waiting.size === interrupts.length && interrupts.every(({ id }) => waiting.has(id))) {
        // The same interrupts again while they are shown (a replayed event): nothing changes.
        return;
      }
      // Other interrupts: the agent no longer waits for these.
      closeRound(round, 'withdrawn');
    }
    const current: Round = {
      interrupts,
      responses: new Map(),
      entries: new Map(),
      timers: [],
      answeredByUser: false,
      results: new Map(),
    };
    round = current;
    for (const interrupt of interrupts) {
      const before = answered.get(interrupt.id);
      if (before !== undefined) {
        current.responses.set(interrupt.id, before);
        continue;
      }
      if (isInterruptExpired(interrupt)) {
        current.responses.set(interrupt.id, { status: 'cancelled' });
        onEvent?.({ type: 'expired', interrupt });
        continue;
      }
      const metadata = readMetadata(interrupt);
      const server = serverOf(metadata);
      const version = metadata.protocolVersion;
      const parsed = parseElicitation(
        paramsOf(interrupt, metadata),
        parseOptionsFor({ version, capability, server, publicSuffixList }),
      );
      if (!parsed.ok) {
        refuse(current, interrupt, parsed.error);
        continue;
      }
      const created = producer.create({
        request: parsed.request,
        server,
        era: metadata.era ?? (version !== undefined ? eraOf(version) : 'modern'),
        protocolVersion: version,
        kind: 'request',
        askedAgain: metadata.askedAgain === true,
      });
      if (!created.ok) {
        refuse(current, interrupt, created.error);
        continue;
      }
      const previous = refused?.results.get(interrupt.id);
      const entry: InterruptElicitation = {
        ...created.entry,
        interrupt,
        ...(previous !== undefined &&
          refused !== undefined && { refused: { message: refused.message, result: previous } }),
      };
      current.entries.set(interrupt.id, { entry, controller: created.controller });
      producer.add(entry, (result) => {
        if (round !== current || !current.entries.delete(interrupt.id)) {
          return;
        }
        current.answeredByUser = true;
        current.results.set(interrupt.id, result);
        current.responses.set(interrupt.id, responseOf(entry, result));
        sendIfComplete(current);
      });
      watchExpiry(current, interrupt);
      onEvent?.({ type: 'shown', entry });
    }
    // Refused, expired and replayed interrupts only: answered at once (a microtask later, once the run has ended).
    queueMicrotask(() => sendIfComplete(current));
  };

  const subscription = agent.subscribe({
    onRunInitialized: () => {
      // A run on the thread resumes every open interrupt: if it is not this queue's, its entries are no longer open.
      if (round !== undefined && round.entries.size > 0) {
        closeRound(round, 'withdrawn');
      }
    },
    onRunErrorEvent: ({ event }) => {
      if (resuming !== undefined) {
        resuming.error ??= new Error(event.message);
      }
    },
    onRunFinishedEvent: (params) => {
      if (params.outcome === 'interrupt') {
        open(params.interrupts);
      }
    },
  });

  return {
    subscribe: (listener) => local.subscribe(listener),
    // Every entry of this queue is made above, with its interrupt.
    getSnapshot: () => local.getSnapshot() as readonly InterruptElicitation[],
    respond: (id, result) => local.respond(id, result),
    respondAll: (serverId, result) => local.respondAll(serverId, result),
    close() {
      subscription.unsubscribe();
      if (round !== undefined) {
        closeRound(round, 'closed');
      }
    },
  };
}
