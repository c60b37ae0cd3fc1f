// The conformance client of @elicitation-kit/auth: the command @modelcontextprotocol/conformance runs for its
// `auth/*` client scenarios (see ../conformance.test.ts). It signs in the way a backend host does: the SDK's client and
// Streamable HTTP transport with the kit's provider; on `UnauthorizedError` it "sends the user" to the pending
// authorization URL (the suite's authorization endpoint redirects at once, so a fetch without following redirects
// stands in for the browser) and hands the redirect to the kit's Fetch API callback route, which checks `state` and
// `iss` and redeems the code. Usage: `<node> --conditions=@elicitation-kit/source --import tsx conformance-client.ts
// <server-url>`; the suite sets MCP_CONFORMANCE_SCENARIO and, for pre-registration, MCP_CONFORMANCE_CONTEXT.
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { createMcpSignIn, createMemoryAuthStore } from '../index.js';

/** The spec's limit on authorization attempts for one operation ("no more than a few times"). */
const MAX_SIGN_INS = 3;
const USER = 'conformance-user';

interface ConformanceContext {
  client_id?: string;
  client_secret?: string;
}

const serverUrl = process.argv[2];
if (serverUrl === undefined) {
  throw new Error('Usage: conformance-client.ts <server-url>');
}
const context = JSON.parse(process.env['MCP_CONFORMANCE_CONTEXT'] ?? '{}') as ConformanceContext;
const preRegistered = context.client_id;
// 2026-07-28 is the stateless lifecycle (no initialize): the SDK client speaks it only when pinned to it.
const protocolVersion = process.env['MCP_CONFORMANCE_PROTOCOL_VERSION'];
const versionMode =
  protocolVersion !== undefined && protocolVersion >= '2026-07-28' ? { pin: protocolVersion } : 'legacy';

const signIn = createMcpSignIn({
  store: createMemoryAuthStore(),
  redirectUrl: 'http://localhost:3000/callback',
  clientName: 'Elicitation Kit conformance client',
  clientMetadataUrl: 'https://conformance-test.local/client-metadata.json',
  ...(preRegistered === undefined
    ? {}
    : {
        preRegisteredClients: () => ({
          client_id: preRegistered,
          ...(context.client_secret === undefined ? {} : { client_secret: context.client_secret }),
        }),
      }),
});

let signIns = 0;

/** What a user's browser does: visits the authorization URL, comes back to the host's callback route. */
async function completePendingSignIn(): Promise<void> {
  signIns += 1;
  if (signIns > MAX_SIGN_INS) {
    throw new Error(`Gave up after ${MAX_SIGN_INS} authorizations`);
  }
  const authorizationUrl = await signIn.pendingSignIn(USER, serverUrl!);
  if (authorizationUrl === undefined) {
    throw new Error('The transport asked for a sign-in but none is pending');
  }
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (location === null) {
    throw new Error(`The authorization endpoint answered ${response.status} without a redirect`);
  }
  const callback = await signIn.handleCallback(new Request(new URL(location, authorizationUrl)), USER);
  if (!callback.ok) {
    throw new Error(`Sign-in failed: ${await callback.text()}`);
  }
}

async function withSignIn<T>(run: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) {
        throw error;
      }
      await completePendingSignIn();
    }
  }
}

const client = await withSignIn(async () => {
  const fresh = new Client(
    { name: 'elicitation-kit-auth-conformance', version: '0.1.0' },
    { versionNegotiation: { mode: versionMode } },
  );
  await fresh.connect(
    new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: signIn.provider(USER, serverUrl) }),
  );
  return fresh;
});
await withSignIn(() => client.listTools());
await withSignIn(() => client.callTool({ name: 'test-tool', arguments: {} }));
await client.close();
