// Questions, checked when they are defined: a form's schema goes through core's parser once (outside the restricted
// schema → an error naming the property and keyword), whose secret verdict it reads (a secret-looking field → an
// error that says to use URL mode, unless the field is listed in `allowSensitive` after review).
import { createContentValidator, parseRequestedSchema } from '@elicitation-kit/core';
import type { ContentValidator, ElicitationError, ElicitRequestedSchema } from '@elicitation-kit/core';
import type { DowngradePolicy } from './revision.js';
import type { ContentOf, PropertyNames, RequestedSchemaInput } from './schema.js';

/** The dotted path core reports, e.g. `requestedSchema.properties.country.$ref`. */
const PROPERTY_PATH = /^requestedSchema\.properties\.([^.]+)(?:\.(.+))?$/;
const SCHEMA_PATH = /^requestedSchema(?:\.(.+))?$/;

/** What a definition error is about: a schema outside the restricted schema, or a field that looks like a secret. */
export type DefinitionProblem = 'schema' | 'sensitive' | 'definition';

/**
 * Thrown when a question or tool is defined wrongly: the server author's bug, found before anything is sent.
 * `property` and `keyword` name the spot when the schema is at fault.
 */
export class ElicitationDefinitionError extends TypeError {
  /** Why the definition was refused. */
  readonly problem: DefinitionProblem;
  /** The property at fault, when there is one. */
  readonly property: string | undefined;
  /** The schema keyword at fault (`$ref`, `type`, `minimum`, …), when there is one. */
  readonly keyword: string | undefined;
  /** For `schema` problems: the `-32602` error a client would answer this schema with. */
  readonly error: ElicitationError | undefined;

  constructor(
    message: string,
    details: { problem: DefinitionProblem; property?: string; keyword?: string; error?: ElicitationError },
  ) {
    super(message);
    this.name = 'ElicitationDefinitionError';
    this.problem = details.problem;
    this.property = details.property;
    this.keyword = details.keyword;
    this.error = details.error;
  }
}

/** A form-mode question: a message and a restricted schema whose accepted content is typed `Content`. */
export interface FormQuestion<Content = Record<string, unknown>> {
  readonly mode: 'form';
  /** Shown to the user. */
  readonly message: string;
  /** The schema sent on the wire (core's normalized copy of the one given). */
  readonly requestedSchema: ElicitRequestedSchema;
  /** Property names, in schema order. */
  readonly properties: readonly string[];
  /** Property names listed in `required`. */
  readonly required: readonly string[];
  /**
   * Re-validates accepted content with the same contract the client used (core's `createContentValidator`).
   * `undefined` only for an {@link FormQuestionOptions.uncheckedSchema | unchecked} schema.
   */
  readonly validate: ContentValidator | undefined;
  /** What the form may become on a 2025-06-18 session (`undefined`: the tool's choice, else `lossless`). */
  readonly downgrade: DowngradePolicy | undefined;
  /** Type-only: the content an accepted answer carries. Never set at run time. */
  readonly content?: Content;
}

/** One out-of-band step a URL-mode question sends the user to. */
export interface UrlFlow {
  /** Stable identifier (the 2025 `elicitationId`; sealed into the 2026 round state). */
  readonly id: string;
  /** The page the user opens. Must carry no secrets or personal data (spec), and should be `https:` outside loopback. */
  readonly url: string;
  /** Whether the user finished the step. */
  readonly completed: boolean;
}

/** Where URL-mode flows live. The server serves the pages and completes the flows; the kit only asks and checks. */
export interface UrlFlows {
  /** Starts a flow for one tool call. */
  start(tool: string): UrlFlow | Promise<UrlFlow>;
  /** The flow with this id, or `undefined` when it is unknown (expired, or started by another process). */
  get(id: string): UrlFlow | undefined | Promise<UrlFlow | undefined>;
  /** Resolves when the flow completes; rejects with the signal's reason when it aborts first. */
  waitFor(id: string, signal: AbortSignal): Promise<void>;
  /** Calls `listener` once when the flow completes (2025 `url-required` mode: the completion notification). */
  onComplete(id: string, listener: () => void): void;
}

/** How a URL question asks on 2025 sessions. */
export type LegacyUrlStyle = 'push' | 'url-required';

/** A URL-mode question. Accepting means only that the user agreed to open the page. */
export interface UrlQuestion {
  readonly mode: 'url';
  readonly message: string;
  readonly flows: UrlFlows;
  /**
   * 2025 sessions: `push` sends `elicitation/create` (mode `url`) and waits for the flow, then sends
   * `notifications/elicitation/complete`; `url-required` fails the call with `-32042` until the flow is done (the
   * completion notification then goes on the session's stream, and the client retries).
   */
  readonly legacy: LegacyUrlStyle;
  /** 2025 `push`: how long to wait for the flow after the user accepted. */
  readonly patienceMs: number;
  /** 2025 `url-required`: the error message of the `-32042`. */
  readonly requiredMessage: string;
}

/** A question a tool asks. */
export type Question = FormQuestion<unknown> | UrlQuestion;

/** Options of {@link formQuestion}. */
export interface FormQuestionOptions<S extends RequestedSchemaInput> {
  /** Shown to the user: what is asked and why. */
  message: string;
  /** A restricted schema (write it literally or `as const` to get typed answers). */
  requestedSchema: S;
  /**
   * Fields that look like secrets but were reviewed and are not (a false positive of the detector), or that a demo
   * asks for on purpose. Every other secret-looking field is refused: secrets belong in URL mode.
   */
  allowSensitive?: readonly PropertyNames<S>[];
  /**
   * Skip the definition-time check of the schema. Only for fixtures that exercise clients with schemas outside the
   * restricted schema: accepted answers are never re-validated against it, so they never reach the operation (the
   * call ends with an `invalid` result).
   * @default false
   */
  uncheckedSchema?: boolean;
  /**
   * What the form may become on a session that negotiated 2025-06-18, which lacks titled and multiple choices and
   * non-boolean defaults: `drop-defaults` rewrites a titled single choice as `enum` + `enumNames` and leaves out the
   * defaults 2025-06-18 lacks (refusing the call for a multiple choice); `lossless` refuses the call for those defaults
   * too; `never` refuses any construct it lacks. @default the tool's `downgrade`, else 'drop-defaults'
   */
  downgrade?: DowngradePolicy;
}

/** Property and keyword named by a core error path. */
function locate(path: string): { property?: string; keyword?: string } {
  const property = PROPERTY_PATH.exec(path);
  if (property?.[1] !== undefined) {
    return property[2] === undefined ? { property: property[1] } : { property: property[1], keyword: property[2] };
  }
  const schema = SCHEMA_PATH.exec(path);
  return schema?.[1] === undefined ? {} : { keyword: schema[1] };
}

function where(spot: { property?: string; keyword?: string }): string {
  if (spot.property !== undefined && spot.keyword !== undefined) {
    return `property "${spot.property}", keyword "${spot.keyword}"`;
  }
  if (spot.property !== undefined) {
    return `property "${spot.property}"`;
  }
  return spot.keyword === undefined ? 'the schema' : `keyword "${spot.keyword}"`;
}

/**
 * Defines a form-mode question and checks it at once:
 * - the schema must be a valid restricted schema (core's parser); otherwise an {@link ElicitationDefinitionError}
 *   names the property and keyword (`property "country", keyword "$ref": …`); warnings (ignored keywords, invalid
 *   defaults) are refused the same way, as the client would not do what they say;
 * - no field may look like a secret (the parser's `sensitive` verdict) unless listed in `allowSensitive`: secrets must
 *   be asked in URL mode.
 * @example
 * const exportOptions = formQuestion({
 *   message: 'How should the orders export be produced?',
 *   requestedSchema: { type: 'object', properties: { format: { type: 'string', enum: ['csv', 'json'] } }, required: ['format'] },
 * }); // answers typed { format: 'csv' | 'json' }
 */
export function formQuestion<const S extends RequestedSchemaInput>(
  options: FormQuestionOptions<S>,
): FormQuestion<ContentOf<S>> {
  if (typeof options.message !== 'string' || options.message === '') {
    throw new ElicitationDefinitionError('formQuestion: `message` must be a non-empty string', {
      problem: 'definition',
    });
  }
  if (options.uncheckedSchema === true) {
    const schema = options.requestedSchema as unknown as ElicitRequestedSchema;
    return Object.freeze({
      mode: 'form',
      message: options.message,
      requestedSchema: schema,
      properties: Object.keys(schema.properties ?? {}),
      required: [...(schema.required ?? [])],
      validate: undefined,
      downgrade: options.downgrade,
    });
  }
  const parsed = parseRequestedSchema(options.requestedSchema);
  if (!parsed.ok) {
    const spot = locate(parsed.error.data.path);
    throw new ElicitationDefinitionError(
      `formQuestion "${options.message}": ${where(spot)} is outside the restricted schema (${parsed.error.data.reason}): ${parsed.error.message}`,
      { problem: 'schema', ...spot, error: parsed.error },
    );
  }
  const [warning] = parsed.warnings;
  if (warning !== undefined) {
    const spot = locate(warning.path);
    throw new ElicitationDefinitionError(
      `formQuestion "${options.message}": ${where(spot)}: ${warning.message} (${warning.code}); a client would not do what it says`,
      { problem: 'schema', ...spot },
    );
  }
  const names = parsed.fields.map((field) => field.name);
  const allowed = new Set<string>(options.allowSensitive ?? []);
  for (const name of allowed) {
    if (!names.includes(name)) {
      throw new ElicitationDefinitionError(
        `formQuestion "${options.message}": allowSensitive names "${name}", which is not a property of the schema`,
        { problem: 'definition', property: name },
      );
    }
  }
  const secret = parsed.sensitive.find((field) => !allowed.has(field.field));
  if (secret !== undefined) {
    throw new ElicitationDefinitionError(
      `formQuestion "${options.message}": property "${secret.field}": ${secret.message} Ask for it with urlQuestion instead; if it is not a secret, list it in allowSensitive after review.`,
      { problem: 'sensitive', property: secret.field },
    );
  }
  return Object.freeze({
    mode: 'form',
    message: options.message,
    requestedSchema: parsed.schema,
    properties: Object.freeze(names),
    required: Object.freeze(parsed.fields.filter((field) => field.required).map((field) => field.name)),
    validate: createContentValidator(parsed),
    downgrade: options.downgrade,
  });
}

/** Options of {@link urlQuestion}. */
export interface UrlQuestionOptions {
  /** Shown to the user with the URL: what the page is for. */
  message: string;
  /** Starts, finds and waits for the flows (the pages are the server's own). */
  flows: UrlFlows;
  /** How to ask on 2025 sessions (see {@link UrlQuestion.legacy}). @default 'push' */
  legacy?: LegacyUrlStyle;
  /** 2025 `push`: how long to wait for the flow after the user accepted. @default 600000 (10 minutes) */
  patienceMs?: number;
  /** 2025 `url-required`: the message of the `-32042` error. @default 'Open the page, finish there, then retry.' */
  requiredMessage?: string;
}

/** Default patience of a 2025 URL flow: ten minutes. */
export const DEFAULT_URL_PATIENCE_MS = 600_000;

/**
 * Defines a URL-mode question: the way to ask for secrets, sign-ins and payments (the page is the server's own, the
 * client never sees what the user types). 2025: `elicitation/create` with an `elicitationId` and, once the flow is
 * done, `notifications/elicitation/complete` (or `-32042` in `url-required` style); 2026-07-28: a round whose retry
 * is checked against the flow.
 */
export function urlQuestion(options: UrlQuestionOptions): UrlQuestion {
  if (typeof options.message !== 'string' || options.message === '') {
    throw new ElicitationDefinitionError('urlQuestion: `message` must be a non-empty string', {
      problem: 'definition',
    });
  }
  const patienceMs = options.patienceMs ?? DEFAULT_URL_PATIENCE_MS;
  if (!Number.isFinite(patienceMs) || patienceMs <= 0) {
    throw new ElicitationDefinitionError('urlQuestion: `patienceMs` must be a positive number', {
      problem: 'definition',
    });
  }
  return Object.freeze({
    mode: 'url',
    message: options.message,
    flows: options.flows,
    legacy: options.legacy ?? 'push',
    patienceMs,
    requiredMessage: options.requiredMessage ?? 'Open the page, finish there, then retry.',
  });
}
