// Each user's conversation: the finished messages (and the tool call a running turn waits on) in the chat store —
// this process's memory, or the Redis every replica shares — and the turn being written, in the memory of the process
// that runs it. A turn runs on the backend whatever the page does: a reload reads its reply again (a replay), an answer
// to its question reaches it, and it ends only when its reply does (or the host closes).
//
// When the process running a turn dies while its tool call waits for the user (2026-07-28: a durable round), another
// replica finishes the call (`resumeRounds`, app.ts) and hands its outcome to `resume`: the tool's result is appended
// to the conversation under the turn's assistant message, and the model's turn continues there.
import { randomUUID } from 'node:crypto';
import type { UIMessage, UIMessageChunk } from 'ai';
import type { DurableOutcome } from '@elicitation-kit/mcp/durable';
import { record } from './replay.js';
import type { Replay } from './replay.js';
import type { ChatStore } from './store.js';
import type { Turn } from './turn.js';

/** How long a conversation is kept after its last change. */
const CONVERSATION_TTL_MS = 24 * 60 * 60_000;

/** One user's conversation. */
export interface Conversation {
  /** The chat's id (the page's `useChat` id; its reconnect URL names it). */
  readonly id: string;
  /** The finished messages, then the user's message of the running turn. */
  readonly messages: readonly UIMessage[];
  /** The reply of the running turn, when this process runs it. */
  readonly reply: Replay<UIMessageChunk> | undefined;
  /**
   * A resumed turn is writing its reply (on this replica or another): the last message holds the tool's result, and
   * the model's words are still to come.
   */
  readonly replying: boolean;
}

/** The tool call a turn waits on: what another process needs to finish the turn when this one is gone. */
export interface PendingToolCall {
  /** The assistant message the turn writes (its questions' tag). */
  messageId: string;
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/** What a turn is started with. */
export interface TurnStart {
  user: string;
  /** The conversation so far: ending with the user's new message, or (resumed) with the assistant's tool result. */
  messages: UIMessage[];
  /** The assistant message the turn writes (a resumed turn continues it). */
  messageId: string;
  signal: AbortSignal;
  onEnd: (messages: UIMessage[]) => void;
}

/** What {@link createConversations} runs turns with. */
export interface TurnRunners {
  /** Starts a turn answering the user's new message (it may call tools). */
  start(turn: TurnStart): Promise<Turn>;
  /** Continues a turn whose tool call another process finished: the model writes its reply to the tool's result. */
  continue(turn: TurnStart): Promise<Turn>;
}

/** What {@link createConversations} returns. */
export interface Conversations {
  /** `user`'s conversation (an empty one the first time). */
  of(user: string): Promise<Conversation>;
  /** Starts a turn with the user's `message`; `busy` while one runs. Rejects when the turn cannot start. */
  send(user: string, message: UIMessage): Promise<Replay<UIMessageChunk> | 'busy'>;
  /** Writes down the tool call `user`'s running turn is about to wait on. */
  waitingOn(user: string, call: PendingToolCall): Promise<void>;
  /** Whether `user`'s conversation still waits on the tool call of the message `messageId` (not ended, not moved on). */
  waitsFor(user: string, messageId: string): Promise<boolean>;
  /**
   * Finishes the turn of `user` whose assistant message is `messageId` with the outcome of its tool call (finished by
   * another process): `false` when the conversation no longer waits on it (ended, or moved on to a newer message).
   */
  resume(user: string, messageId: string, outcome: DurableOutcome): Promise<boolean>;
  /** Forgets `user`'s conversation (their session ended): their running turn, and so its questions, end. */
  end(user: string): void;
  /** Ends every running turn and waits for them. */
  close(): Promise<void>;
}

/** A conversation as the store keeps it. */
interface Stored {
  id: string;
  messages: UIMessage[];
  pending?: PendingToolCall;
  /** The message a resumed turn is writing (its tool result is in `messages`; its reply is not yet). */
  replying?: string;
}

/** What this process knows of a user's conversation: the turn it runs. */
interface Local {
  reply: Replay<UIMessageChunk> | undefined;
  starting: boolean;
  /** The finished reply being written to the store: the next turn starts after it. */
  saving: Promise<void> | undefined;
  /** Ends this conversation's turns (when it is forgotten). */
  ended: AbortController;
}

/** The assistant message of a turn whose tool call ended with `outcome` (what the model continues from). */
function toolResultMessage(call: PendingToolCall, outcome: DurableOutcome): UIMessage {
  const base = {
    type: 'dynamic-tool',
    toolName: call.toolName,
    toolCallId: call.toolCallId,
    input: call.input,
  } as const;
  const part =
    outcome.type === 'result'
      ? { ...base, state: 'output-available' as const, output: outcome.result }
      : {
          ...base,
          state: 'output-error' as const,
          errorText:
            outcome.type === 'error' ? outcome.error.message : `the question was withdrawn: ${outcome.message}`,
        };
  return { id: call.messageId, role: 'assistant', parts: [{ type: 'step-start' }, part] };
}

/** The store key of `user`'s conversation. */
const keyOf = (user: string): string => `conversation:${user}`;

/** Conversations kept in `store`, whose turns `runners` run. */
export function createConversations(runners: TurnRunners, store: ChatStore): Conversations {
  const local = new Map<string, Local>();
  const closing = new AbortController();
  const running = new Set<Promise<void>>();
  const localOf = (user: string): Local => {
    let state = local.get(user);
    if (state === undefined) {
      state = { reply: undefined, starting: false, saving: undefined, ended: new AbortController() };
      local.set(user, state);
    }
    return state;
  };
  const load = async (user: string): Promise<Stored | undefined> => {
    const text = await store.get(keyOf(user));
    return text === undefined ? undefined : (JSON.parse(text) as Stored);
  };
  const save = (user: string, stored: Stored): Promise<void> =>
    store.set(keyOf(user), JSON.stringify(stored), CONVERSATION_TTL_MS);
  const loadOrStart = async (user: string): Promise<Stored> => {
    const stored = await load(user);
    if (stored !== undefined) {
      return stored;
    }
    const started: Stored = { id: randomUUID(), messages: [] };
    await save(user, started);
    return started;
  };

  /** Runs a turn in this process (`run` starts it) and keeps its reply for the page to follow until it ends. */
  const runTurn = async (
    state: Local,
    run: (signal: AbortSignal) => Promise<Turn>,
  ): Promise<Replay<UIMessageChunk>> => {
    state.starting = true;
    let turn: Turn;
    try {
      turn = await run(AbortSignal.any([closing.signal, state.ended.signal]));
    } finally {
      state.starting = false;
    }
    const reply = record(turn.stream);
    state.reply = reply;
    // The next message may come as soon as the reply ended; the client closes meanwhile.
    const ended: Promise<void> = reply.done
      .then(async () => {
        await state.saving;
        state.reply = undefined;
        return turn.close();
      })
      .catch(() => undefined)
      .finally(() => running.delete(ended));
    running.add(ended);
    return reply;
  };

  return {
    async of(user) {
      const stored = await loadOrStart(user);
      return {
        id: stored.id,
        messages: stored.messages,
        reply: local.get(user)?.reply,
        replying: stored.replying !== undefined,
      };
    },
    async send(user, message) {
      const state = localOf(user);
      if (state.starting || state.reply !== undefined) {
        return 'busy';
      }
      return runTurn(state, async (signal) => {
        const stored = await loadOrStart(user);
        const messages = [...stored.messages, message];
        // The user's message is kept before the turn runs (a newer message: a turn still waiting elsewhere is
        // dropped), and taken back when the turn cannot start.
        await save(user, { id: stored.id, messages });
        try {
          const turn = await runners.start({
            user,
            messages,
            messageId: randomUUID(),
            signal,
            // A turn ended by the host's shutdown keeps what it was waiting on for another replica to finish (its
            // durable round is handed over); one ended by a sign-out has no conversation left to write.
            onEnd: (all) => {
              if (!signal.aborted) {
                state.saving = save(user, { id: stored.id, messages: all }).catch(() => undefined);
              }
            },
          });
          return turn;
        } catch (error) {
          await save(user, stored);
          throw error;
        }
      });
    },
    async waitingOn(user, call) {
      const stored = await loadOrStart(user);
      await save(user, { ...stored, pending: call });
    },
    async waitsFor(user, messageId) {
      return (await load(user))?.pending?.messageId === messageId;
    },
    async resume(user, messageId, outcome) {
      const stored = await load(user);
      const call = stored?.pending;
      const state = localOf(user);
      if (stored === undefined || call?.messageId !== messageId || state.starting || state.reply !== undefined) {
        return false;
      }
      const messages = [...stored.messages, toolResultMessage(call, outcome)];
      // Written before the model continues: a second delivery of the same outcome finds nothing pending. Until the
      // reply is written too, the conversation says it is being written (a page does not take it for the reply).
      await save(user, { id: stored.id, messages, replying: messageId });
      const reply = await runTurn(state, (signal) =>
        runners.continue({
          user,
          messages,
          messageId,
          signal,
          onEnd: (all) => {
            state.saving = save(user, { id: stored.id, messages: all }).catch(() => undefined);
          },
        }),
      );
      await reply.done;
      return true;
    },
    end(user) {
      const state = local.get(user);
      local.delete(user);
      state?.ended.abort(new Error('The user signed out.'));
      void store.delete(keyOf(user)).catch(() => undefined);
    },
    async close() {
      closing.abort(new Error('The chat host is shutting down.'));
      await Promise.all(running);
    },
  };
}
