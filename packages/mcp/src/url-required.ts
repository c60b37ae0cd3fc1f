// `-32042` (URLElicitationRequiredError, 2025-11-25 only; retired in 2026-07-28): a tool call failed because the user
// must first complete URL elicitations. They become `url-required` entries: not requests (nothing is sent back), the
// host shows them, the user goes to the page, and the host retries the call.
import { INVALID_PARAMS, isJsonObject, parseElicitation, parseOptionsFor } from '@elicitation-kit/core';
import type {
  ElicitationCapabilityObject,
  ElicitationQueueProducer,
  ProtocolVersion,
  PublicSuffixListLoader,
} from '@elicitation-kit/core';
import { toWireResult } from './entry.js';
import type { NegotiatedProtocol } from './era.js';
import { listFailure } from './requests.js';
import type { LiveEntry, UrlCompletion } from './url-completion.js';
import type { CancelReason, ElicitationEvent, PendingElicitation, ServerIdentity } from './types.js';

/** The JSON-RPC error code of `URLElicitationRequiredError`. */
const URL_ELICITATION_REQUIRED = -32042;
/** The revision that defines `-32042`: its elicitations are parsed by its rules (they need an `elicitationId`). */
const URL_REQUIRED_REVISION: ProtocolVersion = '2025-11-25';

interface Surfaced extends LiveEntry {
  controller: AbortController;
}

/** What the `-32042` path needs from its attachment. */
export interface UrlRequiredOptions {
  producer: ElicitationQueueProducer;
  capability: ElicitationCapabilityObject;
  /**
   * The host's Public Suffix List, when it gave one (see core's `ParseContext.publicSuffixList`): the elicitations wait
   * for its load, and none is surfaced when the load fails.
   */
  publicSuffixList: PublicSuffixListLoader;
  completion: UrlCompletion;
  protocol(): NegotiatedProtocol;
  server(): ServerIdentity;
  emit(event: ElicitationEvent): void;
}

/** The `-32042` path of one attachment. */
export interface UrlRequired {
  /** See {@link ElicitationAttachment.surfaceUrlRequired}. */
  surface(error: unknown): Promise<PendingElicitation[]>;
  /** The surfaced entries still in the queue. */
  live(): Iterable<LiveEntry>;
  /** Removes every surfaced entry (the connection closed, or the host detached). */
  dropAll(reason: Exclude<CancelReason, 'aborted'>): void;
}

/** The elicitations a `-32042` error carries, or `undefined` for any other error. */
function elicitationsOf(error: unknown): unknown[] | undefined {
  if (!isJsonObject(error) || error['code'] !== URL_ELICITATION_REQUIRED) {
    return undefined;
  }
  const data = error['data'];
  const elicitations = isJsonObject(data) ? data['elicitations'] : undefined;
  return Array.isArray(elicitations) ? elicitations : undefined;
}

/** The `-32042` path of an attachment. */
export function createUrlRequired(options: UrlRequiredOptions): UrlRequired {
  const { producer, emit } = options;
  const surfaced = new Map<string, Surfaced>();
  /** How many times every entry was dropped: a surfacing that waited for the Public Suffix List sees if it missed one. */
  let drops = 0;

  const existing = (elicitationId: string): Surfaced | undefined => {
    for (const item of surfaced.values()) {
      if (item.entry.request.mode === 'url' && item.entry.request.elicitationId === elicitationId) {
        return item;
      }
    }
    return undefined;
  };

  return {
    async surface(error) {
      const elicitations = elicitationsOf(error);
      if (elicitations === undefined) {
        return [];
      }
      const urlDeclared = options.capability.url !== undefined;
      if (urlDeclared && elicitations.some((params) => options.publicSuffixList.pendingFor(params))) {
        // Judged by the host's list, never by the excerpt: loaded first; a failed load surfaces none (reported
        // `rejected`), and the next URL-mode request loads again.
        const round = drops;
        try {
          await options.publicSuffixList.load();
        } catch (failure) {
          const { era } = options.protocol();
          const server = options.server();
          emit({ type: 'rejected', server, era, error: listFailure(failure) });
          return [];
        }
        if (drops !== round) {
          return []; // the connection closed, or the host detached, while the list loaded
        }
      }
      const { era } = options.protocol();
      const server = options.server();
      const entries: PendingElicitation[] = [];
      for (const params of elicitations) {
        const parsed = parseElicitation(
          params,
          parseOptionsFor({
            version: URL_REQUIRED_REVISION,
            capability: options.capability,
            server,
            publicSuffixList: options.publicSuffixList.current(),
          }),
        );
        if (!parsed.ok) {
          emit({ type: 'rejected', server, era, error: parsed.error });
          continue;
        }
        const { request } = parsed;
        if (request.mode !== 'url' || request.elicitationId === undefined) {
          emit({
            type: 'rejected',
            server,
            era,
            error: {
              code: INVALID_PARAMS,
              message: 'A -32042 error may only carry URL-mode elicitations with an elicitationId',
              data: { path: 'mode', reason: 'wrong-type' },
            },
          });
          continue;
        }
        const known = existing(request.elicitationId);
        if (known !== undefined) {
          entries.push(known.entry);
          continue;
        }
        const made = producer.create({
          request,
          server,
          era,
          protocolVersion: URL_REQUIRED_REVISION,
          kind: 'url-required',
        });
        if (!made.ok) {
          emit({ type: 'rejected', server, era, error: made.error });
          continue;
        }
        const item: Surfaced = { entry: made.entry, controller: made.controller };
        surfaced.set(item.entry.id, item);
        producer.add(item.entry, (result) => {
          surfaced.delete(item.entry.id);
          const wire = toWireResult(request, result);
          options.completion.answered(item.entry, wire);
          emit({ type: 'answered', entry: item.entry, result: wire });
        });
        emit({ type: 'shown', entry: item.entry });
        entries.push(item.entry);
      }
      return entries;
    },

    live: () => surfaced.values(),

    dropAll(reason) {
      drops += 1;
      for (const [id, item] of surfaced) {
        surfaced.delete(id);
        if (producer.remove(id) !== undefined) {
          item.controller.abort(reason);
          emit({ type: 'cancelled', entry: item.entry, reason });
        }
      }
    },
  };
}
