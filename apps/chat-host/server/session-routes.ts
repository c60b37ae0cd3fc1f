// `/api/session`: who is signed in (GET: `{ user }`, the display name, `null` when nobody), sign in with a name (POST
// `{ name }`: a new session, a new user, whatever the name), sign out (DELETE: the session ends).
import { isSameOrigin, json, readJson, refuse } from './http.js';
import { checkName } from './session.js';
import type { Sessions } from './session.js';

/** The handler of `/api/session`. */
export function sessionRoutes(sessions: Sessions): (request: Request) => Promise<Response> {
  return async (request) => {
    switch (request.method) {
      case 'GET':
        return json(200, { user: (await sessions.sessionOf(request))?.name ?? null });
      case 'POST': {
        const body = await readJson(request);
        if (!body.ok) {
          return body.response;
        }
        const name = checkName((body.value as { name?: unknown } | null)?.name);
        if (!name.ok) {
          return refuse(400, 'invalid-name', name.message);
        }
        const { session, cookie } = await sessions.signIn(request, name.name);
        return json(200, { user: session.name }, { 'Set-Cookie': cookie });
      }
      case 'DELETE':
        if (!isSameOrigin(request)) {
          return refuse(403, 'bad-origin', 'Requests must come from this site’s own pages.');
        }
        return new Response(null, { status: 204, headers: { 'Set-Cookie': await sessions.signOut(request) } });
      default:
        return new Response(null, { status: 405, headers: { Allow: 'GET, POST, DELETE' } });
    }
  };
}
