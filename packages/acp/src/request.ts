// Reading an ACP `elicitation/create`: what ACP says differently from MCP is settled here (the mode is required, `null`
// means omitted, the schema's `type` and `properties` have defaults, `{}` advertises no mode, the scope), then the
// params go to core's parser, which owns every rule of the schema and the link. Nothing here judges a field or a URL.
import { INVALID_PARAMS, isJsonObject, parseElicitation, toJsonValue } from '@elicitation-kit/core';
import type {
  ElicitationError,
  ElicitationMode,
  JsonObject,
  JsonValue,
  ParseResult,
  PublicSuffixList,
} from '@elicitation-kit/core';
import type { AcpElicitationScope } from './types.js';

/**
 * The MCP revision whose rules read an ACP request: ACP v1 elicitation was copied from it (URL mode with a required
 * `elicitationId`, `elicitation/complete`, titled and multi-select enums).
 */
export const ACP_RULES_REVISION = '2025-11-25';

/**
 * The modes an ACP `elicitation` capability advertises, as the list core takes. Unlike MCP, `{}` advertises none:
 * a mode exists only when its key is present and not `null`.
 */
export function advertisedModes(capability: unknown): ElicitationMode[] {
  if (!isJsonObject(capability)) {
    return [];
  }
  const modes: ElicitationMode[] = [];
  for (const mode of ['form', 'url'] as const) {
    const value = capability[mode];
    if (value !== undefined && value !== null) {
      modes.push(mode);
    }
  }
  return modes;
}

/** ACP: "Omitted and `null` are equivalent". A copy of `value` without the `null` members of its objects. */
function withoutNulls(value: JsonValue): JsonValue {
  if (Array.isArray(value)) {
    return value.map(withoutNulls);
  }
  if (!isJsonObject(value)) {
    return value;
  }
  const copy: JsonObject = {};
  for (const [key, member] of Object.entries(value)) {
    if (member !== null) {
      copy[key] = withoutNulls(member);
    }
  }
  return copy;
}

/** ACP's defaults of a form schema (`type: "object"`, `properties: {}`), filled in before core reads it. */
function withSchemaDefaults(schema: JsonValue | undefined): JsonValue | undefined {
  if (!isJsonObject(schema)) {
    return schema;
  }
  return { ...schema, type: schema['type'] ?? 'object', properties: schema['properties'] ?? {} };
}

/** A `-32602` refusal of an ACP member core does not know (same shape as core's: `data.path`, `data.reason`). */
function refusal(path: string, reason: 'missing' | 'wrong-type', message: string): ElicitationError {
  return { code: INVALID_PARAMS, message, data: { path, reason } };
}

/** Where a request belongs: a session (optionally a tool call) or a request before any session. */
function scopeOf(params: JsonObject): AcpElicitationScope | ElicitationError {
  const { sessionId, toolCallId, requestId } = params;
  if (sessionId !== undefined) {
    if (typeof sessionId !== 'string') {
      return refusal('sessionId', 'wrong-type', "'sessionId' must be a string.");
    }
    if (toolCallId !== undefined && typeof toolCallId !== 'string') {
      return refusal('toolCallId', 'wrong-type', "'toolCallId' must be a string.");
    }
    return { sessionId, ...(toolCallId !== undefined ? { toolCallId } : {}) };
  }
  if (requestId !== undefined) {
    if (typeof requestId !== 'string' && !Number.isInteger(requestId)) {
      return refusal('requestId', 'wrong-type', "'requestId' must be a string or an integer.");
    }
    return { requestId: requestId as string | number };
  }
  return refusal(
    'sessionId',
    'missing',
    "The elicitation request has no 'sessionId' or 'requestId'; ACP ties every elicitation to a session or a request.",
  );
}

/** What the client knows when a request arrives. */
export interface AcpParseContext {
  /** The modes the client advertised (`advertisedModes`): a request in another mode is refused. */
  modes: readonly ElicitationMode[];
  /** The URL every URL-mode link is compared with (the different-site warning), when known. */
  serverUrl?: string | undefined;
  publicSuffixList?: PublicSuffixList | undefined;
}

/** An ACP request read: core's parse result and, when it parsed, the request's scope. */
export type AcpParseResult =
  | (Extract<ParseResult, { ok: true }> & { scope: AcpElicitationScope; meta: JsonObject | undefined })
  | { ok: false; error: ElicitationError };

/**
 * Parses the params of an ACP `elicitation/create` with core's rules ({@link ACP_RULES_REVISION}): the restricted
 * schema and its refusals, the link analysis, the declared modes. ACP's own differences are applied first: `mode` is
 * required, `null` members are omitted ones, a form schema's `type` and `properties` default to `"object"` and `{}`,
 * and the request must name its `sessionId` or `requestId`. Never throws; a refusal is the `-32602` to send.
 */
export function parseAcpElicitation(params: unknown, context: AcpParseContext): AcpParseResult {
  const copy = toJsonValue(params);
  if (!copy.ok || !isJsonObject(copy.value)) {
    // Core words the refusal of what is not a JSON object.
    const parsed = parseElicitation(params);
    return parsed.ok ? { ok: false, error: refusal('', 'wrong-type', 'The params must be a JSON object.') } : parsed;
  }
  const request = withoutNulls(copy.value) as JsonObject;
  if (request['mode'] === undefined) {
    return {
      ok: false,
      error: refusal('mode', 'missing', "The elicitation request has no 'mode', which ACP requires ('form' or 'url')."),
    };
  }
  const scope = scopeOf(request);
  if ('code' in scope) {
    return { ok: false, error: scope };
  }
  const schema = withSchemaDefaults(request['requestedSchema']);
  const parsed = parseElicitation(
    { ...request, ...(schema !== undefined ? { requestedSchema: schema } : {}) },
    {
      protocolVersion: ACP_RULES_REVISION,
      modes: context.modes,
      ...(context.serverUrl !== undefined ? { serverUrl: context.serverUrl } : {}),
      ...(context.publicSuffixList !== undefined ? { publicSuffixList: context.publicSuffixList } : {}),
    },
  );
  if (!parsed.ok) {
    return parsed;
  }
  const meta = request['_meta'];
  return { ...parsed, scope, meta: isJsonObject(meta) ? meta : undefined };
}
