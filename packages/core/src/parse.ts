// Wire params (any era) → a typed request with field descriptors, or a ready-to-send -32602 error.
// Policies (issue 2 item 3) are enforced here; the package README lists them with the reasons.
// Written for size (the core's budget is 4 KB min+gz): table-driven, one pass per schema position.
import { LIMITS, checkValue } from './check.js';
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
type Warn = (path: string, code: SchemaWarning['code'], message: string) => void;
type Failure = { ok: false; error: ElicitationError };

/** Result of {@link parseRequestedSchema}. */
export type RequestedSchemaResult =
  | { ok: true; schema: ElicitRequestedSchema; fields: FieldDescriptor[]; warnings: SchemaWarning[] }
  | Failure;

/** A plain JSON object (not null, not an array). */
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON copy: getters run once, proxies and toJSON are flattened; cycles and BigInts throw. */
export const toJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

const reject = (path: string, reason: ParseErrorReason): Failure => ({
  ok: false,
  error: {
    code: INVALID_PARAMS,
    message: `Invalid elicitation request: ${reason} at ${path || 'params'}`,
    data: { path, reason },
  },
});

// The rejection being thrown. Compared by identity in `catch`, so a hostile thrown value is never inspected.
let rejection: unknown = reject;

const fail = (path: string, reason: ParseErrorReason): never => {
  throw (rejection = reject(path, reason));
};

/** Runs `parse` on a JSON copy of `input`; anything thrown becomes a `-32602` error. Never throws. */
const guarded = <T>(input: unknown, parse: (json: unknown) => T): T | Failure => {
  try {
    return parse(toJson(input));
  } catch (caught) {
    return caught === rejection ? (caught as Failure) : reject('', 'not-object');
  }
};

const checkString = (object: Json, key: string, required?: boolean): string | undefined => {
  const value = object[key];
  return value === undefined
    ? required
      ? fail(key, 'missing')
      : value
    : typeof value === 'string'
      ? value
      : fail(key, 'wrong-type');
};

/** `$ref`/`$defs` (first two) and composition keywords are refused before anything else. */
const screen = (object: Json, at: string, composition: string): void =>
  `$ref $defs ${composition}not if then else`
    .split(' ')
    .forEach((key, index) => key in object && fail(at + key, index < 2 ? 'ref' : 'composition'));

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

// The keywords each variant defines besides its bounds (LIMITS); any other keyword is reported, not enforced.
const KNOWN: Record<string, string> = {
  checkbox: '',
  number: '',
  text: 'format',
  select: 'enum enumNames',
  titled: 'oneOf',
  multiselect: 'items',
};

/** Rejects malformed keyword values and reports the keywords the variant does not define. */
const screenKeywords = (schema: Json, at: string, known: string, warn: Warn, refused = ''): void => {
  for (const [key, value] of Object.entries(schema)) {
    const check = KEYWORDS[key];
    const path = at + key;
    if (
      check === 's'
        ? typeof value !== 'string'
        : check === 'l' && !(Array.isArray(value) && value.every((item) => typeof item === 'string'))
    )
      fail(path, 'wrong-type');
    if (
      check === 'c'
        ? !(Number.isSafeInteger(value) && (value as number) >= 0)
        : check === 'n' && typeof value !== 'number'
    )
      fail(path, 'bound-invalid');
    if (check === 'f' && !(typeof value === 'string' && Object.hasOwn(formats, value))) fail(path, 'unknown-format');
    if (refused.split(' ').includes(key)) fail(path, key === 'oneOf' ? 'composition' : 'enum-not-string');
    if (!`type title description default ${known}`.split(' ').includes(key))
      warn(path, 'ignored-keyword', `Not enforced: ${key}`);
  }
};

/** Options of an enum (`const`/`title` objects when titled), distinct and non-empty. */
const toOptions = (list: unknown, at: string, titled?: boolean): FieldOption[] => {
  const result = Array.isArray(list) && list.length ? list : fail(at, 'options-invalid');
  const options = result.map((item: unknown, index): FieldOption => {
    const { const: value, title } = (titled && isObject(item) ? item : {}) as Json;
    return titled
      ? typeof value === 'string' && typeof title === 'string'
        ? { value, label: title || value }
        : fail(`${at}.${index}`, 'options-invalid')
      : typeof item === 'string'
        ? { value: item, label: item }
        : fail(`${at}.${index}`, 'enum-not-string');
  });
  return new Set(options.map((option) => option.value)).size < options.length ? fail(at, 'options-invalid') : options;
};

function describeProperty(name: string, property: unknown, required: boolean, legacy: boolean, at: string, warn: Warn) {
  if (!isObject(property)) fail(at, 'wrong-type');
  const schema = property as Json;
  at += '.';
  screen(schema, at, 'allOf anyOf ');
  const { type, oneOf, enum: list, format, items, enumNames } = schema;
  const titled = oneOf !== undefined;
  const integer = type === 'integer';
  const kind =
    type === 'boolean'
      ? 'checkbox'
      : type === 'number' || integer
        ? 'number'
        : type === 'array'
          ? 'multiselect'
          : type === 'string'
            ? titled || list !== undefined
              ? 'select'
              : 'text'
            : fail(at + 'type', type === 'object' ? 'nested-object' : 'unsupported-type');
  if (titled && type === 'string' && (legacy || list !== undefined))
    fail(at + (legacy ? 'oneOf' : 'enum'), legacy ? 'variant-not-in-era' : 'options-invalid');
  if (kind === 'multiselect' && legacy) fail(at + 'type', 'variant-not-in-era');
  const bounds = LIMITS[kind];
  screenKeywords(
    schema,
    at,
    `${bounds ?? ''} ${KNOWN[titled ? 'titled' : kind]}`,
    warn,
    type === 'string' ? '' : 'oneOf enum',
  );
  const field: Json = {
    name,
    label: schema['title'] || name,
    description: schema['description'],
    required,
    schema,
    kind,
    ...(kind === 'number' && { integer, step: integer ? 1 : undefined }),
    ...(kind === 'text' && {
      format,
      inputType: format === 'uri' ? 'url' : format === 'date-time' ? 'datetime-local' : (format ?? 'text'),
    }),
  };
  if (bounds) {
    // Integer bounds are tightened to whole numbers: same verdicts, and a UI stepper lands on valid values.
    const [low, high] = bounds.split(' ') as [string, string];
    const min = (field[low] = integer && schema[low] !== undefined ? Math.ceil(schema[low] as number) : schema[low]);
    const max = (field[high] =
      integer && schema[high] !== undefined ? Math.floor(schema[high] as number) : schema[high]);
    if ((min as number) > (max as number)) fail(at + high, 'bound-invalid');
  }
  if (kind === 'select') {
    const options = (field['options'] = titled ? toOptions(oneOf, at + 'oneOf', true) : toOptions(list, at + 'enum'));
    if (enumNames !== undefined && !titled) {
      if ((enumNames as string[]).length === options.length)
        options.forEach((option, index) => (option.label = (enumNames as string[])[index]!));
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
  const result = Object.fromEntries(
    Object.entries(field).filter((entry) => entry[1] !== undefined),
  ) as unknown as FieldDescriptor;
  const value = schema['default'];
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
  screen(object, at, 'allOf anyOf oneOf ');
  if (object['type'] !== 'object') fail(at + 'type', 'schema-type');
  const { properties, required = [] } = object;
  if (!isObject(properties)) fail(at + 'properties', properties === undefined ? 'missing' : 'wrong-type');
  if (!Array.isArray(required) || required.some((name) => typeof name !== 'string'))
    fail(at + 'required', 'wrong-type');
  (required as string[]).forEach(
    (name, index) => Object.hasOwn(properties as Json, name) || fail(at + 'required.' + index, 'required-unknown'),
  );
  const warn: Warn = (path, code, message) => warnings.push({ path, code, message });
  const requiredNames = new Set(required as string[]);
  screenKeywords(object, at, '$schema properties required', warn);
  return {
    schema: object as unknown as ElicitRequestedSchema,
    fields: Object.entries(properties as Json).map(([name, property]) =>
      describeProperty(
        name,
        property,
        requiredNames.has(name),
        version === '2025-06-18',
        at + 'properties.' + name,
        warn,
      ),
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
    const declared = modes as Json;
    if (
      !(Array.isArray(modes)
        ? modes.includes(mode)
        : declared[mode as string] != null || (mode === 'form' && !(declared['form'] || declared['url'])))
    )
      fail('mode', 'mode-not-declared');
    const message = checkString(request, 'message', true);
    const warnings: SchemaWarning[] = [];
    const extra: Json = {};
    const ignore = (key: string): unknown =>
      request[key] !== undefined && warnings.push({ path: key, code: 'ignored-field', message: `Ignored: ${key}` });
    // task/_meta do not exist in 2026-07-28; with no era, a malformed one is dropped (the 2026 shape allows it).
    for (const [key, inner] of [
      ['task', 'ttl'],
      ['_meta', 'progressToken'],
    ] as const) {
      const value = request[key];
      const nested = isObject(value) && value[inner];
      const valid = nested === undefined || Number.isInteger(nested) || (key === '_meta' && typeof nested === 'string');
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
      return { ok: true, request: toJson({ mode, message, url, link, warnings, ...extra }) as ParsedUrl };
    }
    if (request['requestedSchema'] === undefined) fail('requestedSchema', 'missing');
    const { schema, fields } = compileSchema(request['requestedSchema'], version, warnings);
    return {
      ok: true,
      request: { mode: 'form', message: message!, requestedSchema: schema, fields, warnings, ...extra },
    };
  });
}

type ParsedUrl = Extract<ParseResult, { ok: true }>['request'];

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
