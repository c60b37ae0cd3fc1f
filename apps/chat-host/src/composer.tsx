import { useState } from 'react';

/** What the model understands (server/model.ts): each sends as it reads. */
export const SUGGESTIONS = ['Export the orders', 'Connect my account', 'Archive old exports'] as const;

/** The message box, and a few messages to send with one press. */
export function Composer({ busy, onSend }: { busy: boolean; onSend: (text: string) => void }) {
  const [text, setText] = useState('');
  const send = (value: string): void => {
    if (!busy && value.trim() !== '') {
      onSend(value.trim());
      setText('');
    }
  };
  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        send(text);
      }}
    >
      <div className="suggestions">
        {SUGGESTIONS.map((suggestion) => (
          <button key={suggestion} type="button" disabled={busy} onClick={() => send(suggestion)}>
            {suggestion}
          </button>
        ))}
      </div>
      <label htmlFor="composer-text">Message</label>
      <div className="composer-row">
        <input
          id="composer-text"
          value={text}
          maxLength={2000}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" disabled={busy}>
          Send
        </button>
      </div>
    </form>
  );
}
