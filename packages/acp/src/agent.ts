// The agent side: an ACP agent that is itself an MCP client (its MCP servers attached to a core queue by
// `@elicitation-kit/mcp`) forwards each queued question to its ACP client as `elicitation/create`, and maps the answer
// back: accept (re-validated with core), decline and cancel stay distinct, and nothing the user did not say is invented
// (a failure or an invalid answer is `cancel`, never `decline`).
import { methods } from '@agentclientprotocol/sdk';
import type {
  AgentContext,
  ClientCapabilities,
  CreateElicitationRequest,
  ElicitationSchema,
} from '@agentclientprotocol/sdk';
import { createContentValidator, declaresMode } from '@elicitation-kit/core';
import type { ElicitationQueue, ElicitResult, PendingElicitation } from '@elicitation-kit/core';
import { advertisedModes } from './request.js';
import { RELAYED_SOURCE_META } from './types.js';
import type { AcpElicitationScope, AcpForwardEvent } from './types.js';

/** Options of {@link forwardElicitations}. */
export interface ForwardElicitationsOptions {
  /** The queue the agent's MCP attachments feed (core's `createElicitationQueue`). */
  queue: ElicitationQueue;
  /** Where requests go: the client context of the ACP connection (`AgentConnection.client`, or a handler's `client`). */
  client: AgentContext;
  /**
   * The scope of every forwarded question (the session whose MCP servers ask), or a function of the entry (e.g. to
   * add the `toolCallId` of the tool call running when it arrived).
   */
  scope: AcpElicitationScope | ((entry: PendingElicitation) => AcpElicitationScope);
  /** What the client advertised in `initialize`: a mode it did not advertise is never requested. */
  clientCapabilities: ClientCapabilities | null | undefined;
  onEvent?: (event: AcpForwardEvent) => void;
}

/** What {@link forwardElicitations} returns. */
export interface ElicitationForwarder {
  /**
   * Sends `elicitation/complete` for a URL elicitation whose out-of-band step finished after the user accepted it
   * (wire it to the MCP attachment's `completed` events). An entry still waiting is told by itself.
   */
  complete(elicitationId: string): Promise<void>;
  /** Stops forwarding: in-flight requests are withdrawn (`$/cancel_request`) and their entries answered `cancel`. */
  stop(): void;
}

/** One entry sent to the client and not settled yet. */
interface InFlight {
  entry: PendingElicitation;
  controller: AbortController;
  /** `elicitation/complete` was sent for it. */
  completed: boolean;
  /** Takes the withdrawal listener off the entry's signal. */
  release(): void;
}

/** The ACP `elicitationId` of a URL entry: the MCP one, else the entry's id (2026-07-28 URL requests have none). */
function elicitationIdOf(entry: PendingElicitation): string | undefined {
  return entry.request.mode === 'url' ? (entry.request.elicitationId ?? entry.id) : undefined;
}

/** The `elicitation/create` params for an entry. */
function toAcpRequest(entry: PendingElicitation, scope: AcpElicitationScope): CreateElicitationRequest {
  const { request, server } = entry;
  const source = {
    name: server.name,
    ...(server.title !== undefined ? { title: server.title } : {}),
    ...(server.url !== undefined ? { url: server.url } : {}),
  };
  const common = { ...scope, message: request.message, _meta: { [RELAYED_SOURCE_META]: source } };
  if (request.mode === 'url') {
    return { ...common, mode: 'url', url: request.url, elicitationId: request.elicitationId ?? entry.id };
  }
  return { ...common, mode: 'form', requestedSchema: request.requestedSchema as ElicitationSchema };
}

/**
 * Forwards the questions of a queue to the agent's ACP client, each once, in arrival order, and answers each entry
 * with what the client said:
 *
 * - `accept`: a form's content is checked again with core against the entry's schema (ACP: "agents SHOULD validate
 *   again"); content that fails is answered `cancel` (`invalid-answer` event), never passed on;
 * - `decline` and `cancel` are passed on as they are;
 * - an error response, a closed connection or an unknown action is `cancel` (`failed` event), and a mode the client
 *   did not advertise is `cancel` without asking (`unsupported-mode` event);
 * - an entry withdrawn on the MCP side (its signal aborts) or answered there is withdrawn from the client with
 *   `$/cancel_request`, except a URL entry answered there (its server completed it): the client gets
 *   `elicitation/complete` instead.
 *
 * @example
 * ```ts
 * const queue = createElicitationQueue();
 * attachElicitation(mcpClient, { queue, server: { name: 'github' } }); // @elicitation-kit/mcp/sdk-v2
 * const forwarder = forwardElicitations({ queue, client: connection.client, scope: { sessionId }, clientCapabilities });
 * ```
 */
export function forwardElicitations(options: ForwardElicitationsOptions): ElicitationForwarder {
  const { queue, client } = options;
  const modes = advertisedModes(options.clientCapabilities?.elicitation);
  const inFlight = new Map<string, InFlight>();
  const seen = new Set<string>();
  let stopped = false;
  const emit = (event: AcpForwardEvent): void => {
    options.onEvent?.(event);
  };
  const scopeOf = (entry: PendingElicitation): AcpElicitationScope =>
    typeof options.scope === 'function' ? options.scope(entry) : options.scope;

  const notifyComplete = async (elicitationId: string): Promise<void> => {
    await client.notify(methods.client.elicitation.complete, { elicitationId });
    emit({ type: 'completed', elicitationId });
  };

  /** Answers a forwarded entry (it stops being in flight first: the queue's change is not a withdrawal). */
  const finish = (flight: InFlight, result: ElicitResult): boolean => {
    inFlight.delete(flight.entry.id);
    flight.release();
    return queue.respond(flight.entry.id, result);
  };

  /** The client's answer, as the entry's answer. */
  const settle = (flight: InFlight, response: { action: string; content?: unknown }): void => {
    const { entry } = flight;
    let result: ElicitResult;
    if (response.action === 'accept' && entry.request.mode === 'form') {
      const checked = createContentValidator(entry.request.requestedSchema)(response.content ?? {});
      if (!checked.ok) {
        emit({ type: 'invalid-answer', entry, issues: checked.issues });
        finish(flight, { action: 'cancel' });
        return;
      }
      result = { action: 'accept', content: checked.content };
    } else if (response.action === 'accept' || response.action === 'decline' || response.action === 'cancel') {
      result = { action: response.action };
    } else {
      emit({ type: 'failed', entry, error: new Error(`unknown elicitation action '${response.action}'`) });
      finish(flight, { action: 'cancel' });
      return;
    }
    if (finish(flight, result)) {
      emit({ type: 'answered', entry, result });
    }
  };

  const forward = (entry: PendingElicitation): void => {
    seen.add(entry.id);
    if (!declaresMode(modes, entry.request.mode)) {
      emit({ type: 'unsupported-mode', entry });
      queue.respond(entry.id, { action: 'cancel' });
      return;
    }
    const controller = new AbortController();
    const onWithdrawn = (): void => {
      emit({ type: 'withdrawn', entry });
      controller.abort(entry.signal.reason);
    };
    const flight: InFlight = {
      entry,
      controller,
      completed: false,
      release: () => entry.signal.removeEventListener('abort', onWithdrawn),
    };
    inFlight.set(entry.id, flight);
    entry.signal.addEventListener('abort', onWithdrawn, { once: true });
    emit({ type: 'forwarded', entry });
    client
      .request(methods.client.elicitation.create, toAcpRequest(entry, scopeOf(entry)), {
        cancellationSignal: controller.signal,
        stopWaitingOnCancel: true,
      })
      .then(
        (response) => {
          if (!controller.signal.aborted) {
            settle(flight, response);
          }
        },
        (error: unknown) => {
          if (!controller.signal.aborted) {
            emit({ type: 'failed', entry, error });
            finish(flight, { action: 'cancel' });
          }
        },
      )
      .finally(() => {
        flight.release();
        inFlight.delete(entry.id);
      });
  };

  /** Reads the queue after each change: new entries go out, entries gone or completed there are told. */
  const sync = (): void => {
    if (stopped) {
      return;
    }
    const snapshot = queue.getSnapshot();
    const present = new Map(snapshot.map((entry) => [entry.id, entry]));
    for (const flight of inFlight.values()) {
      const current = present.get(flight.entry.id);
      const elicitationId = elicitationIdOf(flight.entry);
      const completedThere = current === undefined ? !flight.entry.signal.aborted : current.status === 'completed';
      if (elicitationId !== undefined && completedThere && !flight.completed && !flight.controller.signal.aborted) {
        // A URL elicitation finished on the MCP side: the client's dialog settles on `elicitation/complete`.
        flight.completed = true;
        void notifyComplete(elicitationId).catch(() => {});
        continue;
      }
      if (current === undefined && elicitationId === undefined && !flight.controller.signal.aborted) {
        emit({ type: 'withdrawn', entry: flight.entry });
        flight.controller.abort(new Error('answered on the MCP side'));
      }
    }
    for (const entry of snapshot) {
      if (!seen.has(entry.id) && entry.status === 'pending') {
        forward(entry);
      }
    }
    for (const id of seen) {
      if (!present.has(id) && !inFlight.has(id)) {
        seen.delete(id);
      }
    }
  };

  const unsubscribe = queue.subscribe(sync);
  sync();

  return {
    complete: (elicitationId) => notifyComplete(elicitationId),
    stop() {
      if (stopped) {
        return;
      }
      stopped = true;
      unsubscribe();
      for (const flight of inFlight.values()) {
        flight.controller.abort(new Error('forwarding stopped'));
        finish(flight, { action: 'cancel' });
      }
    },
  };
}
