// Answer tokens: a stream hands its browser a token, and an answer must carry it. A cross-site page can make the
// browser send the user's cookies, but it can neither read the stream (no CORS headers are ever sent) nor guess the
// token, so it cannot answer. The token is an HMAC-SHA-256 (WebCrypto) over the owner, the stream's id and an expiry:
// no storage, valid on every replica that shares the secret, and useless to another owner (the owner is not in the
// token; it is recomputed from what `authorize` says about the request carrying it).
import { MAX_ID_LENGTH } from './wire-format.js';

/** Issues and checks the tokens of one bridge. */
export interface TokenKeys {
  /** A token for one stream of `owner`, valid until `expiresAt` (ms since the epoch). */
  issue(owner: string, streamId: string, expiresAt: number): Promise<string>;
  /** Whether `token` was issued by these keys for `owner` and has not expired at `now`. */
  verify(owner: string, token: string, now: number): Promise<boolean>;
}

/** The fewest bytes a secret may have. */
const MIN_SECRET_BYTES = 32;

const encoder = new TextEncoder();

/** base64url without padding. */
function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '');
}

/** Length of an HMAC-SHA-256 in base64url. */
const MAC_LENGTH = 43;

/** The bytes of a MAC in base64url, or `undefined` when it is not one. */
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (text.length !== MAC_LENGTH || !/^[\w-]*$/u.test(text)) {
    return undefined;
  }
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) {
    bytes[index] = binary.charCodeAt(index);
  }
  return bytes;
}

/** `length` random bytes, base64url. */
export function randomId(length = 16): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(length)));
}

/** What the MAC covers: unambiguous whatever the owner id contains. */
const signed = (owner: string, streamId: string, expiresAt: number): Uint8Array<ArrayBuffer> =>
  new Uint8Array(encoder.encode(JSON.stringify(['elicitation-bridge-token', owner, streamId, expiresAt])));

/**
 * Token keys from `secret` (at least {@link MIN_SECRET_BYTES} bytes, shared by every replica), or from 32 random
 * bytes when absent (one process).
 * @throws {RangeError} when the secret is too short.
 */
export function createTokenKeys(secret?: string | Uint8Array): TokenKeys {
  const bytes =
    typeof secret === 'string' ? encoder.encode(secret) : (secret ?? crypto.getRandomValues(new Uint8Array(32)));
  if (bytes.length < MIN_SECRET_BYTES) {
    throw new RangeError(`the bridge secret must have at least ${MIN_SECRET_BYTES} bytes (got ${bytes.length})`);
  }
  const key = crypto.subtle.importKey('raw', new Uint8Array(bytes), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  return {
    async issue(owner, streamId, expiresAt) {
      const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await key, signed(owner, streamId, expiresAt)));
      return `${streamId}.${expiresAt.toString(36)}.${toBase64Url(mac)}`;
    },
    async verify(owner, token, now) {
      if (token.length > MAX_ID_LENGTH) {
        return false;
      }
      const parts = token.split('.');
      if (parts.length !== 3) {
        return false;
      }
      const [streamId = '', expiry = '', macText = ''] = parts;
      const expiresAt = /^[\da-z]{1,12}$/u.test(expiry) ? Number.parseInt(expiry, 36) : Number.NaN;
      const mac = fromBase64Url(macText);
      if (!(expiresAt > now) || mac === undefined || streamId === '') {
        return false;
      }
      // Constant-time comparison inside WebCrypto.
      return crypto.subtle.verify('HMAC', await key, mac, signed(owner, streamId, expiresAt));
    },
  };
}
