import { useCallback, useEffect, useState } from 'react';
import { fetchChat, fetchUser, signOut } from './api.js';
import type { ChatSnapshot } from './api.js';
import { Chat } from './chat.js';
import { forgetQuestions } from './questions.js';
import { SignIn } from './sign-in.js';

type State =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: string; chat: ChatSnapshot }
  | { status: 'failed'; message: string };

/** The chat host's page: sign in, then chat. */
export function App() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const enter = useCallback((user: string) => {
    fetchChat().then(
      (chat) => setState({ status: 'signed-in', user, chat }),
      (error: unknown) => setState({ status: 'failed', message: String(error) }),
    );
  }, []);
  useEffect(() => {
    fetchUser().then(
      (user) => (user === undefined ? setState({ status: 'signed-out' }) : enter(user)),
      (error: unknown) => setState({ status: 'failed', message: String(error) }),
    );
  }, [enter]);

  return (
    <div className="app">
      <header className="app-header">
        <h1>
          Elicitation Kit <span className="brand-sub">chat host</span>
        </h1>
        {state.status === 'signed-in' && (
          <div className="account">
            <p>
              Signed in as <strong>{state.user}</strong>
            </p>
            <button
              type="button"
              onClick={() => {
                void signOut().then(() => {
                  forgetQuestions();
                  setState({ status: 'signed-out' });
                });
              }}
            >
              Sign out
            </button>
          </div>
        )}
      </header>
      <main className="app-main">
        {state.status === 'loading' && <p className="hint">Loading…</p>}
        {state.status === 'failed' && (
          <p className="error" role="alert">
            {state.message}
          </p>
        )}
        {state.status === 'signed-out' && <SignIn onSignedIn={enter} />}
        {state.status === 'signed-in' && <Chat key={state.user} user={state.user} chat={state.chat} />}
      </main>
    </div>
  );
}
