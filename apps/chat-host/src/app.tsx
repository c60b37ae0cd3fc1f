import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { fetchChat, fetchUser, signOut } from './api.js';
import type { ChatSnapshot } from './api.js';
import { Chat } from './chat.js';
import { forgetQuestions } from './questions.js';
import { ServerSignIn } from './server-sign-in.js';
import { SignIn } from './sign-in.js';

type State =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: string; chat: ChatSnapshot }
  | { status: 'failed'; message: string };

/** `?mode=ag-ui`: the chat runs as an AG-UI agent (server/ag-ui.ts), its questions arriving as interrupts. */
const AG_UI_MODE = new URLSearchParams(window.location.search).get('mode') === 'ag-ui';

/** The AG-UI chat and its client (`@ag-ui/client`): a chunk of its own, which the bridge's chat never loads. */
const loadAgUiChat = () => import('./ag-ui-chat.js');
const AgUiChat = lazy(() => loadAgUiChat().then((module) => ({ default: module.AgUiChat })));

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
                  if (AG_UI_MODE) {
                    void loadAgUiChat().then((module) => module.forgetAgUiChat());
                  }
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
        {state.status === 'signed-in' &&
          (AG_UI_MODE ? (
            <Suspense fallback={<p className="hint">Loading…</p>}>
              <AgUiChat key={state.user} user={state.user} />
            </Suspense>
          ) : (
            <>
              <ServerSignIn key={`${state.user}-servers`} />
              <Chat key={state.user} user={state.user} chat={state.chat} />
            </>
          ))}
      </main>
    </div>
  );
}
