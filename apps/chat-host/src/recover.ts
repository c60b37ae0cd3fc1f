// When the reply's stream breaks (the backend replica writing it went away), the turn may still finish elsewhere:
// another replica takes its open question over (a durable round, 2026-07-28), sends the answer and continues the
// model's turn in the stored conversation. The page cannot follow that reply's stream (it runs on another replica), so
// while its own stream is broken it reads the conversation every second, and shows the finished reply when it is there.
import { useEffect, useEffectEvent } from 'react';
import type { UIMessage } from 'ai';
import { fetchChat } from './api.js';
import type { ChatSnapshot } from './api.js';

/** How often the conversation is read while the stream is broken, in ms. */
const POLL_MS = 1000;
/** For how long, in reads: 20 minutes, past the 15 a question may wait for its answer. */
const MAX_POLLS = 1200;

/** What the page's `useChat` gives the hook. */
interface ChatState {
  status: string;
  messages: readonly UIMessage[];
  setMessages(messages: UIMessage[]): void;
  clearError(): void;
}

/** Whether the backend's conversation ends with a reply the page does not show (the same text, or newer). */
function newerReply(stored: readonly UIMessage[], shown: readonly UIMessage[]): boolean {
  const last = stored.at(-1);
  return last?.role === 'assistant' && JSON.stringify(last) !== JSON.stringify(shown.at(-1));
}

/** Reads the conversation while the reply's stream is broken, and shows a reply another replica finished. */
export function useRecoveredReply({ status, messages, setMessages, clearError }: ChatState): void {
  // Shows the backend's conversation when it ends with a reply the page lacks; says whether it did.
  const show = useEffectEvent((chat: ChatSnapshot): boolean => {
    if (chat.replying === true || !newerReply(chat.messages, messages)) {
      return false;
    }
    setMessages(chat.messages);
    clearError();
    return true;
  });
  useEffect(() => {
    if (status !== 'error') {
      return undefined;
    }
    let polls = 0;
    const timer = setInterval(() => {
      polls += 1;
      if (polls > MAX_POLLS) {
        clearInterval(timer);
        return;
      }
      fetchChat().then(
        (chat) => {
          if (show(chat)) {
            clearInterval(timer);
          }
        },
        // Not reachable now (a replica restarting): the next read tries again.
        () => undefined,
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [status]);
}
