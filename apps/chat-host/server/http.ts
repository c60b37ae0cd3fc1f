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

/** The host names of this machine's loopback interface: the only names a DNS-rebinding page cannot send. */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * `values`, each a host name with an optional port (`chat.example.test`, `chat.example.test:8443`), as the URL parser
 * writes them (lower case, no default port). Throws a `RangeError` for anything else (a scheme, a path, a user).
 */
export function hostValues(values: readonly string[]): string[] {
  return values.map((value) => {
    const url = URL.canParse(`http://${value}`) ? new URL(`http://${value}`) : undefined;
    if (
      url === undefined ||
      url.href !== `http://${url.host}/` ||
      url.host !== value.toLowerCase().replace(/:80$/, '')
    ) {
      throw new RangeError(`not a host name with an optional port: ${JSON.stringify(value)}`);
    }
    return url.host;
  });
}

/**
 * The `Host` values the backend answers: each loopback name with the port it listens on, and `extra` (see
 * {@link hostValues}; for a reverse proxy that keeps the browser's `Host`). A page of another site whose name resolves
 * to 127.0.0.1 (DNS rebinding) sends its own name, and is refused by {@link isServedHost}.
 */
export function servedHosts(port: number, extra: readonly string[] = []): ReadonlySet<string> {
  return new Set(hostValues([...LOOPBACK_NAMES.map((name) => `${name}:${port}`), ...extra]));
}

/** Whether `request` names one of `hosts` (its `Host` header, which `request.url` was built from). */
export function isServedHost(request: Request, hosts: ReadonlySet<string>): boolean {
  return request.headers.get('host') !== null && hosts.has(new URL(request.url).host);
}

/** The refusal of a request for a host this backend does not serve. */
export const unknownHost = (): Response =>
  refuse(421, 'unknown-host', 'This server does not answer for that host name: open it at its own address.');
