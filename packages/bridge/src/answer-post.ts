// The browser half's answers on their way: one answer posted with the stream's token, and the backend's refusal read
// into what the page shows (`RefusedAnswer`: why, and whether answering again helps). Browser-safe.
import type { ElicitResult } from '@elicitation-kit/core';
import { isJsonObject } from '@elicitation-kit/core';
import type { RefusedAnswer } from './client.js';
import { TOKEN_HEADER } from './wire-format.js';
import type { BridgeErrorBody } from './wire-format.js';

/** Where and how answers are posted. */
export interface AnswerTransport {
  fetch: typeof fetch;
  url: string;
  credentials: RequestCredentials;
  headers(): Record<string, string>;
}

/** How a post went: the HTTP status (`0`: no response), and the refusal when it was not taken. */
export interface PostOutcome {
  status: number;
  body?: BridgeErrorBody;
}

const errorBody = (value: unknown, status: number): BridgeErrorBody =>
  isJsonObject(value) && typeof value['error'] === 'string' && typeof value['message'] === 'string'
    ? (value as unknown as BridgeErrorBody)
    : { error: 'internal', message: `The backend answered HTTP ${status}.` };

/** Posts one answer with the stream's `token` (none yet: refused at once, status `0`). Never rejects. */
export async function postAnswer(
  transport: AnswerTransport,
  token: string | undefined,
  id: string,
  result: ElicitResult,
): Promise<PostOutcome> {
  if (token === undefined) {
    return { status: 0, body: { error: 'unavailable', message: 'Not connected to the backend yet.' } };
  }
  try {
    const response = await transport.fetch(transport.url, {
      method: 'POST',
      headers: { ...transport.headers(), 'Content-Type': 'application/json', [TOKEN_HEADER]: token },
      credentials: transport.credentials,
      body: JSON.stringify({ id, result }),
    });
    if (response.ok) {
      await response.body?.cancel();
      return { status: response.status };
    }
    const body: unknown = await response.json().catch(() => undefined);
    return { status: response.status, body: errorBody(body, response.status) };
  } catch (error) {
    return {
      status: 0,
      body: { error: 'unavailable', message: `The answer could not be sent: ${String(error)}` },
    };
  }
}

/**
 * Whether answering again can succeed without a change of setup. A `401` or a `403` other than `bad-token` refuses
 * every answer of this page the same way (not signed in, the page's origin not allowed); a bad token is renewed by
 * the next stream, and everything else depends on the answer or on the moment.
 */
const isRetryable = (status: number, body: BridgeErrorBody): boolean =>
  status !== 401 && !(status === 403 && body.error !== 'bad-token');

/**
 * What the dialog says about a refused answer: the backend's code and sentence (for `bad-origin` it names the page's
 * origin and the bridge's `origins`), and whether answering again helps.
 */
const refusalMessage = (status: number, body: BridgeErrorBody, retryable: boolean): string => {
  const said =
    status === 0 ? body.message : `The backend refused this answer (${status} ${body.error}): ${body.message}`;
  const next = retryable
    ? 'What you typed is kept: answer again.'
    : 'Answering again will not help until that is fixed; what you typed is kept.';
  return `${said} ${next}`;
};

/** The refusal of `result` as the entry that comes back carries it. */
export function refusedAnswer(status: number, body: BridgeErrorBody, result: ElicitResult): RefusedAnswer {
  const retryable = isRetryable(status, body);
  return Object.freeze({ status, error: body, message: refusalMessage(status, body, retryable), retryable, result });
}

/** What a developer needs to fix a refusal that no answer can get past: said once per refusal, in the console. */
export const setupHint = (body: BridgeErrorBody): string =>
  body.error === 'bad-origin'
    ? 'The backend judged this page’s Origin foreign: a proxy in front of it that rewrites Host (Vite’s server.proxy string form or changeOrigin: true, Next.js rewrites) makes the backend see its own origin in the URL. Pass createElicitationBridge({ origins: [<this page’s origin>] }), or keep the Host header; see "Mounting bridge.fetch" in the @elicitation-kit/bridge README.'
    : body.error === 'unauthorized'
      ? 'authorize returned no owner for this request: is the session cookie (or the Authorization header in `headers`) reaching the backend?'
      : 'The backend refuses every answer of this page the same way.';
