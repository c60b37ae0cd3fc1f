import { useCallback, useEffect, useState } from 'react';

/** What the backend says of one MCP server the chat uses (server/mcp-sign-in.ts). */
interface ServerSignInStatus {
  server: string;
  needsSignIn: boolean;
  signedIn: boolean;
  authorizationServer?: string;
  scopes: string[];
}

type State =
  | { status: 'loading' }
  | { status: 'ready'; servers: ServerSignInStatus[] }
  | { status: 'failed'; message: string };

/** The backend's sentence in a refusal, or a fallback. */
async function messageOf(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
  return typeof body?.message === 'string' ? body.message : fallback;
}

async function fetchServers(): Promise<ServerSignInStatus[]> {
  const response = await fetch('/api/mcp-sign-in');
  if (!response.ok) {
    throw new Error(await messageOf(response, `The MCP servers' sign-in could not be read (HTTP ${response.status}).`));
  }
  return ((await response.json()) as { servers: ServerSignInStatus[] }).servers;
}

function post(path: string, server: string): Promise<Response> {
  return fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ server }),
  });
}

/**
 * The MCP servers that need the user to sign in (MCP authorization): which server, at which authorization server, for
 * which scopes, and "Sign in" (the browser goes to the authorization server and comes back to the backend's callback,
 * which keeps the tokens) or "Sign out". Nothing shows for servers that need no sign-in. Server strings are plain text.
 */
export function ServerSignIn() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    fetchServers().then(
      (servers) => setState({ status: 'ready', servers }),
      (error: unknown) =>
        setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  }, []);
  useEffect(load, [load]);

  if (state.status === 'failed') {
    return (
      <p className="error" role="alert">
        {state.message}
      </p>
    );
  }
  if (state.status === 'loading') {
    return null;
  }
  const protectedServers = state.servers.filter((server) => server.needsSignIn);
  if (protectedServers.length === 0) {
    return null;
  }

  const signIn = (server: string): void => {
    setBusy(true);
    void post('/api/mcp-sign-in', server).then(async (response) => {
      const body = (await response.json().catch(() => ({}))) as { status?: unknown; authorizationUrl?: unknown };
      if (response.ok && body.status === 'redirect' && typeof body.authorizationUrl === 'string') {
        window.location.assign(body.authorizationUrl);
        return;
      }
      setBusy(false);
      if (response.ok) {
        load();
      } else {
        setState({ status: 'failed', message: await messageOf(response, 'The sign-in could not start.') });
      }
    });
  };
  const signOut = (server: string): void => {
    setBusy(true);
    void post('/api/mcp-sign-in/sign-out', server).then(() => {
      setBusy(false);
      load();
    });
  };

  return (
    <section className="server-sign-in" aria-label="MCP servers">
      {protectedServers.map((server) => (
        <div key={server.server} className="server-sign-in-row">
          {server.signedIn ? (
            <p>{`Signed in to ${server.server}.`}</p>
          ) : (
            <p>
              {`${server.server} needs you to sign in${server.authorizationServer === undefined ? '' : ` at ${server.authorizationServer}`}${server.scopes.length === 0 ? '' : ` (scopes: ${server.scopes.join(', ')})`}.`}
            </p>
          )}
          <button
            type="button"
            aria-label={`${server.signedIn ? 'Sign out of' : 'Sign in to'} ${server.server}`}
            disabled={busy}
            onClick={() => (server.signedIn ? signOut(server.server) : signIn(server.server))}
          >
            {server.signedIn ? 'Sign out' : 'Sign in'}
          </button>
        </div>
      ))}
    </section>
  );
}
