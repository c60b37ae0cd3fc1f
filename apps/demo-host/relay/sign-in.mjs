// @ts-check
// The relay's sign-in: MCP authorization for the servers the demo host reaches through its relay, with
// `@elicitation-kit/auth` on this loopback backend. The page never sees a token: the relay keeps them per browser
// session (an HttpOnly cookie of the host's origin) and per server, and adds `Authorization: Bearer …` to the requests
// it forwards for that session (see relay.mjs). Routes, under /relay-sign-in/:
//
//   GET  status?server=<url>   whether this session is signed in, and who would sign it in (authorization server,
//                              scopes: from the server's protected resource metadata)
//   POST start   {server, clientId?, clientSecret?}   starts a sign-in: {status:'redirect', authorizationUrl} (open it
//                              in a popup) or {status:'signed-in'} (stored tokens still work or were refreshed).
//                              A client id (and secret) is for servers that need a pre-registered client; the secret
//                              stays here.
//   GET  callback              the authorization server's redirect: the code is redeemed here, tokens stored
//   POST sign-out {server}     revokes (RFC 7009, where offered) and forgets this session's tokens for the server
//
// The routes answer only the host's own pages (a loopback Host, checked by relay.mjs, and an Origin, when sent, equal
// to the host's own), except the callback, which the authorization server's redirect opens and its `state` vouches for.
// Registration: dynamic registration, or a pasted client id. A client ID metadata document needs an HTTPS URL the
// authorization server can fetch, which a loopback demo does not have.

import { isLoopbackHost } from '@elicitation-kit/core';
import { randomBytes } from 'node:crypto';
import { createMcpSignIn, createMemoryAuthStore, McpSignInError } from '@elicitation-kit/auth';
import { discoverOAuthServerInfo } from '@modelcontextprotocol/client';

/** The path prefix of the sign-in routes. */
export const SIGN_IN_PREFIX = '/relay-sign-in/';

/**
 * The session cookie: which browser the relay's tokens belong to. HttpOnly; SameSite=Lax, not Strict: the browser must
 * send it on the authorization server's redirect to the callback (a top-level navigation from another site).
 */
const SESSION_COOKIE = 'elicitation-kit-relay-session';

/** The largest JSON body the sign-in routes read. */
const MAX_BODY_BYTES = 16 * 1024;

/**
 * The session id in a Cookie header, or undefined. Linear in the header's length.
 * @param {string | undefined} header
 */
function sessionOf(header) {
  if (header === undefined) {
    return undefined;
  }
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator !== -1 && part.slice(0, separator).trim() === SESSION_COOKIE) {
      const value = part.slice(separator + 1).trim();
      return /^[\w-]{43}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/**
 * The page's own origin for a request with a loopback Host, and whether the request comes from that origin (same
 * origin, or no Origin header at all: same-origin GETs send none).
 * @param {import('node:http').IncomingMessage} req
 */
function ownOrigin(req) {
  const origin = `http://${req.headers.host ?? ''}`;
  const sent = req.headers.origin;
  const site = req.headers['sec-fetch-site'];
  const sameOrigin = (sent === undefined || sent === origin) && (site === undefined || site === 'same-origin');
  return { origin, sameOrigin };
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
function json(res, status, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<Record<string, unknown>>}
 */
async function readJson(req) {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > MAX_BODY_BYTES) {
      throw new McpSignInError('sign_in_failed', `The request body is over ${MAX_BODY_BYTES} bytes.`);
    }
  }
  const value = JSON.parse(text === '' ? '{}' : text);
  return typeof value === 'object' && value !== null ? value : {};
}

/**
 * The `server` field: an http(s) URL the relay forwards to.
 * @param {unknown} value
 * @param {(target: URL) => boolean} allowed
 * @returns {string}
 */
function serverUrl(value, allowed) {
  if (typeof value !== 'string' || !URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new McpSignInError('sign_in_failed', 'The field "server" must be the http(s) URL of an MCP server.');
  }
  const url = new URL(value);
  if (!allowed(url)) {
    throw new McpSignInError(
      'sign_in_failed',
      `The relay signs in only to servers it relays to (loopback, or the origins in ELICITATION_RELAY_ALLOW), not ${url.origin}.`,
    );
  }
  return url.href;
}

/**
 * @typedef {object} RelaySignIn
 * @property {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => boolean} handle
 *   answers the routes under {@link SIGN_IN_PREFIX} (returns true), leaves any other path alone (false)
 * @property {(req: import('node:http').IncomingMessage, target: URL) => Promise<string | undefined>} authorization
 *   the `Authorization` header to forward to `target` for this request's session, when the request comes from the
 *   host's own page and the session is signed in to that server
 */

/**
 * Creates the relay's sign-in. One `@elicitation-kit/auth` sign-in per page origin (its callback URL is on that
 * origin; `127.0.0.1` and `localhost` are two origins with two registrations), tokens in memory.
 * @param {{ clientName?: string; fetch?: typeof fetch; allowed?: (target: URL) => boolean }} [options] `allowed`:
 *   the servers it signs in to (the relay's own rule; loopback only by default)
 * @returns {RelaySignIn}
 */
export function createRelaySignIn(options = {}) {
  /** @type {Map<string, { signIn: import('@elicitation-kit/auth').McpSignIn; clients: Map<string, import('@elicitation-kit/auth').PreRegisteredClient> }>} */
  const byOrigin = new Map();
  const allowed = options.allowed ?? ((target) => isLoopbackHost(target.hostname));

  /** @param {string} origin */
  function forOrigin(origin) {
    let entry = byOrigin.get(origin);
    if (entry === undefined) {
      /** @type {Map<string, import('@elicitation-kit/auth').PreRegisteredClient>} */
      const clients = new Map();
      const signIn = createMcpSignIn({
        store: createMemoryAuthStore(),
        redirectUrl: `${origin}${SIGN_IN_PREFIX}callback`,
        clientName: options.clientName ?? 'Elicitation Kit demo host',
        clientUri: `${origin}/`,
        preRegisteredClients: (issuer) => clients.get(issuer),
        ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      });
      entry = { signIn, clients };
      byOrigin.set(origin, entry);
    }
    return entry;
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} route
   */
  async function serve(req, res, route) {
    const { origin, sameOrigin } = ownOrigin(req);
    // The callback is the authorization server's redirect (another origin): its `state` is what vouches for it.
    if (!sameOrigin && route !== 'callback') {
      json(res, 403, { error: `Sign-in is answered for the host's own pages (${origin}) only.` });
      return;
    }
    const { signIn, clients } = forOrigin(origin);
    let session = sessionOf(req.headers.cookie);
    /** @type {Record<string, string>} */
    const cookie = {};
    if (session === undefined) {
      session = randomBytes(32).toString('base64url');
      cookie['Set-Cookie'] = `${SESSION_COOKIE}=${session}; Path=/; HttpOnly; SameSite=Lax`;
    }
    const url = new URL(req.url ?? '/', origin);
    const method = req.method ?? 'GET';
    try {
      if (route === 'callback' && method === 'GET') {
        const response = await signIn.handleCallback(new Request(url), session);
        res.writeHead(response.status, { ...Object.fromEntries(response.headers), ...cookie });
        res.end(await response.text());
        return;
      }
      if (route === 'status' && method === 'GET') {
        const server = serverUrl(url.searchParams.get('server') ?? undefined, allowed);
        const info = await discoverOAuthServerInfo(
          server,
          options.fetch === undefined ? {} : { fetchFn: options.fetch },
        );
        const scopes = info.resourceMetadata?.scopes_supported ?? [];
        json(
          res,
          200,
          {
            signedIn: await signIn.isSignedIn(session, server),
            authorizationServer: info.authorizationServerMetadata?.issuer ?? info.authorizationServerUrl,
            scopes,
            dynamicRegistration: info.authorizationServerMetadata?.registration_endpoint !== undefined,
          },
          cookie,
        );
        return;
      }
      if (route === 'start' && method === 'POST') {
        const body = await readJson(req);
        const server = serverUrl(body['server'], allowed);
        if (typeof body['clientId'] === 'string' && body['clientId'] !== '') {
          const info = await discoverOAuthServerInfo(
            server,
            options.fetch === undefined ? {} : { fetchFn: options.fetch },
          );
          const issuer = info.authorizationServerMetadata?.issuer ?? info.authorizationServerUrl;
          clients.set(issuer, {
            client_id: body['clientId'],
            ...(typeof body['clientSecret'] === 'string' && body['clientSecret'] !== ''
              ? { client_secret: body['clientSecret'] }
              : {}),
          });
        }
        json(res, 200, await signIn.signIn(session, server), cookie);
        return;
      }
      if (route === 'sign-out' && method === 'POST') {
        const body = await readJson(req);
        json(res, 200, await signIn.signOut(session, serverUrl(body['server'], allowed)), cookie);
        return;
      }
      json(res, 404, { error: `No sign-in route ${method} ${SIGN_IN_PREFIX}${route}.` });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      json(
        res,
        error instanceof McpSignInError || error instanceof SyntaxError ? 400 : 502,
        { error: message },
        cookie,
      );
    }
  }

  return {
    handle(req, res) {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (!path.startsWith(SIGN_IN_PREFIX)) {
        return false;
      }
      void serve(req, res, path.slice(SIGN_IN_PREFIX.length)).catch(() => {
        if (!res.headersSent) {
          json(res, 500, { error: 'The sign-in route failed.' });
        } else {
          res.destroy();
        }
      });
      return true;
    },

    async authorization(req, target) {
      const session = sessionOf(req.headers.cookie);
      if (session === undefined || !ownOrigin(req).sameOrigin) {
        return undefined;
      }
      const entry = byOrigin.get(ownOrigin(req).origin);
      const tokens = await entry?.signIn.provider(session, target.href).tokens();
      return tokens === undefined ? undefined : `Bearer ${tokens.access_token}`;
    },
  };
}
