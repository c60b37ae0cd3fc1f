// Approvals carried another way: when nobody can be asked in the client, a tool may run on an approval its host passes
// as an argument. An approval is a token this server signs (HMAC-SHA256 with its own key), bound to one tool, a
// digest of that tool's canonical arguments (the approval itself left out) and an expiry, with a fresh id that the
// round store tracks so that it is usable once on every replica.
import { fromBase64Url, toBase64Url } from './base64url.js';

/** Options of the approvals of `createElicitationServer({ approvals })`. */
export interface ApprovalOptions {
  /**
   * HMAC key, at least 32 bytes: every process that mints or accepts approvals needs the same one (and the same
   * round store). @default 32 random bytes (this process only)
   */
  key?: Uint8Array | string;
  /** How long an approval stays usable by default, in seconds. @default 600 */
  ttlSeconds?: number;
}

/** How long an approval stays usable by default: ten minutes. */
export const DEFAULT_APPROVAL_TTL_SECONDS = 600;

/** What an approval says. Readable by whoever holds it (signed, not encrypted). */
export interface ApprovalPayload {
  /** A fresh id: the approval's key in the round store (single use). */
  id: string;
  /** The tool it approves. */
  tool: string;
  /** A digest of the tool's canonical arguments, the approval argument left out. */
  args: string;
  /** When it expires (ms since the epoch). */
  exp: number;
}

/** Signs and verifies approvals with one key. */
export interface ApprovalCodec {
  sign(payload: ApprovalPayload): Promise<string>;
  /** The payload of a token this key signed, or `undefined` (forged, altered, malformed). */
  verify(token: string): Promise<ApprovalPayload | undefined>;
  readonly ttlSeconds: number;
}

const MIN_KEY_BYTES = 32;

function isPayload(value: unknown): value is ApprovalPayload {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const payload = value as Record<string, unknown>;
  return (
    typeof payload['id'] === 'string' &&
    typeof payload['tool'] === 'string' &&
    typeof payload['args'] === 'string' &&
    typeof payload['exp'] === 'number'
  );
}

/** Creates the codec (throws on a key shorter than 32 bytes). */
export function createApprovalCodec(options: ApprovalOptions = {}): ApprovalCodec {
  const raw =
    typeof options.key === 'string'
      ? new TextEncoder().encode(options.key)
      : (options.key ?? crypto.getRandomValues(new Uint8Array(MIN_KEY_BYTES)));
  if (raw.byteLength < MIN_KEY_BYTES) {
    throw new TypeError(`approvals: the key must be at least ${MIN_KEY_BYTES} bytes`);
  }
  const key = crypto.subtle.importKey('raw', new Uint8Array(raw), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  const encoder = new TextEncoder();
  return {
    ttlSeconds: options.ttlSeconds ?? DEFAULT_APPROVAL_TTL_SECONDS,
    async sign(payload) {
      const body = toBase64Url(encoder.encode(JSON.stringify(payload)));
      const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(body)));
      return `${body}.${toBase64Url(mac)}`;
    },
    async verify(token) {
      const [body, mac, ...rest] = token.split('.');
      const signature = mac === undefined ? undefined : fromBase64Url(mac);
      if (body === undefined || signature === undefined || rest.length > 0) {
        return undefined;
      }
      // crypto.subtle.verify compares in constant time.
      if (!(await crypto.subtle.verify('HMAC', await key, signature, encoder.encode(body)))) {
        return undefined;
      }
      try {
        const payload: unknown = JSON.parse(new TextDecoder().decode(fromBase64Url(body)));
        return isPayload(payload) ? payload : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
