import { useState } from 'react';
import { signIn } from './api.js';

/** The tiny sign-in: a name, kept in a cookie the backend signs. */
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
      <p>Any name will do: it only keeps your conversation and your questions apart from other people’s.</p>
      <label htmlFor="sign-in-name">Your name</label>
      <input
        id="sign-in-name"
        value={name}
        maxLength={40}
        autoComplete="username"
        aria-invalid={error !== undefined}
        aria-describedby={error === undefined ? undefined : 'sign-in-error'}
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
