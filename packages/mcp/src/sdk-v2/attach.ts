// The SDK v2 adapter: `attachElicitation` for a `Client` of `@modelcontextprotocol/client` 2.x, both eras. It declares
// the capability, registers the client's handlers and hands them to the shared attachment (../attachment.ts).
import { DEFAULT_REQUEST_TIMEOUT_MSEC, ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { Client } from '@modelcontextprotocol/client';
import { createAttachment } from '../attachment.js';
import { declareElicitation } from '../capability.js';
import { negotiatedProtocol } from '../era.js';
import { runSdkCall } from '../tool-call.js';
import type { TimeoutErrors } from '../tool-call.js';
import type { AttachElicitationOptions } from '../types.js';
import { chainOnClose } from '../client-transport.js';
import { canResendAfter, RAW_PARAMS } from './sdk-adapter.js';
import type { ElicitationAttachment } from './types.js';

/** The SDK's own default timeout and timeout errors, so callers of `kit.callTool` know one shape. */
const TIMEOUT_ERRORS: TimeoutErrors = {
  timedOut: ({ timeout }) => new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout }),
  totalExceeded: ({ maxTotalTimeout }) =>
    new SdkError(SdkErrorCode.RequestTimeout, 'Maximum total timeout exceeded', { maxTotalTimeout }),
};
const SDK_DEFAULTS = { timeout: DEFAULT_REQUEST_TIMEOUT_MSEC, errors: TIMEOUT_ERRORS };

/**
 * Connects a `Client` (from `@modelcontextprotocol/client` 2.x) to a queue. Call it before `client.connect`.
 *
 * - declares `capabilities.elicitation` for the chosen modes;
 * - registers one `elicitation/create` handler that serves both eras (pushed requests on 2025 connections,
 *   `input_required` rounds on 2026-07-28 ones), parses each request's raw params with core and refuses invalid ones
 *   with `-32602` (nothing is queued), queues the rest and resolves with the user's answer;
 * - removes an entry when the server or the caller aborts it (nothing is sent afterwards) and settles pending
 *   entries as `cancel` when the connection closes;
 * - shows a request replayed with the same JSON-RPC id (stream reconnect) once and answers it once;
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
 * const client = new Client({ name: 'host', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
 * const kit = attachElicitation(client, { queue, server: { url: 'http://127.0.0.1:3901/mcp' } });
 * await client.connect(new StreamableHTTPClientTransport(new URL('http://127.0.0.1:3901/mcp')));
 * const result = await kit.callTool({ name: 'export-data', arguments: {} }, { timeout: 30_000 });
 * ```
 */
export function attachElicitation(client: Client, options: AttachElicitationOptions): ElicitationAttachment {
  const capability = declareElicitation(client, options.modes);
  const kit = createAttachment(options, capability, {
    protocol: () => negotiatedProtocol(client.getNegotiatedProtocolVersion(), client.getProtocolEra()),
    serverInfo: () => client.getServerVersion(),
    transport: () => client.transport,
    refusal: (error) => new ProtocolError(error.code, error.message, error.data),
    canResendAfter,
  });

  client.setRequestHandler('elicitation/create', { params: RAW_PARAMS }, (params, ctx) =>
    kit.handle(params, ctx.mcpReq.id, ctx.mcpReq.signal),
  );
  client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
    kit.complete(notification.params.elicitationId);
  });
  const restoreOnClose = chainOnClose(client, () => kit.closed());

  return {
    ...kit.controls,
    detach: () =>
      kit.detach(() => {
        client.removeRequestHandler('elicitation/create');
        client.removeNotificationHandler('notifications/elicitation/complete');
        restoreOnClose();
      }),
    callTool: (params, callOptions = {}) =>
      runSdkCall(kit.calls, callOptions, SDK_DEFAULTS, (sdkOptions) => client.callTool(params, sdkOptions)),
  };
}
