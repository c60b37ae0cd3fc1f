// The demo's out-of-band page for secrets (the server package's `secretPage`, the guide's step 6) and the demo's
// stand-in for a real server's identity.
//
// Who is who, in this demo (plainly a demo):
// - The MCP caller. The demo server has no MCP authorization, so every caller is the one demo account,
//   `demo-user` (DEMO_USER). A real server takes the user from its authorization (`call.ctx.http?.authInfo`).
// - The person on the page. The demo server's own sign-in (`/sign-in`, no password: it is a demo on loopback) sets
//   an HttpOnly `SameSite=Lax` session cookie, `demo_session`; `identify` reads it. The sign-in offers the account
//   that asked (`demo-user`) and `someone-else`, who gets the page's 403, to show the refusal.
// The key goes to an in-memory vault (by elicitation), never into a result, a log line or an MCP message.
import { secretPage } from '@elicitation-kit/server';
import type { SecretPage } from '@elicitation-kit/server';
import { randomBytes } from 'node:crypto';

/** The demo's one MCP caller: the account every tool call acts for. */
export const DEMO_USER = 'demo-user';
/** The other account the demo sign-in offers, to show the page refusing anyone but the caller. */
const OTHER_USER = 'someone-else';
/** Where the secret pages live: `<origin>/secrets/<id>`. */
export const SECRETS_PATH = '/secrets';
/** The demo sign-in. */
export const SIGN_IN_PATH = '/sign-in';

const SESSION_COOKIE = 'demo_session';
const USERS = [DEMO_USER, OTHER_USER] as const;
/** A page to come back to after signing in: a secret page of this server, nothing else (no open redirect). */
const RETURN_PATH = /^\/secrets\/[\w-]{22}$/;
const MAX_SESSIONS = 10_000;

/** The demo's secret page and what goes with it. */
export interface DemoSecrets {
  readonly page: SecretPage;
  /** Whether a key was saved for this elicitation (what the tool reports; never the key). */
  stored(elicitationId: string): boolean;
  /** Serves `/secrets/…` and `/sign-in`; `undefined` for any other path. */
  fetch(request: Request): Promise<Response> | undefined;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function cookieOf(request: Request, name: string): string | undefined {
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === name) {
      return pair.slice(at + 1).trim();
    }
  }
  return undefined;
}

function signInPage(returnTo: string): Response {
  const nonce = randomBytes(16).toString('base64url');
  const buttons = USERS.map(
    (user) =>
      `<button type="submit" name="user" value="${user}">${user === DEMO_USER ? `Continue as ${user} (the account that asked)` : `Continue as ${user}`}</button>`,
  ).join('\n');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in (demo)</title>
<style nonce="${nonce}">
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; color: #1b1b1f; }
  button { display: block; font: inherit; margin-top: 1rem; padding: .5rem 1.25rem; border-radius: .375rem; border: 1px solid #2952cc; background: #2952cc; color: #fff; cursor: pointer; }
  button + button { background: #fff; color: #2952cc; }
  :focus-visible { outline: 3px solid #ffb000; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>Sign in (demo)</h1>
<p>The demo server's own sign-in, standing in for a real one: no password, loopback only. The page you came from is only for the account that asked.</p>
<form method="post" action="${SIGN_IN_PATH}">
<input type="hidden" name="return" value="${escapeHtml(returnTo)}">
${buttons}
</form>
</main>
</body>
</html>
`;
  return new Response(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'same-origin',
      'Cache-Control': 'no-store',
    },
  });
}

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** The demo's secret page (an API key for the simulated warehouse), its sign-in and its vault. */
export function createDemoSecrets(baseUrl: () => string): DemoSecrets {
  const sessions = new Map<string, string>();
  const vault = new Map<string, { userId: string; apiKey: string }>();

  const page = secretPage({
    url: () => `${baseUrl()}${SECRETS_PATH}`,
    fields: {
      apiKey: {
        type: 'string',
        title: 'API key',
        description: 'Your (simulated) warehouse API key. Any text of 8 characters or more.',
        minLength: 8,
        maxLength: 200,
      },
    },
    title: 'Connect your warehouse (demo)',
    intro: 'The key is kept by this server for the tool that asked. It never goes back to the app that sent you here.',
    identify: (request) => {
      const session = cookieOf(request, SESSION_COOKIE);
      return session === undefined ? null : sessions.get(session);
    },
    signInUrl: (returnTo) => `${SIGN_IN_PATH}?return=${encodeURIComponent(returnTo)}`,
    onSecret: ({ userId, elicitationId, values }) => {
      vault.set(elicitationId, { userId, apiKey: values.apiKey });
    },
  });

  const signIn = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (request.method === 'GET') {
      const back = url.searchParams.get('return') ?? '';
      return signInPage(RETURN_PATH.test(back) ? back : '/');
    }
    if (request.method !== 'POST') {
      return plain(405, 'GET or POST only.');
    }
    // Only this page's own form signs anyone in (no login CSRF from another site).
    const site = request.headers.get('sec-fetch-site');
    const origin = request.headers.get('origin');
    if ((site !== null && site !== 'same-origin') || (origin !== null && origin !== new URL(baseUrl()).origin)) {
      return plain(403, 'Sign in from the sign-in page itself.');
    }
    const form = new URLSearchParams((await request.text()).slice(0, 2048));
    const user = USERS.find((candidate) => candidate === form.get('user'));
    if (user === undefined) {
      return plain(400, 'Choose an account.');
    }
    const session = randomBytes(32).toString('base64url');
    sessions.set(session, user);
    if (sessions.size > MAX_SESSIONS) {
      sessions.delete(sessions.keys().next().value ?? '');
    }
    const back = form.get('return') ?? '';
    return new Response(null, {
      status: 303,
      headers: {
        Location: RETURN_PATH.test(back) ? back : '/',
        'Set-Cookie': `${SESSION_COOKIE}=${session}; Path=/; HttpOnly; SameSite=Lax`,
        'Cache-Control': 'no-store',
      },
    });
  };

  return {
    page,
    stored: (elicitationId) => vault.has(elicitationId),
    fetch(request) {
      const path = new URL(request.url).pathname;
      if (path === SIGN_IN_PATH) {
        return signIn(request);
      }
      return path.startsWith(`${SECRETS_PATH}/`) ? page.fetch(request) : undefined;
    },
  };
}
