// The conversation: `useChat` streams the assistant's replies from the backend (the AI SDK UI message stream); the
// bridge brings each question the MCP server asks, tagged with the assistant message that asked, and the page shows it
// inline under that message. After a reload, `resume` reads the running reply again and the bridge re-sends its
// pending questions.
import { useChat } from '@ai-sdk/react';
import { useElicitationQueue } from '@elicitation-kit/react';
import { DefaultChatTransport } from 'ai';
import type { ChatSnapshot } from './api.js';
import { Composer, SUGGESTIONS } from './composer.js';
import { InlineQuestions } from './inline-questions.js';
import { Message } from './message.js';
import { questionsOf } from './questions.js';
import { useRecoveredReply } from './recover.js';

/**
 * `fetch` for the chat's requests: a refusal's JSON body (`{ error, message }`) becomes an error with its sentence,
 * which the page shows (the transport alone would show the body's raw text).
 */
async function fetchChatRequest(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  if (response.ok) {
    return response;
  }
  const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
  throw new Error(typeof body?.message === 'string' ? body.message : `The request failed (HTTP ${response.status}).`);
}

// The backend keeps the conversation: each request carries only the new message.
const transport = new DefaultChatTransport({
  api: '/api/chat',
  fetch: fetchChatRequest,
  prepareSendMessagesRequest: ({ messages }) => ({ body: { message: messages.at(-1) } }),
});

/** What the page adds when a reply's stream broke after it started (its turn may still finish elsewhere). */
const CUT_OFF =
  'The reply was cut off. If the assistant asked you something, you can still answer it: the reply appears here once the server has your answer.';

/** “A”, “B” or “C”. */
function either(items: readonly string[]): string {
  const quoted = items.map((item) => `“${item}”`);
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` : (quoted[0] ?? '');
}

/**
 * The assistant's first words, above the conversation (the page's own, not a message of the backend's conversation,
 * so the model never reads it): what to try. Plain text, the user's name included as typed.
 */
function Greeting({ user }: { user: string }) {
  return (
    <article className="message greeting" data-role="assistant" aria-label="Greeting">
      <p className="message-author">Assistant</p>
      <p className="message-text">
        {`Hello, ${user}. I can run the demo server’s tools for you; when the server needs something from you, its question appears right under my reply. Try ${either(SUGGESTIONS)}.`}
      </p>
    </article>
  );
}

export function Chat({ user, chat }: { user: string; chat: ChatSnapshot }) {
  const questions = questionsOf(user);
  const pending = useElicitationQueue(questions);
  const { messages, sendMessage, setMessages, clearError, status, error } = useChat({
    id: chat.id,
    messages: chat.messages,
    transport,
    resume: true,
  });
  useRecoveredReply({ status, messages, setMessages, clearError });
  const busy = status === 'submitted' || status === 'streaming';
  const shown = new Set(messages.map((message) => message.id));
  // A question whose message is not on the page (yet) is shown after the conversation, never hidden.
  const elsewhere = pending.filter((entry) => entry.tag === undefined || !shown.has(entry.tag));

  return (
    <section className="chat" aria-label="Chat">
      <Greeting user={user} />
      <ol className="messages" aria-label="Conversation">
        {messages.map((message) => (
          <Message key={message.id} message={message}>
            <InlineQuestions
              user={user}
              entries={pending.filter((entry) => entry.tag === message.id)}
              queue={questions}
            />
          </Message>
        ))}
      </ol>
      <InlineQuestions user={user} entries={elsewhere} queue={questions} />
      <output className="visually-hidden">{busy ? 'The assistant is answering.' : ''}</output>
      {error !== undefined && (
        <p className="error" role="alert">
          {messages.at(-1)?.role === 'assistant' ? `${error.message} ${CUT_OFF}` : error.message}
        </p>
      )}
      <Composer busy={busy} onSend={(text) => void sendMessage({ text })} />
    </section>
  );
}
