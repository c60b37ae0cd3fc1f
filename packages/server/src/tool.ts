// A tool that asks: its questions, what to do with the answers, and the words of the kit's own results. Defined
// once, checked when defined, served in both eras by `createElicitationServer().register()`.
import type { CallToolResult, HandlerContext, ToolAnnotations } from './mcp-types.js';
import { argumentsAnsweringForm, toolArguments } from './arguments.js';
import type { ToolArguments } from './arguments.js';
import type { FollowUpQuestions } from './follow-up.js';
import type { ProtocolEra } from './protocol.js';
import { ElicitationDefinitionError } from './question.js';
import type { FormQuestion, Question, UrlQuestion } from './question.js';
import type { RoundRefusalReason } from './refusals.js';
import type { DowngradePolicy } from './revision.js';
import type { RequestedSchemaInput } from './schema.js';

/** The questions of one round, by `inputRequests` key. */
export type Questions = Readonly<Record<string, Question>>;

/** A form answer, discriminated by `action`: only `accept` carries content, already re-validated. */
export type FormAnswer<Content> = { action: 'accept'; content: Content } | { action: 'decline' } | { action: 'cancel' };

/** A URL answer. `accept` reaches the operation only once the flow is complete. */
export type UrlAnswer =
  | { action: 'accept'; flowId: string }
  | { action: 'decline'; flowId: string }
  | { action: 'cancel'; flowId: string };

/** With `clientErrors: 'answer'`: the client refused this request with a JSON-RPC error (2025 sessions only). */
export interface ClientErrorAnswer {
  action: 'error';
  code: number | string;
  message: string;
}

/** How a client's JSON-RPC error to one question is handled: end the call (`fail`), or hand it to `run` (`answer`). */
export type ClientErrorMode = 'fail' | 'answer';

/** The answer type of one question. */
export type AnswerOf<Q> =
  Q extends FormQuestion<infer Content> ? FormAnswer<Content> : Q extends UrlQuestion ? UrlAnswer : never;

/** Every answer of a round, by key (what `run` receives). */
export type Answers<Qs extends Questions, Errors extends ClientErrorMode = 'fail'> = {
  [K in keyof Qs]: AnswerOf<Qs[K]> | (Errors extends 'answer' ? ClientErrorAnswer : never);
};

/** The accepted content of every question, by key (what `accept` receives). URL questions give their flow id. */
export type AcceptedContent<Qs extends Questions> = {
  [K in keyof Qs]: Qs[K] extends FormQuestion<infer Content> ? Content : { flowId: string };
};

/** One call of a tool, as its hooks and operation see it. */
export interface ToolCall<Args> {
  /** The tool's name. */
  readonly tool: string;
  /** The validated arguments (defaults applied). */
  readonly args: Args;
  /** The era of the request. */
  readonly era: ProtocolEra;
  /** The SDK's handler context: v2's `ServerContext` (on SDK v1: `requestExtra(call)` from `/sdk-v1`). */
  readonly ctx: HandlerContext;
  /** Aborts when the client cancels the call. */
  readonly signal: AbortSignal;
  /**
   * A key for making the operation's effect exactly-once downstream: on 2026-07-28 the round id, the same for every
   * copy of the answering retry (and for a run after a takeover, see `attempt`); on 2025 sessions, where a call runs
   * its operation once or not at all, a fresh id per call. Pass it to the system the operation changes (a payment's
   * idempotency key, a unique column) so that a second run does nothing.
   */
  readonly idempotencyKey: string;
  /**
   * 1, or more when this run of an `at-least-once` tool started after an earlier run's replica stopped before it
   * finished (its lease ran out): the earlier run may have taken effect, under the same `idempotencyKey`.
   */
  readonly attempt: number;
  /** Attaches facts (row counts, ids; never secrets) to the outcome record of this call. */
  note(detail: Record<string, unknown>): void;
  /**
   * Asks follow-up form questions that depend on earlier answers (choose a warehouse, then one of its formats), in
   * `run` or `accept`, and resolves with their accepted content, re-validated and typed like `accept`'s. A 2025
   * session gets another `elicitation/create` on the call's stream; a 2026-07-28 client gets another `input_required`
   * round whose sealed `requestState` carries the earlier answers (tamper-proof, and replay-safe like the first).
   * A decline, a cancel or an invalid answer ends the call with the kit's result: `call.ask` then rejects with an
   * error the kit catches, so never swallow errors around it. On 2026-07-28
   * the operation runs again from its start for each round, with the earlier answers: put side effects after the last
   * `call.ask`, and ask the same questions for the same answers.
   * @example
   * accept: async ({ warehouse }, call) => {
   *   const { format } = await call.ask({ format: formatQuestionFor(warehouse.id) });
   *   return toolResult({ status: 'completed', warehouse: warehouse.id, format: format.format });
   * }
   */
  ask<const Qs extends FollowUpQuestions>(questions: Qs): Promise<AcceptedContent<Qs>>;
}

/**
 * What may happen to a 2026-07-28 answer whose replica dies while the operation runs (its claim's lease runs out):
 * `at-least-once` (the default) runs the operation again for the next copy of the retry, with the same
 * `idempotencyKey` and `attempt` 2; `at-most-once` never runs it again and answers that retry `outcome-unknown`.
 */
export type DeliveryGuarantee = 'at-least-once' | 'at-most-once';

/** What an operation or hook returns. */
export type Awaitable<T> = T | Promise<T>;

/** Information about a withdrawn question, for its message. */
export interface WithdrawnInfo {
  /** How long the question stayed open. */
  afterMs: number;
  /** Whether an answer arrived (2026-07-28: after the deadline) and was not used. */
  answered: boolean;
}

/**
 * Why nobody could be asked (`reason` of a `not_asked` result and record): the client declared no elicitation at all
 * (`no-elicitation-capability`), or not the mode the questions need (`mode-not-supported`, e.g. URL mode).
 */
export type NotAskedReason = 'no-elicitation-capability' | 'mode-not-supported';

/**
 * An approval carried another way: the host passes an approval (minted with `kit.approvals.mint`) as the argument
 * `argument`, and `approved` runs instead of the questions. The approval is bound to this tool, its arguments and an
 * expiry, and is usable once.
 */
export interface ApprovalFallback<Args> {
  approval: {
    /** The name of the argument that carries the approval. @default 'approval' */
    argument?: string;
    /** The operation, run when a valid, unused approval for this tool and these arguments came with the call. */
    approved: (call: ToolCall<Args>) => Awaitable<CallToolResult>;
  };
}

/**
 * What a call does when nobody can be asked, because the client cannot show the questions' mode (the guide's step
 * 7): `refuse` (the default: the tool error `Client does not support form elicitation.` on 2025, the SDK's `-32021`
 * on 2026-07-28), `not-asked` (a result with `status: 'not_asked'` that says the user was never asked and that the
 * model must not retry blindly), or an approval carried as an argument ({@link ApprovalFallback}).
 */
export type NobodyToAsk<Args> = 'refuse' | 'not-asked' | ApprovalFallback<Args>;

/** The words of the kit's own results. Every one has a default. */
export interface ToolMessages {
  /** @default 'Nothing was done: you declined.' */
  declined?: string;
  /** @default 'Nothing was done: the request was dismissed.' */
  cancelled?: string;
  /** Before the issues of an invalid answer. @default 'Invalid answer, nothing was done.' */
  invalidAnswer?: string;
  /** Before the issues of invalid answering arguments. @default 'Invalid arguments, nothing was done.' */
  invalidArguments?: string;
  /** The words of each refusal of a 2026 retry, by reason (defaults: see the README). */
  refused?: Partial<Record<RoundRefusalReason, string>>;
  /** The server withdrew its question. */
  withdrawn?: (info: WithdrawnInfo) => string;
  /** No answer, or no finished URL flow, in time. @default 'No answer arrived in time; nothing was done.' */
  expired?: string;
  /** The client cancelled the call. @default 'The call was cancelled; nothing was done.' */
  aborted?: string;
  /** The tool does not serve this era. */
  unsupported?: (era: ProtocolEra) => string;
  /** Nobody could be asked (`fallback: 'not-asked'`, or an approval fallback called without an approval). */
  notAsked?: (reason: NotAskedReason) => string;
}

/** Everything a tool definition has, whichever handler style it uses. */
export interface ToolDefinitionBase<Qs extends Questions, Args> {
  /** The tool's name (`tools/list`). */
  name: string;
  /** Display title. */
  title?: string;
  /** What the tool does (for the model and the user). */
  description: string;
  /** Tool annotations, passed to the SDK as given. */
  annotations?: ToolAnnotations;
  /** The tool's arguments (see `toolArguments`). Without it the tool takes none. */
  arguments?: ToolArguments<Args>;
  /** The questions, or a function of the call that builds them (checked when built). */
  questions: Qs | ((call: ToolCall<Args>) => Qs);
  /**
   * The key of a form question the caller may answer up front with the tool's arguments (the form's properties, all
   * optional, become the tool's arguments). When the arguments hold every required property they are validated like
   * an answer and nothing is asked (logged as `arguments`); otherwise the form is asked. Only for a tool with one
   * static form question and no `arguments`.
   */
  argumentsAnswer?: keyof Qs & string;
  /** The eras the tool serves; on others it answers `status: 'unsupported'`. @default ['legacy', 'modern'] */
  eras?: readonly ProtocolEra[];
  /**
   * What a resend may do after the replica running this tool's operation died (2026-07-28): run it again
   * (`at-least-once`; make it idempotent with `call.idempotencyKey`) or report that the outcome is unknown
   * (`at-most-once`). @default 'at-least-once'
   */
  delivery?: DeliveryGuarantee;
  /**
   * Work before the questions are asked (e.g. a slow preparation with progress notifications). Runs every time the
   * questions are asked, never on the retry that answers them.
   */
  prepare?: (call: ToolCall<Args>) => Awaitable<void>;
  /** Runs once the questions are out (2025: sent; 2026: the round minted). Awaited before the answers are used. */
  onAsked?: (call: ToolCall<Args>) => Awaitable<void>;
  /**
   * Withdraw the question after this many milliseconds (`undefined`: never). 2025: the `elicitation/create` is
   * cancelled (the client gets `notifications/cancelled`); 2026: the deadline is sealed in the round, and a later
   * answer is not used. Either way the call ends with `status: 'withdrawn'`.
   */
  withdrawAfterMs?: (call: ToolCall<Args>) => number | undefined;
  /** Fields added (after `status`) to every result the kit builds for this tool. */
  resultFields?: (call: ToolCall<Args>) => Record<string, unknown>;
  /** The words of the kit's own results. */
  messages?: ToolMessages;
  /**
   * What the tool's forms may become on a 2025-06-18 session (see `formQuestion`'s `downgrade`; a question's own
   * choice wins). @default 'drop-defaults'
   */
  downgrade?: DowngradePolicy;
  /** What a call does when nobody can be asked ({@link NobodyToAsk}). @default 'refuse' */
  fallback?: NobodyToAsk<Args>;
}

/** A tool whose operation receives every answer (accept, decline or cancel) as a discriminated union. */
export interface RunToolDefinition<
  Qs extends Questions,
  Args,
  Errors extends ClientErrorMode,
> extends ToolDefinitionBase<Qs, Args> {
  /**
   * The operation. Accepted content arrives re-validated; an invalid answer never gets here (the call ends with
   * `status: 'invalid'` naming each field and rule).
   */
  run: (answers: Answers<Qs, Errors>, call: ToolCall<Args>) => Awaitable<CallToolResult>;
  /** How a client's JSON-RPC error to one question is handled. @default 'fail' */
  clientErrors?: Errors;
  accept?: never;
}

/**
 * A tool whose operation runs only when every question was accepted: a cancel gives `status: 'cancelled'`, else a
 * decline `status: 'not_started'` (see {@link ToolMessages}).
 */
export interface AcceptToolDefinition<Qs extends Questions, Args> extends ToolDefinitionBase<Qs, Args> {
  /** The operation, with the re-validated content of every question. */
  accept: (content: AcceptedContent<Qs>, call: ToolCall<Args>) => Awaitable<CallToolResult>;
  run?: never;
  clientErrors?: never;
}

/** A tool definition: {@link RunToolDefinition} or {@link AcceptToolDefinition}. */
export type ToolDefinition<Qs extends Questions, Args, Errors extends ClientErrorMode = 'fail'> =
  | RunToolDefinition<Qs, Args, Errors>
  | AcceptToolDefinition<Qs, Args>;

/** The type-erased form the server works with. */
export interface ToolSpec {
  readonly name: string;
  readonly title: string | undefined;
  readonly description: string;
  readonly annotations: ToolAnnotations | undefined;
  readonly arguments: ToolArguments<unknown> | undefined;
  readonly questions: Questions | ((call: ToolCall<unknown>) => Questions);
  readonly argumentsAnswer: string | undefined;
  readonly eras: readonly ProtocolEra[];
  readonly delivery: DeliveryGuarantee;
  readonly prepare: ((call: ToolCall<unknown>) => Awaitable<void>) | undefined;
  readonly onAsked: ((call: ToolCall<unknown>) => Awaitable<void>) | undefined;
  readonly withdrawAfterMs: ((call: ToolCall<unknown>) => number | undefined) | undefined;
  readonly resultFields: ((call: ToolCall<unknown>) => Record<string, unknown>) | undefined;
  readonly messages: ToolMessages;
  readonly handler:
    | { style: 'run'; run: (answers: Record<string, unknown>, call: ToolCall<unknown>) => Awaitable<CallToolResult> }
    | {
        style: 'accept';
        accept: (content: Record<string, unknown>, call: ToolCall<unknown>) => Awaitable<CallToolResult>;
      };
  readonly clientErrors: ClientErrorMode;
  readonly downgrade: DowngradePolicy | undefined;
  readonly fallback:
    | 'refuse'
    | 'not-asked'
    | { approval: { argument: string; approved: (call: ToolCall<unknown>) => Awaitable<CallToolResult> } };
}

/** A defined tool, ready for `register()`. */
export interface ElicitationTool<Qs extends Questions = Questions, Args = unknown> {
  /** The tool's name. */
  readonly name: string;
  /** The checked definition. */
  readonly spec: ToolSpec;
  /** Type-only. Never set at run time. */
  readonly types?: { questions: Qs; args: Args };
}

const ERAS: readonly ProtocolEra[] = ['legacy', 'modern'];

function isQuestion(value: unknown): value is Question {
  return (
    typeof value === 'object' &&
    value !== null &&
    ((value as { mode?: unknown }).mode === 'form' || (value as { mode?: unknown }).mode === 'url')
  );
}

/**
 * Checks a set of questions (static ones when the tool is defined, built ones at each call): at least one, every
 * value made by `formQuestion` or `urlQuestion`, and `url-required` questions not mixed with others.
 */
export function checkQuestions(tool: string, questions: unknown): Questions {
  if (typeof questions !== 'object' || questions === null) {
    throw new ElicitationDefinitionError(`${tool}: \`questions\` must be an object of questions by key`, {
      problem: 'definition',
    });
  }
  const entries = Object.entries(questions);
  if (entries.length === 0) {
    throw new ElicitationDefinitionError(`${tool}: a tool that asks needs at least one question`, {
      problem: 'definition',
    });
  }
  for (const [key, question] of entries) {
    if (key === '' || !isQuestion(question)) {
      throw new ElicitationDefinitionError(
        `${tool}: question "${key}" must be made with formQuestion() or urlQuestion() under a non-empty key`,
        { problem: 'definition' },
      );
    }
  }
  const required = entries.filter(([, question]) => question.mode === 'url' && question.legacy === 'url-required');
  if (required.length > 0 && required.length < entries.length) {
    throw new ElicitationDefinitionError(
      `${tool}: a url-required question cannot share a round with other questions (2025 answers it with -32042)`,
      { problem: 'definition' },
    );
  }
  return questions as Questions;
}

/**
 * Defines a tool that asks, and checks the definition at once (the questions were checked when they were made):
 * names, at least one question, exactly one of `run` / `accept`, a valid `argumentsAnswer`.
 * @example
 * const exportData = defineTool({
 *   name: 'export-data',
 *   description: 'Exports the orders table.',
 *   questions: { export_options: exportOptions },
 *   accept: ({ export_options }) => toolResult({ status: 'completed', format: export_options.format }),
 * });
 */
export function defineTool<
  const Qs extends Questions,
  Args = Record<string, never>,
  Errors extends ClientErrorMode = 'fail',
>(definition: ToolDefinition<Qs, Args, Errors>): ElicitationTool<Qs, Args> {
  const { name } = definition;
  if (typeof name !== 'string' || name === '') {
    throw new ElicitationDefinitionError('defineTool: `name` must be a non-empty string', { problem: 'definition' });
  }
  if (typeof definition.description !== 'string' || definition.description === '') {
    throw new ElicitationDefinitionError(`${name}: \`description\` must be a non-empty string`, {
      problem: 'definition',
    });
  }
  const hasRun = typeof definition.run === 'function';
  const hasAccept = typeof definition.accept === 'function';
  if (hasRun === hasAccept) {
    throw new ElicitationDefinitionError(`${name}: give exactly one of \`run\` (every answer) and \`accept\``, {
      problem: 'definition',
    });
  }
  if (typeof definition.questions !== 'function') {
    checkQuestions(name, definition.questions);
  }
  let args = definition.arguments as ToolArguments<unknown> | undefined;
  const answerKey = definition.argumentsAnswer;
  if (answerKey !== undefined) {
    const questions = definition.questions;
    const question: unknown = typeof questions === 'function' ? undefined : questions[answerKey];
    if (
      typeof questions === 'function' ||
      Object.keys(questions).length !== 1 ||
      !isQuestion(question) ||
      question.mode !== 'form' ||
      question.validate === undefined
    ) {
      throw new ElicitationDefinitionError(
        `${name}: argumentsAnswer must name the tool's only question, a static form with a checked schema`,
        { problem: 'definition' },
      );
    }
    if (args !== undefined) {
      throw new ElicitationDefinitionError(
        `${name}: argumentsAnswer makes the form's properties the tool's arguments; drop \`arguments\``,
        { problem: 'definition' },
      );
    }
    args = argumentsAnsweringForm(question.requestedSchema) as ToolArguments<unknown>;
  }
  const fallback = checkFallback(name, definition.fallback as NobodyToAsk<unknown> | undefined);
  if (typeof fallback === 'object') {
    args = withApprovalArgument(name, args, fallback.approval.argument);
  }
  const eras = definition.eras ?? ERAS;
  if (eras.length === 0 || eras.some((era) => !ERAS.includes(era))) {
    throw new ElicitationDefinitionError(`${name}: \`eras\` must list 'legacy' and/or 'modern'`, {
      problem: 'definition',
    });
  }
  const delivery = definition.delivery ?? 'at-least-once';
  if (delivery !== 'at-least-once' && delivery !== 'at-most-once') {
    throw new ElicitationDefinitionError(`${name}: \`delivery\` must be 'at-least-once' or 'at-most-once'`, {
      problem: 'definition',
    });
  }
  const spec: ToolSpec = Object.freeze({
    name,
    title: definition.title,
    description: definition.description,
    annotations: definition.annotations,
    arguments: args,
    questions: definition.questions as ToolSpec['questions'],
    argumentsAnswer: answerKey,
    eras,
    delivery,
    prepare: definition.prepare as ToolSpec['prepare'],
    onAsked: definition.onAsked as ToolSpec['onAsked'],
    withdrawAfterMs: definition.withdrawAfterMs as ToolSpec['withdrawAfterMs'],
    resultFields: definition.resultFields as ToolSpec['resultFields'],
    messages: { ...definition.messages },
    handler: hasRun
      ? { style: 'run' as const, run: definition.run as Extract<ToolSpec['handler'], { style: 'run' }>['run'] }
      : {
          style: 'accept' as const,
          accept: definition.accept as Extract<ToolSpec['handler'], { style: 'accept' }>['accept'],
        },
    clientErrors: definition.clientErrors ?? 'fail',
    downgrade: definition.downgrade,
    fallback,
  });
  return Object.freeze({ name, spec });
}

/** Checks a tool's `fallback` (the approval argument's name filled in). */
function checkFallback(name: string, fallback: NobodyToAsk<unknown> | undefined): ToolSpec['fallback'] {
  if (fallback === undefined || fallback === 'refuse' || fallback === 'not-asked') {
    return fallback ?? 'refuse';
  }
  const approval = (fallback as Partial<ApprovalFallback<unknown>>).approval;
  if (typeof approval?.approved !== 'function') {
    throw new ElicitationDefinitionError(
      `${name}: \`fallback\` must be 'refuse', 'not-asked' or { approval: { approved } }`,
      { problem: 'definition' },
    );
  }
  const argument = approval.argument ?? 'approval';
  if (argument === '') {
    throw new ElicitationDefinitionError(`${name}: the approval argument needs a name`, { problem: 'definition' });
  }
  return { approval: { argument, approved: approval.approved } };
}

/** The tool's arguments plus the optional string argument that carries an approval. */
function withApprovalArgument(
  name: string,
  args: ToolArguments<unknown> | undefined,
  argument: string,
): ToolArguments<unknown> {
  const properties = args?.schema.properties ?? {};
  if (Object.hasOwn(properties, argument)) {
    throw new ElicitationDefinitionError(
      `${name}: the approval argument "${argument}" is already one of the tool's arguments; name it otherwise`,
      { problem: 'definition', property: argument },
    );
  }
  const required = args?.schema.required;
  return toolArguments({
    type: 'object',
    properties: {
      ...properties,
      [argument]: {
        type: 'string',
        title: 'Approval',
        description: 'An approval minted for this call by the server, when the user cannot be asked here.',
        maxLength: 4096,
      },
    },
    ...(required === undefined ? {} : { required: [...required] }),
  } as RequestedSchemaInput) as ToolArguments<unknown>;
}
