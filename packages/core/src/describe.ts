// Describing: a screened requested schema → one field descriptor per property (its control, label, constraints,
// options and valid default), in property order. Keyword screening is screen.ts's; the request around the schema is
// parse.ts's. Refusals are Rejection values, never thrown.
import { LIMITS, checkValue } from './check.js';
import { isJsonObject, type JsonObject, type JsonValue } from './json.js';
import { revisionFeatures, type ProtocolVersion } from './protocol.js';
import { Rejection } from './rejection.js';
import {
  ITEMS_KEYWORDS,
  ITEMS_OPTIONS_KEYWORD,
  PROPERTY_OPTIONS_KEYWORD,
  SCHEMA_KEYWORDS,
  VARIANT_KEYWORDS,
  at,
  rejectionContext,
  reject,
  screenKeywords,
  screenOption,
  screenStructure,
  type Position,
  type Variant,
} from './screen.js';
import type {
  CheckboxField,
  ControlKind,
  ElicitRequestedSchema,
  FieldDescriptor,
  FieldOption,
  MultiSelectField,
  NumberField,
  PrimitiveSchemaDefinition,
  SchemaWarning,
  SelectField,
  StringFormat,
  TextField,
  TextInputType,
} from './types.js';

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

/** Where the form schema sits in the params. */
export const SCHEMA_PATH = 'requestedSchema';

// ─── Options ────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The options of an enum (`titled`: `{ const, title }` objects, each screened like a property), distinct and
 * non-empty. Linear in their number.
 */
function toOptions(
  list: JsonValue | undefined,
  position: Position,
  keyword: string,
  titled: boolean,
  warnings: SchemaWarning[],
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
      const screened = screenOption(item, position, keyword, index, warnings);
      if (screened instanceof Rejection) {
        return screened;
      }
      option = screened;
    } else {
      if (typeof item !== 'string') {
        return new Rejection(
          `${at(position, keyword)}.${index}`,
          'enum-not-string',
          rejectionContext(position, keyword, `option ${index + 1}`),
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
  const options = toOptions(schema[keyword], position, keyword, titled, warnings);
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
    ? toOptions(items[ITEMS_OPTIONS_KEYWORD], inner, ITEMS_OPTIONS_KEYWORD, true, warnings)
    : toOptions(items['enum'], inner, 'enum', false, warnings);
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

/** Whether a default has the JSON type its field's kind needs (`DEFAULT_TYPES` says which). */
function hasDefaultType(kind: ControlKind, value: JsonValue): boolean {
  switch (kind) {
    case 'text':
    case 'select':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'checkbox':
      return typeof value === 'boolean';
    case 'multiselect':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    default:
      return kind satisfies never;
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
  // The JSON type first, on its own: the field's rules stop at the first that fails (a list longer than maxItems is
  // refused by its length before its items are read), which must not hide a default of the wrong type.
  if (!hasDefaultType(field.kind, value)) {
    return reject(position, 'default', 'default-type', DEFAULT_TYPES[field.kind]);
  }
  const problem = checkValue(field, value);
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
export interface DescribedSchema {
  schema: ElicitRequestedSchema;
  fields: FieldDescriptor[];
}

/**
 * Screens a requested schema (already a JSON copy) and describes its fields. `version` selects the era's variants
 * (2025-06-18 has no titled or multiple choices); without one, every era's shapes are accepted.
 */
export function describeSchema(
  value: JsonValue | undefined,
  version: ProtocolVersion | undefined,
  warnings: SchemaWarning[],
): DescribedSchema | Rejection {
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
  // Without an era, every era's variants are accepted.
  const legacy = version !== undefined && !revisionFeatures(version).enumVariants;
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
