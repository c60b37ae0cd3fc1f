// The host's MCP connections: one SDK v2 Client per server, all feeding one elicitation queue.
// Framework-free (subscribe/getSnapshot), so React reads it with useSyncExternalStore.
import {
  attachElicitation,
  type ElicitationAttachment,
  type ElicitationEvent,
  type ElicitationQueue,
} from '@elicitation-kit/mcp';
import {
  Client,
  StreamableHTTPClientTransport,
  type CallToolResult,
  type Progress,
  type Tool,
} from '@modelcontextprotocol/client';
import { transportUrl } from './relay-url.js';

/** How the client picks the protocol era: negotiate (`auto`, the default), or force one. */
export type EraChoice = 'auto' | 'modern' | 'legacy';

/** Options of {@link ConnectionStore.connect}. */
export interface ConnectOptions {
  /** Reach the server through the relay on the page's origin. @default false */
  viaRelay?: boolean;
  /** @default 'auto' */
  era?: EraChoice;
  /** Elicitation modes to declare; both off declares no elicitation capability at all. @default both */
  modes?: { form: boolean; url: boolean };
}

/** The SDK's `versionNegotiation.mode` for an era choice. */
export function negotiationFor(era: EraChoice): 'auto' | 'legacy' | { pin: string } {
  switch (era) {
    case 'auto':
      return 'auto';
    case 'legacy':
      return 'legacy';
    case 'modern':
      return { pin: '2026-07-28' };
    default:
      return era satisfies never;
  }
}

/** What the UI shows about one server. Replaced (never mutated) on every change. */
export interface ServerConnection {
  /** Local id, also the `ServerIdentity.id` given to the kit. */
  id: string;
  /** The server URL the user typed. */
  url: string;
  viaRelay: boolean;
  /** The era the user asked for (`auto` = negotiated). */
  eraChoice: EraChoice;
  /** The elicitation modes the client declared. */
  modes: { form: boolean; url: boolean };
  status: 'connecting' | 'connected' | 'failed' | 'closed';
  error?: string;
  /** `serverInfo.name`, or the URL's host until the server says. */
  name: string;
  title?: string;
  version?: string;
  era?: 'legacy' | 'modern';
  protocolVersion?: string;
  tools: readonly Tool[];
}

/** One line of the protocol log. */
export interface LogEntry {
  id: number;
  at: number;
  server: string;
  /** `elicitation` lines come from the kit's `onEvent`; the others from the host itself. */
  kind: 'connection' | 'tool' | 'elicitation' | 'error';
  /** Short label: the outcome (`accept`, `decline`, `cancel`, `rejected as invalid`, …) or the host's action. */
  label: string;
  /** For elicitation lines, a stable code of what happened (also the `data-outcome` attribute in the log). */
  outcome?: 'shown' | 'accept' | 'decline' | 'cancel' | 'rejected' | 'cancelled' | 'completed' | 'undelivered';
  text: string;
  /**
   * For a question that ended without the user (withdrawn by the server, lost with the connection, refused by the
   * kit), what to tell the user — the host shows it beside the dialog, not only in the log.
   */
  notice?: string;
  /** With the notice of an answer that did not arrive: what `resend` needs to send it again. */
  resend?: { serverId: string; entryId: string };
}

/** Options of {@link ConnectionStore.callTool}. */
export interface CallOptions {
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
}

/** The store behind the host page. */
export interface ConnectionStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly ServerConnection[];
  subscribeLog(listener: () => void): () => void;
  getLog(): readonly LogEntry[];
  clearLog(): void;
  connect(url: string, options?: ConnectOptions): Promise<ServerConnection>;
  disconnect(id: string): Promise<void>;
  /**
   * Sends again an answer that did not arrive (2025 sessions, after an `undelivered` event). Resolves whether it went
   * out; either way the log (and a notice) says so.
   */
  resend(serverId: string, entryId: string): Promise<boolean>;
  callTool(id: string, name: string, args: Record<string, unknown>, options?: CallOptions): Promise<CallToolResult>;
  /** Turns a `-32042` error of a tool call into URL elicitations in the queue (empty when it is not one). */
  surfaceUrlRequired(id: string, error: unknown): number;
}

interface Live {
  client: Client;
  /** Absent when the client declared no elicitation capability. */
  attachment: ElicitationAttachment | undefined;
  closing: boolean;
  /** Tool calls in flight: a transport error then may have cost an answer, and the user must be told. */
  calls: number;
  /** Answers that did not arrive and can be sent again (their own notice says so). */
  undelivered: Set<string>;
}

/** How long a tool call may wait (the user may take a while to answer an elicitation). */
const CALL_TIMEOUT_MS = 15 * 60_000;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** JSON-RPC "missing required client capability" (2026-07-28): the host did not declare what the server needs. */
const MISSING_CAPABILITY = -32021;

/**
 * A readable one-liner for an error of any kind. SDK errors carry a code; a `-32021` also names the capabilities the
 * server required (`data.requiredCapabilities`), so the user sees what this host lacks.
 */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const { code, data } = error as { code?: unknown; data?: unknown };
    if (typeof code !== 'number' && typeof code !== 'string') {
      return error.message;
    }
    const required =
      code === MISSING_CAPABILITY && typeof data === 'object' && data !== null && 'requiredCapabilities' in data
        ? ` This host does not declare the capabilities the server requires: ${JSON.stringify(data.requiredCapabilities)}.`
        : '';
    return `${error.message} (${String(code)})${required}`;
  }
  return String(error);
}

/** Whether an undelivered answer can be sent again: not when the server answered 404 (its session is gone). */
export function canResend(error: unknown): boolean {
  const status = (error as { data?: { status?: unknown } } | null)?.data?.status;
  return status !== 404;
}

/** The log line for one kit event: what was asked, and how it ended. */
export function describeEvent(event: ElicitationEvent): Pick<LogEntry, 'label' | 'text' | 'outcome' | 'notice'> {
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
      const data = event.error.data as { path?: unknown; reason?: unknown } | undefined;
      const where = data !== undefined && typeof data.path === 'string' ? ` at ${data.path}` : '';
      const reason = data !== undefined && typeof data.reason === 'string' ? ` [${data.reason}]` : '';
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
      return {
        label: 'not delivered',
        outcome: 'undelivered',
        text: `${request.message} (${event.result.action}): ${describeError(event.error)}`,
        notice: canResend(event.error)
          ? `Your answer to ${server.name} did not arrive: the connection failed. ${server.name} is still waiting; send it again once you are back online.`
          : `Your answer to ${server.name} did not arrive: ${server.name} no longer knows this session (it may have restarted). Press Stop and run the tool again.`,
      };
    }
    default:
      return event satisfies never;
  }
}

/** Options of {@link createConnectionStore}. */
export interface ConnectionStoreOptions {
  /** The origin that serves the relay under `/relay/`. @default the page's origin */
  relayOrigin?: string;
}

/** Creates the store; every elicitation of every server goes to `queue`. */
export function createConnectionStore(
  queue: ElicitationQueue,
  storeOptions: ConnectionStoreOptions = {},
): ConnectionStore {
  const relayOrigin = storeOptions.relayOrigin ?? globalThis.location?.origin ?? 'http://127.0.0.1';
  let servers: readonly ServerConnection[] = [];
  let log: readonly LogEntry[] = [];
  let nextId = 1;
  let nextLogId = 1;
  const live = new Map<string, Live>();
  const listeners = new Set<() => void>();
  const logListeners = new Set<() => void>();

  const emit = (): void => {
    for (const listener of listeners) {
      listener();
    }
  };
  const update = (id: string, patch: Partial<ServerConnection>): ServerConnection | undefined => {
    let updated: ServerConnection | undefined;
    servers = servers.map((server) => {
      if (server.id !== id) {
        return server;
      }
      updated = { ...server, ...patch };
      return updated;
    });
    emit();
    return updated;
  };
  const nameOf = (id: string): string => servers.find((server) => server.id === id)?.name ?? id;
  const append = (entry: Omit<LogEntry, 'id' | 'at'>): void => {
    log = [...log, { id: nextLogId++, at: Date.now(), ...entry }].slice(-500);
    for (const listener of logListeners) {
      listener();
    }
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => servers,
    subscribeLog(listener) {
      logListeners.add(listener);
      return () => logListeners.delete(listener);
    },
    getLog: () => log,
    clearLog() {
      log = [];
      for (const listener of logListeners) {
        listener();
      }
    },

    async connect(url, options = {}) {
      const viaRelay = options.viaRelay ?? false;
      const eraChoice = options.era ?? 'auto';
      const modes = options.modes ?? { form: true, url: true };
      const id = `server-${nextId++}`;
      const entry: ServerConnection = {
        id,
        url,
        viaRelay,
        eraChoice,
        modes,
        status: 'connecting',
        name: hostOf(url),
        tools: [],
      };
      servers = [...servers, entry];
      emit();

      let endpoint: URL;
      try {
        endpoint = transportUrl(url, viaRelay, relayOrigin);
      } catch (error) {
        append({ server: entry.name, kind: 'error', label: 'connect', text: `Not a URL: ${url}` });
        return update(id, { status: 'failed', error: `Not a valid URL: ${describeError(error)}` }) ?? entry;
      }

      const client = new Client(
        { name: 'elicitation-kit-demo-host', version: '0.1.0' },
        { versionNegotiation: { mode: negotiationFor(eraChoice) } },
      );
      // Declaring no mode at all means no elicitation capability: servers then answer -32021 (modern) or an error.
      const attachment =
        modes.form || modes.url
          ? attachElicitation(client, {
              queue,
              modes,
              server: { id, url },
              onEvent: (event: ElicitationEvent) => {
                const resendable = event.type === 'undelivered' && canResend(event.error);
                if (resendable) {
                  state.undelivered.add(event.entry.id);
                }
                append({
                  server: nameOf(id),
                  kind: 'elicitation',
                  ...describeEvent(event),
                  ...(resendable ? { resend: { serverId: id, entryId: event.entry.id } } : {}),
                });
              },
            })
          : undefined;
      const state: Live = { client, attachment, closing: false, calls: 0, undelivered: new Set() };
      live.set(id, state);
      // A transport error while a call runs (e.g. the network was down when the user answered a 2025 server: the
      // SDK does not resend a response) would otherwise leave only "Waiting for the server…". Idle errors (a
      // background stream reconnecting) are logged without a notice.
      // oxlint-disable-next-line unicorn/prefer-add-event-listener
      client.onerror = (error) => {
        if (state.closing) return;
        const text = describeError(error);
        append({
          server: nameOf(id),
          kind: 'error',
          label: 'transport',
          text,
          // An answer the kit kept for resending has its own notice (with "Send again"): do not cover it.
          ...(state.calls > 0 && state.undelivered.size === 0
            ? {
                notice: `Lost contact with ${nameOf(id)} (${text}). An answer you just gave may not have arrived: press Stop and run the tool again.`,
              }
            : {}),
        });
      };
      // The SDK's Protocol exposes close as a callback property only (no addEventListener).
      // oxlint-disable-next-line unicorn/prefer-add-event-listener
      client.onclose = () => {
        live.delete(id);
        if (!state.closing) {
          append({ server: nameOf(id), kind: 'connection', label: 'closed', text: 'The connection closed.' });
          update(id, { status: 'closed' });
        }
      };

      try {
        await client.connect(new StreamableHTTPClientTransport(endpoint));
        if (state.closing) {
          // Disconnected while the handshake ran: do not keep a connection nobody shows.
          await client.close().catch(() => undefined);
          return entry;
        }
        const info = client.getServerVersion();
        const era = client.getProtocolEra();
        const protocolVersion = client.getNegotiatedProtocolVersion();
        const identity = {
          name: info?.name ?? hostOf(url),
          ...(info?.title !== undefined ? { title: info.title } : {}),
          ...(info?.version !== undefined ? { version: info.version } : {}),
        };
        update(id, {
          status: 'connected',
          ...identity,
          ...(era !== undefined ? { era } : {}),
          ...(protocolVersion !== undefined ? { protocolVersion } : {}),
        });
        append({
          server: identity.name,
          kind: 'connection',
          label: 'connected',
          text: `${url}${viaRelay ? ' via relay' : ''} · ${era ?? '?'} era · ${protocolVersion ?? 'unknown version'}`,
        });
        const { tools } = await client.listTools();
        return update(id, { tools }) ?? entry;
      } catch (error) {
        if (state.closing) {
          // The user disconnected meanwhile: the failure is the disconnect itself.
          return entry;
        }
        state.closing = true;
        attachment?.detach();
        live.delete(id);
        await client.close().catch(() => undefined);
        const message = describeError(error);
        append({ server: nameOf(id), kind: 'error', label: 'connect', text: message });
        return update(id, { status: 'failed', error: message }) ?? entry;
      }
    },

    async resend(serverId, entryId) {
      const state = live.get(serverId);
      const sent = (await state?.attachment?.resend(entryId)) ?? false;
      if (sent) {
        state?.undelivered.delete(entryId);
        append({
          server: nameOf(serverId),
          kind: 'elicitation',
          label: 'sent again',
          text: 'The answer was sent again.',
          notice: `Your answer to ${nameOf(serverId)} was sent again.`,
        });
      } else {
        append({
          server: nameOf(serverId),
          kind: 'error',
          label: 'resend',
          text: 'The answer could not be sent again.',
          ...(state?.undelivered.has(entryId) === true
            ? {
                notice: `Still no contact with ${nameOf(serverId)}: your answer was not sent. Try again.`,
                resend: { serverId, entryId },
              }
            : {}),
        });
      }
      return sent;
    },

    async disconnect(id) {
      const state = live.get(id);
      live.delete(id);
      if (state !== undefined) {
        state.closing = true;
        state.attachment?.detach();
        await state.client.close().catch(() => undefined);
        append({ server: nameOf(id), kind: 'connection', label: 'disconnected', text: 'Disconnected by the user.' });
      }
      servers = servers.filter((server) => server.id !== id);
      emit();
    },

    async callTool(id, name, args, options = {}) {
      const state = live.get(id);
      if (state === undefined) {
        throw new Error('This server is not connected.');
      }
      append({ server: nameOf(id), kind: 'tool', label: 'call', text: `${name} ${JSON.stringify(args)}` });
      state.calls += 1;
      try {
        const result = await state.client.callTool(
          { name, arguments: args },
          {
            timeout: CALL_TIMEOUT_MS,
            resetTimeoutOnProgress: true,
            ...(options.signal !== undefined ? { signal: options.signal } : {}),
            ...(options.onProgress !== undefined ? { onprogress: options.onProgress } : {}),
          },
        );
        append({
          server: nameOf(id),
          kind: 'tool',
          label: result.isError === true ? 'error result' : 'result',
          text: name,
        });
        return result;
      } catch (error) {
        append({ server: nameOf(id), kind: 'error', label: 'call failed', text: `${name}: ${describeError(error)}` });
        throw error;
      } finally {
        state.calls -= 1;
        // With no call waiting, an answer kept for resending answers nothing: lost contact is news again.
        if (state.calls === 0) {
          state.undelivered.clear();
        }
      }
    },

    surfaceUrlRequired(id, error) {
      const state = live.get(id);
      return state?.attachment === undefined ? 0 : state.attachment.surfaceUrlRequired(error).length;
    },
  };
}
