// The entry point: composes the single-job modules for one client. Each job lives in its own file: capability
// (capability.ts), era detection (era.ts), the request handler and its replay memory (requests.ts, replay.ts),
// delivery watching (delivery.ts, over the SDK patches in sdk-adapter.ts), URL completion (url-completion.ts), `-32042`
// (url-required.ts), entries (entry.ts) and tool calls whose timeout skips the user's time (tool-call.ts).
import type { Client } from '@modelcontextprotocol/client';
import { declareElicitation } from './capability.js';
import { createDelivery } from './delivery.js';
import { createEntryFactory } from './entry.js';
import { negotiatedProtocol } from './era.js';
import { queueInternals } from './queue.js';
import { createRequestHandler } from './requests.js';
import { chainOnClose, RAW_PARAMS } from './sdk-adapter.js';
import { readServerIdentity } from './server-identity.js';
import { createToolCalls } from './tool-call.js';
import { createUrlCompletion } from './url-completion.js';
import { createUrlRequired } from './url-required.js';
import type { AttachElicitationOptions, ElicitationAttachment, ElicitationEvent, ServerIdentity } from './types.js';

/**
 * Connects a `Client` (from `@modelcontextprotocol/client` 2.x) to a queue. Call it before `client.connect`.
 *
 * - declares `capabilities.elicitation` for the chosen modes;
 * - registers one `elicitation/create` handler that serves both eras (pushed requests on 2025 connections,
 *   `input_required` rounds on 2026-07-28 ones), parses each request with core and refuses invalid ones with
 *   `-32602` (nothing is queued), queues the rest and resolves with the user's answer;
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
  const internals = queueInternals(options.queue);
  const capability = declareElicitation(client, options.modes);
  const entries = createEntryFactory(internals);
  const given = { id: entries.attachmentId, ...options.server };
  const server = (): ServerIdentity => readServerIdentity(client, given);
  const protocol = () => negotiatedProtocol(client);
  const emit = (event: ElicitationEvent): void => {
    options.onEvent?.(event);
  };
  // Every module reports a change in what the connection waits for; the tool calls re-read it.
  const changed = (): void => {
    calls.refresh();
  };

  const completion = createUrlCompletion({
    queue: options.queue,
    internals,
    settle: options.settleCompletedUrl ?? true,
    emit,
    changed,
  });
  const delivery = createDelivery({ emit, changed });
  const requests = createRequestHandler({
    internals,
    entries,
    capability,
    delivery,
    completion,
    protocol,
    server,
    transport: () => client.transport,
    emit,
    changed,
  });
  const urlRequired = createUrlRequired({ internals, entries, capability, completion, protocol, server, emit });
  const calls = createToolCalls(client, {
    waitingForUser: () => requests.size > 0 || completion.awaitingUser() || delivery.undelivered().length > 0,
    idle: () => {
      completion.release();
      delivery.forget();
    },
  });

  client.setRequestHandler('elicitation/create', { params: RAW_PARAMS }, (params, ctx) =>
    requests.handle(params, ctx.mcpReq.id, ctx.mcpReq.signal),
  );
  client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
    completion.complete(notification.params.elicitationId, server(), [...requests.live(), ...urlRequired.live()]);
  });
  const restoreOnClose = chainOnClose(client, () => {
    requests.settleAll('connection-closed');
    urlRequired.dropAll('connection-closed');
  });

  let detached = false;
  return {
    detach() {
      if (detached) {
        return;
      }
      detached = true;
      client.removeRequestHandler('elicitation/create');
      client.removeNotificationHandler('notifications/elicitation/complete');
      restoreOnClose();
      requests.settleAll('detached');
      urlRequired.dropAll('detached');
      delivery.detach();
    },
    resend: (entryId) => delivery.resend(entryId),
    undelivered: () => delivery.undelivered(),
    surfaceUrlRequired: (error) => urlRequired.surface(error),
    callTool: (params, callOptions) => calls.call(params, callOptions),
  };
}
