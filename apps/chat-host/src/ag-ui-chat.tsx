// The chat over AG-UI (`?mode=ag-ui`): an `HttpAgent` of `@ag-ui/client` runs the backend's agent (`/api/ag-ui`);
// when a run ends with interrupts (the MCP server's questions), `createInterruptQueue` of `@elicitation-kit/ag-ui`
// makes them the kit's queue, and they appear inline under the assistant's message as the bridge's questions do.
// Answering every one resumes the run; the tool's result and the reply follow.
import { HttpAgent } from '@ag-ui/client';
import type { Message as AgUiMessage } from '@ag-ui/client';
import { createInterruptQueue } from '@elicitation-kit/ag-ui/client';
import type { InterruptElicitation, InterruptQueue } from '@elicitation-kit/ag-ui/client';
import { ElicitationDialog, useElicitationQueue } from '@elicitation-kit/react';
import { useEffect, useState } from 'react';
import { revealBidiControls } from './bidi.js';
import { Composer } from './composer.js';

/** Who wrote a message, by its role. */
const AUTHORS: Partial<Record<AgUiMessage['role'], string>> = { user: 'You', tool: 'Tool' };

/** One AG-UI agent and the queue of its interrupts. */
interface Session {
  agent: HttpAgent;
  queue: InterruptQueue;
}

/** The lines of one message (its text; the tool calls it made; a tool's result). */
function linesOf(message: AgUiMessage): { key: string; className: string; text: string }[] {
  if (message.role === 'assistant') {
    const calls = (message.toolCalls ?? []).map((call) => ({
      key: call.id,
      className: 'tool-status',
      text: `Calling ${call.function.name}…`,
    }));
    const text = typeof message.content === 'string' && message.content !== '' ? [message.content] : [];
    return [...calls, ...text.map((line) => ({ key: 'text', className: 'message-text', text: line }))];
  }
  if (message.role === 'tool') {
    return [{ key: 'result', className: 'tool-status', text: 'The tool answered.' }];
  }
  return typeof message.content === 'string' ? [{ key: 'text', className: 'message-text', text: message.content }] : [];
}

function Questions({ entries, queue }: { entries: readonly InterruptElicitation[]; queue: InterruptQueue }) {
  if (entries.length === 0) {
    return null;
  }
  return (
    <div className="questions">
      {entries.map((entry) => (
        <ElicitationDialog
          key={entry.id}
          presentation="inline"
          entry={entry}
          onRespond={(result) => queue.respond(entry.id, result)}
        />
      ))}
    </div>
  );
}

function Conversation({ session }: { session: Session }) {
  const { agent, queue } = session;
  const pending = useElicitationQueue(queue).filter((entry) => entry.status === 'pending');
  const [messages, setMessages] = useState<readonly AgUiMessage[]>(() => [...agent.messages]);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string>();
  useEffect(() => {
    const subscription = agent.subscribe({
      onMessagesChanged: ({ messages: next }) => setMessages([...next]),
      onRunInitialized: () => {
        setRunning(true);
        setError(undefined);
      },
      onRunFinalized: () => setRunning(false),
      onRunErrorEvent: ({ event }) => setError(event.message),
    });
    return () => subscription.unsubscribe();
  }, [agent]);
  const lastAssistant = messages.findLastIndex((message) => message.role === 'assistant');
  const send = (text: string): void => {
    agent.addMessage({ id: crypto.randomUUID(), role: 'user', content: text });
    agent.runAgent().catch((reason: unknown) => setError(reason instanceof Error ? reason.message : String(reason)));
  };
  return (
    <section className="chat" aria-label="Chat">
      <article className="message greeting" data-role="assistant" aria-label="Greeting">
        <p className="message-author">Assistant</p>
        <p className="message-text">
          This chat runs as an AG-UI agent: the server’s questions arrive as interrupts of its runs, and your answer
          resumes the run.
        </p>
      </article>
      <ol className="messages" aria-label="Conversation">
        {messages.map((message, index) => (
          <li key={message.id} className="message" data-role={message.role}>
            <p className="message-author">{AUTHORS[message.role] ?? 'Assistant'}</p>
            {linesOf(message).map((line) => (
              <p key={line.key} className={line.className}>
                {revealBidiControls(line.text)}
              </p>
            ))}
            {index === lastAssistant && <Questions entries={pending} queue={queue} />}
          </li>
        ))}
      </ol>
      {lastAssistant === -1 && <Questions entries={pending} queue={queue} />}
      <output className="visually-hidden">{running ? 'The assistant is answering.' : ''}</output>
      {error !== undefined && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <Composer busy={running || pending.length > 0} onSend={send} />
    </section>
  );
}

let current: { user: string; session: Session } | undefined;

/** The AG-UI agent of `user`'s chat and its queue (the same on every call until another user signs in). */
function sessionOf(user: string): Session {
  if (current?.user !== user) {
    current?.session.queue.close();
    const agent = new HttpAgent({ url: '/api/ag-ui' });
    current = { user, session: { agent, queue: createInterruptQueue(agent, { source: { name: 'Chat assistant' } }) } };
  }
  return current.session;
}

/** Closes the signed-out user's queue of interrupts (its entries leave the page). */
export function forgetAgUiChat(): void {
  current?.session.queue.close();
  current = undefined;
}

/** The chat as an AG-UI agent's client. */
export function AgUiChat({ user }: { user: string }) {
  return <Conversation session={sessionOf(user)} />;
}
