// Who the browser is: a server-side session, made at sign-in, whose random id is the only thing the browser holds (an
// HttpOnly, SameSite=Strict cookie). The session knows its user, a random id made at sign-in (the owner of the user's
// conversation and questions: what every route and the bridge's `authorize` read), and the name typed at sign-in, a
// display name only: two browsers typing the same name are two users. Sign-out ends the session. One process keeps
// its sessions in memory (a restart ends them, like the conversations); replicas keep them in the shared store.
import { randomBytes, randomUUID } from 'node:crypto';
import type { ChatStore } from './store.js';

/** The session cookie's name. */
export const SESSION_COOKIE = 'chat_session';

/** The longest name a user may sign in with, in characters. */
export const MAX_NAME_LENGTH = 40;

/** The most sessions kept at once: past it, signing in ends the oldest session. */
const MAX_SESSIONS = 10_000;

/** How long a session lasts in a shared store, from sign-in. */
const STORED_SESSION_TTL_MS = 12 * 60 * 60_000;

/** Letters and digits of any script, spaces, and `. _ ' -`: a name, nothing markup or a cookie could trip on. */
const NAME = /^[\p{L}\p{N} ._'-]+$/u;

/** A session id as {@link createSessions} makes them: 32 random bytes, base64url. */
const SESSION_ID = /^[\w-]{43}$/;

/** The outcome of reading a sign-in name. */
export type NameCheck = { ok: true; name: string } | { ok: false; message: string };

/** Reads the name a user typed: trimmed, 1 to {@link MAX_NAME_LENGTH} characters of {@link NAME}. */
export function checkName(value: unknown): NameCheck {
  if (typeof value !== 'string') {
    return { ok: false, message: 'Type a name to sign in with.' };
  }
  const name = value.trim();
  if (name === '') {
    return { ok: false, message: 'Type a name to sign in with.' };
  }
  // The length first: the pattern never reads a long string.
  if (name.length > MAX_NAME_LENGTH) {
    return { ok: false, message: `A name has at most ${MAX_NAME_LENGTH} characters.` };
  }
  if (!NAME.test(name)) {
    return { ok: false, message: "A name may use letters, digits, spaces and . _ ' - only." };
  }
  return { ok: true, name };
}

/** A signed-in browser. */
export interface Session {
  /** The user: a random id made at sign-in, the owner of the conversation and the questions. */
  readonly user: string;
  /** The name typed at sign-in: shown in the chat, never used to tell users apart. */
  readonly name: string;
}

/** What a session is read from: a request's headers (a Fetch `Request`'s, or the bridge's `BridgeRequest`'s). */
export interface RequestHeaders {
  readonly headers: { get(name: string): string | null };
}

/** Server-side sessions: who a request is, and the cookies that sign a browser in and out. */
export interface Sessions {
  /** The session of `request`, or `undefined` (no cookie, or an id that is no session: made up, ended, forgotten). */
  sessionOf(request: RequestHeaders): Promise<Session | undefined>;
  /** The user of `request`'s session (what the bridge's `authorize` returns), or `undefined`. */
  userOf(request: RequestHeaders): Promise<string | undefined>;
  /**
   * Starts a session for `name` (a name {@link checkName} accepted), a new user, ending the session `request` had:
   * the session and its `Set-Cookie` value.
   */
  signIn(request: RequestHeaders, name: string): Promise<{ session: Session; cookie: string }>;
  /** Ends the session of `request`, if any; the `Set-Cookie` value that clears the cookie. */
  signOut(request: RequestHeaders): Promise<string>;
}

/** Options of {@link createSessions}. */
export interface SessionOptions {
  /** Called with the user of each session that ends (signed out, replaced, or the oldest past `maxSessions`). */
  onEnd?: (user: string) => void;
  /** @default MAX_SESSIONS */
  maxSessions?: number;
}

const ATTRIBUTES = 'Path=/; HttpOnly; SameSite=Strict';

/** The value of the cookie `name` in a `Cookie` header, or `undefined`. One pass over the header. */
function cookieValue(header: string, name: string): string | undefined {
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator !== -1 && pair.slice(0, separator).trim() === name) {
      return pair.slice(separator + 1).trim();
    }
  }
  return undefined;
}

/** The session id `request`'s cookie carries, when it has the shape of one. */
function cookieIdOf(request: RequestHeaders): string | undefined {
  const id = cookieValue(request.headers.get('cookie') ?? '', SESSION_COOKIE);
  return id !== undefined && SESSION_ID.test(id) ? id : undefined;
}

/** A new session for `name`: its id (the cookie's value) and its `Set-Cookie` value. */
function newSession(name: string): { id: string; session: Session; cookie: string } {
  const id = randomBytes(32).toString('base64url');
  return { id, session: { user: randomUUID(), name }, cookie: `${SESSION_COOKIE}=${id}; ${ATTRIBUTES}` };
}

const SIGNED_OUT_COOKIE = `${SESSION_COOKIE}=; ${ATTRIBUTES}; Max-Age=0`;

/** Sessions in this process's memory. */
export function createSessions({ onEnd = () => {}, maxSessions = MAX_SESSIONS }: SessionOptions = {}): Sessions {
  /** By session id, oldest first. */
  const byId = new Map<string, Session>();
  const idOf = (request: RequestHeaders): string | undefined => {
    const id = cookieIdOf(request);
    return id !== undefined && byId.has(id) ? id : undefined;
  };
  const end = (id: string): void => {
    const session = byId.get(id);
    if (session !== undefined) {
      byId.delete(id);
      onEnd(session.user);
    }
  };
  const sessionOf = (request: RequestHeaders): Session | undefined => {
    const id = idOf(request);
    return id === undefined ? undefined : byId.get(id);
  };
  return {
    sessionOf: async (request) => sessionOf(request),
    userOf: async (request) => sessionOf(request)?.user,
    async signIn(request, name) {
      const previous = idOf(request);
      if (previous !== undefined) {
        end(previous);
      }
      for (const oldest of byId.keys()) {
        if (byId.size < maxSessions) {
          break;
        }
        end(oldest);
      }
      const { id, session, cookie } = newSession(name);
      byId.set(id, session);
      return { session, cookie };
    },
    async signOut(request) {
      const id = idOf(request);
      if (id !== undefined) {
        end(id);
      }
      return SIGNED_OUT_COOKIE;
    },
  };
}

/** The store key of a session. */
const keyOf = (id: string): string => `session:${id}`;

/** A session as a store keeps it, read back as untrusted text. */
function readSession(text: string | undefined): Session | undefined {
  if (text === undefined) {
    return undefined;
  }
  try {
    const { user, name } = JSON.parse(text) as { user?: unknown; name?: unknown };
    return typeof user === 'string' && typeof name === 'string' ? { user, name } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sessions in a shared store (every replica reads the same ones), each lasting 12 hours from sign-in. Sign-out and a
 * new sign-in end a session here at once, for every replica; the store's own expiry ends the rest (`onEnd` is not
 * called for those: their conversation expires in the store the same way).
 */
export function createStoredSessions(
  store: ChatStore,
  { onEnd = () => {} }: Omit<SessionOptions, 'maxSessions'> = {},
): Sessions {
  const sessionOf = async (request: RequestHeaders): Promise<Session | undefined> => {
    const id = cookieIdOf(request);
    return id === undefined ? undefined : readSession(await store.get(keyOf(id)));
  };
  const end = async (request: RequestHeaders): Promise<void> => {
    const id = cookieIdOf(request);
    const session = id === undefined ? undefined : readSession(await store.get(keyOf(id)));
    if (id !== undefined && session !== undefined) {
      await store.delete(keyOf(id));
      onEnd(session.user);
    }
  };
  return {
    sessionOf,
    userOf: async (request) => (await sessionOf(request))?.user,
    async signIn(request, name) {
      await end(request);
      const { id, session, cookie } = newSession(name);
      await store.set(keyOf(id), JSON.stringify(session), STORED_SESSION_TTL_MS);
      return { session, cookie };
    },
    async signOut(request) {
      await end(request);
      return SIGNED_OUT_COOKIE;
    },
  };
}
