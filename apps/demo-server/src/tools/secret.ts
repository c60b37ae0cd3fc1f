// `api-key-page`: the fixed twin of `api-key-form` (the guide's step 6). The key is never asked in a form: a URL-mode
// question sends the user to this server's own page (secrets.ts), bound to the demo's one MCP caller, where the key
// goes to the server only. 2025: elicitation/create (mode url), then notifications/elicitation/complete once the page
// is submitted; 2026-07-28: rounds until the retry finds the page done.
import { defineTool, toolResult } from '@elicitation-kit/server';
import { DEMO_USER } from '../secrets.js';
import type { DemoSecrets } from '../secrets.js';

/** How long a 2025 call waits for the page after the user agreed to open it. */
const PAGE_PATIENCE_MS = 600_000;

/** The tool, with its page in `secrets`. */
export function apiKeyPage(secrets: DemoSecrets) {
  return defineTool({
    name: 'api-key-page',
    title: 'API key on the server’s page (URL mode)',
    description:
      'The right way to ask for an API key (api-key-form’s fixed twin): URL mode to this server’s own page (/secrets/<id>), for the account that asked only, single-use and expiring. The key goes to the server, never to the client, a result or a log.',
    // Built per call: the page belongs to the caller (in this demo always DEMO_USER; a real server reads its
    // authorization, call.ctx.http?.authInfo).
    questions: () => ({
      api_key: secrets.page.question({
        message: 'Enter your (simulated) warehouse API key on this server’s page. It opens outside this app.',
        userId: DEMO_USER,
        patienceMs: PAGE_PATIENCE_MS,
      }),
    }),
    messages: {
      declined: 'No key saved: you declined to open the page.',
      cancelled: 'No key saved: the request was dismissed.',
      expired: 'No key saved: the page was not submitted within 10 minutes.',
    },
    accept: ({ api_key }) =>
      toolResult({ status: 'completed', keyStored: secrets.stored(api_key.flowId), flowId: api_key.flowId }),
  });
}
