import { useState } from 'react';
import { signIn } from './api.js';

/**
 * The tiny sign-in: a display name. Signing in starts a session of a new user on the backend (its cookie holds only
 * the session's random id); the name tells nobody apart, and the page says so.
 */
export function SignIn({ onSignedIn }: { onSignedIn: (user: string) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  return (
    <form
      className="sign-in"
      aria-labelledby="sign-in-title"
      onSubmit={(event) => {
        event.preventDefault();
        void signIn(name).then((result) => (result.ok ? onSignedIn(result.user) : setError(result.message)));
      }}
    >
      <h2 id="sign-in-title">Sign in</h2>
      <p id="sign-in-note">
        Your name is only shown in the chat; it is not a password. Each browser that signs in is its own user: the same
        name typed in another browser never sees your conversation or your questions.
      </p>
      <label htmlFor="sign-in-name">Your name</label>
      <input
        id="sign-in-name"
        value={name}
        maxLength={40}
        autoComplete="username"
        aria-invalid={error !== undefined}
        aria-describedby={error === undefined ? 'sign-in-note' : 'sign-in-note sign-in-error'}
        onChange={(event) => setName(event.target.value)}
      />
      {error !== undefined && (
        <p id="sign-in-error" className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit">Sign in</button>
    </form>
  );
}
