// Request parsing: wire params (any era) → a typed request with field descriptors, or a ready-to-send -32602 error.
// The input is first copied at the JSON boundary (json.ts); the form's schema is screened (screen.ts) and described
// (describe.ts), a URL request's link analysed (url.ts). A refusal is a Rejection value (rejection.ts), never thrown.
// The package README lists the policies with their reasons.
import { SCHEMA_PATH, describeSchema } from './describe.js';
import { formats } from './formats.js';
import { isJsonObject, toJsonValue, type JsonObject, type JsonValue, type NotJsonProblem } from './json.js';
import { declaresMode, revisionFeatures, type ElicitationMode, type ProtocolVersion } from './protocol.js';
import { Rejection } from './rejection.js';
import { detectSensitiveFields } from './sensitive.js';
import type {
  ElicitRequestedSchema,
  ElicitationError,
  FieldDescriptor,
  ParseOptions,
  ParseResult,
  ParsedElicitation,
  ParsedFormElicitation,
  ParsedUrlElicitation,
  SchemaWarning,
  SensitiveField,
} from './types.js';
import { analyzeUrl } from './url.js';

/** Result of {@link parseRequestedSchema}. */
export type RequestedSchemaResult =
  | {
      ok: true;
      schema: ElicitRequestedSchema;
      fields: FieldDescriptor[];
      warnings: SchemaWarning[];
      /** The fields that look like they ask for a secret, judged once from `fields` (when first read). */
      readonly sensitive: SensitiveField[];
    }
  | { ok: false; error: ElicitationError };

/**
 * A successful {@link parseRequestedSchema} (or {@link describeRequestedSchema}) result: what
 * {@link createContentValidator} accepts in place of a schema.
 */
export type ParsedRequestedSchema = Extract<DescribedRequestedSchema, { ok: true }>;

/** The verdicts judged so far, by the parse result they belong to. */
const JUDGED = new WeakMap<object, SensitiveField[]>();

/**
 * `sensitive` on a parse result: an enumerable property (spread, `JSON.stringify` and `structuredClone` see it) whose
 * value is judged from the result's `fields` when first read, then kept. One shared accessor, so that every result has
 * the same shape (a getter written in each object literal would give each its own hidden class, ~30× slower to
 * create), and a parse that no one asks about secrets — a server's, a benchmark's — does not judge at all.
 */
const SENSITIVE: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: { fields: readonly FieldDescriptor[] }): SensitiveField[] {
    let found = JUDGED.get(this);
    if (found === undefined) {
      found = detectSensitiveFields(this.fields);
      JUDGED.set(this, found);
    }
    return found;
  },
};

/** The result with its lazily judged `sensitive` attached. */
function withSensitive<Result extends { fields: FieldDescriptor[] }>(
  result: Result,
): Result & { readonly sensitive: SensitiveField[] } {
  return Object.defineProperty(result, 'sensitive', SENSITIVE) as Result & { readonly sensitive: SensitiveField[] };
}

/** How a value that is not JSON is described: "is not JSON: …". */
const NOT_JSON: Record<NotJsonProblem, string> = {
  cycle: 'it contains a cycle',
  bigint: 'it contains a BigInt',
  unreadable: 'a property could not be read',
  'too-deep': 'it nests too deeply',
};

const PARAMS_PATH = '';

// ─── Requests ───────────────────────────────────────────────────────────────────────────────────────────────────

/** The JSON copy of `input`, or the rejection saying why it is not JSON (paths below `prefix`). */
function copyJson(input: unknown, prefix: string): JsonValue | undefined | Rejection {
  const copy = toJsonValue(input);
  if (copy.ok) {
    return copy.value;
  }
  const path = prefix === '' ? copy.path : copy.path === '' ? prefix : `${prefix}.${copy.path}`;
  return new Rejection(path, 'not-json', { detail: NOT_JSON[copy.problem] });
}

const ignoredField = (key: string, why: string): SchemaWarning => ({
  path: key,
  code: 'ignored-field',
  message: `'${key}' ${why}; it is ignored.`,
});

/** A required or optional string member of the params. */
function stringMember(request: JsonObject, key: string, required: boolean): string | undefined | Rejection {
  const value = request[key];
  if (value === undefined) {
    return required ? new Rejection(key, 'missing') : undefined;
  }
  return typeof value === 'string' ? value : new Rejection(key, 'wrong-type', { detail: 'a string' });
}

/** `task` and `_meta`, which only 2025 revisions have: kept when valid, ignored or refused otherwise. */
function extrasOf(
  request: JsonObject,
  version: ProtocolVersion | undefined,
  warnings: SchemaWarning[],
): Pick<ParsedFormElicitation, 'task' | '_meta'> | Rejection {
  const extras: Pick<ParsedFormElicitation, 'task' | '_meta'> = {};
  const members = [
    { key: 'task', inner: 'ttl', allowsString: false },
    { key: '_meta', inner: 'progressToken', allowsString: true },
  ] as const;
  for (const { key, inner, allowsString } of members) {
    const value = request[key];
    if (value === undefined) {
      continue;
    }
    const nested = isJsonObject(value) ? value[inner] : undefined;
    const valid =
      isJsonObject(value) &&
      (nested === undefined ||
        nested === null ||
        Number.isInteger(nested) ||
        (allowsString && typeof nested === 'string'));
    if (version !== undefined && !revisionFeatures(version).taskAndMeta) {
      warnings.push(ignoredField(key, `is not part of protocol revision ${version}`));
    } else if (valid) {
      (extras as Record<string, JsonValue>)[key] = value;
    } else if (version === undefined) {
      // With no era, the stateless shape (which has no such member) allows anything here.
      warnings.push(ignoredField(key, 'is malformed'));
    } else {
      return new Rejection(isJsonObject(value) ? `${key}.${inner}` : key, 'wrong-type', {
        detail: isJsonObject(value) ? (allowsString ? 'an integer or a string' : 'an integer') : 'an object',
      });
    }
  }
  return extras;
}

function parseUrlRequest(
  request: JsonObject,
  message: string,
  options: ParseOptions,
  warnings: SchemaWarning[],
  extras: Pick<ParsedUrlElicitation, 'task' | '_meta'>,
): ParsedUrlElicitation | Rejection {
  const url = stringMember(request, 'url', true);
  if (url === undefined || url instanceof Rejection) {
    return url ?? new Rejection('url', 'missing');
  }
  const link = analyzeUrl(url, {
    ...(options.serverUrl !== undefined && { serverUrl: options.serverUrl }),
    ...(options.publicSuffixList !== undefined && { publicSuffixList: options.publicSuffixList }),
  });
  if (link.warnings.some((warning) => warning.code === 'blocked-scheme')) {
    return new Rejection('url', 'url-blocked', { detail: `${link.scheme}:` });
  }
  if (link.scheme === '' || !formats.uri(url)) {
    return new Rejection('url', 'url-invalid');
  }
  const version = options.protocolVersion;
  let elicitationId: string | undefined;
  // 2025-11-25 requires an elicitationId, 2026-07-28 has none (and URL mode's own revisions are the only ones here).
  const idRequired = version !== undefined && revisionFeatures(version).elicitationId;
  if (version !== undefined && !idRequired) {
    if (request['elicitationId'] !== undefined) {
      warnings.push(ignoredField('elicitationId', `is not part of protocol revision ${version}`));
    }
  } else if (
    version === undefined &&
    request['elicitationId'] !== undefined &&
    typeof request['elicitationId'] !== 'string'
  ) {
    // With no era, the stateless shape (which has no elicitationId) allows anything here.
    warnings.push(ignoredField('elicitationId', 'is not a string'));
  } else {
    const id = stringMember(request, 'elicitationId', idRequired);
    if (id instanceof Rejection) {
      return id;
    }
    elicitationId = id;
  }
  return {
    mode: 'url',
    message,
    url,
    ...(elicitationId !== undefined && { elicitationId }),
    link,
    warnings,
    ...extras,
  };
}

/** The mode a request asks for, or why it cannot be served. */
function modeOf(request: JsonObject, options: ParseOptions): ElicitationMode | Rejection {
  const mode = request['mode'] === undefined ? 'form' : request['mode'];
  if (mode !== 'form' && mode !== 'url') {
    return typeof mode === 'string'
      ? new Rejection('mode', 'unknown-mode', { detail: mode })
      : new Rejection('mode', 'wrong-type', { detail: "'form' or 'url'" });
  }
  const version = options.protocolVersion;
  if (mode === 'url' && version !== undefined && !revisionFeatures(version).urlMode) {
    return new Rejection('mode', 'mode-not-in-era', { detail: version });
  }
  if (!declaresMode(options.modes ?? ['form', 'url'], mode)) {
    return new Rejection('mode', 'mode-not-declared', { detail: mode });
  }
  return mode;
}

function parseRequest(params: unknown, options: ParseOptions): ParsedElicitation | Rejection {
  const request = copyJson(params, PARAMS_PATH);
  if (request instanceof Rejection) {
    return request;
  }
  if (!isJsonObject(request)) {
    return new Rejection(PARAMS_PATH, 'not-object');
  }
  const mode = modeOf(request, options);
  if (mode instanceof Rejection) {
    return mode;
  }
  const message = stringMember(request, 'message', true);
  if (message === undefined || message instanceof Rejection) {
    return message ?? new Rejection('message', 'missing');
  }
  const warnings: SchemaWarning[] = [];
  const extras = extrasOf(request, options.protocolVersion, warnings);
  if (extras instanceof Rejection) {
    return extras;
  }
  if (mode === 'url') {
    return parseUrlRequest(request, message, options, warnings, extras);
  }
  if (request['requestedSchema'] === undefined) {
    return new Rejection(SCHEMA_PATH, 'missing');
  }
  const compiled = describeSchema(request['requestedSchema'], options.protocolVersion, warnings);
  if (compiled instanceof Rejection) {
    return compiled;
  }
  return withSensitive({
    mode: 'form' as const,
    message,
    requestedSchema: compiled.schema,
    fields: compiled.fields,
    warnings,
    ...extras,
  });
}

/** A requested schema screened and described: {@link parseRequestedSchema}'s result without the secret verdict. */
export type DescribedRequestedSchema =
  | { ok: true; schema: ElicitRequestedSchema; fields: FieldDescriptor[]; warnings: SchemaWarning[] }
  | { ok: false; error: ElicitationError };

/**
 * {@link parseRequestedSchema} without the secret verdict: what a validator needs. (A server's
 * `createContentValidator` then does not carry the secret detector in its bundle.)
 */
export function describeRequestedSchema(
  schema: unknown,
  options: { protocolVersion?: ProtocolVersion } = {},
): DescribedRequestedSchema {
  const copy = copyJson(schema, SCHEMA_PATH);
  const warnings: SchemaWarning[] = [];
  const compiled = copy instanceof Rejection ? copy : describeSchema(copy, options.protocolVersion, warnings);
  return compiled instanceof Rejection
    ? { ok: false, error: compiled.toError() }
    : { ok: true, schema: compiled.schema, fields: compiled.fields, warnings };
}

/**
 * Checks a `requestedSchema` against the restricted schema and the kit's policies, describes its fields and judges
 * which look like they ask for a secret (`sensitive`). Never throws. A rejection is the same `-32602` error
 * {@link parseElicitation} would send (paths start with `requestedSchema`). `protocolVersion: '2025-06-18'` refuses
 * the variants that revision did not have.
 */
export function parseRequestedSchema(
  schema: unknown,
  options: { protocolVersion?: ProtocolVersion } = {},
): RequestedSchemaResult {
  const described = describeRequestedSchema(schema, options);
  return described.ok ? withSensitive({ ...described }) : described;
}

/**
 * Parses the params of an `elicitation/create` request (any era, or the negotiated `protocolVersion`) and checks it
 * against the modes the client declared. Never throws, whatever the input: it is first copied as JSON (a cycle, a
 * BigInt or a throwing getter is `not-json`). A rejection is a ready-to-send JSON-RPC error
 * `{ code: -32602, message, data: { path, reason } }`: answer the server with it and show no UI.
 * @example
 * const parsed = parseElicitation(request.params, { protocolVersion: '2025-11-25', modes: { form: {} } });
 * if (!parsed.ok) return { error: parsed.error };
 */
export function parseElicitation(params: unknown, options: ParseOptions = {}): ParseResult {
  const request = parseRequest(params, options);
  return request instanceof Rejection ? { ok: false, error: request.toError() } : { ok: true, request };
}

/** Thrown where a schema must be valid (a server author's bug otherwise): carries the `-32602` a client would send. */
export class ElicitationSchemaError extends TypeError {
  /** The `-32602` error a client would answer this schema with (`data.path`, `data.reason`). */
  readonly error: ElicitationError;
  constructor(error: ElicitationError) {
    super(error.message);
    this.name = 'ElicitationSchemaError';
    this.error = error;
  }
}
