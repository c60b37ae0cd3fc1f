// Every place where the kit works around a hook the SDK v2 client (`@modelcontextprotocol/client` 2.4.0) does not
// offer, in one file. Each names the hook that is missing; each is pinned by a test that runs the real SDK
// (attach.test.ts, tool-call.test.ts, http.test.ts), so an SDK upgrade that changes the behaviour fails there first.
// The two patches SDK v2 shares with SDK v1 (the `transport.send` wrapper, `onclose` chaining) are in
// ../client-transport.ts.
import { isJsonObject } from '@elicitation-kit/core';
import { SESSION_GONE } from '../undelivered.js';

/**
 * A Standard Schema that accepts anything unchanged, registered as the params schema of `elicitation/create`.
 * Missing hook: the SDK's 2-argument handler receives the params after its own parse, which drops keys it does not
 * know (such as `$ref`); core must see what the server really sent to refuse it.
 */
export const RAW_PARAMS = {
  '~standard': {
    version: 1,
    vendor: 'elicitation-kit',
    validate: (value: unknown) => ({ value }),
  },
} as const;

/**
 * Whether an answer whose response failed to go out can still arrive by sending it again: not when the server
 * answered `404` (SDK v2 puts the HTTP status in `error.data.status`): the session it belonged to is gone.
 */
export function canResendAfter(error: unknown): boolean {
  const data = isJsonObject(error) ? error['data'] : undefined;
  return !(isJsonObject(data) && data['status'] === SESSION_GONE);
}
