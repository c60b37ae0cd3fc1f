// The questions of a durable round on core's queue: parsed with core (the rules of the round's revision, the declared
// modes), queued as the adapter queues them (so the dialog and the bridge show them unchanged), and gathered into the
// `inputResponses` of the retry once every one is answered.
import { isJsonObject, parseElicitation, parseOptionsFor } from '@elicitation-kit/core';
import type {
  ElicitationCapabilityObject,
  ElicitationQueue,
  ElicitationQueueProducer,
  ElicitResult,
  JsonObject,
  LocalElicitationQueue,
  ParsedElicitation,
  PendingElicitation,
  ProtocolVersion,
  ServerIdentity,
} from '@elicitation-kit/core';
import { toWireResult } from '../entry.js';

/** One question of a round, parsed. */
interface Question {
  key: string;
  request: ParsedElicitation;
}

/** The questions of a round, or why one of them cannot be shown (the whole round is refused then). */
export type PreparedQuestions = { ok: true; questions: Question[] } | { ok: false; message: string };

/** What the questions are parsed and shown with. */
export interface QuestionContext {
  capability: ElicitationCapabilityObject;
  server: ServerIdentity;
  /** The round's revision, when core knows its rules. */
  version: ProtocolVersion | undefined;
}

/**
 * The key of one question of a round, the same on every process that shows it (`<callId>/<round>/<inputRequests
 * key>`, cut to the bridge's longest id): core's `PendingElicitation.roundKey`.
 */
function roundKeyOf(round: { callId: string; round: number }, key: string): string {
  return `${round.callId}/${round.round}/${key}`.slice(0, 512);
}

/** Parses every `inputRequests` entry; a round is shown only when all of them can be. */
export function prepareQuestions(inputRequests: JsonObject, context: QuestionContext): PreparedQuestions {
  const questions: Question[] = [];
  for (const [key, value] of Object.entries(inputRequests)) {
    if (!isJsonObject(value) || value['method'] !== 'elicitation/create') {
      return { ok: false, message: `inputRequests.${key}: only elicitation/create can be asked in a durable round` };
    }
    const parsed = parseElicitation(
      value['params'],
      parseOptionsFor({ version: context.version, capability: context.capability, server: context.server }),
    );
    if (!parsed.ok) {
      const path = parsed.error.data.path === '' ? '' : `.${parsed.error.data.path}`;
      return { ok: false, message: `inputRequests.${key}.params${path}: ${parsed.error.message}` };
    }
    questions.push({ key, request: parsed.request });
  }
  return { ok: true, questions };
}

/** A producer of `queue`; any other queue (a hand-written one, the bridge's browser half) is refused. */
export function openProducer(queue: ElicitationQueue): ElicitationQueueProducer {
  const local: Partial<LocalElicitationQueue> = queue;
  if (typeof local.openProducer !== 'function') {
    throw new TypeError('durable rounds: `queue` must come from createElicitationQueue() (@elicitation-kit/core)');
  }
  return local.openProducer();
}

/**
 * Why a durable round's questions left the queue unanswered: the abort reason of their entries' `signal` (the bridge
 * tells the page the same word). `moved`: the round was handed over (its process is going away, or another took it):
 * the same questions come back from the taker with the same `roundKey`. `expired`: its time to answer ran out.
 * `lost`: the store no longer has the round.
 */
export type DurableQuestionWithdrawal = 'moved' | 'expired' | 'lost';

/** Questions on the queue. */
export interface ShownQuestions {
  /** Resolves with the answers (as sent on the wire) once every question is answered. */
  answers: Promise<Record<string, ElicitResult>>;
  /** Takes every unanswered question off the queue (its dialog closes: its signal aborts with `reason`). */
  withdraw(reason: DurableQuestionWithdrawal): void;
}

/**
 * Queues `questions` through `producer`, as the adapter queues a 2026-07-28 round. `undefined` when the queue refuses
 * one (its server is at the queue's per-server limit): nothing stays queued then.
 */
export function showQuestions(
  producer: ElicitationQueueProducer,
  questions: readonly Question[],
  context: QuestionContext,
  round: { callId: string; round: number },
): ShownQuestions | undefined {
  const made: { key: string; request: ParsedElicitation; entry: PendingElicitation; controller: AbortController }[] =
    [];
  for (const { key, request } of questions) {
    const created = producer.create({
      request,
      server: context.server,
      era: 'modern',
      protocolVersion: context.version,
      kind: 'request',
      roundKey: roundKeyOf(round, key),
    });
    if (!created.ok) {
      return undefined;
    }
    made.push({ key, request, entry: created.entry, controller: created.controller });
  }
  const answers: Record<string, ElicitResult> = {};
  const answered = new Promise<Record<string, ElicitResult>>((resolve) => {
    for (const { key, request, entry } of made) {
      producer.add(entry, (result) => {
        answers[key] = toWireResult(request, result);
        if (Object.keys(answers).length === made.length) {
          resolve(answers);
        }
      });
    }
  });
  return {
    answers: answered,
    withdraw(reason) {
      for (const { entry, controller } of made) {
        if (producer.remove(entry.id) !== undefined) {
          controller.abort(reason);
        }
      }
    },
  };
}
