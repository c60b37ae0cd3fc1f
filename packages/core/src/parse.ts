// Wire params (any era) → a typed request with field descriptors, or a ready-to-send -32602 error.
// The input is first copied at the JSON boundary (json.ts); everything below reads plain JSON and reports a refusal
// as a Rejection value (rejection.ts), never by throwing. The package README lists the policies with their reasons.
import { LIMITS, checkValue } from './check.js';
import { formats } from './formats.js';
import { isJsonObject, toJsonValue, type JsonObject, type JsonValue, type NotJsonProblem } from './json.js';
import { declaresMode, type ElicitationMode, type ProtocolVersion } from './protocol.js';
import { Rejection, type RejectionContext } from './rejection.js';
import type {
  CheckboxField,
  ControlKind,
  ElicitRequestedSchema,
  ElicitationError,
  FieldDescriptor,
  FieldOption,
  MultiSelectField,
  NumberField,
  ParseOptions,
  ParseResult,
  ParsedElicitation,
  ParsedFormElicitation,
  ParsedUrlElicitation,
  PrimitiveSchemaDefinition,
  SchemaWarning,
  SelectField,
  StringFormat,
  TextField,
  TextInputType,
} from './types.js';
import { analyzeUrl } from './url.js';

/** Result of {@link parseRequestedSchema}. */
export type RequestedSchemaResult =
  | { ok: true; schema: ElicitRequestedSchema; fields: FieldDescriptor[]; warnings: SchemaWarning[] }
  | { ok: false; error: ElicitationError };

// ─── Keyword tables ─────────────────────────────────────────────────────────────────────────────────────────────

/** Keywords that reference other schemas: refused everywhere (a form is flat and self-contained). */
const REFERENCE_KEYWORDS = ['$ref', '$defs'] as const;

/** Composition keywords, refused everywhere except where the restricted schema uses them for options. */
const COMPOSITION_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else'] as const;

/** Composition keywords allowed at each position: a titled single choice lists `oneOf`, a multiple one `items.anyOf`. */
const PROPERTY_OPTIONS_KEYWORD = 'oneOf';
const ITEMS_OPTIONS_KEYWORD = 'anyOf';

/** Keywords whose value must be a string, wherever they appear. */
const STRING_KEYWORDS: ReadonlySet<string> = new Set(['title', 'description', '$schema']);
/** Keywords whose value must be a count (a whole number ≥ 0). */
const COUNT_KEYWORDS: ReadonlySet<string> = new Set(['minLength', 'maxLength', 'minItems', 'maxItems']);
/** Keywords whose value must be a number. */
const NUMBER_KEYWORDS: ReadonlySet<string> = new Set(['minimum', 'maximum']);

/** The shapes a property can take; each defines its own keywords. */
type Variant = 'text' | 'number' | 'checkbox' | 'select' | 'titled-select' | 'multiselect';

const ANNOTATIONS = ['type', 'title', 'description', 'default'] as const;

/** The keywords each variant defines. Any other keyword is reported as `ignored-keyword`, never enforced. */
const VARIANT_KEYWORDS: Record<Variant, ReadonlySet<string>> = {
  text: new Set([...ANNOTATIONS, 'minLength', 'maxLength', 'format']),
  number: new Set([...ANNOTATIONS, 'minimum', 'maximum']),
  checkbox: new Set(ANNOTATIONS),
  select: new Set([...ANNOTATIONS, 'enum', 'enumNames']),
  'titled-select': new Set([...ANNOTATIONS, 'oneOf']),
  multiselect: new Set([...ANNOTATIONS, 'items', 'minItems', 'maxItems']),
};

/** The keywords `requestedSchema` itself defines (`title` and `description` are harmless annotations). */
const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'properties',
  'required',
  '$schema',
  'title',
  'description',
]);

/** The keywords a multiple choice's `items` defines. */
const ITEMS_KEYWORDS: ReadonlySet<string> = new Set(['type', 'enum', 'anyOf', 'title', 'description']);

/** The HTML input each string format is typed into. */
const INPUT_TYPES: Record<StringFormat, TextInputType> = {
  email: 'email',
  uri: 'url',
  date: 'date',
  'date-time': 'datetime-local',
};

/** How a default of the wrong JSON type is described: "must be …". */
const DEFAULT_TYPES: Record<ControlKind, string> = {
  text: 'a string',
  select: 'a string',
  number: 'a number',
  checkbox: 'true or false',
  multiselect: 'a list of strings',
};

/** How a value that is not JSON is described: "is not JSON: …". */
const NOT_JSON: Record<NotJsonProblem, string> = {
  cycle: 'it contains a cycle',
  bigint: 'it contains a BigInt',
  unreadable: 'a property could not be read',
  'too-deep': 'it nests too deeply',
};

const PARAMS_PATH = '';
const SCHEMA_PATH = 'requestedSchema';

// ─── Screening ──────────────────────────────────────────────────────────────────────────────────────────────────

/** Where a schema object sits: its dotted path and, inside a property, the field name (for messages). */
interface Position {
  /** Dotted path of the object itself, e.g. `requestedSchema.properties.tags.items`. */
  path: string;
  field?: string;
  /** Set inside `items`: warnings then say so. */
  inItems?: boolean;
}

const at = (position: Position, keyword: string | number): string => `${position.path}.${keyword}`;

const contextOf = (position: Position, keyword?: string, detail?: string): RejectionContext => ({
  ...(position.field !== undefined && { field: position.field }),
  ...(keyword !== undefined && { keyword }),
  ...(detail !== undefined && { detail }),
});

const reject = (position: Position, keyword: string, reason: Rejection['reason'], detail?: string): Rejection =>
  new Rejection(at(position, keyword), reason, contextOf(position, keyword, detail));

/** Refuses references and the composition keywords this position does not allow. */
function screenStructure(schema: JsonObject, position: Position, allowedComposition?: string): Rejection | undefined {
  for (const keyword of REFERENCE_KEYWORDS) {
    if (Object.hasOwn(schema, keyword)) {
      return reject(position, keyword, 'ref');
    }
  }
  for (const keyword of COMPOSITION_KEYWORDS) {
    if (keyword !== allowedComposition && Object.hasOwn(schema, keyword)) {
      return reject(position, keyword, 'composition');
    }
  }
  return undefined;
}

/** The rule a keyword's value breaks, wherever the keyword appears; `undefined` when its value is fine. */
function checkKeywordValue(keyword: string, value: JsonValue, position: Position): Rejection | undefined {
  if (STRING_KEYWORDS.has(keyword)) {
    return typeof value === 'string' ? undefined : reject(position, keyword, 'wrong-type', 'a string');
  }
  if (COUNT_KEYWORDS.has(keyword)) {
    return Number.isSafeInteger(value) && (value as number) >= 0
      ? undefined
      : reject(position, keyword, 'bound-invalid', 'it must be a whole number, 0 or more');
  }
  if (NUMBER_KEYWORDS.has(keyword)) {
    return typeof value === 'number' ? undefined : reject(position, keyword, 'bound-invalid', 'it must be a number');
  }
  if (keyword === 'format') {
    return typeof value === 'string' && Object.hasOwn(formats, value)
      ? undefined
      : reject(position, keyword, 'unknown-format', typeof value === 'string' ? `'${value}'` : 'that is not a string');
  }
  if (keyword === 'enumNames') {
    return Array.isArray(value) && value.every((item) => typeof item === 'string')
      ? undefined
      : reject(position, keyword, 'wrong-type', 'a list of strings');
  }
  return undefined;
}

/** The sentence of an `ignored-keyword` warning. */
function ignoredKeywordMessage(position: Position, keyword: string): string {
  const who = position.field === undefined ? 'The form schema' : `The field '${position.field}'`;
  const where = position.inItems ? ' in its items' : '';
  return `${who} uses '${keyword}'${where}, which elicitation forms do not enforce; it is ignored.`;
}

/**
 * Checks every keyword's value and reports the keywords this position does not define. `refused` keywords (options on
 * a property that is not a string) are rejected instead.
 */
function screenKeywords(
  schema: JsonObject,
  position: Position,
  known: ReadonlySet<string>,
  warnings: SchemaWarning[],
  refusesOptions = false,
): Rejection | undefined {
  for (const keyword of Object.keys(schema)) {
    const problem = checkKeywordValue(keyword, schema[keyword]!, position);
    if (problem) {
      return problem;
    }
    if (refusesOptions && keyword === 'enum') {
      return reject(position, keyword, 'enum-not-string', 'options (enum) but is not of type string');
    }
    if (refusesOptions && keyword === PROPERTY_OPTIONS_KEYWORD) {
      return reject(position, keyword, 'composition');
    }
    if (!known.has(keyword)) {
      warnings.push({
        path: at(position, keyword),
        code: 'ignored-keyword',
        message: ignoredKeywordMessage(position, keyword),
      });
    }
  }
  return undefined;
}

// ─── Options ────────────────────────────────────────────────────────────────────────────────────────────────────

/** The options of an enum (`titled`: `{ const, title }` objects), distinct and non-empty. Linear in their number. */
function toOptions(
  list: JsonValue | undefined,
  position: Position,
  keyword: string,
  titled: boolean,
): FieldOption[] | Rejection {
  if (!Array.isArray(list) || list.length === 0) {
    return reject(position, keyword, 'options-invalid', 'there must be a non-empty list of options');
  }
  const options: FieldOption[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < list.length; index++) {
    const item = list[index]!;
    let option: FieldOption;
    if (titled) {
      if (!isJsonObject(item) || typeof item['const'] !== 'string' || typeof item['title'] !== 'string') {
        return new Rejection(
          `${at(position, keyword)}.${index}`,
          'options-invalid',
          contextOf(position, keyword, `option ${index + 1} needs a string 'const' and a string 'title'`),
        );
      }
      option = { value: item['const'], label: item['title'] || item['const'] };
    } else {
      if (typeof item !== 'string') {
        return new Rejection(
          `${at(position, keyword)}.${index}`,
          'enum-not-string',
          contextOf(position, keyword, `option ${index + 1}`),
        );
      }
      option = { value: item, label: item };
    }
    if (seen.has(option.value)) {
      return reject(position, keyword, 'options-invalid', `'${option.value}' is listed twice`);
    }
    seen.add(option.value);
    options.push(option);
  }
  return options;
}

// ─── Properties ─────────────────────────────────────────────────────────────────────────────────────────────────

/** The variant a property's keywords select, or why none does. */
function variantOf(schema: JsonObject, position: Position, legacy: boolean): Variant | Rejection {
  const type = schema['type'];
  switch (type) {
    case 'boolean':
      return 'checkbox';
    case 'number':
    case 'integer':
      return 'number';
    case 'array':
      return legacy ? reject(position, 'type', 'variant-not-in-era', 'multiple choice (type array)') : 'multiselect';
    case 'string': {
      const titled = Object.hasOwn(schema, PROPERTY_OPTIONS_KEYWORD);
      const untitled = Object.hasOwn(schema, 'enum');
      if (titled && untitled) {
        return reject(position, 'enum', 'options-invalid', 'enum and oneOf cannot be combined; use one of them');
      }
      if (titled && legacy) {
        return reject(position, PROPERTY_OPTIONS_KEYWORD, 'variant-not-in-era', 'a titled choice (oneOf)');
      }
      return titled ? 'titled-select' : untitled ? 'select' : 'text';
    }
    case 'object':
      return reject(position, 'type', 'nested-object');
    default:
      return reject(
        position,
        'type',
        'unsupported-type',
        type === undefined ? 'none' : typeof type === 'string' ? `'${type}'` : JSON.stringify(type),
      );
  }
}

/** What every field descriptor has, before its kind adds its own. */
type FieldBase = Pick<FieldDescriptor, 'name' | 'label' | 'required' | 'schema'> & { description?: string };

function baseOf(name: string, schema: JsonObject, required: boolean): FieldBase {
  const title = schema['title'];
  const description = schema['description'];
  const base: FieldBase = {
    name,
    label: typeof title === 'string' && title !== '' ? title : name,
    required,
    schema: schema as unknown as PrimitiveSchemaDefinition,
  };
  if (typeof description === 'string') {
    base.description = description;
  }
  return base;
}

/**
 * A descriptor: the kind's own members, then the base's, assigned one by one. (Not an object spread or
 * `Object.assign`: copying objects of varying shapes falls off V8's fast path, which made parsing three to four times
 * slower; parsing is on every request's critical path.)
 */
function withBase<Field extends FieldDescriptor>(base: FieldBase, own: Omit<Field, keyof FieldBase>): Field {
  const field = own as Field;
  field.name = base.name;
  field.label = base.label;
  if (base.description !== undefined) {
    field.description = base.description;
  }
  field.required = base.required;
  field.schema = base.schema;
  return field;
}

/** A bound's value (already checked to be a number), or `undefined`. */
const boundOf = (schema: JsonObject, keyword: string): number | undefined => {
  const value = schema[keyword];
  return typeof value === 'number' ? value : undefined;
};

/** Checks that a lower bound does not exceed an upper one. */
function checkRange(
  low: number | undefined,
  high: number | undefined,
  position: Position,
  lowKeyword: string,
  highKeyword: string,
): Rejection | undefined {
  return low !== undefined && high !== undefined && low > high
    ? reject(position, highKeyword, 'bound-invalid', `${lowKeyword} ${low} is above ${highKeyword} ${high}`)
    : undefined;
}

function textField(base: FieldBase, schema: JsonObject, position: Position): TextField | Rejection {
  const format = schema['format'] as StringFormat | undefined;
  const minLength = boundOf(schema, 'minLength');
  const maxLength = boundOf(schema, 'maxLength');
  const problem = checkRange(minLength, maxLength, position, LIMITS.text.low, LIMITS.text.high);
  if (problem) {
    return problem;
  }
  const field = withBase<TextField>(base, {
    kind: 'text',
    inputType: format === undefined ? 'text' : INPUT_TYPES[format],
  });
  // (Optional members are assigned, not spread conditionally: spreading varying shapes is slow in V8.)
  if (format !== undefined) {
    field.format = format;
  }
  if (minLength !== undefined) {
    field.minLength = minLength;
  }
  if (maxLength !== undefined) {
    field.maxLength = maxLength;
  }
  return field;
}

function numberField(base: FieldBase, schema: JsonObject, position: Position): NumberField | Rejection {
  const integer = schema['type'] === 'integer';
  // Integer bounds are tightened to whole numbers: the same verdicts, and a stepper lands on valid values.
  let minimum = boundOf(schema, 'minimum');
  let maximum = boundOf(schema, 'maximum');
  if (integer) {
    minimum = minimum === undefined ? undefined : Math.ceil(minimum);
    maximum = maximum === undefined ? undefined : Math.floor(maximum);
  }
  const problem = checkRange(minimum, maximum, position, LIMITS.number.low, LIMITS.number.high);
  if (problem) {
    return problem;
  }
  const field = withBase<NumberField>(base, { kind: 'number', integer });
  if (minimum !== undefined) {
    field.minimum = minimum;
  }
  if (maximum !== undefined) {
    field.maximum = maximum;
  }
  if (integer) {
    field.step = 1;
  }
  return field;
}

function selectField(
  base: FieldBase,
  schema: JsonObject,
  position: Position,
  titled: boolean,
  warnings: SchemaWarning[],
): SelectField | Rejection {
  const keyword = titled ? PROPERTY_OPTIONS_KEYWORD : 'enum';
  const options = toOptions(schema[keyword], position, keyword, titled);
  if (options instanceof Rejection) {
    return options;
  }
  const labels = schema['enumNames'] as string[] | undefined;
  if (labels !== undefined) {
    if (labels.length === options.length) {
      for (let index = 0; index < options.length; index++) {
        options[index]!.label = labels[index]!;
      }
    } else {
      warnings.push({
        path: at(position, 'enumNames'),
        code: 'enum-names-mismatch',
        message: `The field '${position.field}' has ${labels.length} enumNames for ${options.length} options, so the option values are shown instead.`,
      });
    }
  }
  return withBase<SelectField>(base, { kind: 'select', options });
}

/** The options of a multiple choice, from its `items` (screened exactly like a property). */
function itemOptions(
  items: JsonValue | undefined,
  position: Position,
  warnings: SchemaWarning[],
): FieldOption[] | Rejection {
  if (!isJsonObject(items)) {
    return reject(position, 'items', 'unsupported-array');
  }
  const inner: Position = {
    path: at(position, 'items'),
    inItems: true,
    ...(position.field !== undefined && { field: position.field }),
  };
  const structure = screenStructure(items, inner, ITEMS_OPTIONS_KEYWORD);
  if (structure) {
    return structure;
  }
  const type = items['type'];
  if (type !== undefined && type !== 'string') {
    return reject(inner, 'type', 'unsupported-array');
  }
  const titled = Object.hasOwn(items, ITEMS_OPTIONS_KEYWORD);
  const untitled = Object.hasOwn(items, 'enum');
  if (titled && untitled) {
    return reject(inner, 'enum', 'options-invalid', 'items has both anyOf and enum; use one of them');
  }
  if (!titled && !(untitled && type === 'string')) {
    return reject(position, 'items', 'unsupported-array');
  }
  const screened = screenKeywords(items, inner, ITEMS_KEYWORDS, warnings);
  if (screened) {
    return screened;
  }
  return titled
    ? toOptions(items[ITEMS_OPTIONS_KEYWORD], inner, ITEMS_OPTIONS_KEYWORD, true)
    : toOptions(items['enum'], inner, 'enum', false);
}

function multiSelectField(
  base: FieldBase,
  schema: JsonObject,
  position: Position,
  warnings: SchemaWarning[],
): MultiSelectField | Rejection {
  const minItems = boundOf(schema, 'minItems');
  const maxItems = boundOf(schema, 'maxItems');
  const range = checkRange(minItems, maxItems, position, LIMITS.multiselect.low, LIMITS.multiselect.high);
  if (range) {
    return range;
  }
  const options = itemOptions(schema['items'], position, warnings);
  if (options instanceof Rejection) {
    return options;
  }
  if (minItems !== undefined && minItems > options.length) {
    return reject(
      position,
      'minItems',
      'bound-invalid',
      `it asks for at least ${minItems} choices, but there are only ${options.length} options`,
    );
  }
  const field = withBase<MultiSelectField>(base, { kind: 'multiselect', options });
  if (minItems !== undefined) {
    field.minItems = minItems;
  }
  if (maxItems !== undefined) {
    field.maxItems = maxItems;
  }
  return field;
}

/** Builds the descriptor of one variant. */
function buildField(
  variant: Variant,
  base: FieldBase,
  schema: JsonObject,
  position: Position,
  warnings: SchemaWarning[],
): FieldDescriptor | Rejection {
  switch (variant) {
    case 'text':
      return textField(base, schema, position);
    case 'number':
      return numberField(base, schema, position);
    case 'checkbox':
      return withBase<CheckboxField>(base, { kind: 'checkbox' });
    case 'select':
      return selectField(base, schema, position, false, warnings);
    case 'titled-select':
      return selectField(base, schema, position, true, warnings);
    case 'multiselect':
      return multiSelectField(base, schema, position, warnings);
    default:
      return variant satisfies never;
  }
}

/** Attaches a valid default; a default of the wrong JSON type rejects the schema, an invalid one is reported. */
function applyDefault(
  field: FieldDescriptor,
  schema: JsonObject,
  position: Position,
  warnings: SchemaWarning[],
): Rejection | undefined {
  if (!Object.hasOwn(schema, 'default')) {
    return undefined;
  }
  const value = schema['default']!;
  const problem = checkValue(field, value);
  if (problem?.[0] === 'type') {
    return reject(position, 'default', 'default-type', DEFAULT_TYPES[field.kind]);
  }
  if (problem) {
    warnings.push({
      path: at(position, 'default'),
      code: 'default-invalid',
      message: `The default of the field '${field.name}' is not valid for it, so the field starts empty.`,
    });
  } else if (value !== '') {
    // (An empty string is "unanswered" in a form: the field starts empty, which is the same.)
    (field as { default?: JsonValue }).default = Array.isArray(value) ? [...value] : value;
  }
  return undefined;
}

function describeProperty(
  name: string,
  property: JsonValue,
  required: boolean,
  legacy: boolean,
  path: string,
  warnings: SchemaWarning[],
): FieldDescriptor | Rejection {
  if (!isJsonObject(property)) {
    return new Rejection(path, 'wrong-type', { detail: 'an object (a field schema)' });
  }
  const position: Position = { path, field: name };
  const structure = screenStructure(property, position, PROPERTY_OPTIONS_KEYWORD);
  if (structure) {
    return structure;
  }
  const variant = variantOf(property, position, legacy);
  if (variant instanceof Rejection) {
    return variant;
  }
  const screened = screenKeywords(
    property,
    position,
    VARIANT_KEYWORDS[variant],
    warnings,
    property['type'] !== 'string',
  );
  if (screened) {
    return screened;
  }
  const field = buildField(variant, baseOf(name, property, required), property, position, warnings);
  if (field instanceof Rejection) {
    return field;
  }
  return applyDefault(field, property, position, warnings) ?? field;
}

/** A checked `requestedSchema` and its fields. */
interface CompiledSchema {
  schema: ElicitRequestedSchema;
  fields: FieldDescriptor[];
}

function compileSchema(
  value: JsonValue | undefined,
  version: ProtocolVersion | undefined,
  warnings: SchemaWarning[],
): CompiledSchema | Rejection {
  if (!isJsonObject(value)) {
    return new Rejection(SCHEMA_PATH, 'wrong-type', { detail: 'an object' });
  }
  const position: Position = { path: SCHEMA_PATH };
  const structure = screenStructure(value, position);
  if (structure) {
    return structure;
  }
  if (value['type'] !== 'object') {
    return reject(position, 'type', 'schema-type');
  }
  const { properties, required = [] } = value;
  if (!isJsonObject(properties)) {
    return properties === undefined
      ? new Rejection(at(position, 'properties'), 'missing')
      : new Rejection(at(position, 'properties'), 'wrong-type', { detail: 'an object' });
  }
  if (!Array.isArray(required) || !required.every((name) => typeof name === 'string')) {
    return new Rejection(at(position, 'required'), 'wrong-type', { detail: 'a list of field names' });
  }
  const requiredNames = new Set<string>();
  for (let index = 0; index < required.length; index++) {
    const name = required[index] as string;
    if (!Object.hasOwn(properties, name)) {
      return new Rejection(`${at(position, 'required')}.${index}`, 'required-unknown', { detail: name });
    }
    requiredNames.add(name);
  }
  const screened = screenKeywords(value, position, SCHEMA_KEYWORDS, warnings);
  if (screened) {
    return screened;
  }
  const legacy = version === '2025-06-18';
  const fields: FieldDescriptor[] = [];
  for (const name of Object.keys(properties)) {
    const field = describeProperty(
      name,
      properties[name]!,
      requiredNames.has(name),
      legacy,
      `${SCHEMA_PATH}.properties.${name}`,
      warnings,
    );
    if (field instanceof Rejection) {
      return field;
    }
    fields.push(field);
  }
  return { schema: value as unknown as ElicitRequestedSchema, fields };
}

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
    if (version === '2026-07-28') {
      warnings.push(ignoredField(key, 'is not part of protocol revision 2026-07-28'));
    } else if (valid) {
      (extras as Record<string, JsonValue>)[key] = value;
    } else if (version === undefined) {
      // With no era, the 2026-07-28 shape (which has no such member) allows anything here.
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
  const link = analyzeUrl(url, options.serverUrl === undefined ? {} : { serverUrl: options.serverUrl });
  if (link.warnings.some((warning) => warning.code === 'blocked-scheme')) {
    return new Rejection('url', 'url-blocked', { detail: `${link.scheme}:` });
  }
  if (link.scheme === '' || !formats.uri(url)) {
    return new Rejection('url', 'url-invalid');
  }
  const version = options.protocolVersion;
  let elicitationId: string | undefined;
  if (version === '2026-07-28') {
    if (request['elicitationId'] !== undefined) {
      warnings.push(ignoredField('elicitationId', 'is not part of protocol revision 2026-07-28'));
    }
  } else if (
    version === undefined &&
    request['elicitationId'] !== undefined &&
    typeof request['elicitationId'] !== 'string'
  ) {
    // With no era, the 2026-07-28 shape (which has no elicitationId) allows anything here.
    warnings.push(ignoredField('elicitationId', 'is not a string'));
  } else {
    const id = stringMember(request, 'elicitationId', version === '2025-11-25');
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
  if (mode === 'url' && options.protocolVersion === '2025-06-18') {
    return new Rejection('mode', 'mode-not-in-era', { detail: '2025-06-18' });
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
  const compiled = compileSchema(request['requestedSchema'], options.protocolVersion, warnings);
  if (compiled instanceof Rejection) {
    return compiled;
  }
  return { mode: 'form', message, requestedSchema: compiled.schema, fields: compiled.fields, warnings, ...extras };
}

/**
 * Checks a `requestedSchema` against the restricted schema and the kit's policies and describes its fields.
 * Never throws. A rejection is the same `-32602` error {@link parseElicitation} would send (paths start with
 * `requestedSchema`). `protocolVersion: '2025-06-18'` refuses the variants that revision did not have.
 */
export function parseRequestedSchema(
  schema: unknown,
  options: { protocolVersion?: ProtocolVersion } = {},
): RequestedSchemaResult {
  const copy = copyJson(schema, SCHEMA_PATH);
  const warnings: SchemaWarning[] = [];
  const compiled = copy instanceof Rejection ? copy : compileSchema(copy, options.protocolVersion, warnings);
  return compiled instanceof Rejection
    ? { ok: false, error: compiled.toError() }
    : { ok: true, schema: compiled.schema, fields: compiled.fields, warnings };
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

/**
 * Field descriptors of a restricted schema, in property order: label, control kind, constraints, options and the
 * default (only when valid). Throws {@link ElicitationSchemaError} (a `TypeError`) when the schema is not a valid
 * restricted schema; use {@link parseRequestedSchema} to get the reason as a value instead.
 */
export function describeForm(schema: ElicitRequestedSchema): FieldDescriptor[] {
  const result = parseRequestedSchema(schema);
  if (!result.ok) {
    throw new ElicitationSchemaError(result.error);
  }
  return result.fields;
}
