// Each user's conversation, in this process's memory (a restart forgets them): the finished messages and the turn
// being written. A turn runs on the backend whatever the page does: a reload reads its reply again (a replay), an
// answer to its question reaches it, and it ends only when its reply does (or the host closes).
import { randomUUID } from 'node:crypto';
import type { UIMessage, UIMessageChunk } from 'ai';
import { record } from './replay.js';
import type { Replay } from './replay.js';
import type { Turn } from './turn.js';

/** One user's conversation. */
export interface Conversation {
  /** The chat's id (the page's `useChat` id; its reconnect URL names it). */
  readonly id: string;
  /** The finished messages, then the user's message of the running turn. */
  readonly messages: readonly UIMessage[];
  /** The reply of the running turn. */
  readonly reply: Replay<UIMessageChunk> | undefined;
}

/** What starts a turn for `user`: the conversation so far (ending with the new message), the reply's id, and more. */
export type StartTurn = (turn: {
  user: string;
  messages: UIMessage[];
  messageId: string;
  signal: AbortSignal;
  onEnd: (messages: UIMessage[]) => void;
}) => Promise<Turn>;

/** What {@link createConversations} returns. */
export interface Conversations {
  /** `user`'s conversation (an empty one the first time). */
  of(user: string): Conversation;
  /** Starts a turn with the user's `message`; `busy` while one runs. Rejects when the turn cannot start. */
  send(user: string, message: UIMessage): Promise<Replay<UIMessageChunk> | 'busy'>;
  /** Forgets `user`'s conversation (their session ended): their running turn, and so its questions, end. */
  end(user: string): void;
  /** Ends every running turn and waits for them. */
  close(): Promise<void>;
}

interface State {
  id: string;
  messages: UIMessage[];
  reply: Replay<UIMessageChunk> | undefined;
  starting: boolean;
  /** Ends this conversation's turns (when it is forgotten). */
  ended: AbortController;
}

/** Conversations whose turns `start` runs. */
export function createConversations(start: StartTurn): Conversations {
  const byUser = new Map<string, State>();
  const closing = new AbortController();
  const running = new Set<Promise<void>>();
  const stateOf = (user: string): State => {
    let state = byUser.get(user);
    if (state === undefined) {
      state = { id: randomUUID(), messages: [], reply: undefined, starting: false, ended: new AbortController() };
      byUser.set(user, state);
    }
    return state;
  };

  return {
    of: stateOf,
    async send(user, message) {
      const state = stateOf(user);
      if (state.starting || state.reply !== undefined) {
        return 'busy';
      }
      state.starting = true;
      const messages = [...state.messages, message];
      let turn: Turn;
      try {
        turn = await start({
          user,
          messages,
          messageId: randomUUID(),
          signal: AbortSignal.any([closing.signal, state.ended.signal]),
          onEnd: (all) => {
            state.messages = all;
          },
        });
      } finally {
        state.starting = false;
      }
      state.messages = messages;
      const reply = record(turn.stream);
      state.reply = reply;
      // The next message may come as soon as the reply ended; the client closes meanwhile.
      const ended: Promise<void> = reply.done
        .then(() => {
          state.reply = undefined;
          return turn.close();
        })
        .catch(() => undefined)
        .finally(() => running.delete(ended));
      running.add(ended);
      return reply;
    },
    end(user) {
      const state = byUser.get(user);
      if (state !== undefined) {
        byUser.delete(user);
        state.ended.abort(new Error('The user signed out.'));
      }
    },
    async close() {
      closing.abort(new Error('The chat host is shutting down.'));
      await Promise.all(running);
    },
  };
}
