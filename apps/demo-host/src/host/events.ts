// Event formatting: what the host tells the user (log lines, notices) about errors and the kit's events. The protocol
// decisions (may an answer be sent again? is a URL elicitation done?) are the kit's; this only words them.
import { isJsonObject, isTooManyPending } from '@elicitation-kit/core';
import type { PendingElicitation, ProtocolEra } from '@elicitation-kit/core';
import type { CancelReason, ElicitationEvent } from '@elicitation-kit/mcp';
import type { LogEntry } from './log-store.js';
import { plural } from '../shared/plural.js';

/** JSON-RPC "missing required client capability" (2026-07-28): the host did not declare what the server needs. */
const MISSING_CAPABILITY = -32021;

/**
 * A readable one-liner for an error of any kind. SDK errors carry a code; a `-32021` also names the capabilities the
 * server required (`data.requiredCapabilities`), so the user sees what this host lacks.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) {
    return String(error);
  }
  const { code, data } = error as { code?: unknown; data?: unknown };
  if (typeof code !== 'number' && typeof code !== 'string') {
    return error.message;
  }
  const required =
    code === MISSING_CAPABILITY && isJsonObject(data) && 'requiredCapabilities' in data
      ? ` This host does not declare the capabilities the server requires: ${JSON.stringify(data['requiredCapabilities'])}.`
      : '';
  return `${error.message} (${String(code)})${required}`;
}

/** What the user is told when a server asks more at once than the kit keeps open for it. */
function tooManyNotice(server: string, era: ProtocolEra, limit: unknown): string {
  const most = typeof limit === 'number' ? ` (${limit})` : '';
  return era === 'modern'
    ? `${server} asked more questions at once than this host keeps open for one server${most}, so this host refused the whole round and the tool call ended. Its open questions were closed; nothing was sent.`
    : `${server} asked more questions at once than this host keeps open for one server${most}: the ones beyond the limit were refused and not shown. Answer the open ones; the server decides what to do next.`;
}

/** Why a question closed without the user: who ended it, in the user's words. */
function cancelledWhy(entry: PendingElicitation, reason: CancelReason, detail: unknown): string {
  const { server } = entry;
  switch (reason) {
    case 'connection-closed':
      return `The connection to ${server.name} closed, so its question was cancelled`;
    case 'detached':
      return `The question from ${server.name} was cancelled`;
    case 'aborted':
      // 2025: the server sent notifications/cancelled. 2026-07-28: the tool call that carried the round ended (the
      // user pressed Stop, or it timed out); the server cannot withdraw a question of a round on its own.
      return entry.era === 'legacy'
        ? `${server.name} withdrew its question`
        : `The tool call ended${detail === undefined ? '' : ` (${describeError(detail)})`}, so its question from ${server.name} was closed`;
    default:
      return reason satisfies never;
  }
}

/** The log line for one kit event: what was asked, how it ended, and what to tell the user. */
export function describeEvent(
  event: ElicitationEvent,
): Pick<LogEntry, 'label' | 'text' | 'outcome' | 'notice' | 'resend'> {
  switch (event.type) {
    case 'shown': {
      const { request } = event.entry;
      const what = request.mode === 'url' ? `url ${request.url}` : `form (${plural(request.fields.length, 'field')})`;
      return { label: 'shown', outcome: 'shown', text: `${what} · ${event.entry.era} · ${request.message}` };
    }
    case 'answered': {
      const { result } = event;
      const content =
        result.action === 'accept' && result.content !== undefined ? ` ${JSON.stringify(result.content)}` : '';
      return { label: result.action, outcome: result.action, text: `${event.entry.request.message}${content}` };
    }
    case 'rejected': {
      const data = isJsonObject(event.error.data) ? event.error.data : {};
      const where = typeof data['path'] === 'string' ? ` at ${data['path']}` : '';
      const reason = typeof data['reason'] === 'string' ? ` [${data['reason']}]` : '';
      return {
        label: 'rejected as invalid',
        outcome: 'rejected',
        text: `${event.error.code} ${event.error.message}${where}${reason}`,
        notice: isTooManyPending(event.error)
          ? tooManyNotice(event.server.name, event.era, data['limit'])
          : `${event.server.name} sent a request this host refused (nothing was shown): ${event.error.message}`,
      };
    }
    case 'cancelled': {
      const { request } = event.entry;
      const line = { label: 'cancelled', outcome: 'cancelled', text: `${request.message} (${event.reason})` } as const;
      if (event.reason === 'aborted' && isTooManyPending(event.detail)) {
        // 2026-07-28: the round this question came in was refused as a whole; the refusal has its own notice.
        return { ...line, text: `${request.message} (closed with its round: too many pending)` };
      }
      return {
        ...line,
        notice: `${cancelledWhy(event.entry, event.reason, event.detail)}: "${request.message}". Nothing was sent.`,
      };
    }
    case 'completed':
      return { label: 'completed', outcome: 'completed', text: `URL elicitation ${event.elicitationId} completed` };
    case 'undelivered': {
      const { server, request } = event.entry;
      const line = {
        label: 'not delivered',
        outcome: 'undelivered',
        text: `${request.message} (${event.result.action}): ${describeError(event.error)}`,
      } as const;
      return event.canResend
        ? {
            ...line,
            notice: `Your answer to ${server.name} did not arrive: the connection failed. ${server.name} is still waiting; send it again once you are back online.`,
            resend: { serverId: server.id, entryId: event.entry.id },
          }
        : {
            ...line,
            notice: `Your answer to ${server.name} did not arrive: ${server.name} no longer knows this session (it may have restarted). Press Stop and run the tool again.`,
          };
    }
    default:
      return event satisfies never;
  }
}
