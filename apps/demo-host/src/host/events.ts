// Event formatting: what the host tells the user (log lines, notices) about errors and the kit's events. The protocol
// decisions (may an answer be sent again? is a URL elicitation done?) are the kit's; this only words them.
import { isJsonObject } from '@elicitation-kit/core';
import type { ElicitationEvent } from '@elicitation-kit/mcp';
import type { LogEntry } from './log-store.js';

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

/** The log line for one kit event: what was asked, how it ended, and what to tell the user. */
export function describeEvent(
  event: ElicitationEvent,
): Pick<LogEntry, 'label' | 'text' | 'outcome' | 'notice' | 'resend'> {
  switch (event.type) {
    case 'shown': {
      const { request } = event.entry;
      const what = request.mode === 'url' ? `url ${request.url}` : `form (${request.fields.length} fields)`;
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
        notice: `${event.server.name} sent a request this host refused (nothing was shown): ${event.error.message}`,
      };
    }
    case 'cancelled': {
      const { server, request } = event.entry;
      const why =
        event.reason === 'aborted'
          ? `${server.name} withdrew its question`
          : event.reason === 'connection-closed'
            ? `The connection to ${server.name} closed, so its question was cancelled`
            : `The question from ${server.name} was cancelled`;
      return {
        label: 'cancelled',
        outcome: 'cancelled',
        text: `${request.message} (${event.reason})`,
        notice: `${why}: "${request.message}". Nothing was sent.`,
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
