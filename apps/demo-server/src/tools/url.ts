// URL mode to a page this server serves (`/connect/<flow>`, a "Done" button). `connect-account` asks in both eras
// (2025: elicitation/create, then notifications/elicitation/complete once the flow is done; 2026: rounds until the
// retry finds the flow done); when the demo server runs with its authorization server (`auth`), its page is a real
// third-party authorization there (auth/third-party.ts: the flow is done when the code is redeemed, the token kept on
// the server), otherwise the "Done" stand-in. `connect-storage` is the 2025 `-32042` variant (URL elicitation required).
// `connect-partner` sends the user to the same page under another site's name (`partner.localhost`), as a server
// whose sign-in lives with a partner would: hosts must say the page is on a different site than the server asking.
import { defineTool, toolResult, urlQuestion } from '@elicitation-kit/server';
import type { UrlFlow, UrlFlows } from '@elicitation-kit/server';

/** How long a 2025 call waits for "Done" after the user agreed to open the page. */
const CONNECT_PATIENCE_MS = 600_000;
const CONNECT_MESSAGE =
  'Connect your (simulated) warehouse account. The page opens outside this app; press “Done” there.';
const CONNECT_SIGN_IN_MESSAGE =
  'Connect your (simulated) warehouse account. The page opens outside this app: sign in there and allow access.';

const REFUSED = {
  declined: 'Not connected: you declined to open the page.',
  cancelled: 'Not connected: the request was dismissed.',
};

/**
 * The host name of `connect-partner`'s pages: a loopback name (every `*.localhost` is the user's own machine, and
 * this server accepts it as `Host`) that is another site than `127.0.0.1` or `localhost`.
 */
export const PARTNER_HOST = 'partner.localhost';

/** `flow` with its page under {@link PARTNER_HOST} (same port and path: this server still serves it). */
function onPartnerSite(flow: UrlFlow): UrlFlow {
  const url = new URL(flow.url);
  url.hostname = PARTNER_HOST;
  return { id: flow.id, url: url.href, completed: flow.completed };
}

/** `flows` whose pages are shown under {@link PARTNER_HOST}. */
function partnerFlows(flows: UrlFlows): UrlFlows {
  return {
    start: async (tool) => onPartnerSite(await flows.start(tool)),
    get: async (id) => {
      const flow = await flows.get(id);
      return flow === undefined ? undefined : onPartnerSite(flow);
    },
    waitFor: (id, signal) => flows.waitFor(id, signal),
    onComplete: (id, listener) => flows.onComplete(id, listener),
  };
}

/** The URL-mode tools, with their pages in `flows`. */
export function urlTools(flows: UrlFlows, { thirdPartySignIn = false }: { thirdPartySignIn?: boolean } = {}) {
  const connectAccount = defineTool({
    name: 'connect-account',
    title: 'Connect an account (URL mode)',
    description: thirdPartySignIn
      ? 'URL-mode elicitation for a third-party authorization: /connect/<flow> starts an OAuth authorization code flow (PKCE) at the demo’s authorization server for a warehouse API; the token stays on this server. 2025: elicitation/create with an elicitationId; once the code is redeemed the server sends notifications/elicitation/complete and returns. 2026-07-28: an input request; the retry after the sign-in completes.'
      : 'URL-mode elicitation to a page this server serves (/connect/<flow>). 2025: elicitation/create with an elicitationId; after “Done” the server sends notifications/elicitation/complete and returns. 2026-07-28: an input request; the retry after “Done” completes.',
    questions: {
      connect: urlQuestion({
        message: thirdPartySignIn ? CONNECT_SIGN_IN_MESSAGE : CONNECT_MESSAGE,
        flows,
        patienceMs: CONNECT_PATIENCE_MS,
      }),
    },
    messages: {
      ...REFUSED,
      expired: thirdPartySignIn
        ? 'Not connected: the sign-in was not finished within 10 minutes.'
        : 'Not connected: “Done” was not pressed within 10 minutes.',
    },
    accept: ({ connect }) => toolResult({ status: 'completed', connected: true, flowId: connect.flowId }),
  });

  const connectStorage = defineTool({
    name: 'connect-storage',
    title: 'Connect storage (URL required)',
    description:
      '2025: fails with -32042 (URL elicitation required) carrying a URL elicitation until the page’s “Done” is pressed; the server then sends notifications/elicitation/complete and a retry succeeds. 2026-07-28: the same as connect-account (-32042 is retired).',
    questions: {
      storage: urlQuestion({
        message: 'Connect your (simulated) storage bucket, then retry.',
        flows,
        legacy: 'url-required',
        requiredMessage: 'Storage is not connected yet: open the page, press “Done”, then retry.',
      }),
    },
    messages: REFUSED,
    accept: ({ storage }) => toolResult({ status: 'completed', connected: true, flowId: storage.flowId }),
  });

  const connectPartner = defineTool({
    name: 'connect-partner',
    title: 'Connect through a partner (URL mode, another site)',
    description:
      'URL mode like connect-account, but the page is on another site than this server (http://partner.localhost:<port>/connect/<flow>, still served here): a host that knows the server’s URL warns that the link goes to a different site.',
    questions: {
      partner: urlQuestion({
        message: 'Sign in with our (simulated) partner. Its page opens outside this app; press “Done” there.',
        flows: partnerFlows(flows),
        patienceMs: CONNECT_PATIENCE_MS,
      }),
    },
    messages: { ...REFUSED, expired: 'Not connected: “Done” was not pressed within 10 minutes.' },
    accept: ({ partner }) => toolResult({ status: 'completed', connected: true, flowId: partner.flowId }),
  });

  return [connectAccount, connectStorage, connectPartner] as const;
}
