// Who may use the bridge: a request from one of this application's pages (its `Origin` among `origins`, its
// `Sec-Fetch-Site` same-origin), from a user `authorize` names; every refusal as the JSON reply and event it is.
import { BoundedMap } from '@elicitation-kit/core';
import type { BridgeRequest, ElicitationBridgeEvent, ElicitationBridgeOptions } from './bridge-types.js';
import { jsonReply } from './exchange.js';
import type { BridgeReply } from './exchange.js';
import { MAX_ID_LENGTH } from './wire-format.js';
import type { BridgeErrorBody, BridgeErrorCode } from './wire-format.js';

/** How many foreign origins the bridge remembers having written to the console about (once each, without `onEvent`). */
const WARNED_ORIGINS = 64;

export function refusal(
  status: number,
  error: BridgeErrorCode,
  message: string,
): { status: number; body: BridgeErrorBody } {
  return { status, body: { error, message } };
}

export const isOwnerId = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_LENGTH;

/** The admission of a bridge's requests. */
export interface Admission {
  /** The refusal as a reply, reported (`refused`). */
  refuse(status: number, body: BridgeErrorBody, owner?: string, headers?: Record<string, string>): BridgeReply;
  /** The owner of a request from one of this application's pages, or the refusal (cross-site, unauthorized). */
  admit(request: BridgeRequest): Promise<string | BridgeReply>;
}

/** The admission of a bridge with `options` (`origins` already checked). */
export function createAdmission(
  options: Pick<ElicitationBridgeOptions, 'authorize' | 'onEvent'> & {
    origins: readonly string[] | 'trust-host-header';
  },
  emit: (event: ElicitationBridgeEvent) => void,
): Admission {
  const { origins } = options;
  const refuse = (
    status: number,
    body: BridgeErrorBody,
    owner?: string,
    headers?: Record<string, string>,
  ): BridgeReply => {
    emit({ type: 'refused', ...(owner !== undefined && { owner }), status, error: body });
    return jsonReply(status, body, headers);
  };

  /** The owner `authorize` names, or the refusal. */
  const ownerOf = async (request: BridgeRequest): Promise<string | BridgeReply> => {
    const owner = await options.authorize(request);
    if (owner === null || owner === undefined) {
      return refuse(401, refusal(401, 'unauthorized', 'Sign in first: this browser is not authorized.').body);
    }
    if (!isOwnerId(owner)) {
      throw new TypeError(
        `authorize must return the owner id (a string of 1 to ${MAX_ID_LENGTH} characters), or null to refuse`,
      );
    }
    return owner;
  };

  /** The origins a browser may use: `origins`, or (`'trust-host-header'`) the origin of the URL `Host` named. */
  const allowedOrigins = (request: BridgeRequest): readonly string[] =>
    origins === 'trust-host-header' ? [new URL(request.url).origin] : origins;

  /** Foreign origins already written to the console (when no `onEvent` is given). */
  const warnedOrigins = new BoundedMap<string, true>(WARNED_ORIGINS);

  /**
   * The refusal of a request another origin's page made the browser send (with the user's cookies): a foreign
   * `Origin`, or a `Sec-Fetch-Site` other than `same-origin` or `none` (a same-site page carries the user's cookies
   * too). Such a page could not read the stream anyway; refusing it also keeps it from taking the user's stream
   * slots. A request without `Sec-Fetch-Site` (not a browser, or an old one) is judged by its `Origin` alone. The same refusal meets the application's own page behind a proxy that rewrites
   * `Host` (a dev server's proxy) when `origins` does not name it: the body names the origin and the event both, and
   * without `onEvent` the console says it once per origin, so that this setup mistake is never silent.
   */
  const crossSite = (request: BridgeRequest): BridgeReply | undefined => {
    const origin = request.headers.get('origin');
    const expectedOrigins = allowedOrigins(request);
    const foreign = origin !== null && !expectedOrigins.includes(origin);
    const site = request.headers.get('sec-fetch-site');
    if (!foreign && (site === null || site === 'same-origin' || site === 'none')) {
      return undefined;
    }
    const sent = `Sec-Fetch-Site: ${String(site).slice(0, 32)}`;
    const { body } = refusal(
      403,
      'bad-origin',
      foreign
        ? `The page’s origin, ${origin}, is not in this bridge’s \`origins\`: questions are only shown to, and answers only taken from, this application’s own pages.`
        : `The browser says ${site === 'cross-site' ? 'another site’s page' : 'a page of another origin'} sent this request (${sent}): questions are only shown to, and answers only taken from, this application’s own pages.`,
    );
    const event: ElicitationBridgeEvent = {
      type: 'refused',
      status: 403,
      error: body,
      ...(origin !== null && { origin }),
      expectedOrigins,
    };
    if (options.onEvent !== undefined) {
      emit(event);
    } else if (!warnedOrigins.has(origin ?? '')) {
      warnedOrigins.set(origin ?? '', true);
      console.warn(
        `[elicitation-kit] bridge: refused ${request.method} ${new URL(request.url).pathname} (403 bad-origin) from Origin ${origin ?? `(none, ${sent})`}; this bridge takes ${expectedOrigins.join(', ')}. If that is your page (behind a proxy that rewrites Host: Vite's server.proxy string form, Next.js rewrites), add it to createElicitationBridge({ origins }).`,
      );
    }
    return jsonReply(403, body);
  };

  return {
    refuse,
    admit: async (request) => crossSite(request) ?? ownerOf(request),
  };
}
