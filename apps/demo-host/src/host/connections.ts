// The host's MCP connections: one SDK v2 Client per server, all feeding one elicitation queue. This file owns the
// connection lifecycle (connect, disconnect, calls, resend); the log lives in log-store.ts and its wording in
// events.ts. Framework-free (subscribe/getSnapshot), so React reads it with useSyncExternalStore.
import { PROTOCOL_VERSIONS, eraOf } from '@elicitation-kit/core';
import type { ElicitationQueue, ProtocolEra, ServerIdentity } from '@elicitation-kit/core';
import { readServerIdentity } from '@elicitation-kit/mcp';
import { attachElicitation } from '@elicitation-kit/mcp/sdk-v2';
import type { ElicitationAttachment } from '@elicitation-kit/mcp/sdk-v2';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult, Progress, Tool } from '@modelcontextprotocol/client';
import { loadPublicSuffixList } from '../shared/public-suffix.js';
import { explainConnectError, httpStatusOf, needsProbe, probeReachability, quote } from './connect-error.js';
import { describeError, describeEvent } from './events.js';
import { createLogStore } from './log-store.js';
import type { LogEntry } from './log-store.js';
import { transportUrl } from './relay-url.js';
import { signIn, signInStatus, signOut } from './sign-in.js';
import type { RegisteredClient, SignInOffer } from './sign-in.js';
import { recordWire, type WireMessage } from './wire.js';

/** How the client picks the protocol era: negotiate (`auto`, the default), or force one. */
export type EraChoice = 'auto' | ProtocolEra;

/** The revision pinned when the user forces the modern era: the newest 2026-era revision core knows. */
const MODERN_REVISION = PROTOCOL_VERSIONS.findLast((version) => eraOf(version) === 'modern');

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
function negotiationFor(era: EraChoice): 'auto' | 'legacy' | { pin: string } {
  switch (era) {
    case 'auto':
      return 'auto';
    case 'legacy':
      return 'legacy';
    case 'modern':
      return MODERN_REVISION === undefined ? 'auto' : { pin: MODERN_REVISION };
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
  /** The kit's `ServerIdentity.name` once connected (the URL's host until then). */
  name: string;
  title?: string;
  version?: string;
  era?: ProtocolEra;
  protocolVersion?: string;
  tools: readonly Tool[];
  /**
   * Set when the server asked for sign-in (HTTP 401 through the relay): who signs in, for which scopes, and whether
   * the relay holds tokens of this browser for it.
   */
  signIn?: SignInOffer;
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
  /**
   * Lists a new card for `url` (status `connecting`, last in the snapshot) before it returns, then connects; resolves
   * with the card as it ended (connected, or failed with a sentence in `error`).
   */
  connect(url: string, options?: ConnectOptions): Promise<ServerConnection>;
  disconnect(id: string): Promise<void>;
  /**
   * Sends again an answer that did not arrive (2025 sessions, after an `undelivered` event the kit marked
   * `canResend`). Resolves whether it went out; either way the log (and a notice) says so.
   */
  resend(serverId: string, entryId: string): Promise<boolean>;
  /**
   * Runs a tool through the kit's `callTool`: the SDK's default timeout (60 s) for the server's work, while the time
   * the user spends answering its elicitations does not count; progress starts the timeout afresh.
   */
  callTool(id: string, name: string, args: Record<string, unknown>, options?: CallOptions): Promise<CallToolResult>;
  /** Turns a `-32042` error of a tool call into URL elicitations in the queue (empty when it is not one). */
  surfaceUrlRequired(id: string, error: unknown): Promise<number>;
  /**
   * Signs in to a server that asked for it (its card has `signIn`), through the relay: `popup` (opened by the user's
   * click) shows the authorization server; once the relay has the tokens the card connects again. `client`: a client
   * the user registered with the server's owner (the relay keeps it; else the relay registers one dynamically).
   */
  signIn(id: string, popup: Window | null, client?: RegisteredClient): Promise<void>;
  /** Signs out of a server (the relay revokes and forgets its tokens) and disconnects it. */
  signOut(id: string): Promise<void>;
}

interface Live {
  client: Client;
  /** Absent when the client declared no elicitation capability. */
  attachment: ElicitationAttachment | undefined;
  closing: boolean;
  /** Tool calls in flight: a transport error then may have cost an answer, and the user must be told. */
  calls: number;
}

/** How many JSON-RPC messages one log line keeps (the oldest go first); the log keeps 500 lines. */
const WIRE_LIMIT = 50;

/** The host of a URL, shown as the server's name until it says its own. */
function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url;
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
  const log = createLogStore();
  let servers: readonly ServerConnection[] = [];
  let nextId = 1;
  const live = new Map<string, Live>();
  const listeners = new Set<() => void>();

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
  /** Each server's JSON-RPC messages since its last log line: the next line of that server carries them. */
  const wire = new Map<string, { messages: WireMessage[]; omitted: number }>();
  const recordFor =
    (id: string) =>
    (message: WireMessage): void => {
      const pending = wire.get(id) ?? { messages: [], omitted: 0 };
      pending.messages.push(message);
      if (pending.messages.length > WIRE_LIMIT) {
        pending.messages.shift();
        pending.omitted += 1;
      }
      wire.set(id, pending);
    };
  /** Appends a line of server `id`, with the messages that crossed its wire since its line before. */
  const append = (id: string, line: Omit<LogEntry, 'id' | 'at' | 'server' | 'wire' | 'wireOmitted'>): void => {
    const pending = wire.get(id);
    wire.delete(id);
    log.append({
      server: nameOf(id),
      ...line,
      ...(pending === undefined ? {} : { wire: pending.messages }),
      ...(pending !== undefined && pending.omitted > 0 ? { wireOmitted: pending.omitted } : {}),
    });
  };
  /** Whether the kit keeps an answer of this server for resending (it has its own notice, with "Send again"). */
  const keptAnswers = (state: Live | undefined): readonly { id: string }[] => state?.attachment?.undelivered() ?? [];

  /** Connects the card `entry` (new, or again after a sign-in); resolves with the card as it ended. */
  async function open(entry: ServerConnection): Promise<ServerConnection> {
    const { id, url, viaRelay, eraChoice, modes } = entry;
    // What the host knows about the server; the kit merges the server's own serverInfo over it.
    const known: Pick<ServerIdentity, 'id' | 'url'> = { id, url };
    let endpoint: URL;
    try {
      endpoint = transportUrl(url, viaRelay, relayOrigin);
    } catch (error) {
      append(id, { kind: 'error', label: 'connect', text: `Not a URL: ${url}` });
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
            server: known,
            // Sites by the real Public Suffix List, loaded by the first URL-mode request (a chunk of its own): a link
            // to another tenant of a shared host is flagged.
            publicSuffixList: loadPublicSuffixList,
            onEvent: (event) => append(id, { kind: 'elicitation', ...describeEvent(event) }),
          })
        : undefined;
    const state: Live = { client, attachment, closing: false, calls: 0 };
    live.set(id, state);
    // A transport error while a call runs (e.g. the network was down when the user answered a 2025 server: the
    // SDK does not resend a response) would otherwise leave only "Waiting for the server…". Idle errors (a
    // background stream reconnecting) are logged without a notice.
    // oxlint-disable-next-line unicorn/prefer-add-event-listener
    client.onerror = (error) => {
      if (state.closing) return;
      const text = describeError(error);
      append(id, {
        kind: 'error',
        label: 'transport',
        text,
        // An answer the kit kept for resending has its own notice (with "Send again"): do not cover it.
        ...(state.calls > 0 && keptAnswers(state).length === 0
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
        append(id, { kind: 'connection', label: 'closed', text: 'The connection closed.' });
        update(id, { status: 'closed' });
      }
    };

    try {
      await client.connect(recordWire(new StreamableHTTPClientTransport(endpoint), recordFor(id)));
      if (state.closing) {
        // Disconnected while the handshake ran: do not keep a connection nobody shows.
        await client.close().catch(() => undefined);
        return entry;
      }
      const { name, title, version } = readServerIdentity(client, known);
      const era = client.getProtocolEra();
      const protocolVersion = client.getNegotiatedProtocolVersion();
      update(id, {
        status: 'connected',
        name,
        ...(title !== undefined ? { title } : {}),
        ...(version !== undefined ? { version } : {}),
        ...(era !== undefined ? { era } : {}),
        ...(protocolVersion !== undefined ? { protocolVersion } : {}),
      });
      append(id, {
        kind: 'connection',
        label: 'connected',
        text: `${url}${viaRelay ? ' via relay' : ''} · ${era ?? '?'} era · ${protocolVersion ?? 'unknown version'}`,
      });
      const { tools } = await client.listTools();
      if (viaRelay && entry.signIn === undefined) {
        // A sign-in the relay remembers from earlier in this browser session connects straight away: show it (and
        // its Sign out). A server without sign-in has no metadata, and the relay says so: nothing to show.
        void signInStatus(relayOrigin, url).then(
          (offer) => offer.signedIn && live.get(id) === state && update(id, { signIn: offer }),
          () => undefined,
        );
      }
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
      // A bare network failure is "nothing answers" or "blocked by CORS" alike: ask the server directly.
      const reach = !viaRelay && needsProbe(error) ? await probeReachability(url) : 'unknown';
      const raw = describeError(error);
      const target = { url, viaRelay, relayOrigin, pinnedModern: eraChoice === 'modern' };
      const message = explainConnectError(error, target, reach) ?? raw;
      // The log keeps the SDK's own words after the sentence, for developers.
      append(id, { kind: 'error', label: 'connect', text: message === raw ? raw : `${message} (${quote(raw)})` });
      if (viaRelay && httpStatusOf(error) === 401) {
        // Who signs in, for which scopes: the relay reads the server's protected resource metadata.
        const offer = await signInStatus(relayOrigin, url).catch((reason: unknown) =>
          reason instanceof Error ? reason : new Error(String(reason)),
        );
        if (!(offer instanceof Error)) {
          return update(id, { status: 'failed', error: message, signIn: { ...offer, signedIn: false } }) ?? entry;
        }
        const text = `The server requires authorization (HTTP 401), but it names no authorization server to sign in at: ${describeError(offer)}`;
        append(id, { kind: 'error', label: 'sign-in', text });
        return update(id, { status: 'failed', error: text }) ?? entry;
      }
      return update(id, { status: 'failed', error: message }) ?? entry;
    }
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => servers,
    subscribeLog: log.subscribe,
    getLog: log.getLog,
    clearLog: log.clear,

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
      return open(entry);
    },

    async signIn(id, popup, client) {
      const server = servers.find((candidate) => candidate.id === id);
      if (server?.signIn === undefined) {
        popup?.close();
        return;
      }
      append(id, { kind: 'connection', label: 'sign-in', text: `Signing in at ${server.signIn.authorizationServer}…` });
      let outcome;
      try {
        outcome = await signIn(relayOrigin, server.url, popup, client);
      } catch (error) {
        const text = `The sign-in failed: ${describeError(error)}`;
        append(id, { kind: 'error', label: 'sign-in', text });
        update(id, { error: text });
        return;
      }
      if (outcome !== 'signed-in') {
        const text =
          outcome === 'blocked'
            ? 'The browser blocked the sign-in window: allow pop-ups for this page and press Sign in again.'
            : 'The sign-in window was closed before the sign-in finished.';
        append(id, { kind: 'error', label: 'sign-in', text });
        update(id, { error: text });
        return;
      }
      append(id, {
        kind: 'connection',
        label: 'signed in',
        text: `Signed in at ${server.signIn.authorizationServer}.`,
      });
      // The card connects again, without the failure it showed.
      const { error: _shown, ...card } = server;
      const again: ServerConnection = { ...card, status: 'connecting', signIn: { ...server.signIn, signedIn: true } };
      servers = servers.map((candidate) => (candidate.id === id ? again : candidate));
      emit();
      await open(again);
    },

    async signOut(id) {
      const server = servers.find((candidate) => candidate.id === id);
      if (server === undefined) {
        return;
      }
      try {
        await signOut(relayOrigin, server.url);
        append(id, { kind: 'connection', label: 'signed out', text: `Signed out of ${server.url}.` });
      } catch (error) {
        append(id, { kind: 'error', label: 'sign-out', text: `The sign-out failed: ${describeError(error)}` });
      }
      await this.disconnect(id);
    },

    async resend(serverId, entryId) {
      const state = live.get(serverId);
      const sent = (await state?.attachment?.resend(entryId)) ?? false;
      if (sent) {
        append(serverId, {
          kind: 'elicitation',
          label: 'sent again',
          text: 'The answer was sent again.',
          notice: `Your answer to ${nameOf(serverId)} was sent again.`,
        });
        return true;
      }
      // The kit still keeps it when sending failed again: offer another try.
      const stillKept = keptAnswers(state).some((kept) => kept.id === entryId);
      append(serverId, {
        kind: 'error',
        label: 'resend',
        text: 'The answer could not be sent again.',
        ...(stillKept
          ? {
              notice: `Still no contact with ${nameOf(serverId)}: your answer was not sent. Try again.`,
              resend: { serverId, entryId },
            }
          : {}),
      });
      return false;
    },

    async disconnect(id) {
      const state = live.get(id);
      live.delete(id);
      if (state !== undefined) {
        state.closing = true;
        state.attachment?.detach();
        await state.client.close().catch(() => undefined);
        append(id, {
          kind: 'connection',
          label: 'disconnected',
          text: 'Disconnected by the user.',
        });
      }
      servers = servers.filter((server) => server.id !== id);
      emit();
    },

    async callTool(id, name, args, options = {}) {
      const state = live.get(id);
      if (state === undefined) {
        throw new Error('This server is not connected.');
      }
      append(id, { kind: 'tool', label: 'call', text: `${name} ${JSON.stringify(args)}` });
      state.calls += 1;
      try {
        // The kit's callTool takes the SDK's options; without an elicitation capability nothing waits for the user.
        const result = await (state.attachment ?? state.client).callTool(
          { name, arguments: args },
          {
            resetTimeoutOnProgress: true,
            ...(options.signal !== undefined ? { signal: options.signal } : {}),
            ...(options.onProgress !== undefined ? { onprogress: options.onProgress } : {}),
          },
        );
        append(id, {
          kind: 'tool',
          label: result.isError === true ? 'error result' : 'result',
          text: name,
        });
        return result;
      } catch (error) {
        append(id, {
          kind: 'error',
          label: 'call failed',
          text: `${name}: ${describeError(error)}`,
        });
        throw error;
      } finally {
        state.calls -= 1;
      }
    },

    async surfaceUrlRequired(id, error) {
      const state = live.get(id);
      return state?.attachment === undefined ? 0 : (await state.attachment.surfaceUrlRequired(error)).length;
    },
  };
}
