import type { ReactNode } from 'react';
import type { UIMessage } from 'ai';
import { revealBidiControls } from './bidi.js';

type Part = UIMessage['parts'][number];
type ToolPart = Extract<Part, { type: 'dynamic-tool' }>;

/** One line saying where a tool call is (the tool's name and error are the server's words). */
function toolLine(part: ToolPart): string {
  switch (part.state) {
    case 'output-available':
      return `Used ${part.toolName}.`;
    case 'output-error':
      return `${part.toolName} failed: ${part.errorText}`;
    case 'output-denied':
      return `${part.toolName} was not run.`;
    default:
      return `Calling ${part.toolName}…`;
  }
}

function MessagePart({ part }: { part: Part }) {
  if (part.type === 'text') {
    return <p className="message-text">{revealBidiControls(part.text)}</p>;
  }
  if (part.type === 'dynamic-tool') {
    return (
      <p className="tool-status" data-state={part.state}>
        {revealBidiControls(toolLine(part))}
      </p>
    );
  }
  return null;
}

/**
 * A message of the conversation, as plain text whose bidi controls are shown, not obeyed (`bidi.ts`), with what
 * belongs under it (the questions it asked).
 */
export function Message({ message, children }: { message: UIMessage; children?: ReactNode }) {
  return (
    <li className="message" data-role={message.role}>
      <p className="message-author">{message.role === 'user' ? 'You' : 'Assistant'}</p>
      {message.parts.map((part, index) => (
        <MessagePart key={index} part={part} />
      ))}
      {children}
    </li>
  );
}
