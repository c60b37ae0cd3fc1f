// Fault tools: a server that misbehaves on purpose, so hosts (and the e2e suite) can see what the kit does when a
// server is slow, withdraws its question, floods the client or replays a request. Every round they ask is recorded
// in the answer ledger, so "at most one answer per request" can be checked from outside (GET /debug/answers).
import { randomUUID } from 'node:crypto';
import { validateContent } from '@elicitation-kit/core';
import { McpServer, inputRequired, inputResponse } from '@modelcontextprotocol/server';
import type {
  CallToolResult,
  ElicitRequestFormParams,
  ElicitResult,
  InputRequiredResult,
  ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import { exportOrders } from './dataset.js';
import type { AnswerLedger } from './ledger.js';
import type { DemoEra, DemoLogger } from './log.js';
import { askedRound } from './state.js';
import type { RoundStates } from './state.js';
// The guide's export form, the same one `export-data` asks (re-used by `slow-export`, `cancel-midway`, `replay-check`).
import { EXPORT_SCHEMA } from './tools.js';

/** Stable names of the fault tools, in listing order (after the demo tools). */
export const FAULT_TOOL_NAMES = ['slow-export', 'cancel-midway', 'flood', 'replay-check'] as const;

type ElicitRequestedSchema = ElicitRequestFormParams['requestedSchema'];
type ToolResult = CallToolResult | InputRequiredResult;

/** What a fault tool needs from its server. */
export interface FaultEnvironment {
  era: DemoEra;
  log: DemoLogger;
  ledger: AnswerLedger;
  /** Rounds of the modern era, shared by the per-request server instances (keyed by the round id in their state). */
  rounds: Map<string, { tool: string; deadline?: number }>;
  /** Seals the `requestState` of every round (see state.ts). */
  states: RoundStates;
  /** Legacy only: the session this instance serves. */
  sessionId?: () => string | undefined;
  /**
   * Legacy only: sends the last `elicitation/create` of this session again, byte for byte (same JSON-RPC id), on
   * the same stream. Resolves `false` when there is none.
   */
  replayLastElicitation?: () => Promise<boolean>;
}

const NOTE_FORM = (index: number, count: number): ElicitRequestedSchema => ({
  type: 'object',
  properties: { note: { type: 'string', title: `Answer ${index} of ${count}`, maxLength: 200 } },
});

/** Most a flood may ask for (the host's per-server limit is far lower). */
export const MAX_FLOOD = 500;

function summaryResult(summary: Record<string, unknown>, extra: string[] = [], isError = false): CallToolResult {
  return {
    content: [
      { type: 'text', text: JSON.stringify(summary) },
      ...extra.map((text) => ({ type: 'text' as const, text })),
    ],
    structuredContent: summary,
    ...(isError ? { isError: true } : {}),
  };
}

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

/** Runs the export once the answer is valid (the same operation as `export-data`). */
function runExport(content: Record<string, unknown>): Record<string, unknown> {
  const format = content['format'] === 'json' ? 'json' : 'csv';
  const maxRows = Number(content['maxRows']);
  const includeHeaders = content['includeHeaders'] !== false;
  const document = exportOrders({ format, maxRows, includeHeaders });
  return { format, maxRows, includeHeaders, rows: document.rows };
}

/** Registers the fault tools on `server`. */
export function registerFaultTools(server: McpServer, env: FaultEnvironment): void {
  const { era, log, ledger } = env;

  /**
   * A modern round: a sealed `requestState` naming a fresh round id, which the retry echoes; recorded in the ledger
   * per input key (keyed by the state as it travels on the wire).
   */
  const modernRound = async (
    ctx: ServerContext,
    tool: string,
    requests: Record<string, ElicitRequestFormParams>,
    deadline?: number,
  ): Promise<InputRequiredResult> => {
    const id = randomUUID();
    const state = await env.states.mint({ tool, keys: Object.keys(requests), id }, ctx);
    env.rounds.set(id, { tool, ...(deadline === undefined ? {} : { deadline }) });
    for (const [key, params] of Object.entries(requests)) {
      ledger.asked(`modern:${state}:${key}`, { era, tool, message: params.message });
    }
    return inputRequired({
      inputRequests: Object.fromEntries(
        Object.entries(requests).map(([key, params]) => [key, inputRequired.elicit(params)]),
      ),
      requestState: state,
    });
  };

  /** The round a modern retry belongs to (forgotten once used: a second retry with the same state is refused). */
  const takeRound = (ctx: ServerContext, tool: string): { tool: string; deadline?: number } | undefined => {
    const id = askedRound(ctx, tool)?.id;
    if (id === undefined) {
      return undefined;
    }
    const round = env.rounds.get(id);
    env.rounds.delete(id);
    return round?.tool === tool ? round : undefined;
  };

  const exportOutcome = (tool: string, answer: ElicitResult, extra: Record<string, unknown> = {}): CallToolResult => {
    if (answer.action !== 'accept') {
      log({ tool, era, action: answer.action });
      return summaryResult({
        status: answer.action === 'decline' ? 'not_started' : 'cancelled',
        ...extra,
        message:
          answer.action === 'decline'
            ? 'Export not started: you declined.'
            : 'Export cancelled: the dialog was dismissed.',
      });
    }
    const checked = validateContent(EXPORT_SCHEMA, answer.content ?? {});
    if (!checked.ok) {
      log({ tool, era, action: 'accept', validation: 'failed' });
      return summaryResult({ status: 'invalid', ...extra }, ['Invalid answer, nothing was done.'], true);
    }
    const done = runExport(checked.content);
    log({ tool, era, action: 'accept', validation: 'passed', detail: done });
    return summaryResult({ status: 'completed', ...extra, ...done });
  };

  // ── slow-export: waits (with progress) before asking ─────────────────────────────────────────────────────────
  server.registerTool(
    'slow-export',
    {
      title: 'Slow export (progress, then a form)',
      description:
        'Works for `seconds` (default 3, at most 30) before asking for the export options, sending a progress notification every half second when the client asked for progress. Then the export form of export-data; the answer is used once.',
      inputSchema: z.object({ seconds: z.number().min(0).max(30).default(3) }),
    },
    async ({ seconds }, ctx): Promise<ToolResult> => {
      const message = 'The export is ready to run: how should it be produced?';
      const view = inputResponse(ctx.mcpReq.inputResponses, 'export_options');
      if (view.kind === 'elicit') {
        // Modern retry (or the legacy shim's second pass): the slow part is done, use the answer once.
        const round = era === 'modern' ? takeRound(ctx, 'slow-export') : { tool: 'slow-export' };
        if (round === undefined) {
          log({ tool: 'slow-export', era, action: 'client-error', detail: { reason: 'unknown or used round' } });
          return summaryResult(
            {
              status: 'refused',
              message: 'This answer belongs to no open question (already used or unknown); nothing was done.',
            },
            [],
            true,
          );
        }
        return exportOutcome(
          'slow-export',
          { action: view.action, ...(view.content === undefined ? {} : { content: view.content }) } as ElicitResult,
          { seconds },
        );
      }
      // oxlint-disable-next-line no-underscore-dangle -- `_meta` is the protocol's own field name
      const token = ctx.mcpReq._meta?.progressToken;
      const steps = Math.max(1, Math.round(seconds * 2));
      log({ tool: 'slow-export', era, action: 'waiting', detail: { seconds } });
      for (let step = 1; step <= steps; step += 1) {
        await sleep((seconds * 1000) / steps, ctx.mcpReq.signal);
        if (token !== undefined) {
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: {
              progressToken: token,
              progress: step,
              total: steps,
              message: `Preparing the export (${step}/${steps})`,
            },
          });
        }
      }
      log({ tool: 'slow-export', era, action: 'input-requested' });
      if (era === 'legacy') {
        const answer = await ctx.mcpReq.elicitInput(
          { mode: 'form', message, requestedSchema: EXPORT_SCHEMA },
          { relatedRequestId: ctx.mcpReq.id, signal: ctx.mcpReq.signal, timeout: 600_000 },
        );
        return exportOutcome('slow-export', answer, { seconds });
      }
      return modernRound(ctx, 'slow-export', {
        export_options: { mode: 'form', message, requestedSchema: EXPORT_SCHEMA },
      });
    },
  );

  // ── cancel-midway: asks, then withdraws its own question ─────────────────────────────────────────────────────
  server.registerTool(
    'cancel-midway',
    {
      title: 'Cancel midway (the server withdraws its question)',
      description:
        'Asks for the export options, then withdraws the question after `afterMs` (default 1500). 2025: the elicitation/create is aborted, so the client receives notifications/cancelled and must close the dialog. 2026-07-28: nothing can reach the client while it holds the question, so an answer that arrives after the deadline is refused ("withdrawn"), never used.',
      inputSchema: z.object({ afterMs: z.number().int().min(0).max(60_000).default(1500) }),
    },
    async ({ afterMs }, ctx): Promise<ToolResult> => {
      const message = 'Export options (this question is withdrawn after a moment).';
      const withdrawn = (answered: boolean): CallToolResult => {
        log({ tool: 'cancel-midway', era, action: 'withdrawn', detail: { afterMs, answered } });
        return summaryResult({
          status: 'withdrawn',
          afterMs,
          message: answered
            ? `The server withdrew its question after ${afterMs} ms, before your answer arrived. Your answer was not used; nothing was done.`
            : `The server withdrew its question after ${afterMs} ms. Nothing was done.`,
        });
      };
      if (era === 'legacy') {
        log({ tool: 'cancel-midway', era, action: 'input-requested', detail: { afterMs } });
        const withdraw = new AbortController();
        const timer = setTimeout(() => withdraw.abort(new Error('The server withdrew its question.')), afterMs);
        try {
          const answer = await ctx.mcpReq.elicitInput(
            { mode: 'form', message, requestedSchema: EXPORT_SCHEMA },
            {
              relatedRequestId: ctx.mcpReq.id,
              signal: AbortSignal.any([ctx.mcpReq.signal, withdraw.signal]),
              timeout: 600_000,
            },
          );
          return exportOutcome('cancel-midway', answer, { afterMs });
        } catch (error) {
          if (!withdraw.signal.aborted || ctx.mcpReq.signal.aborted) {
            throw error;
          }
          return withdrawn(false);
        } finally {
          clearTimeout(timer);
        }
      }
      const view = inputResponse(ctx.mcpReq.inputResponses, 'export_options');
      if (view.kind !== 'elicit') {
        log({ tool: 'cancel-midway', era, action: 'input-requested', detail: { afterMs } });
        return modernRound(
          ctx,
          'cancel-midway',
          { export_options: { mode: 'form', message, requestedSchema: EXPORT_SCHEMA } },
          Date.now() + afterMs,
        );
      }
      const round = takeRound(ctx, 'cancel-midway');
      if (round === undefined) {
        log({ tool: 'cancel-midway', era, action: 'client-error', detail: { reason: 'unknown or used round' } });
        return summaryResult(
          {
            status: 'refused',
            message: 'This answer belongs to no open question (already used or unknown); nothing was done.',
          },
          [],
          true,
        );
      }
      if (round.deadline !== undefined && Date.now() > round.deadline) {
        return withdrawn(true);
      }
      return exportOutcome(
        'cancel-midway',
        { action: view.action, ...(view.content === undefined ? {} : { content: view.content }) } as ElicitResult,
        { afterMs },
      );
    },
  );

  // ── flood: many questions at once ────────────────────────────────────────────────────────────────────────────
  server.registerTool(
    'flood',
    {
      title: 'Flood (many questions at once)',
      description: `Asks \`count\` small questions at once (default 25, at most ${MAX_FLOOD}): 2025: that many concurrent elicitation/create requests, each settled on its own (answers and refusals are counted); 2026-07-28: one round with that many inputRequests. A host should refuse what exceeds its per-server limit with a clear -32602.`,
      inputSchema: z.object({ count: z.number().int().min(1).max(MAX_FLOOD).default(25) }),
    },
    async ({ count }, ctx): Promise<ToolResult> => {
      const questions = Array.from({ length: count }, (_, i) => ({
        key: `q${i + 1}`,
        params: {
          mode: 'form' as const,
          message: `Flood question ${i + 1} of ${count}`,
          requestedSchema: NOTE_FORM(i + 1, count),
        },
      }));
      const tally = (outcomes: string[]): CallToolResult => {
        const counts: Record<string, number> = {};
        for (const outcome of outcomes) {
          counts[outcome] = (counts[outcome] ?? 0) + 1;
        }
        log({ tool: 'flood', era, action: 'completed', detail: { count, outcomes: counts } });
        return summaryResult({ status: 'completed', asked: count, outcomes: counts });
      };
      if (era === 'legacy') {
        log({ tool: 'flood', era, action: 'input-requested', detail: { count } });
        const settled = await Promise.allSettled(
          questions.map(({ params }) =>
            ctx.mcpReq.elicitInput(params, {
              relatedRequestId: ctx.mcpReq.id,
              signal: ctx.mcpReq.signal,
              timeout: 600_000,
            }),
          ),
        );
        if (ctx.mcpReq.signal.aborted) {
          throw ctx.mcpReq.signal.reason;
        }
        return tally(
          settled.map((entry) =>
            entry.status === 'fulfilled'
              ? entry.value.action
              : `error ${String((entry.reason as { code?: unknown }).code ?? 'unknown')}`,
          ),
        );
      }
      const answers = questions.map(({ key }) => inputResponse(ctx.mcpReq.inputResponses, key));
      if (answers.every((view) => view.kind === 'missing')) {
        log({ tool: 'flood', era, action: 'input-requested', detail: { count } });
        return modernRound(ctx, 'flood', Object.fromEntries(questions.map(({ key, params }) => [key, params])));
      }
      if (takeRound(ctx, 'flood') === undefined) {
        return summaryResult(
          { status: 'refused', message: 'These answers belong to no open round; nothing was done.' },
          [],
          true,
        );
      }
      return tally(answers.map((view) => (view.kind === 'elicit' ? view.action : 'missing')));
    },
  );

  // ── replay-check: the same JSON-RPC request twice ────────────────────────────────────────────────────────────
  server.registerTool(
    'replay-check',
    {
      title: 'Replay check (same request id twice, 2025 sessions)',
      description:
        'Sends one elicitation/create, then sends it again with the same JSON-RPC id on the same stream (as a resumed stream might), `when` = "pending" (default, before the answer) or "answered" (after it). The ledger (GET /debug/answers) shows asked: 2 and how many answers came back: a correct client shows it once and answers once. 2026-07-28 requests have no id to replay; there it returns an error result.',
      inputSchema: z.object({ when: z.enum(['pending', 'answered']).default('pending') }),
    },
    async ({ when }, ctx): Promise<ToolResult> => {
      if (era === 'modern' || env.replayLastElicitation === undefined) {
        return summaryResult(
          {
            status: 'unsupported',
            message: 'replay-check needs a 2025 session: 2026-07-28 input requests carry no JSON-RPC id to replay.',
          },
          [],
          true,
        );
      }
      const replay = env.replayLastElicitation;
      log({ tool: 'replay-check', era, action: 'input-requested', detail: { when } });
      const asking = ctx.mcpReq.elicitInput(
        {
          mode: 'form',
          message: 'Replay check: answer once (the server sends this request twice).',
          requestedSchema: EXPORT_SCHEMA,
        },
        { relatedRequestId: ctx.mcpReq.id, signal: ctx.mcpReq.signal, timeout: 600_000 },
      );
      let replayed = false;
      if (when === 'pending') {
        await sleep(300, ctx.mcpReq.signal);
        replayed = await replay();
        log({ tool: 'replay-check', era, action: 'replayed', detail: { when, replayed } });
      }
      const answer = await asking;
      if (when === 'answered') {
        replayed = await replay();
        log({ tool: 'replay-check', era, action: 'replayed', detail: { when, replayed } });
        // Give a misbehaving client the time to answer the copy, so the ledger would show it.
        await sleep(1000, ctx.mcpReq.signal);
      }
      return exportOutcome('replay-check', answer, { when, replayed });
    },
  );
}
