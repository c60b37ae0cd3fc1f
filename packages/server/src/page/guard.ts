// The secret page's request checks: where a POST comes from (Fetch Metadata and Origin), the per-form CSRF token
// (an HMAC of the page, the user and a cookie only the rendering browser holds), cookies, and a bounded body.
import { fromBase64Url, toBase64Url } from '../base64url.js';

/** Random bytes as base64url (ids, cookie values, nonces). */
export function randomToken(bytes: number): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** Signs and checks CSRF tokens with one HMAC-SHA256 key. */
export interface TokenSigner {
  sign(parts: readonly string[]): Promise<string>;
  /** Constant-time check (Web Crypto's `verify`). */
  verify(parts: readonly string[], token: string): Promise<boolean>;
}

const encoder = new TextEncoder();

/** A signer for `key` (32+ bytes), or a random key of this process. */
export function createTokenSigner(key: string | Uint8Array | undefined): TokenSigner {
  const raw =
    key === undefined
      ? crypto.getRandomValues(new Uint8Array(32))
      : typeof key === 'string'
        ? encoder.encode(key)
        : key;
  if (raw.byteLength < 32) {
    throw new RangeError('secretPage: `key` must be at least 32 bytes');
  }
  const material = Uint8Array.from(raw);
  const imported = crypto.subtle.importKey('raw', material, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // Parts are joined with a separator no part may contain (ids and cookie values are base64url; user ids are the
  // author's, so their length is included too).
  const message = (parts: readonly string[]): Uint8Array<ArrayBuffer> =>
    encoder.encode(parts.map((part) => `${part.length}:${part}`).join('\n'));
  return {
    async sign(parts) {
      return toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', await imported, message(parts))));
    },
    async verify(parts, token) {
      const signature = fromBase64Url(token);
      if (signature?.byteLength !== 32) {
        return false;
      }
      return crypto.subtle.verify('HMAC', await imported, Uint8Array.from(signature), message(parts));
    },
  };
}

/** One cookie of the request, or `undefined`. */
export function cookieOf(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (header === null) {
    return undefined;
  }
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === name) {
      return pair.slice(at + 1).trim();
    }
  }
  return undefined;
}

/**
 * Why a POST is refused as coming from another site, or `undefined` when it may be the page's own form. The browser
 * sets `Sec-Fetch-Site` and `Origin` (pages cannot): `Sec-Fetch-Site` must be `same-origin`, and `Origin` the page's
 * own (`null` only when `Sec-Fetch-Site` vouches for it). A request with neither is no browser's form post from
 * another site; the CSRF token still has to match.
 */
export function crossSite(request: Request, ownOrigin: string): string | undefined {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') {
    return `Sec-Fetch-Site: ${site}`;
  }
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== ownOrigin && !(origin === 'null' && site === 'same-origin')) {
    return 'Origin';
  }
  return undefined;
}

/** The body as text, or `undefined` when it is longer than `limit` bytes (read no further than that). */
export async function boundedText(request: Request, limit: number): Promise<string | undefined> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit || request.body === null) {
    return declared > limit ? undefined : '';
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const next = await reader.read();
    if (next.done) {
      break;
    }
    length += next.value.byteLength;
    if (length > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(next.value);
  }
  const all = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(all);
}
