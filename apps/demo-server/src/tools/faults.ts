// Fault tools: a server that misbehaves on purpose, so hosts (and the e2e suite) can see what the kit does when a
// server is slow, withdraws its question, floods the client or replays a request. They are ordinary kit tools: the
// kit's hooks (`prepare`, `withdrawAfterMs`, `onAsked`, dynamic questions) carry the misbehaviour.
import { defineTool, formQuestion, toolArguments, toolResult } from '@elicitation-kit/server';
import type { ToolCall } from '@elicitation-kit/server';
import type { DemoLogger } from '../log.js';
import { exportFacts, exportQuestion } from './export.js';

/** Stable names of the fault tools, in listing order (after the demo tools). */
export const FAULT_TOOL_NAMES = ['slow-export', 'cancel-midway', 'flood', 'replay-check'] as const;

/**
 * The host kit's default per-server limit on pending elicitations (`DEFAULT_MAX_PENDING_PER_SERVER` of
 * @elicitation-kit/mcp). A plain number on purpose: the demo server does not depend on the host kit;
 * packages/mcp/src/sdk-v2/demo-server.test.ts checks that this description still names the kit's value.
 */
const KIT_PENDING_LIMIT = 20;

/** How many questions a flood asks by default: within a host's per-server limit, so the defaults work in both eras. */
const DEFAULT_FLOOD = 12;

/** Most a flood may ask for: far above a host's per-server limit, so its refusal can be shown. */
export const MAX_FLOOD = 500;

/** What the fault tools need from their server. */
export interface FaultEnvironment {
  log: DemoLogger;
  /**
   * 2025 sessions: sends the last `elicitation/create` of the session again, byte for byte (same JSON-RPC id), on the
   * same stream. Resolves `false` when there is none (or without test instrumentation).
   */
  replayLastElicitation: (sessionId: string | undefined) => Promise<boolean>;
}

const REFUSED = {
  declined: 'Export not started: you declined.',
  cancelled: 'Export cancelled: the dialog was dismissed.',
};

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** The fault tools of one server. */
export function faultTools(env: FaultEnvironment) {
  const slowExport = defineTool({
    name: 'slow-export',
    title: 'Slow export (progress, then a form)',
    description:
      'Works for `seconds` (default 3, at most 30) before asking for the export options, sending a progress notification every half second when the client asked for progress. Then the export form of export-data; the answer is used once.',
    arguments: toolArguments({
      type: 'object',
      properties: { seconds: { type: 'number', minimum: 0, maximum: 30, default: 3 } },
    }),
    questions: { export_options: exportQuestion('The export is ready to run: how should it be produced?') },
    // The slow part runs before asking, never on the retry that answers (2026), so it runs once per question.
    prepare: async ({ args: { seconds }, ctx, signal, era, tool }) => {
      // oxlint-disable-next-line no-underscore-dangle -- `_meta` is the protocol's own field name
      const token = ctx.mcpReq._meta?.progressToken;
      const steps = Math.max(1, Math.round(seconds * 2));
      env.log({ tool, era, action: 'waiting', detail: { seconds } });
      for (let index = 1; index <= steps; index += 1) {
        await sleep((seconds * 1000) / steps, signal);
        if (token !== undefined) {
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: {
              progressToken: token,
              progress: index,
              total: steps,
              message: `Preparing the export (${index}/${steps})`,
            },
          });
        }
      }
    },
    resultFields: ({ args: { seconds } }) => ({ seconds }),
    messages: REFUSED,
    accept: ({ export_options }, { args: { seconds }, note }) => {
      const facts = exportFacts(export_options);
      note(facts);
      return toolResult({ status: 'completed', seconds, ...facts });
    },
  });

  const cancelMidway = defineTool({
    name: 'cancel-midway',
    title: 'Cancel midway (the server withdraws its question)',
    description:
      'Asks for the export options, then withdraws the question after `afterMs` (default 1500). 2025: the elicitation/create is aborted, so the client receives notifications/cancelled and must close the dialog. 2026-07-28: nothing can reach the client while it holds the question, so an answer that arrives after the deadline is refused ("withdrawn"), never used.',
    arguments: toolArguments({
      type: 'object',
      properties: { afterMs: { type: 'integer', minimum: 0, maximum: 60_000, default: 1500 } },
    }),
    questions: { export_options: exportQuestion('Export options (this question is withdrawn after a moment).') },
    withdrawAfterMs: ({ args: { afterMs } }) => afterMs,
    resultFields: ({ args: { afterMs } }) => ({ afterMs }),
    messages: REFUSED,
    accept: ({ export_options }, { args: { afterMs }, note }) => {
      const facts = exportFacts(export_options);
      note(facts);
      return toolResult({ status: 'completed', afterMs, ...facts });
    },
  });

  const flood = defineTool({
    name: 'flood',
    title: 'Flood (many questions at once)',
    description: `Asks \`count\` small questions at once (default ${DEFAULT_FLOOD}, at most ${MAX_FLOOD}): 2025: that many concurrent elicitation/create requests, each settled on its own (answers and refusals are counted); 2026-07-28: one round with that many inputRequests. Counts above the host's per-server limit (${KIT_PENDING_LIMIT} in the kit's default) are refused by a correct host with -32602 'too-many-pending': on 2025 each request beyond the limit, on 2026-07-28 the whole round.`,
    arguments: toolArguments({
      type: 'object',
      properties: { count: { type: 'integer', minimum: 1, maximum: MAX_FLOOD, default: DEFAULT_FLOOD } },
    }),
    // Built per call (and checked as built): the number of questions is an argument.
    questions: ({ args: { count } }) =>
      Object.fromEntries(
        Array.from({ length: count }, (_, index) => [
          `q${index + 1}`,
          formQuestion({
            message: `Flood question ${index + 1} of ${count}`,
            requestedSchema: {
              type: 'object',
              properties: { note: { type: 'string', title: `Answer ${index + 1} of ${count}`, maxLength: 200 } },
            },
          }),
        ]),
      ),
    // Every question settles on its own: a refused one is counted, not the end of the call.
    clientErrors: 'answer',
    run: (answers, { args: { count }, note }) => {
      const outcomes: Record<string, number> = {};
      for (const answer of Object.values(answers)) {
        const outcome = answer.action === 'error' ? `error ${String(answer.code)}` : answer.action;
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      }
      note({ count, outcomes });
      return toolResult({ status: 'completed', asked: count, outcomes });
    },
  });

  /** Whether the request was replayed, per call (`onAsked` replays, the result reports it). */
  const replays = new WeakMap<ToolCall<unknown>, boolean>();
  const replay = async (call: ToolCall<{ when: 'pending' | 'answered' }>): Promise<void> => {
    const replayed = await env.replayLastElicitation(call.ctx.sessionId);
    replays.set(call, replayed);
    env.log({ tool: call.tool, era: call.era, action: 'request-replayed', detail: { when: call.args.when, replayed } });
  };

  const replayCheck = defineTool({
    name: 'replay-check',
    title: 'Replay check (same request id twice, 2025 sessions)',
    description:
      'Sends one elicitation/create, then sends it again with the same JSON-RPC id on the same stream (as a resumed stream might), `when` = "pending" (default, before the answer) or "answered" (after it). The ledger (GET /debug/answers) shows asked: 2 and how many answers came back: a correct client shows it once and answers once. 2026-07-28 requests have no id to replay; there it returns an error result.',
    eras: ['legacy'],
    arguments: toolArguments({
      type: 'object',
      properties: { when: { type: 'string', enum: ['pending', 'answered'], default: 'pending' } },
    }),
    questions: { export_options: exportQuestion('Replay check: answer once (the server sends this request twice).') },
    onAsked: async (call) => {
      if (call.args.when === 'pending') {
        await sleep(300, call.signal);
        await replay(call);
      }
    },
    resultFields: (call) => ({ when: call.args.when, replayed: replays.get(call) ?? false }),
    messages: {
      ...REFUSED,
      unsupported: () => 'replay-check needs a 2025 session: 2026-07-28 input requests carry no JSON-RPC id to replay.',
    },
    accept: async ({ export_options }, call) => {
      if (call.args.when === 'answered') {
        await replay(call);
        // Give a misbehaving client the time to answer the copy, so the ledger would show it.
        await sleep(1000, call.signal);
      }
      const facts = exportFacts(export_options);
      call.note(facts);
      return toolResult({ status: 'completed', when: call.args.when, replayed: replays.get(call) ?? false, ...facts });
    },
  });

  return [slowExport, cancelMidway, flood, replayCheck] as const;
}
