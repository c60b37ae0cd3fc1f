// The kit's sign-in against @modelcontextprotocol/conformance's `auth/*` client scenarios: 0.1.16 (revision
// 2025-11-25) and 0.2.0-alpha.12 (revision 2026-07-28, incl. `iss-*`, `resource-mismatch`, `offline-access-*` and
// `authorization-server-migration`). The suite starts its mock MCP server and authorization server and runs
// src/test/conformance-client.ts (the SDK client + transport with `createMcpSignIn`'s provider, the callback through
// `handleCallback`). Every check must be SUCCESS (INFO entries are the suite's request log, not checks), and the client
// must exit 0 except in the scenarios where it must refuse, which must end with the kit's own message.
//
// Not run, with the reason:
// - `auth/2025-03-26-oauth-metadata-backcompat` (revision 2025-03-26, in both suites): the mock serves authorization
//   server metadata at the MCP server's origin whose `issuer` has another path; the SDK's `auth()` rejects it (RFC 8414
//   §3.3 issuer echo, which 2026-07-28 makes a MUST). Left to the SDK; `auth/2025-03-26-oauth-endpoint-fallback` runs.
// - The extensions (`client-credentials-*`, `cross-app-access-complete-flow`, `enterprise-managed-authorization`,
//   `dpop`, `dpop-nonce`, `wif-jwt-bearer`): machine-to-machine grants with no user and no redirect, which is not what
//   this package signs in; the SDK ships providers for them (`ClientCredentialsProvider`, `PrivateKeyJwtProvider`, …).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runConformance } from '@elicitation-kit/conformance';
import type { ConformanceSuite } from '@elicitation-kit/conformance';

const client = fileURLToPath(new URL('./test/conformance-client.ts', import.meta.url));
const tsx = createRequire(import.meta.url).resolve('tsx');
// The suite runs under Node 22 and appends its server URL; the client runs under this Node (20), from source.
const command = `${process.execPath} --conditions=@elicitation-kit/source --import ${tsx} ${client}`;

const CORE = [
  'auth/metadata-default',
  'auth/metadata-var1',
  'auth/metadata-var2',
  'auth/metadata-var3',
  'auth/basic-cimd',
  'auth/scope-from-www-authenticate',
  'auth/scope-from-scopes-supported',
  'auth/scope-omitted-when-undefined',
  'auth/scope-step-up',
  'auth/scope-retry-limit',
  'auth/token-endpoint-auth-basic',
  'auth/token-endpoint-auth-post',
  'auth/token-endpoint-auth-none',
  'auth/pre-registration',
  'auth/2025-03-26-oauth-endpoint-fallback',
  'auth/resource-mismatch',
  'auth/offline-access-scope',
  'auth/offline-access-not-supported',
];

const ONLY_2026 = [
  'auth/authorization-server-migration',
  'auth/iss-supported',
  'auth/iss-not-advertised',
  'auth/iss-supported-missing',
  'auth/iss-wrong-issuer',
  'auth/iss-unexpected',
  'auth/iss-normalized',
  'auth/metadata-issuer-mismatch',
];

/** Scenarios where the client must refuse to go on, and the message the kit (or the SDK) refuses with. */
const MUST_REFUSE: Record<string, RegExp> = {
  'auth/resource-mismatch': /McpSignInError: The MCP server's protected resource metadata names the resource/,
  'auth/scope-retry-limit': /Gave up after 3 authorizations/,
  'auth/iss-supported-missing': /The callback's iss parameter \(RFC 9207\) does not name the authorization server/,
  'auth/iss-wrong-issuer': /The callback's iss parameter \(RFC 9207\) does not name the authorization server/,
  'auth/iss-unexpected': /The callback's iss parameter \(RFC 9207\) does not name the authorization server/,
  'auth/iss-normalized': /The callback's iss parameter \(RFC 9207\) does not name the authorization server/,
  'auth/metadata-issuer-mismatch': /IssuerMismatchError: Issuer mismatch in authorization server metadata/,
};

async function expectScenarioPasses(suite: ConformanceSuite, scenario: string): Promise<void> {
  const run = await runConformance({ suite, target: 'client', scenario, command, timeoutMs: 60_000 });
  const checks = run.checks.filter((check) => check.status !== 'INFO');
  expect(checks.length, run.log).toBeGreaterThan(0);
  expect(
    checks
      .filter((check) => check.status !== 'SUCCESS')
      .map(({ id, status, errorMessage }) => ({ id, status, errorMessage })),
    run.log,
  ).toEqual([]);
  expect(run.log).not.toMatch(/Client timed out/);
  const refusal = MUST_REFUSE[scenario];
  if (refusal === undefined) {
    expect(run.log).not.toMatch(/Client exited with code/);
  } else {
    expect(run.log).toMatch(refusal);
  }
}

describe.concurrent('conformance 0.1.16 (2025-11-25), auth client scenarios', () => {
  for (const scenario of CORE) {
    it(scenario, () => expectScenarioPasses('2025-11-25', scenario), 120_000);
  }
});

describe.concurrent('conformance 0.2.0-alpha.12 (2026-07-28), auth client scenarios', () => {
  for (const scenario of [...CORE, ...ONLY_2026]) {
    it(scenario, () => expectScenarioPasses('2026-07-28', scenario), 120_000);
  }
});
