// Wire params (any era) → a typed request with field descriptors, or a ready-to-send -32602 error.
// Policies (issue 2 item 3) are enforced here; the package README lists them with the reasons.
import { checkValue } from './check.js';
import { formats } from './formats.js';
import {
  INVALID_PARAMS,
  type ElicitRequestedSchema,
  type ElicitationError,
  type FieldDescriptor,
  type FieldOption,
  type ParseErrorReason,
  type ParseOptions,
  type ParseResult,
  type ProtocolVersion,
  type SchemaWarning,
} from './types.js';
import { analyzeUrl } from './url.js';

type Json = Record<string, unknown>;

/** Result of {@link parseRequestedSchema}. */
export type RequestedSchemaResult =
  | { ok: true; schema: ElicitRequestedSchema; fields: FieldDescriptor[]; warnings: SchemaWarning[] }
  | { ok: false; error: ElicitationError };

/** A plain JSON object (not null, not an array). */
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON copy: getters run once, proxies and toJSON are flattened; cycles and BigInts throw. */
export const toJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

// The rejection being thrown. Compared by identity in `catch`, so a hostile thrown value is never inspected.
let rejection: { path: string; reason: ParseErrorReason } | undefined;

const fail = (path: string, reason: ParseErrorReason): never => {
  throw (rejection = { path, reason });
};

/** Runs `parse` on a JSON copy of `input`; anything thrown becomes a `-32602` error. Never throws. */
const guarded = <T>(input: unknown, parse: (json: unknown) => T): T | { ok: false; error: ElicitationError } => {
  try {
    return parse(toJson(input));
  } catch (caught) {
    const { path, reason } = caught === rejection && rejection ? rejection : { path: '', reason: 'not-object' as const };
    return {
      ok: false,
      error: { code: INVALID_PARAMS, message: `Invalid elicitation request: ${reason} at ${path || 'params'}`, data: { path, reason } },
    };
  }
};

const checkString = (object: Json, key: string, required?: boolean): string | undefined => {
  const value = object[key];
  return value === undefined ? (required ? fail(key, 'missing') : value) : typeof value === 'string' ? value : fail(key, 'wrong-type');
};

const screen = (object: Json, at: string, composition: string): void => {
  for (const key of '$ref $defs'.split(' ')) if (key in object) fail(at + key, 'ref');
  for (const key of composition.split(' ')) if (key in object) fail(at + key, 'composition');
};

// How a keyword's value is checked wherever it appears: s string, c count, n number, f format, l list of strings.
const KEYWORDS: Json = {
  title: 's',
  description: 's',
  $schema: 's',
  minLength: 'c',
  maxLength: 'c',
  minItems: 'c',
  maxItems: 'c',
  minimum: 'n',
  maximum: 'n',
  format: 'f',
  enumNames: 'l',
};

// The keywords each variant defines (the first two are its bound pair); any other keyword is reported, not enforced.
const KNOWN: Record<string, string> = {
  checkbox: '',
  number: 'minimum maximum',
  text: 'minLength maxLength format',
  select: 'enum enumNames',
  titled: 'oneOf',
  multiselect: 'minItems maxItems items',
};

const toOptions = (list: unknown, at: string, titled?: boolean): FieldOption[] => {
  if (!Array.isArray(list) || !list.length) fail(at, 'options-invalid');
  const result = (list as unknown[]).map((item, index): FieldOption =>
    titled
      ? isObject(item) && typeof item['const'] === 'string' && typeof item['title'] === 'string'
        ? { value: item['const'], label: item['title'] || item['const'] }
        : fail(`${at}.${index}`, 'options-invalid')
      : typeof item === 'string'
        ? { value: item, label: item }
        : fail(`${at}.${index}`, 'enum-not-string'),
  );
  if (new Set(result.map((option) => option.value)).size < result.length) fail(at, 'options-invalid');
  return result;
};

/** Rejects malformed keyword values and reports the keywords the variant does not define. */
const screenKeywords = (schema: Json, at: string, known: string, warn: Warn, reject = ''): void => {
  for (const [key, value] of Object.entries(schema)) {
    const check = KEYWORDS[key];
    if ((check === 's' && typeof value !== 'string') || (check === 'l' && !(Array.isArray(value) && value.every((item) => typeof item === 'string'))))
      fail(at + key, 'wrong-type');
    if ((check === 'c' && !(Number.isSafeInteger(value) && (value as number) >= 0)) || (check === 'n' && typeof value !== 'number'))
      fail(at + key, 'bound-invalid');
    if (check === 'f' && !(typeof value === 'string' && Object.hasOwn(formats, value))) fail(at + key, 'unknown-format');
    if (reject.split(' ').includes(key)) fail(at + key, key === 'oneOf' ? 'composition' : 'enum-not-string');
    if (!`type title description default ${known}`.split(' ').includes(key)) warn(at + key, 'ignored-keyword', `Not enforced: ${key}`);
  }
};

type Warn = (path: string, code: SchemaWarning['code'], message: string) => void;

function describeProperty(
  name: string,
  schema: unknown,
  required: boolean,
  version: ProtocolVersion | undefined,
  at: string,
  warn: Warn,
): FieldDescriptor {
  if (!isObject(schema)) fail(at, 'wrong-type');
  const property = schema as Json;
  at += '.';
  screen(property, at, 'allOf anyOf not if then else');
  const { type, oneOf, enum: list, format, items, enumNames } = property;
  const legacy = version === '2025-06-18';
  const titled = oneOf !== undefined;
  const kind =
    type === 'boolean'
      ? 'checkbox'
      : type === 'number' || type === 'integer'
        ? 'number'
        : type === 'array'
          ? 'multiselect'
          : type === 'string'
            ? titled || list !== undefined
              ? 'select'
              : 'text'
            : fail(at + 'type', type === 'object' ? 'nested-object' : 'unsupported-type');
  if (titled && type === 'string' && (legacy || list !== undefined)) fail(at + (legacy ? 'oneOf' : 'enum'), legacy ? 'variant-not-in-era' : 'options-invalid');
  if (kind === 'multiselect' && legacy) fail(at + 'type', 'variant-not-in-era');
  const known = KNOWN[titled ? 'titled' : kind]!;
  screenKeywords(property, at, known, warn, type === 'string' ? '' : 'oneOf enum');
  const field: Json = { name, label: property['title'] || name, description: property['description'], required, schema, kind };
  const [low, high] = known.split(' ') as [string, string];
  if (kind === 'number' || kind === 'text' || kind === 'multiselect') {
    // Integer bounds are tightened to whole numbers: same verdicts, and a UI stepper lands on valid values.
    const round = type === 'integer' ? Math : { ceil: Number, floor: Number };
    const min = (field[low] = property[low] === undefined ? undefined : round.ceil(property[low] as number));
    const max = (field[high] = property[high] === undefined ? undefined : round.floor(property[high] as number));
    if ((min as number) > (max as number)) fail(at + high, 'bound-invalid');
  }
  if (kind === 'number') Object.assign(field, { integer: type === 'integer', step: type === 'integer' ? 1 : undefined });
  if (kind === 'text') Object.assign(field, { format, inputType: format === 'uri' ? 'url' : format === 'date-time' ? 'datetime-local' : (format ?? 'text') });
  if (kind === 'select') {
    field['options'] = titled ? toOptions(oneOf, at + 'oneOf', true) : toOptions(list, at + 'enum');
    if (enumNames !== undefined && !titled) {
      if ((enumNames as string[]).length === (field['options'] as FieldOption[]).length)
        (field['options'] as FieldOption[]).forEach((option, index) => (option.label = (enumNames as string[])[index]!));
      else warn(at + 'enumNames', 'enum-names-mismatch', 'enumNames does not match enum: values shown');
    }
  }
  if (kind === 'multiselect') {
    const { anyOf, type: itemType, enum: itemList } = isObject(items) ? items : fail(at + 'items', 'unsupported-array');
    field['options'] = Array.isArray(anyOf)
      ? toOptions(anyOf, at + 'items.anyOf', true)
      : itemType === 'string' && itemList !== undefined
        ? toOptions(itemList, at + 'items.enum')
        : fail(at + 'items', 'unsupported-array');
  }
  const result = Object.fromEntries(Object.entries(field).filter((entry) => entry[1] !== undefined)) as unknown as FieldDescriptor;
  const value = property['default'];
  if (value !== undefined) {
    // Wrong JSON type: the server's schema is broken. Right type but not valid here: shown empty, reported.
    const problem = checkValue(result, value);
    if (problem?.[0] === 'type') fail(at + 'default', 'default-type');
    if (problem) warn(at + 'default', 'default-invalid', 'Invalid default: not pre-filled');
    else if (value !== '') result.default = (Array.isArray(value) ? [...value] : value) as never;
  }
  return result;
}

function compileSchema(schema: unknown, version: ProtocolVersion | undefined, warnings: SchemaWarning[]) {
  const at = 'requestedSchema.';
  if (!isObject(schema)) fail('requestedSchema', 'wrong-type');
  const object = schema as Json;
  screen(object, at, 'allOf anyOf oneOf not if then else');
  if (object['type'] !== 'object') fail(at + 'type', 'schema-type');
  const { properties, required = [] } = object;
  if (!isObject(properties)) fail(at + 'properties', properties === undefined ? 'missing' : 'wrong-type');
  if (!Array.isArray(required) || required.some((name) => typeof name !== 'string')) fail(at + 'required', 'wrong-type');
  (required as string[]).forEach((name, index) => Object.hasOwn(properties as Json, name) || fail(at + 'required.' + index, 'required-unknown'));
  const warn: Warn = (path, code, message) => warnings.push({ path, code, message });
  const requiredNames = new Set(required as string[]);
  screenKeywords(object, at, '$schema properties required', warn);
  return {
    schema: object as unknown as ElicitRequestedSchema,
    fields: Object.entries(properties as Json).map(([name, property]) =>
      describeProperty(name, property, requiredNames.has(name), version, at + 'properties.' + name, warn),
    ),
  };
}

/**
 * Checks a `requestedSchema` against the restricted schema and the kit's policies and describes its fields.
 * Never throws. A rejection is the same `-32602` error {@link parseElicitation} would send (paths start with
 * `requestedSchema.`). `protocolVersion: '2025-06-18'` refuses the variants that revision did not have.
 */
export function parseRequestedSchema(
  schema: unknown,
  options: { protocolVersion?: ProtocolVersion } = {},
): RequestedSchemaResult {
  return guarded(schema, (json) => {
    const warnings: SchemaWarning[] = [];
    return { ok: true as const, ...compileSchema(json, options.protocolVersion, warnings), warnings };
  });
}

/**
 * Parses the params of an `elicitation/create` request (any era, or the negotiated `protocolVersion`) and checks it
 * against the modes the client declared. Never throws, whatever the input. A rejection is a ready-to-send JSON-RPC
 * error `{ code: -32602, message, data: { path, reason } }`: answer the server with it and show no UI.
 * @example
 * const parsed = parseElicitation(request.params, { protocolVersion: '2025-11-25', modes: { form: {} } });
 * if (!parsed.ok) return { error: parsed.error };
 */
export function parseElicitation(params: unknown, options: ParseOptions = {}): ParseResult {
  return guarded(params, (json): ParseResult => {
    if (!isObject(json)) fail('', 'not-object');
    const request = json as Json;
    const { protocolVersion: version, modes = ['form', 'url'] } = options;
    const modern = version === '2026-07-28';
    const mode = request['mode'] === undefined ? 'form' : request['mode'];
    if (mode !== 'form' && mode !== 'url') fail('mode', typeof mode === 'string' ? 'unknown-mode' : 'wrong-type');
    if (mode === 'url' && version === '2025-06-18') fail('mode', 'mode-not-in-era');
    // A capability object lists its modes as keys; `{}` (or one with neither key) means form only.
    const declared = Array.isArray(modes)
      ? modes
      : ['form', 'url'].filter((key) => (modes as Json)[key] != null).concat((modes as Json)['form'] || (modes as Json)['url'] ? [] : ['form']);
    if (!declared.includes(mode as 'form')) fail('mode', 'mode-not-declared');
    const message = checkString(request, 'message', true);
    const warnings: SchemaWarning[] = [];
    const extra: Json = {};
    const ignore = (key: string): unknown =>
      request[key] !== undefined && warnings.push({ path: key, code: 'ignored-field', message: `Ignored: ${key}` });
    // task/_meta do not exist in 2026-07-28; with no era, a malformed one is dropped (the 2026 shape allows it).
    for (const key of ['task', '_meta']) {
      const value = request[key];
      const inner = key === 'task' ? 'ttl' : 'progressToken';
      const nested = isObject(value) ? value[inner] : value;
      const valid = isObject(value) && (nested === undefined || Number.isInteger(nested) || (inner !== 'ttl' && typeof nested === 'string'));
      if (value === undefined) continue;
      if (modern || (!version && !valid)) ignore(key);
      else if (valid) extra[key] = value;
      else fail(isObject(value) ? key + '.' + inner : key, 'wrong-type');
    }
    if (mode === 'url') {
      const url = checkString(request, 'url', true)!;
      const link = analyzeUrl(url);
      if (link.warnings[0]?.code === 'blocked-scheme') fail('url', 'url-blocked');
      if (!link.scheme || !formats.uri(url)) fail('url', 'url-invalid');
      if (modern) ignore('elicitationId');
      else extra['elicitationId'] = checkString(request, 'elicitationId', version === '2025-11-25');
      return { ok: true, request: JSON.parse(JSON.stringify({ mode, message, url, link, warnings, ...extra })) };
    }
    if (request['requestedSchema'] === undefined) fail('requestedSchema', 'missing');
    const { schema, fields } = compileSchema(request['requestedSchema'], version, warnings);
    return { ok: true, request: { mode: 'form', message: message!, requestedSchema: schema, fields, warnings, ...extra } };
  });
}

/**
 * Field descriptors of a restricted schema, in property order: label, control kind, constraints, options and the
 * default (only when valid). Throws `TypeError` when the schema is not a valid restricted schema; use
 * {@link parseRequestedSchema} to get the reason instead.
 */
export function describeForm(schema: ElicitRequestedSchema): FieldDescriptor[] {
  const result = parseRequestedSchema(schema);
  if (!result.ok) throw new TypeError(result.error.message);
  return result.fields;
}
