// URL mode to a page this server serves (`/connect/<flow>`, a "Done" button). `connect-account` asks in both eras
// (2025: elicitation/create, then notifications/elicitation/complete once "Done" is pressed; 2026: rounds until the
// retry finds the flow done). `connect-storage` is the 2025 `-32042` variant (URL elicitation required).
import { defineTool, toolResult, urlQuestion } from '@elicitation-kit/server';
import type { UrlFlows } from '@elicitation-kit/server';

/** How long a 2025 call waits for "Done" after the user agreed to open the page. */
const CONNECT_PATIENCE_MS = 600_000;
const CONNECT_MESSAGE =
  'Connect your (simulated) warehouse account. The page opens outside this app; press “Done” there.';

const REFUSED = {
  declined: 'Not connected: you declined to open the page.',
  cancelled: 'Not connected: the request was dismissed.',
};

/** The URL-mode tools, with their pages in `flows`. */
export function urlTools(flows: UrlFlows) {
  const connectAccount = defineTool({
    name: 'connect-account',
    title: 'Connect an account (URL mode)',
    description:
      'URL-mode elicitation to a page this server serves (/connect/<flow>). 2025: elicitation/create with an elicitationId; after “Done” the server sends notifications/elicitation/complete and returns. 2026-07-28: an input request; the retry after “Done” completes.',
    questions: { connect: urlQuestion({ message: CONNECT_MESSAGE, flows, patienceMs: CONNECT_PATIENCE_MS }) },
    messages: { ...REFUSED, expired: 'Not connected: “Done” was not pressed within 10 minutes.' },
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

  return [connectAccount, connectStorage] as const;
}
