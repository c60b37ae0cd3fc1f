// The fuzz invariants, shared by the unit-test sample and `pnpm run fuzz`.
import { parseElicitation, parseRequestedSchema, validateContent } from '../index.js';
import type { ParseOptions } from '../types.js';
import {
  ASSERTING_KEYWORDS,
  ajvContentVerdict,
  deliberateDifference,
  officialAccepts,
  policyAllows,
  STRUCTURE_KEYWORDS,
} from './harness.js';

/** Refused at every position; `anyOf` too, except as a multi-select's options in `items`. */
const FORBIDDEN = [...STRUCTURE_KEYWORDS, 'anyOf'];

/** Whether a schema position (the top level, a property, a multi-select's `items`) holds a forbidden keyword. */
const hasForbidden = (schema: Record<string, unknown>): boolean => {
  const properties = Object.values(schema['properties'] as object) as Record<string, unknown>[];
  const keys = [schema, ...properties].flatMap((position) => Object.keys(position));
  const itemKeys = properties.flatMap((property) =>
    property['type'] === 'array' ? Object.keys(property['items'] as object) : [],
  );
  const options = properties.flatMap((property) => [
    ...((property['oneOf'] as Record<string, unknown>[] | undefined) ?? []),
    ...(((property['items'] as Record<string, unknown> | undefined)?.['anyOf'] as Record<string, unknown>[]) ?? []),
  ]);
  return (
    'oneOf' in schema ||
    keys.some((key) => FORBIDDEN.includes(key)) ||
    itemKeys.some((key) => key !== 'anyOf' && FORBIDDEN.includes(key)) ||
    options.some((option) =>
      Object.entries(option).some(
        ([key, value]) =>
          key !== 'const' &&
          key !== 'title' &&
          !(key === 'type' && value === 'string') &&
          ASSERTING_KEYWORDS.includes(key),
      ),
    )
  );
};

/**
 * Parses `params` and checks the invariants: never throws; an accepted request is also accepted by the era's
 * official JSON schema, passes the independent policy oracle and carries no forbidden keyword; a URL request is
 * http(s); every rejection is a -32602 with a reason and (except `not-object`) a non-empty path; and, with no era
 * and both modes, what the official schema and the policies accept is accepted.
 */
export function checkRequest(params: unknown, options: ParseOptions = {}): { accepted: boolean; error?: string } {
  let result;
  try {
    result = parseElicitation(params, options);
  } catch (caught) {
    return { accepted: false, error: `threw ${String(caught)}` };
  }
  const version = options.protocolVersion;
  // What the server sent, as JSON (the parser reads the same copy); undefined when it is not JSON at all.
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(JSON.stringify(params) ?? 'null') as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  if (result.ok) {
    const { request } = result;
    if (!officialAccepts(json, version))
      return { accepted: true, error: 'accepted, but the official schema rejects it' };
    if (request.mode === 'form') {
      if (!policyAllows(request.requestedSchema, version))
        return { accepted: true, error: 'accepted, but the policies reject it' };
      if (hasForbidden(request.requestedSchema as never))
        return { accepted: true, error: 'accepted a forbidden keyword' };
      if (request.fields.length !== Object.keys(request.requestedSchema.properties).length)
        return { accepted: true, error: 'lost a field' };
    } else if (!/^https?:$/i.test(new URL(request.url).protocol))
      return { accepted: true, error: 'accepted a non-http(s) URL' };
    return { accepted: true };
  }
  const { code, data } = result.error;
  if (code !== -32602 || !data.reason) return { accepted: false, error: 'malformed rejection' };
  // `''` is the params themselves: not an object, or not readable as JSON at all (a throwing proxy).
  if (!data.path && data.reason !== 'not-object' && data.reason !== 'not-json')
    return { accepted: false, error: `rejection without a path (${data.reason})` };
  // Completeness, checked where the era and modes add no rule: official + policies accept ⇒ the kit accepts.
  if (
    !version &&
    !options.modes &&
    json &&
    typeof json === 'object' &&
    (json['mode'] ?? 'form') === 'form' &&
    officialAccepts(json) &&
    policyAllows(json['requestedSchema'])
  )
    return { accepted: false, error: `rejected (${data.reason} @ ${data.path}) what the schema and policies accept` };
  return { accepted: false };
}

/**
 * One (schema, content) pair of the differential: validateContent must agree with ajv on the requested schema
 * (closed with `additionalProperties: false`) except where the kit is stricter by design. `undefined` when they
 * agree, `skip` when the kit refuses the schema, else what went wrong.
 */
export function compareContent(
  schema: Record<string, unknown>,
  content: unknown,
  allowUnknown = false,
): 'agree' | 'skip' | string {
  if (!parseRequestedSchema(schema).ok) return 'skip';
  const kit = validateContent(schema, content, { allowUnknown }).ok;
  const ajv = ajvContentVerdict(schema, content, allowUnknown) && !deliberateDifference(schema, content);
  return kit === ajv ? 'agree' : `validateContent (allowUnknown: ${allowUnknown}) says ${kit}, ajv says ${ajv}`;
}

/** Kit verdict on a requested schema must equal: the official JSON schema accepts it and the policies allow it. */
export function compareSchema(schema: unknown): 'agree' | string {
  const kit = parseRequestedSchema(schema).ok;
  const oracle =
    officialAccepts({ mode: 'form', message: 'm', requestedSchema: schema }, '2025-11-25') && policyAllows(schema);
  return kit === oracle ? 'agree' : `parseRequestedSchema says ${kit}, official schema + policies say ${oracle}`;
}
