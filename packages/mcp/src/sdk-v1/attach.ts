// The SDK v1 adapter: `attachElicitation` for a `Client` of `@modelcontextprotocol/sdk` 1.x, whose protocol revisions
// are 2025-06-18 and 2025-11-25 (sessions; no stateless era). It declares the capability, registers the client's
// handlers and hands them to the shared attachment (../attachment.ts): the same queue and guarantees as SDK v2.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DEFAULT_REQUEST_TIMEOUT_MSEC } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ElicitationCompleteNotificationSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { createAttachment } from '../attachment.js';
import { declareElicitation } from '../capability.js';
import { negotiatedProtocol } from '../era.js';
import { runSdkCall } from '../tool-call.js';
import type { TimeoutErrors } from '../tool-call.js';
import type { AttachElicitationOptions } from '../types.js';
import { chainOnClose } from '../client-transport.js';
import { canResendAfter, onRawElicitation, toRefusal, transportProtocolVersion } from './sdk-adapter.js';
import type { ElicitationAttachment } from './types.js';

/** The SDK's own default timeout and timeout errors (what its request timeout rejects with), so callers know one shape. */
const TIMEOUT_ERRORS: TimeoutErrors = {
  timedOut: ({ timeout }) => new McpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout }),
  totalExceeded: ({ maxTotalTimeout }) =>
    new McpError(ErrorCode.RequestTimeout, 'Maximum total timeout exceeded', { maxTotalTimeout }),
};
const SDK_DEFAULTS = { timeout: DEFAULT_REQUEST_TIMEOUT_MSEC, errors: TIMEOUT_ERRORS };

/**
 * Connects a `Client` (from `@modelcontextprotocol/sdk` 1.x) to a queue. Call it before `client.connect`.
 *
 * - declares `capabilities.elicitation` for the chosen modes;
 * - registers an `elicitation/create` handler that receives every key the server sent, parses it with core by the
 *   negotiated revision's rules and refuses invalid requests with `-32602` (nothing is queued), queues the rest and
 *   resolves with the user's answer;
 * - removes an entry when the server cancels it (`notifications/cancelled`) or its request times out (nothing is sent
 *   afterwards), and settles pending entries as `cancel` when the connection closes;
 * - shows a request replayed with the same JSON-RPC id once and answers it once;
 * - refuses requests beyond the queue's per-server limit with `-32602` (`data.reason: 'too-many-pending'`);
 * - settles URL elicitations on `notifications/elicitation/complete`, turns `-32042` errors into entries
 *   (`surfaceUrlRequired`), keeps answers that could not be sent (`resend`), and runs tool calls whose timeout does
 *   not count the user's time (`callTool`).
 *
 * It replaces any `elicitation/create` handler registered before, and chains `client.onclose`.
 *
 * @example
 * ```ts
 * const queue = createElicitationQueue();
 * const client = new Client({ name: 'host', version: '1.0.0' });
 * const kit = attachElicitation(client, { queue, server: { url: 'http://127.0.0.1:3901/mcp' } });
 * await client.connect(new StreamableHTTPClientTransport(new URL('http://127.0.0.1:3901/mcp')));
 * const result = await kit.callTool({ name: 'export-data', arguments: {} }, undefined, { timeout: 30_000 });
 * ```
 */
export function attachElicitation(client: Client, options: AttachElicitationOptions): ElicitationAttachment {
  const capability = declareElicitation(client, options.modes);
  const kit = createAttachment(options, capability, {
    protocol: () => negotiatedProtocol(transportProtocolVersion(client.transport)),
    serverInfo: () => client.getServerVersion(),
    transport: () => client.transport,
    refusal: toRefusal,
    canResendAfter,
  });

  const elicitation = onRawElicitation(client, (params, requestId, signal) => kit.handle(params, requestId, signal));
  client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) => {
    kit.complete(notification.params.elicitationId);
  });
  const restoreOnClose = chainOnClose(client, () => kit.closed());

  return {
    ...kit.controls,
    detach: () =>
      kit.detach(() => {
        elicitation.remove();
        client.removeNotificationHandler('notifications/elicitation/complete');
        restoreOnClose();
      }),
    callTool: (params, resultSchema, callOptions = {}) =>
      runSdkCall(kit.calls, callOptions, SDK_DEFAULTS, (sdkOptions) =>
        client.callTool(params, resultSchema, sdkOptions),
      ),
  };
}
