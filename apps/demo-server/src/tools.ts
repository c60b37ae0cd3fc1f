// The demo tools. Form tools are written once in the multi-round-trip style (`inputRequired` + `inputResponse`):
// on 2026-07-28 requests the client fulfils the round and retries; on 2025 sessions the SDK's legacy shim pushes
// real `elicitation/create` requests on the tools/call stream. Tools that need the 2025 `elicitationId` (URL
// completion) or the client's JSON-RPC error code branch on the era and use `elicitInput` there.
import { randomUUID } from 'node:crypto';
import { validateContent } from '@elicitation-kit/core';
import type { ValidationIssue } from '@elicitation-kit/core';
import { McpServer, UrlElicitationRequiredError, inputRequired, inputResponse } from '@modelcontextprotocol/server';
import type {
  CallToolResult,
  ElicitRequestFormParams,
  InputRequests,
  InputRequiredResult,
  ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import { exportOrders } from './dataset.js';
import type { FlowStore } from './flows.js';
import type { DemoEra, DemoLogger } from './log.js';
import { askedRound } from './state.js';
import type { RoundState, RoundStates } from './state.js';

/** Everything a demo server instance shares across requests and eras. */
export interface DemoEnvironment {
  era: DemoEra;
  log: DemoLogger;
  flows: FlowStore;
  /** `http://127.0.0.1:<port>`: where the URL-mode pages live. */
  baseUrl: string;
  /** Legacy only: the session this instance serves (URL-required flows are remembered per session). */
  sessionId?: () => string | undefined;
  /** Legacy only: storage flows per session, for `connect-storage`. */
  storageFlows?: Map<string, string>;
  /** Seals the `requestState` of every round (see state.ts). */
  states: RoundStates;
}

type ToolResult = CallToolResult | InputRequiredResult;

/** A form's restricted schema as the SDK types it on the wire. */
export type ElicitRequestedSchema = ElicitRequestFormParams['requestedSchema'];

/** Stable names of the demo tools, in listing order. */
export const DEMO_TOOL_NAMES = [
  'export-data',
  'all-field-types',
  'string-formats',
  'number-bounds',
  'choice-fields',
  'confirm-action',
  'api-key-form',
  'schedule-report',
  'connect-account',
  'connect-storage',
  'unsupported-schema',
] as const;

/** The guide's example, exactly. */
export const EXPORT_SCHEMA: ElicitRequestedSchema = {
  type: 'object',
  properties: {
    format: { type: 'string', title: 'Format', description: 'File format of the export', enum: ['csv', 'json'] },
    maxRows: { type: 'integer', title: 'Max rows', minimum: 1, maximum: 10000, default: 1000 },
    includeHeaders: { type: 'boolean', title: 'Include headers', default: true },
  },
  required: ['format', 'maxRows'],
};

const ALL_FIELD_TYPES_SCHEMA: ElicitRequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Display name', minLength: 2, maxLength: 40, default: 'Ada' },
    age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150, default: 36 },
    newsletter: { type: 'boolean', title: 'Send me the newsletter', default: false },
    size: { type: 'string', title: 'T-shirt size', enum: ['S', 'M', 'L', 'XL'], default: 'M' },
    plan: {
      type: 'string',
      title: 'Plan',
      oneOf: [
        { const: 'free', title: 'Free' },
        { const: 'team', title: 'Team (5 seats)' },
        { const: 'enterprise', title: 'Enterprise' },
      ],
      default: 'team',
    },
    tags: {
      type: 'array',
      title: 'Tags',
      minItems: 1,
      maxItems: 3,
      items: { type: 'string', enum: ['billing', 'support', 'sales', 'research'] },
      default: ['support'],
    },
    regions: {
      type: 'array',
      title: 'Regions',
      items: {
        anyOf: [
          { const: 'eu', title: 'Europe' },
          { const: 'us', title: 'United States' },
          { const: 'apac', title: 'Asia Pacific' },
        ],
      },
      default: ['eu'],
    },
    priority: {
      type: 'string',
      title: 'Priority',
      enum: ['p1', 'p2', 'p3'],
      enumNames: ['Urgent', 'Normal', 'Low'],
      default: 'p2',
    },
  },
  required: ['name', 'plan', 'tags'],
};

const STRING_FORMATS_SCHEMA: ElicitRequestedSchema = {
  type: 'object',
  properties: {
    email: { type: 'string', title: 'Email', format: 'email', default: 'ada@example.com' },
    website: { type: 'string', title: 'Website', format: 'uri', description: 'Starts with https://' },
    birthday: { type: 'string', title: 'Birthday', format: 'date' },
    meeting: { type: 'string', title: 'Meeting time', format: 'date-time' },
    username: { type: 'string', title: 'Username', minLength: 3, maxLength: 16 },
    bio: { type: 'string', title: 'Short bio', maxLength: 140 },
  },
  required: ['email', 'username'],
};

const NUMBER_BOUNDS_SCHEMA: ElicitRequestedSchema = {
  type: 'object',
  properties: {
    quantity: { type: 'integer', title: 'Quantity', minimum: 1, maximum: 99, default: 1 },
    discount: { type: 'number', title: 'Discount (%)', minimum: 0, maximum: 12.5, default: 2.5 },
    temperature: { type: 'number', title: 'Temperature (°C)', minimum: -40, maximum: 60 },
    floor: { type: 'integer', title: 'Floor', minimum: -3 },
  },
  required: ['quantity', 'discount'],
};

const CHOICE_FIELDS_SCHEMA: ElicitRequestedSchema = {
  type: 'object',
  properties: {
    color: { type: 'string', title: 'Colour (untitled enum)', enum: ['red', 'green', 'blue'], default: 'green' },
    shipping: {
      type: 'string',
      title: 'Shipping (titled oneOf)',
      oneOf: [
        { const: 'standard', title: 'Standard, 3–5 days' },
        { const: 'express', title: 'Express, next day' },
      ],
    },
    toppings: {
      type: 'array',
      title: 'Toppings (untitled multi-select, 1–2)',
      minItems: 1,
      maxItems: 2,
      items: { type: 'string', enum: ['cheese', 'olives', 'basil', 'chili'] },
      default: ['cheese'],
    },
    channels: {
      type: 'array',
      title: 'Channels (titled multi-select)',
      items: {
        anyOf: [
          { const: 'mail', title: 'Email' },
          { const: 'sms', title: 'Text message' },
          { const: 'push', title: 'Push notification' },
        ],
      },
    },
    tier: {
      type: 'string',
      title: 'Tier (legacy enumNames)',
      enum: ['b', 's', 'g'],
      enumNames: ['Bronze', 'Silver', 'Gold'],
    },
  },
  required: ['shipping', 'toppings'],
};

const CONFIRM_SCHEMA: ElicitRequestedSchema = { type: 'object', properties: {} };

const RECIPIENT_SCHEMA: ElicitRequestedSchema = {
  type: 'object',
  properties: {
    email: { type: 'string', title: 'Send the report to', format: 'email' },
  },
  required: ['email'],
};

const SCHEDULE_SCHEMA: ElicitRequestedSchema = {
  type: 'object',
  properties: {
    frequency: {
      type: 'string',
      title: 'How often',
      oneOf: [
        { const: 'once', title: 'Once' },
        { const: 'daily', title: 'Every day' },
        { const: 'weekly', title: 'Every week' },
      ],
      default: 'weekly',
    },
    start: { type: 'string', title: 'Starting on', format: 'date' },
  },
  required: ['frequency', 'start'],
};

/**
 * Deliberately outside the restricted schema: a `$ref` property. The SDK client's own wire check lets it through
 * (its parse drops the unknown key), so it is the kit's handler that refuses it with `-32602`.
 */
export const UNSUPPORTED_SCHEMA = {
  type: 'object',
  properties: {
    country: { type: 'string', title: 'Country', $ref: '#/$defs/country' },
  },
  required: ['country'],
} as const;

const API_KEY_SCHEMA: ElicitRequestedSchema = {
  type: 'object',
  properties: {
    apiKey: { type: 'string', title: 'API key', description: 'Your warehouse API key', minLength: 8 },
  },
  required: ['apiKey'],
};

function textResult(summary: Record<string, unknown>, extra: string[] = [], isError = false): CallToolResult {
  return {
    content: [
      { type: 'text', text: JSON.stringify(summary) },
      ...extra.map((text) => ({ type: 'text' as const, text })),
    ],
    structuredContent: summary,
    ...(isError ? { isError: true } : {}),
  };
}

function echo(content: Record<string, unknown>): CallToolResult {
  return textResult({ status: 'received', content });
}

function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((issue) => `${issue.field || 'content'}: ${issue.message}`).join('; ');
}

function slimIssues(
  issues: readonly ValidationIssue[],
): { field: string; code: ValidationIssue['code']; message: string }[] {
  return issues.map(({ field, code, message }) => ({ field, code, message }));
}

/** Whether the client declared a mode. A bare `elicitation: {}` means form (the 2025-06-18 shape). */
function clientSupports(server: McpServer, mode: 'form' | 'url'): boolean {
  const elicitation = server.server.getClientCapabilities()?.elicitation;
  if (elicitation === undefined) {
    return false;
  }
  if (mode === 'url') {
    return elicitation.url !== undefined;
  }
  return elicitation.form !== undefined || elicitation.url === undefined;
}

/** Registers every demo tool on `server`. */
export function registerDemoTools(server: McpServer, env: DemoEnvironment): void {
  const { era, log } = env;

  /** Logs an abort (the client cancelled the tools/call) and rethrows; nothing is answered then. */
  const guarded =
    (tool: string, handler: (ctx: ServerContext) => Promise<ToolResult>) =>
    async (ctx: ServerContext): Promise<ToolResult> => {
      try {
        return await handler(ctx);
      } catch (error) {
        if (ctx.mcpReq.signal.aborted) {
          log({ tool, era, action: 'aborted', detail: { reason: String(ctx.mcpReq.signal.reason) } });
        }
        throw error;
      }
    };

  /**
   * A client that did not declare the mode: on 2025 sessions a tool error right away; on 2026-07-28 the request is
   * returned anyway so the SDK answers the typed `-32021` (MissingRequiredClientCapability) at once.
   */
  const noCapability = (
    tool: string,
    mode: 'form' | 'url',
    request: () => Promise<ToolResult>,
  ): Promise<ToolResult> | ToolResult => {
    log({ tool, era, action: 'no-capability', detail: { mode } });
    if (era === 'legacy') {
      return errorResult(
        mode === 'form' ? 'Client does not support form elicitation.' : 'Client does not support URL elicitation.',
      );
    }
    return request();
  };

  /** A round asking `inputRequests`, its state sealed with this tool's name and the keys asked (plus `state`). */
  const round = async (
    ctx: ServerContext,
    tool: string,
    inputRequests: InputRequests,
    state: Pick<RoundState, 'flowId'> = {},
  ): Promise<InputRequiredResult> =>
    inputRequired({
      inputRequests,
      requestState: await env.states.mint({ tool, keys: Object.keys(inputRequests), id: randomUUID(), ...state }, ctx),
    });

  /** Why a tool asks (again): answers with no sealed state of this tool asking for them answer nothing. */
  const UNASKED = { ignored: 'answers to a question this server did not ask' };

  /**
   * One form, asked once. `accept` re-validates the content with core before `onValid` runs the operation.
   */
  const formTool = (
    name: string,
    config: {
      title: string;
      description: string;
      key: string;
      message: string;
      schema: ElicitRequestedSchema;
      /**
       * Tool arguments that may answer the form up front (the same properties, all optional): when they hold every
       * required property, they are validated like an answer and nothing is asked.
       */
      inputSchema?: z.ZodObject;
    },
    onValid: (content: Record<string, unknown>) => CallToolResult,
    labels: { declined: string; cancelled: string } = {
      declined: 'Nothing was done: you declined.',
      cancelled: 'Nothing was done: the request was dismissed.',
    },
  ): void => {
    const ask = (ctx: ServerContext, logged = true, unasked = false): Promise<ToolResult> => {
      if (logged) {
        log({ tool: name, era, action: 'input-requested', detail: { key: config.key, ...(unasked ? UNASKED : {}) } });
      }
      return round(ctx, name, {
        [config.key]: inputRequired.elicit({ mode: 'form', message: config.message, requestedSchema: config.schema }),
      });
    };
    const run = (ctx: ServerContext, args: Record<string, unknown>): Promise<ToolResult> =>
      guarded(name, async () => {
        const required = config.schema.required ?? [];
        if (
          config.inputSchema !== undefined &&
          required.length > 0 &&
          required.every((key) => args[key] !== undefined)
        ) {
          // Already answered by the caller: the same re-validation as an answer, and no question at all.
          const checked = validateContent(config.schema, args);
          if (!checked.ok) {
            log({ tool: name, era, action: 'arguments', validation: 'failed', issues: slimIssues(checked.issues) });
            return textResult(
              { status: 'invalid', issues: slimIssues(checked.issues) },
              [`Invalid arguments, nothing was done. ${describeIssues(checked.issues)}`],
              true,
            );
          }
          const result = onValid(checked.content);
          log({
            tool: name,
            era,
            action: 'arguments',
            validation: 'passed',
            detail: (result.structuredContent ?? {}) as Record<string, unknown>,
          });
          return result;
        }
        if (!clientSupports(server, 'form')) {
          return noCapability(name, 'form', () => ask(ctx, false));
        }
        const view = inputResponse(ctx.mcpReq.inputResponses, config.key);
        if (view.kind === 'missing' || askedRound(ctx, name, config.key) === undefined) {
          return ask(ctx, true, view.kind !== 'missing');
        }
        if (view.kind !== 'elicit') {
          return errorResult(`Unexpected ${view.kind} response for ${config.key}.`);
        }
        if (view.action === 'decline') {
          log({ tool: name, era, action: 'decline' });
          return textResult({ status: 'not_started', reason: 'declined', message: labels.declined });
        }
        if (view.action === 'cancel') {
          log({ tool: name, era, action: 'cancel' });
          return textResult({ status: 'cancelled', reason: 'cancelled', message: labels.cancelled });
        }
        // Accepted content is still external input: re-validate it right before the operation.
        const checked = validateContent(config.schema, view.content ?? {});
        if (!checked.ok) {
          log({ tool: name, era, action: 'accept', validation: 'failed', issues: slimIssues(checked.issues) });
          return textResult(
            { status: 'invalid', issues: slimIssues(checked.issues) },
            [`Invalid answer, nothing was done. ${describeIssues(checked.issues)}`],
            true,
          );
        }
        const result = onValid(checked.content);
        log({
          tool: name,
          era,
          action: 'accept',
          validation: 'passed',
          detail: (result.structuredContent ?? {}) as Record<string, unknown>,
        });
        return result;
      })(ctx);
    const { title, description, inputSchema } = config;
    if (inputSchema === undefined) {
      server.registerTool(name, { title, description }, (ctx) => run(ctx, {}));
    } else {
      server.registerTool(name, { title, description, inputSchema }, (args, ctx) => run(ctx, args));
    }
  };

  formTool(
    'export-data',
    {
      title: 'Export orders',
      description:
        'Exports the built-in orders table as CSV or JSON. Asks for format, maximum rows (1–10000) and headers in a form, re-validates the answer, then returns the document. A caller that already knows the options passes format and maxRows (and includeHeaders) as arguments, and nothing is asked.',
      key: 'export_options',
      message: 'How should the orders export be produced?',
      schema: EXPORT_SCHEMA,
      inputSchema: z.object({
        format: z.enum(['csv', 'json']).optional(),
        maxRows: z.number().int().min(1).max(10000).optional(),
        includeHeaders: z.boolean().optional(),
      }),
    },
    (content) => {
      const format = content['format'] === 'json' ? 'json' : 'csv';
      const maxRows = Number(content['maxRows']);
      const includeHeaders = content['includeHeaders'] !== false;
      const document = exportOrders({ format, maxRows, includeHeaders });
      return textResult(
        { status: 'completed', format, maxRows, includeHeaders, rows: document.rows, mimeType: document.mimeType },
        [document.text],
      );
    },
    {
      declined: 'Export not started: you declined to choose export options.',
      cancelled: 'Export cancelled: the options dialog was dismissed.',
    },
  );

  formTool(
    'all-field-types',
    {
      title: 'All field types',
      description:
        'One form with all eight restricted-schema variants (string, integer, boolean, four enum styles, legacy enumNames), each with a default. Echoes the validated answer.',
      key: 'profile',
      message: 'Tell us about yourself (every field type in one form).',
      schema: ALL_FIELD_TYPES_SCHEMA,
    },
    echo,
  );
  formTool(
    'string-formats',
    {
      title: 'String formats and lengths',
      description:
        'Strings with the email, uri, date and date-time formats and with minLength/maxLength. Echoes the validated answer.',
      key: 'contact',
      message: 'Your contact details (formats and lengths).',
      schema: STRING_FORMATS_SCHEMA,
    },
    echo,
  );
  formTool(
    'number-bounds',
    {
      title: 'Number bounds',
      description:
        'Integer and number fields with minimum/maximum (fractional bounds, negative bounds) and defaults. Echoes the validated answer.',
      key: 'order',
      message: 'Order details (number and integer bounds).',
      schema: NUMBER_BOUNDS_SCHEMA,
    },
    echo,
  );
  formTool(
    'choice-fields',
    {
      title: 'Choice fields',
      description:
        'Every enum style: untitled enum, titled oneOf, untitled and titled multi-select (with minItems/maxItems) and legacy enumNames. Echoes the validated answer.',
      key: 'preferences',
      message: 'Pick your preferences (every kind of choice).',
      schema: CHOICE_FIELDS_SCHEMA,
    },
    echo,
  );
  formTool(
    'confirm-action',
    {
      title: 'Confirm an action',
      description: 'A confirmation with an empty form (properties: {}). Accept archives 3 old exports (simulated).',
      key: 'confirm',
      message: 'Archive the 3 exports older than 30 days?',
      schema: CONFIRM_SCHEMA,
    },
    () => textResult({ status: 'completed', archived: 3 }),
    { declined: 'Nothing archived: you declined.', cancelled: 'Nothing archived: the confirmation was dismissed.' },
  );
  formTool(
    'api-key-form',
    {
      title: 'API key in a form (anti-pattern)',
      description:
        'Deliberately asks for an API key in a form, which the spec forbids (secrets belong in URL mode). It exists to show the client’s secret warning. The key is never stored, echoed or logged.',
      key: 'credentials',
      message: 'Paste your warehouse API key to continue.',
      schema: API_KEY_SCHEMA,
    },
    (content) => textResult({ status: 'received', keyLength: String(content['apiKey']).length }),
  );

  // ── Two questions in one round ──────────────────────────────────────────────────────────────────────────────
  const scheduleAsk = (ctx: ServerContext, logged = true, unasked = false): Promise<ToolResult> => {
    if (logged) {
      log({
        tool: 'schedule-report',
        era,
        action: 'input-requested',
        detail: { keys: ['recipient', 'schedule'], ...(unasked ? UNASKED : {}) },
      });
    }
    return round(ctx, 'schedule-report', {
      recipient: inputRequired.elicit({
        mode: 'form',
        message: 'Who should receive the weekly report?',
        requestedSchema: RECIPIENT_SCHEMA,
      }),
      schedule: inputRequired.elicit({
        mode: 'form',
        message: 'When should the report be sent?',
        requestedSchema: SCHEDULE_SCHEMA,
      }),
    });
  };
  server.registerTool(
    'schedule-report',
    {
      title: 'Schedule a report',
      description:
        'Asks two questions in one round (recipient and schedule): two input requests at once on 2026-07-28, two concurrent elicitation/create requests on 2025 sessions.',
    },
    guarded('schedule-report', async (ctx) => {
      if (!clientSupports(server, 'form')) {
        return noCapability('schedule-report', 'form', () => scheduleAsk(ctx, false));
      }
      const recipient = inputResponse(ctx.mcpReq.inputResponses, 'recipient');
      const schedule = inputResponse(ctx.mcpReq.inputResponses, 'schedule');
      const asked = askedRound(ctx, 'schedule-report', 'recipient', 'schedule') !== undefined;
      if (recipient.kind !== 'elicit' || schedule.kind !== 'elicit' || !asked) {
        return scheduleAsk(ctx, true, !asked && (recipient.kind !== 'missing' || schedule.kind !== 'missing'));
      }
      const actions = [recipient.action, schedule.action];
      if (actions.includes('cancel')) {
        log({ tool: 'schedule-report', era, action: 'cancel', detail: { actions } });
        return textResult({
          status: 'cancelled',
          reason: 'cancelled',
          message: 'Report not scheduled: a question was dismissed.',
        });
      }
      if (actions.includes('decline')) {
        log({ tool: 'schedule-report', era, action: 'decline', detail: { actions } });
        return textResult({
          status: 'not_started',
          reason: 'declined',
          message: 'Report not scheduled: you declined.',
        });
      }
      const checks = [
        validateContent(RECIPIENT_SCHEMA, recipient.content ?? {}),
        validateContent(SCHEDULE_SCHEMA, schedule.content ?? {}),
      ];
      const issues = checks.flatMap((check) => (check.ok ? [] : check.issues));
      if (issues.length > 0) {
        log({ tool: 'schedule-report', era, action: 'accept', validation: 'failed', issues: slimIssues(issues) });
        return textResult(
          { status: 'invalid', issues: slimIssues(issues) },
          [`Invalid answer, nothing was scheduled. ${describeIssues(issues)}`],
          true,
        );
      }
      const summary = { status: 'completed', recipient: recipient.content?.['email'], ...schedule.content };
      log({
        tool: 'schedule-report',
        era,
        action: 'accept',
        validation: 'passed',
        detail: { frequency: schedule.content?.['frequency'] },
      });
      return textResult(summary);
    }),
  );

  // ── URL mode: a page this server serves ─────────────────────────────────────────────────────────────────────
  const connectUrl = (flowId: string): string => `${env.baseUrl}/connect/${flowId}`;
  const CONNECT_PATIENCE_MS = 600_000;
  const CONNECT_MESSAGE =
    'Connect your (simulated) warehouse account. The page opens outside this app; press “Done” there.';

  const connectModern = async (tool: string, ctx: ServerContext): Promise<ToolResult> => {
    // The flow comes from the sealed state only: a client cannot point a retry at another flow.
    const flowId = askedRound(ctx, tool, 'connect')?.flowId;
    const flow = flowId === undefined ? undefined : env.flows.get(flowId);
    const view = inputResponse(ctx.mcpReq.inputResponses, 'connect');
    const ask = (id: string, logged = true): Promise<ToolResult> => {
      if (logged) {
        log({ tool, era, action: 'input-requested', detail: { flowId: id } });
      }
      return round(
        ctx,
        tool,
        { connect: inputRequired.elicitUrl({ message: CONNECT_MESSAGE, url: connectUrl(id) }) },
        { flowId: id },
      );
    };
    if (!clientSupports(server, 'url')) {
      return noCapability(tool, 'url', () => ask(env.flows.create(tool).id, false));
    }
    if (flow === undefined || view.kind !== 'elicit') {
      return ask(env.flows.create(tool).id);
    }
    if (view.action === 'decline') {
      log({ tool, era, action: 'decline', detail: { flowId: flow.id } });
      return textResult({
        status: 'not_started',
        reason: 'declined',
        message: 'Not connected: you declined to open the page.',
      });
    }
    if (view.action === 'cancel') {
      log({ tool, era, action: 'cancel', detail: { flowId: flow.id } });
      return textResult({
        status: 'cancelled',
        reason: 'cancelled',
        message: 'Not connected: the request was dismissed.',
      });
    }
    if (!flow.completed) {
      // The user agreed but has not pressed "Done" yet: ask again (the retry is how 2026-07-28 learns completion).
      log({ tool, era, action: 'waiting', detail: { flowId: flow.id } });
      return ask(flow.id);
    }
    log({ tool, era, action: 'completed', detail: { flowId: flow.id } });
    return textResult({ status: 'completed', connected: true, flowId: flow.id });
  };

  server.registerTool(
    'connect-account',
    {
      title: 'Connect an account (URL mode)',
      description:
        'URL-mode elicitation to a page this server serves (/connect/<flow>). 2025: elicitation/create with an elicitationId; after “Done” the server sends notifications/elicitation/complete and returns. 2026-07-28: an input request; the retry after “Done” completes.',
    },
    guarded('connect-account', async (ctx) => {
      if (era === 'modern') {
        return connectModern('connect-account', ctx);
      }
      if (!clientSupports(server, 'url')) {
        return noCapability('connect-account', 'url', async () => errorResult('unreachable'));
      }
      const flow = env.flows.create('connect-account');
      log({ tool: 'connect-account', era, action: 'input-requested', detail: { flowId: flow.id } });
      const result = await ctx.mcpReq.elicitInput(
        { mode: 'url', message: CONNECT_MESSAGE, url: connectUrl(flow.id), elicitationId: flow.id },
        { relatedRequestId: ctx.mcpReq.id, signal: ctx.mcpReq.signal, timeout: 600_000 },
      );
      if (result.action !== 'accept') {
        log({ tool: 'connect-account', era, action: result.action, detail: { flowId: flow.id } });
        return result.action === 'decline'
          ? textResult({
              status: 'not_started',
              reason: 'declined',
              message: 'Not connected: you declined to open the page.',
            })
          : textResult({
              status: 'cancelled',
              reason: 'cancelled',
              message: 'Not connected: the request was dismissed.',
            });
      }
      log({ tool: 'connect-account', era, action: 'waiting', detail: { flowId: flow.id } });
      // Never wait forever: give up after 10 minutes without "Done" (or when the client cancels the call).
      const patience = AbortSignal.timeout(CONNECT_PATIENCE_MS);
      try {
        await env.flows.waitFor(flow.id, AbortSignal.any([ctx.mcpReq.signal, patience]));
      } catch (error) {
        if (!patience.aborted || ctx.mcpReq.signal.aborted) {
          throw error;
        }
        log({ tool: 'connect-account', era, action: 'expired', detail: { flowId: flow.id } });
        return textResult(
          { status: 'expired', message: 'Not connected: “Done” was not pressed within 10 minutes.' },
          [],
          true,
        );
      }
      await server.server.createElicitationCompletionNotifier(flow.id, { relatedRequestId: ctx.mcpReq.id })();
      log({ tool: 'connect-account', era, action: 'completed', detail: { flowId: flow.id } });
      return textResult({ status: 'completed', connected: true, flowId: flow.id });
    }),
  );

  server.registerTool(
    'connect-storage',
    {
      title: 'Connect storage (URL required)',
      description:
        '2025: fails with -32042 (URL elicitation required) carrying a URL elicitation until the page’s “Done” is pressed; the server then sends notifications/elicitation/complete and a retry succeeds. 2026-07-28: the same as connect-account (-32042 is retired).',
    },
    guarded('connect-storage', async (ctx) => {
      if (era === 'modern') {
        return connectModern('connect-storage', ctx);
      }
      if (!clientSupports(server, 'url')) {
        return noCapability('connect-storage', 'url', async () => errorResult('unreachable'));
      }
      const sessionId = env.sessionId?.() ?? 'no-session';
      const known = env.storageFlows?.get(sessionId);
      const existing = known === undefined ? undefined : env.flows.get(known);
      if (existing?.completed === true) {
        env.storageFlows?.delete(sessionId);
        log({ tool: 'connect-storage', era, action: 'completed', detail: { flowId: existing.id } });
        return textResult({ status: 'completed', connected: true, flowId: existing.id });
      }
      const flow = existing ?? env.flows.create('connect-storage');
      if (existing === undefined) {
        env.storageFlows?.set(sessionId, flow.id);
        // Sent on the session's standalone stream when the user presses "Done".
        const notify = server.server.createElicitationCompletionNotifier(flow.id);
        flow.onComplete = () => {
          notify().catch(() => undefined);
        };
      }
      log({ tool: 'connect-storage', era, action: 'url-required', detail: { flowId: flow.id } });
      throw new UrlElicitationRequiredError(
        [
          {
            mode: 'url',
            message: 'Connect your (simulated) storage bucket, then retry.',
            url: connectUrl(flow.id),
            elicitationId: flow.id,
          },
        ],
        'Storage is not connected yet: open the page, press “Done”, then retry.',
      );
    }),
  );

  // ── A schema outside the restricted set ─────────────────────────────────────────────────────────────────────
  server.registerTool(
    'unsupported-schema',
    {
      title: 'Unsupported schema (client refuses)',
      description:
        'Sends a requestedSchema with a $ref property, which the restricted schema forbids. A kit client answers -32602 without showing anything: 2025 sessions get the error back (logged as client-error, tool error names the code); on 2026-07-28 the client’s call fails locally.',
    },
    guarded('unsupported-schema', async (ctx) => {
      const params = {
        mode: 'form' as const,
        message: 'Which country are you in?',
        requestedSchema: UNSUPPORTED_SCHEMA as unknown as ElicitRequestedSchema,
      };
      const ask = (logged = true, unasked = false): Promise<ToolResult> => {
        if (logged) {
          log({ tool: 'unsupported-schema', era, action: 'input-requested', ...(unasked ? { detail: UNASKED } : {}) });
        }
        return round(ctx, 'unsupported-schema', { country: inputRequired.elicit(params) });
      };
      if (!clientSupports(server, 'form')) {
        return noCapability('unsupported-schema', 'form', () => ask(false));
      }
      if (era === 'modern') {
        const view = inputResponse(ctx.mcpReq.inputResponses, 'country');
        if (view.kind === 'missing' || askedRound(ctx, 'unsupported-schema', 'country') === undefined) {
          return ask(true, view.kind !== 'missing');
        }
        log({ tool: 'unsupported-schema', era, action: view.kind === 'elicit' ? view.action : 'client-error' });
        return textResult(
          { status: 'unexpected', message: 'The client answered a schema it should have refused.' },
          [],
          true,
        );
      }
      log({ tool: 'unsupported-schema', era, action: 'input-requested' });
      try {
        const result = await ctx.mcpReq.elicitInput(params, {
          relatedRequestId: ctx.mcpReq.id,
          signal: ctx.mcpReq.signal,
          timeout: 600_000,
        });
        log({ tool: 'unsupported-schema', era, action: result.action });
        return textResult(
          { status: 'unexpected', message: 'The client answered a schema it should have refused.' },
          [],
          true,
        );
      } catch (error) {
        if (ctx.mcpReq.signal.aborted) {
          throw error;
        }
        const { code, message } = error as { code?: unknown; message?: unknown };
        log({ tool: 'unsupported-schema', era, action: 'client-error', detail: { code, message } });
        return textResult(
          { status: 'refused', code, message },
          [`The client refused the request with ${String(code)}: ${String(message)}`],
          true,
        );
      }
    }),
  );
}
