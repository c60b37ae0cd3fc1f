// An answer's body, read within bounds: at most so many bytes, arriving within so long, UTF-8, then JSON. Reads no
// more than the limit, and never waits on a body that trickles in.
import type { BridgeErrorBody } from './wire-format.js';
import { refusal } from './bridge-admission.js';
import type { BodyReader } from './exchange.js';

/** Strict UTF-8: a body that is not is refused, not patched with replacement characters. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The chunks as one array of `total` bytes: a body of one chunk (every small answer) as it is. */
function joined(chunks: Uint8Array[], total: number): Uint8Array {
  const [first] = chunks;
  if (chunks.length === 1 && first !== undefined) {
    return first;
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The body as text (asked of `body` only once `contentLength` fits; `null`: no body), or the refusal when
 * it is larger than `limit` bytes (declared or as it arrives), has not all arrived within `timeoutMs`, or is not
 * UTF-8. Reads no more than that.
 */
export async function readBody(
  contentLength: string | null,
  body: () => BodyReader | null,
  limit: number,
  timeoutMs: number,
): Promise<{ ok: true; text: string } | { ok: false; status: number; body: BridgeErrorBody }> {
  const tooLarge = () => ({
    ok: false as const,
    ...refusal(413, 'too-large', `The body is larger than ${limit} bytes.`),
  });
  const declared = Number(contentLength ?? '0');
  if (declared > limit) {
    return tooLarge();
  }
  const reader = body();
  if (reader === null) {
    return { ok: true, text: '' };
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  // A body trickling in (a byte now and then, with a valid token) must not hold the request open for minutes.
  let late = false;
  const deadline = setTimeout(() => {
    late = true;
    reader.cancel().catch(() => undefined);
  }, timeoutMs);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || late) {
        break;
      }
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel();
        return tooLarge();
      }
      chunks.push(value);
    }
  } finally {
    clearTimeout(deadline);
  }
  if (late) {
    return { ok: false, ...refusal(408, 'slow-body', `The body did not arrive within ${timeoutMs} ms.`) };
  }
  try {
    return { ok: true, text: utf8.decode(joined(chunks, total)) };
  } catch {
    return { ok: false, ...refusal(400, 'malformed-json', 'The body is not UTF-8 text.') };
  }
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
