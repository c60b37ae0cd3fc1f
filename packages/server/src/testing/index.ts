/**
 * @elicitation-kit/server/testing: the guide's step 7 ("test every outcome") as one call. Runs a tool through a real
 * SDK v2 client (`@modelcontextprotocol/client`) and server, in memory, in both eras: accept with valid content,
 * accept with invalid content, decline, cancel, and a client without the capability. Reports what the client was
 * asked, what the call returned, what the operation saw, and the outcome records.
 * @packageDocumentation
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/client';
import { createMcpHandler, InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import type { CallToolResult, Implementation } from '@modelcontextprotocol/server';
import type { ProtocolEra } from '../protocol.js';
import type { OutcomeRecord } from '../records.js';
import { createElicitationServer } from '../server.js';
import type { ElicitationServer, ElicitationServerOptions } from '../server.js';
import type { ElicitationTool, Questions, ToolCall, ToolSpec } from '../tool.js';

/** The outcomes {@link runEveryOutcome} plays, in order. */
export const OUTCOME_CASES = ['accept-valid', 'accept-invalid', 'decline', 'cancel', 'no-capability'] as const;

/** One outcome {@link runEveryOutcome} plays. */
export type OutcomeCase = (typeof OUTCOME_CASES)[number];

/** The params of one `elicitation/create` the client received. */
export type ReceivedElicitParams = ElicitRequest['params'];

/** Answers one `elicitation/create` on the client side. */
export type ClientAnswer = (params: ReceivedElicitParams) => ElicitResult | Promise<ElicitResult>;

/** Which modes the test client declares; `null` declares no `elicitation` capability at all. */
export type TestClientModes = { form?: boolean; url?: boolean } | null;

/** Options of {@link connectInMemory}. */
export interface ConnectInMemoryOptions {
  /** The era to speak. */
  era: ProtocolEra;
  /** Builds the server (register the kit's tools on it). Called per request (modern) or once (legacy). */
  server: () => McpServer | Promise<McpServer>;
  /** Answers every `elicitation/create`. Without it the client declares the capability but never answers. */
  answer?: ClientAnswer;
  /** The modes declared. @default { form: true, url: true } */
  modes?: TestClientModes;
  /**
   * 2026-07-28: leave `input_required` rounds to the caller (the SDK client's `autoFulfill: false`): `callTool(…, {
   * allowInputRequired: true })` then resolves with the round, and a retry is the caller's to send (or replay).
   * @default false
   */
  manualRounds?: boolean;
}

/** A connected in-memory client. */
export interface InMemoryConnection {
  readonly client: Client;
  /** Closes the client and the server side. */
  close(): Promise<void>;
}

const CLIENT_INFO = { name: 'elicitation-kit-testing', version: '1.0.0' };
/** A URL nothing resolves: the modern client's transport calls the handler directly. */
const IN_MEMORY_URL = 'http://in-memory.invalid/mcp';

function capabilities(modes: TestClientModes): {
  elicitation?: { form?: Record<string, never>; url?: Record<string, never> };
} {
  if (modes === null) {
    return {};
  }
  return {
    elicitation: {
      ...(modes.form === false ? {} : { form: {} }),
      ...(modes.url === false ? {} : { url: {} }),
    },
  };
}

/**
 * Connects a real SDK client to a server without sockets: 2025 over the SDK's linked `InMemoryTransport` pair
 * (a session: the server pushes `elicitation/create`), 2026-07-28 over Streamable HTTP whose `fetch` calls a
 * `createMcpHandler` directly (stateless rounds; the client fulfils them and retries by itself).
 */
export async function connectInMemory(options: ConnectInMemoryOptions): Promise<InMemoryConnection> {
  const modes = options.modes === undefined ? {} : options.modes;
  const client = new Client(CLIENT_INFO, {
    capabilities: capabilities(modes),
    ...(options.era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {}),
    ...(options.manualRounds === true ? { inputRequired: { autoFulfill: false } } : {}),
  });
  const answer = options.answer;
  // The SDK refuses a handler for a capability the client does not declare.
  if (answer !== undefined && modes !== null) {
    client.setRequestHandler('elicitation/create', (request) => answer(request.params));
  }
  if (options.era === 'legacy') {
    const server = await options.server();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    return {
      client,
      async close() {
        await client.close();
        await server.close();
      },
    };
  }
  const handler = createMcpHandler(() => options.server(), { legacy: 'reject' });
  const transport = new StreamableHTTPClientTransport(new URL(IN_MEMORY_URL), {
    fetch: (input, init) => handler.fetch(new Request(input, init)),
  });
  await client.connect(transport);
  return {
    client,
    async close() {
      await client.close();
      await handler.close();
    },
  };
}

/** What the operation received in one call, or that it never ran. */
export type OperationSeen =
  | { called: false }
  | { called: true; style: 'run' | 'accept'; received: Record<string, unknown>; args: unknown };

/** How one outcome went. */
export interface CaseReport {
  /** The tool result, when the call completed. */
  result?: CallToolResult;
  /** The protocol error, when the call failed (e.g. `-32021` on 2026-07-28 without the capability). */
  error?: { code: number | undefined; message: string; data?: unknown };
  /** What the operation saw. */
  operation: OperationSeen;
  /** Every `elicitation/create` the client received, in order. */
  asked: ReceivedElicitParams[];
  /** The kit's records of the call. */
  records: OutcomeRecord[];
}

/** Every outcome in every era played. */
export type EveryOutcomeReport = Record<ProtocolEra, Record<OutcomeCase, CaseReport>>;

/** Content per question key (form questions). */
export type ContentByKey<Qs extends Questions> = { [K in keyof Qs]?: Record<string, unknown> };

/** Options of {@link runEveryOutcome}. */
export interface EveryOutcomeOptions<Qs extends Questions> {
  /** Content that passes the form's checks, per form question. */
  valid: ContentByKey<Qs>;
  /** Content that must be refused, per form question (questions without one get their valid content). */
  invalid: ContentByKey<Qs>;
  /** The tool's arguments. @default {} */
  arguments?: Record<string, unknown>;
  /** The eras to play. @default ['legacy', 'modern'] */
  eras?: readonly ProtocolEra[];
  /** Kit options (round store, request-state key, legacy timeout). The outcome hook is the helper's own. */
  kit?: Omit<ElicitationServerOptions, 'onOutcome'>;
  /** The test server's identity. */
  serverInfo?: Implementation;
  /**
   * URL questions: finishes the out-of-band step for a flow, given its URL (called when the client accepts, before
   * it answers). Required when the tool asks a URL question.
   */
  completeUrl?: (url: string) => void | Promise<void>;
  /**
   * Which question a request answers. By default by its `message` (the static questions' messages must be
   * distinct); give this for tools that build their questions per call.
   */
  keyOf?: (params: ReceivedElicitParams) => string | undefined;
}

const DEFAULT_SERVER_INFO: Implementation = { name: 'elicitation-kit-testing-server', version: '1.0.0' };
const ERAS: readonly ProtocolEra[] = ['legacy', 'modern'];

/** The same tool, with its operation observed. */
function observed(tool: ElicitationTool, seen: { current: OperationSeen }): ElicitationTool {
  const spec = tool.spec;
  const record = (style: 'run' | 'accept', received: Record<string, unknown>, call: ToolCall<unknown>): void => {
    seen.current = { called: true, style, received: structuredClone(received), args: structuredClone(call.args) };
  };
  const handler: ToolSpec['handler'] =
    spec.handler.style === 'run'
      ? {
          style: 'run',
          run: ((run) => (answers, call) => {
            record('run', answers, call);
            return run(answers, call);
          })(spec.handler.run),
        }
      : {
          style: 'accept',
          accept: ((accept) => (content, call) => {
            record('accept', content, call);
            return accept(content, call);
          })(spec.handler.accept),
        };
  return { name: tool.name, spec: { ...spec, handler } };
}

function errorOf(error: unknown): NonNullable<CaseReport['error']> {
  const { code, message, data } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    message?: unknown;
    data?: unknown;
  };
  return {
    code: typeof code === 'number' ? code : undefined,
    message: typeof message === 'string' ? message : String(error),
    ...(data === undefined ? {} : { data }),
  };
}

/**
 * Plays every outcome of `tool` in every era, each through a fresh kit, server and real SDK client:
 * `accept-valid`, `accept-invalid`, `decline`, `cancel` and `no-capability`.
 * @example
 * const report = await runEveryOutcome(exportData, {
 *   valid: { export_options: { format: 'csv', maxRows: 10 } },
 *   invalid: { export_options: { format: 'csv', maxRows: 0 } },
 * });
 * expect(report.modern['accept-invalid'].operation.called).toBe(false);
 */
export async function runEveryOutcome<Qs extends Questions>(
  tool: ElicitationTool<Qs, unknown>,
  options: EveryOutcomeOptions<Qs>,
): Promise<EveryOutcomeReport> {
  const messages = new Map<string, string>();
  const statics = tool.spec.questions;
  if (typeof statics !== 'function') {
    for (const [key, question] of Object.entries(statics)) {
      messages.set(question.message, key);
    }
  }
  const keyOf = options.keyOf ?? ((params: ReceivedElicitParams) => messages.get(params.message));
  const valid = options.valid as Record<string, Record<string, unknown> | undefined>;
  const invalid = options.invalid as Record<string, Record<string, unknown> | undefined>;

  const play = async (era: ProtocolEra, outcomeCase: OutcomeCase): Promise<CaseReport> => {
    const records: OutcomeRecord[] = [];
    const seen: { current: OperationSeen } = { current: { called: false } };
    const kit: ElicitationServer = createElicitationServer({
      ...options.kit,
      onOutcome: (entry) => records.push(entry),
    });
    const watched = observed(tool as ElicitationTool, seen);
    const asked: ReceivedElicitParams[] = [];
    const answer: ClientAnswer = async (params) => {
      asked.push(params);
      if (outcomeCase === 'decline') {
        return { action: 'decline' };
      }
      if (outcomeCase === 'cancel') {
        return { action: 'cancel' };
      }
      if (params.mode === 'url') {
        await options.completeUrl?.(params.url);
        return { action: 'accept' };
      }
      const key = keyOf(params);
      const content =
        (outcomeCase === 'accept-invalid' ? (invalid[key ?? ''] ?? valid[key ?? '']) : valid[key ?? '']) ?? {};
      return {
        action: 'accept',
        content: content as NonNullable<Extract<ElicitResult, { action: 'accept' }>['content']>,
      };
    };
    const connection = await connectInMemory({
      era,
      server: () => {
        const server = new McpServer(options.serverInfo ?? DEFAULT_SERVER_INFO, { requestState: kit.requestState });
        kit.register(server, [watched]);
        return server;
      },
      answer,
      modes: outcomeCase === 'no-capability' ? null : { form: true, url: true },
    });
    try {
      const result = (await connection.client.callTool({
        name: tool.name,
        arguments: options.arguments ?? {},
      })) as CallToolResult;
      return { result, operation: seen.current, asked, records };
    } catch (error) {
      return { error: errorOf(error), operation: seen.current, asked, records };
    } finally {
      await connection.close();
    }
  };

  const report = {} as EveryOutcomeReport;
  for (const era of options.eras ?? ERAS) {
    const cases = {} as Record<OutcomeCase, CaseReport>;
    for (const outcomeCase of OUTCOME_CASES) {
      cases[outcomeCase] = await play(era, outcomeCase);
    }
    report[era] = cases;
  }
  return report;
}
