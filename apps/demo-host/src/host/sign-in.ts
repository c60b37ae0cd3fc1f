// The page's side of signing in to a server: it asks the relay (relay/sign-in.mjs, on the page's own origin), which
// runs the OAuth flow with @elicitation-kit/auth and keeps the tokens. The page only opens the authorization server's
// page in a popup and waits until the relay says the sign-in finished; it never sees a token.

/** The relay's sign-in routes. */
const SIGN_IN_PREFIX = '/relay-sign-in/';

/** How often the page asks whether the sign-in finished. */
const POLL_MS = 500;

/** How long a sign-in may take before the page stops waiting (the relay forgets it after 10 minutes too). */
const SIGN_IN_TIMEOUT_MS = 10 * 60 * 1000;

/** Who signs the user in to a server, from its protected resource metadata. */
export interface SignInOffer {
  /** The authorization server's issuer. */
  authorizationServer: string;
  /** The scopes the server's metadata lists. */
  scopes: readonly string[];
  /** Whether the relay holds tokens of this browser for the server. */
  signedIn: boolean;
}

/**
 * A client the user registered with the server's owner beforehand (for servers without dynamic registration). The
 * relay keeps it, the secret included; the page forgets it once sent.
 */
export interface RegisteredClient {
  clientId: string;
  clientSecret?: string;
}

/** How a sign-in ended. */
export type SignInOutcome = 'signed-in' | 'cancelled' | 'blocked';

/** The relay's `{ error }` text, or the HTTP status. */
async function failure(response: Response): Promise<Error> {
  const body: unknown = await response.json().catch(() => undefined);
  const error = typeof body === 'object' && body !== null && 'error' in body ? body.error : undefined;
  return new Error(typeof error === 'string' ? error : `The relay answered HTTP ${response.status}.`);
}

/** What the relay knows about signing in to `server` (rejects when the server names no authorization server). */
export async function signInStatus(origin: string, server: string): Promise<SignInOffer> {
  const response = await fetch(`${origin}${SIGN_IN_PREFIX}status?server=${encodeURIComponent(server)}`, {
    cache: 'no-store',
  });
  if (!response.ok) {
    throw await failure(response);
  }
  const body = (await response.json()) as Partial<SignInOffer>;
  return {
    authorizationServer: String(body.authorizationServer ?? ''),
    scopes: Array.isArray(body.scopes) ? body.scopes.map(String) : [],
    signedIn: body.signedIn === true,
  };
}

async function post(origin: string, route: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${origin}${SIGN_IN_PREFIX}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw await failure(response);
  }
  return response.json();
}

/**
 * Signs in to `server`: the relay refreshes stored tokens when it can; otherwise `popup` (opened by the click that
 * asked, so no popup blocker stops it) goes to the authorization server, and this resolves once the relay has the
 * tokens, or when the user closed the popup. `client`, when given, is used instead of a registration of the relay's.
 */
export async function signIn(
  origin: string,
  server: string,
  popup: Window | null,
  client?: RegisteredClient,
): Promise<SignInOutcome> {
  try {
    const started = (await post(origin, 'start', { server, ...client })) as {
      status?: unknown;
      authorizationUrl?: unknown;
    };
    if (started.status === 'signed-in') {
      return 'signed-in';
    }
    if (typeof started.authorizationUrl !== 'string') {
      throw new Error('The relay gave no authorization URL.');
    }
    if (popup === null) {
      return 'blocked';
    }
    popup.location.href = started.authorizationUrl;
    const deadline = Date.now() + SIGN_IN_TIMEOUT_MS;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      if ((await signInStatus(origin, server)).signedIn) {
        return 'signed-in';
      }
      if (popup.closed) {
        return 'cancelled';
      }
    }
    return 'cancelled';
  } finally {
    popup?.close();
  }
}

/** Signs out of `server`: the relay revokes the tokens where the authorization server offers it, and forgets them. */
export async function signOut(origin: string, server: string): Promise<void> {
  await post(origin, 'sign-out', { server });
}
