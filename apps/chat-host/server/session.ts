// Who the browser is: the name a user signed in with, kept in an HttpOnly, SameSite=Strict cookie that the backend
// signs (HMAC-SHA-256 with a per-process key by default). Every route, and the bridge's `authorize`, reads it back;
// a cookie the backend did not sign names nobody.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The session cookie's name. */
export const SESSION_COOKIE = 'chat_session';

/** The longest name a user may sign in with, in characters. */
export const MAX_NAME_LENGTH = 40;

/** Letters and digits of any script, spaces, and `. _ ' -`: a name, nothing markup or a cookie could trip on. */
const NAME = /^[\p{L}\p{N} ._'-]+$/u;

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

/** Signed sessions: who a request is, and the cookies that sign a user in and out. */
export interface Sessions {
  /** The signed-in user of `request`, or `undefined` (no cookie, or one this backend did not sign). */
  userOf(request: Request): string | undefined;
  /** The `Set-Cookie` value that signs `name` in (a name {@link checkName} accepted). */
  signIn(name: string): string;
  /** The `Set-Cookie` value that signs the browser out. */
  signOut(): string;
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

/**
 * Signed sessions with `secret` (at least 32 bytes; random per process by default, so a restart signs everyone out).
 * The cookie is `base64url(name).base64url(HMAC-SHA-256(secret, name))`.
 */
export function createSessions(secret: Uint8Array = randomBytes(32)): Sessions {
  if (secret.byteLength < 32) {
    throw new RangeError('createSessions: the secret needs at least 32 bytes');
  }
  const sign = (name: string): Buffer => createHmac('sha256', secret).update(name, 'utf8').digest();
  return {
    userOf(request) {
      const value = cookieValue(request.headers.get('cookie') ?? '', SESSION_COOKIE);
      const [encodedName, encodedMac, ...rest] = value?.split('.') ?? [];
      if (encodedName === undefined || encodedMac === undefined || rest.length > 0) {
        return undefined;
      }
      const name = Buffer.from(encodedName, 'base64url').toString('utf8');
      const mac = Buffer.from(encodedMac, 'base64url');
      const expected = sign(name);
      if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) {
        return undefined;
      }
      return checkName(name).ok ? name : undefined;
    },
    signIn(name) {
      const value = `${Buffer.from(name, 'utf8').toString('base64url')}.${sign(name).toString('base64url')}`;
      return `${SESSION_COOKIE}=${value}; ${ATTRIBUTES}`;
    },
    signOut() {
      return `${SESSION_COOKIE}=; ${ATTRIBUTES}; Max-Age=0`;
    },
  };
}
