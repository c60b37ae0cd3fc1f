// The small HTTP vocabulary of the backend's own routes (the bridge has its own): JSON replies, refusals with a code
// and a sentence, JSON bodies read within a limit, and the same-origin rule for anything that changes state.

/** The JSON body of every refusal: a stable code and a sentence a person understands. */
export interface ErrorBody {
  error: string;
  message: string;
}

/** A JSON response (never cached). */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

/** A refusal: `{ error, message }` with `status`. */
export function refuse(status: number, error: string, message: string): Response {
  return json(status, { error, message } satisfies ErrorBody);
}

/** The refusal of a route that needs a signed-in user. */
export const signedOut = (): Response => refuse(401, 'signed-out', 'Sign in first.');

/**
 * Whether `request` comes from this site's own pages: no `Origin` (a same-origin GET, or a client that is not a
 * browser) or the origin the request was made to, and not `Sec-Fetch-Site: cross-site`. The session cookie is
 * `SameSite=Strict` already; this closes the door twice.
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (request.headers.get('sec-fetch-site') === 'cross-site') {
    return false;
  }
  return origin === null || origin === new URL(request.url).origin;
}

/** The largest JSON body a route reads, in bytes. */
export const MAX_BODY_BYTES = 16 * 1024;

/** A body read: the parsed JSON, or the refusal to send. */
export type BodyRead = { ok: true; value: unknown } | { ok: false; response: Response };

/** Reads a JSON body from this site (same origin, `application/json`, at most {@link MAX_BODY_BYTES}). */
export async function readJson(request: Request): Promise<BodyRead> {
  if (!isSameOrigin(request)) {
    return { ok: false, response: refuse(403, 'bad-origin', 'Requests must come from this site’s own pages.') };
  }
  const type = request.headers.get('content-type') ?? '';
  if (type.split(';')[0]?.trim().toLowerCase() !== 'application/json') {
    return { ok: false, response: refuse(415, 'unsupported-media-type', 'Send the body as application/json.') };
  }
  const tooLarge = {
    ok: false,
    response: refuse(413, 'too-large', `The body is over ${MAX_BODY_BYTES} bytes.`),
  } as const;
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) {
    return tooLarge;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  for (let next = await reader?.read(); next !== undefined && !next.done; next = await reader?.read()) {
    size += next.value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader?.cancel();
      return tooLarge;
    }
    chunks.push(next.value);
  }
  try {
    return { ok: true, value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks))) };
  } catch {
    return { ok: false, response: refuse(400, 'malformed-json', 'The body is not JSON.') };
  }
}
