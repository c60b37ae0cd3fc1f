// The Redis hub's answer routing: an answer posted to any replica goes to the one holding its question, over that
// replica's channel, and its outcome comes back on the sender's. A holder nobody hears (gone) makes the question
// `lost`; a slow one makes the answer `503` (the question stays).
import type { ElicitResult } from '@elicitation-kit/core';
import { isJsonObject } from '@elicitation-kit/core';
import { readResult } from './answer.js';
import { NOT_PENDING } from './hub.js';
import type { AnswerOutcome, HubHandlers } from './hub.js';
import type { RedisBridgeClient } from './redis-hub.js';
import { parseJson, readRecord } from './redis-scripts.js';
import type { RedisKeys } from './redis-scripts.js';
import { randomId } from './token.js';
import { WITHDRAW_MESSAGES } from './wire-format.js';
import type { WithdrawReason } from './wire-format.js';

const LOST: AnswerOutcome = {
  ok: false,
  status: 410,
  body: { error: 'lost', message: WITHDRAW_MESSAGES.lost },
};

const UNAVAILABLE: AnswerOutcome = {
  ok: false,
  status: 503,
  body: {
    error: 'unavailable',
    message: 'The server holding this question could not be reached in time; the question is still pending. Try again.',
  },
};

/** A message on a replica's channel. */
type ReplicaMessage =
  | { type: 'answer'; corr: string; from: string; owner: string; id: string; result: ElicitResult }
  | { type: 'outcome'; corr: string; outcome: AnswerOutcome };

/** What routing needs. */
export interface RedisRoutingOptions {
  redis: RedisBridgeClient;
  keys: RedisKeys;
  replica: string;
  answerTimeoutMs: number;
  /** The bridge's handlers, once it started. */
  handlers(): HubHandlers | undefined;
  withdraw(owner: string, id: string, reason: WithdrawReason): void;
  failed(error: unknown, operation: string): void;
}

/** The answer routing of one replica. */
export interface RedisRouting {
  /** Routes an answer to the holder of its question. */
  answer(owner: string, id: string, result: ElicitResult): Promise<AnswerOutcome>;
  /** Handles a message on this replica's own channel. */
  onMessage(text: string): void;
  /** Answers every routed answer still waiting `503`. */
  close(): void;
}

/** The answer routing of `replica`. */
export function createRedisRouting(options: RedisRoutingOptions): RedisRouting {
  const { redis, keys, replica, failed } = options;
  const waiting = new Map<string, (outcome: AnswerOutcome) => void>();
  return {
    async answer(owner, id, result) {
      const record = readRecord(parseJson((await redis.hget(keys.owner(owner), id)) ?? ''));
      const handlers = options.handlers();
      if (record === undefined || handlers === undefined) {
        return NOT_PENDING;
      }
      if (record.replica === replica) {
        return handlers.answer(owner, id, result);
      }
      const corr = randomId();
      let expire: ReturnType<typeof setTimeout> | undefined;
      const reply = new Promise<AnswerOutcome | undefined>((resolve) => {
        waiting.set(corr, resolve);
        expire = setTimeout(() => resolve(undefined), options.answerTimeoutMs);
      });
      const message: ReplicaMessage = { type: 'answer', corr, from: replica, owner, id, result };
      const receivers = await redis.publish(keys.replica(record.replica), JSON.stringify(message));
      const outcome = receivers === 0 ? undefined : await reply;
      clearTimeout(expire);
      waiting.delete(corr);
      if (outcome !== undefined) {
        return outcome;
      }
      // Nobody listens on the holder's channel (its connection is gone), or it did not answer in time: gone or slow?
      if (receivers === 0 || !(await redis.exists(keys.replica(record.replica)).then((count) => count === 1))) {
        options.withdraw(owner, id, 'lost');
        return LOST;
      }
      return UNAVAILABLE;
    },

    onMessage(text) {
      const message = parseJson(text);
      if (!isJsonObject(message)) {
        return;
      }
      const routed = message as unknown as ReplicaMessage;
      if (routed.type === 'outcome') {
        waiting.get(routed.corr)?.(routed.outcome);
        waiting.delete(routed.corr);
        return;
      }
      const handlers = options.handlers();
      if (routed.type === 'answer' && handlers !== undefined) {
        const read = readResult(routed.result);
        const outcome: AnswerOutcome = read.ok
          ? handlers.answer(routed.owner, routed.id, read.result)
          : { ok: false, status: 400, body: read.body };
        redis
          .publish(keys.replica(routed.from), JSON.stringify({ type: 'outcome', corr: routed.corr, outcome }))
          .catch((error: unknown) => failed(error, 'answer outcome'));
      }
    },

    close() {
      for (const resolve of waiting.values()) {
        resolve(UNAVAILABLE);
      }
      waiting.clear();
    },
  };
}
