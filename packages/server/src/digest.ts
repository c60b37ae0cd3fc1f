// The digest that binds a round or an approval to a tool's arguments (and a round to its first answer): canonical
// JSON, then a short SHA-256. SDK-free: the SDK v1 entry's approvals use it too.
import { toBase64Url } from './base64url.js';

/** JSON with object keys sorted, so equal arguments give equal text whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map(canonicalJson).join(',')}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** How many bytes of the SHA-256 the digest keeps (128 bits: collision-free for this purpose, short on the wire). */
const DIGEST_BYTES = 16;

/**
 * A short base64url SHA-256 digest of the arguments (canonical JSON). Also the digest of a retry's answer (its
 * `inputResponses` for the round's keys), which binds a round to its first answer.
 */
export async function argumentsDigest(args: unknown): Promise<string> {
  const bytes = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalJson(args ?? {}))),
  ).subarray(0, DIGEST_BYTES);
  return toBase64Url(bytes);
}
