// Screening: which keywords each position of a requested schema (the schema itself, a property, a multi-select's
// `items`, one titled option) may hold, what their values must be, and what is refused or only reported. Everything
// here reads plain JSON (the parser copies the input first) and reports a refusal as a Rejection value.
import { formats } from './formats.js';
import { isJsonObject, type JsonObject, type JsonValue } from './json.js';
import { Rejection, type RejectionContext } from './rejection.js';
import type { SchemaWarning } from './types.js';

// ─── Keyword tables ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Keywords that reference or define other schemas: refused everywhere (a form is flat and self-contained). The older
 * spellings (`definitions`, `$recursiveRef`) and the dynamic reference are refused like `$ref` and `$defs`.
 */
const REFERENCE_KEYWORDS = ['$ref', '$defs', '$dynamicRef', '$recursiveRef', 'definitions'] as const;

/**
 * Keywords that combine or nest subschemas, refused everywhere except where the restricted schema uses one for
 * options. `patternProperties`, `dependentSchemas` and `prefixItems` would make a validator check values the form
 * never shows, so they are refused like `allOf`.
 */
const COMPOSITION_KEYWORDS = [
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'patternProperties',
  'dependentSchemas',
  'prefixItems',
] as const;

/**
 * Keywords a validator enforces on a form's answers that a form cannot show or enforce: on the object of answers (the
 * schema itself) its count of answers, its member names and its conditional requirements, and on a multiple choice
 * the options that must be among those chosen. Warned and ignored, each would let the kit accept an answer that the
 * server's own validator (ajv) refuses — `maxProperties: 1` with two fields answered, `contains: { const: 'a' }`
 * without `a` chosen — so each is refused where it applies (`type` says: an object's keyword on the schema, an
 * array's on a multi-select); a keyword of another type's instance (`contains` on a text field) changes nothing for
 * any validator and is reported like any unknown keyword. Those holding subschemas are refused as `composition`, the
 * counts and requirements as `bound-invalid` with the reason.
 */
const UNENFORCEABLE_KEYWORDS: ReadonlyMap<
  string,
  { readonly on: 'object' | 'array'; readonly reason: 'composition' | 'bound-invalid'; readonly detail?: string }
> = new Map([
  [
    'maxProperties',
    {
      on: 'object',
      reason: 'bound-invalid',
      detail: 'a form cannot limit how many of its fields are answered, so answers it accepts would fail a validator',
    },
  ],
  [
    'minProperties',
    {
      on: 'object',
      reason: 'bound-invalid',
      detail: "a form cannot require a number of answers; list the fields that must be answered in 'required'",
    },
  ],
  [
    'dependentRequired',
    {
      on: 'object',
      reason: 'bound-invalid',
      detail: "a form cannot require fields depending on others; list the fields that must be answered in 'required'",
    },
  ],
  ['dependencies', { on: 'object', reason: 'composition' }],
  ['propertyNames', { on: 'object', reason: 'composition' }],
  ['contains', { on: 'array', reason: 'composition' }],
]);

/** Composition keywords allowed at each position: a titled single choice lists `oneOf`, a multiple one `items.anyOf`. */
export const PROPERTY_OPTIONS_KEYWORD = 'oneOf';
export const ITEMS_OPTIONS_KEYWORD = 'anyOf';

/** What a keyword's value must be, wherever the keyword appears (one look-up per keyword read). */
type ValueRule = 'string' | 'count' | 'number' | 'format' | 'string-list';
const VALUE_RULES: ReadonlyMap<string, ValueRule> = new Map([
  ['title', 'string'],
  ['description', 'string'],
  ['$schema', 'string'],
  ['minLength', 'count'],
  ['maxLength', 'count'],
  ['minItems', 'count'],
  ['maxItems', 'count'],
  ['minimum', 'number'],
  ['maximum', 'number'],
  ['format', 'format'],
  ['enumNames', 'string-list'],
]);

/** The shapes a property can take; each defines its own keywords. */
export type Variant = 'text' | 'number' | 'checkbox' | 'select' | 'titled-select' | 'multiselect';

const ANNOTATIONS = ['type', 'title', 'description', 'default'] as const;

/** The keywords each variant defines. Any other keyword is reported as `ignored-keyword`, never enforced. */
export const VARIANT_KEYWORDS: Record<Variant, ReadonlySet<string>> = {
  text: new Set([...ANNOTATIONS, 'minLength', 'maxLength', 'format']),
  number: new Set([...ANNOTATIONS, 'minimum', 'maximum']),
  checkbox: new Set(ANNOTATIONS),
  select: new Set([...ANNOTATIONS, 'enum', 'enumNames']),
  'titled-select': new Set([...ANNOTATIONS, 'oneOf']),
  multiselect: new Set([...ANNOTATIONS, 'items', 'minItems', 'maxItems']),
};

/** The keywords `requestedSchema` itself defines (`title` and `description` are harmless annotations). */
export const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'properties',
  'required',
  '$schema',
  'title',
  'description',
]);

/** The keywords a multiple choice's `items` defines. */
export const ITEMS_KEYWORDS: ReadonlySet<string> = new Set(['type', 'enum', 'anyOf', 'title', 'description']);

/** The keywords a titled option (`oneOf[i]`, `items.anyOf[i]`) defines: the value and its label. */
const OPTION_KEYWORDS: ReadonlySet<string> = new Set(['const', 'title']);

/**
 * JSON Schema keywords that decide which values a schema accepts (2020-12, with the 2019-09 and draft-07 spellings
 * and OpenAPI's `nullable`, which ajv implements). Inside a titled option any of them would change which answers are
 * valid — `{ const: 'a', not: {} }` accepts nothing — while the kit shows and checks the option as its `const`, so
 * they are refused there. Every other keyword in an option (`description`, `$comment`, `examples`, a vendor key) only
 * annotates: reported, never enforced, and no validator reads it either.
 */
const ASSERTING_KEYWORDS: ReadonlySet<string> = new Set([
  ...REFERENCE_KEYWORDS,
  ...COMPOSITION_KEYWORDS,
  '$id',
  '$anchor',
  '$dynamicAnchor',
  '$recursiveAnchor',
  '$vocabulary',
  '$schema',
  'type',
  'enum',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'items',
  'additionalItems',
  'contains',
  'maxContains',
  'minContains',
  'maxItems',
  'minItems',
  'uniqueItems',
  'unevaluatedItems',
  'properties',
  'additionalProperties',
  'propertyNames',
  'unevaluatedProperties',
  'maxProperties',
  'minProperties',
  'required',
  'dependentRequired',
  'dependencies',
  'nullable',
]);

// ─── Positions and rejections ───────────────────────────────────────────────────────────────────────────────────

/** Where a schema object sits: its dotted path and, inside a property, the field name (for messages). */
export interface Position {
  /** Dotted path of the object itself, e.g. `requestedSchema.properties.tags.items`. */
  path: string;
  field?: string;
  /** Set inside `items`: warnings then say so. */
  inItems?: boolean;
  /** Set inside a titled option: its number, counted from 1 (warnings then say which option). */
  option?: number;
}

export const at = (position: Position, keyword: string | number): string => `${position.path}.${keyword}`;

export const rejectionContext = (position: Position, keyword?: string, detail?: string): RejectionContext => ({
  ...(position.field !== undefined && { field: position.field }),
  ...(keyword !== undefined && { keyword }),
  ...(detail !== undefined && { detail }),
});

export const reject = (position: Position, keyword: string, reason: Rejection['reason'], detail?: string): Rejection =>
  new Rejection(at(position, keyword), reason, rejectionContext(position, keyword, detail));

// ─── Screening ──────────────────────────────────────────────────────────────────────────────────────────────────

/** Where inside a field a keyword is, for messages: `in its items`, `in option 2`, or nothing at the field itself. */
function placeOf(position: Position): string | undefined {
  if (position.option !== undefined) {
    return `in option ${position.option}`;
  }
  return position.inItems ? 'in its items' : undefined;
}

/** Each refused structure keyword's rank: references first, then composition, each in table order. */
const STRUCTURE_RANKS: ReadonlyMap<string, number> = new Map(
  [...REFERENCE_KEYWORDS, ...COMPOSITION_KEYWORDS].map((keyword, rank) => [keyword, rank]),
);
const REFERENCE_COUNT = REFERENCE_KEYWORDS.length;

/**
 * Refuses references and the composition keywords this position does not allow; with several, the first in table
 * order (references before composition). One pass over the object's own keys: a schema object has a handful.
 */
export function screenStructure(
  schema: JsonObject,
  position: Position,
  allowedComposition?: string,
): Rejection | undefined {
  let found: string | undefined;
  let foundRank = Infinity;
  for (const keyword of Object.keys(schema)) {
    const rank = STRUCTURE_RANKS.get(keyword);
    if (rank !== undefined && rank < foundRank && keyword !== allowedComposition) {
      found = keyword;
      foundRank = rank;
    }
  }
  if (found === undefined) {
    return undefined;
  }
  return reject(position, found, foundRank < REFERENCE_COUNT ? 'ref' : 'composition', placeOf(position));
}

/** The rule a keyword's value breaks, wherever the keyword appears; `undefined` when its value is fine. */
function checkKeywordValue(keyword: string, value: JsonValue, position: Position): Rejection | undefined {
  switch (VALUE_RULES.get(keyword)) {
    case undefined:
      return undefined;
    case 'string':
      return typeof value === 'string' ? undefined : reject(position, keyword, 'wrong-type', 'a string');
    case 'count':
      return Number.isSafeInteger(value) && (value as number) >= 0
        ? undefined
        : reject(position, keyword, 'bound-invalid', 'it must be a whole number, 0 or more');
    case 'number':
      return typeof value === 'number' ? undefined : reject(position, keyword, 'bound-invalid', 'it must be a number');
    case 'format':
      return typeof value === 'string' && Object.hasOwn(formats, value)
        ? undefined
        : reject(
            position,
            keyword,
            'unknown-format',
            typeof value === 'string' ? `'${value}'` : 'that is not a string',
          );
    case 'string-list':
      return Array.isArray(value) && value.every((item) => typeof item === 'string')
        ? undefined
        : reject(position, keyword, 'wrong-type', 'a list of strings');
  }
}

/** The sentence of an `ignored-keyword` warning. */
function ignoredKeywordMessage(position: Position, keyword: string): string {
  const who = position.field === undefined ? 'The form schema' : `The field '${position.field}'`;
  const place = placeOf(position);
  return `${who} uses '${keyword}'${place === undefined ? '' : ` ${place}`}, which elicitation forms do not enforce; it is ignored.`;
}

/** Records an `ignored-keyword` warning. */
function warnIgnored(warnings: SchemaWarning[], position: Position, keyword: string): void {
  warnings.push({
    path: at(position, keyword),
    code: 'ignored-keyword',
    message: ignoredKeywordMessage(position, keyword),
  });
}

/**
 * Checks every keyword's value and reports the keywords this position does not define. `refused` keywords (options on
 * a property that is not a string) are rejected instead, and so are the keywords a validator would enforce on this
 * position's answers that a form cannot ({@link UNENFORCEABLE_KEYWORDS}).
 */
export function screenKeywords(
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
      const unenforceable = UNENFORCEABLE_KEYWORDS.get(keyword);
      if (unenforceable !== undefined && schema['type'] === unenforceable.on) {
        return reject(position, keyword, unenforceable.reason, unenforceable.detail);
      }
      warnIgnored(warnings, position, keyword);
    }
  }
  return undefined;
}

/**
 * Screens one titled option (`list[index]` of the options `keyword` at `parent`) like a property: it must be an
 * object with a string `const` and a string `title`; references and composition are refused with their own reasons,
 * every other keyword that decides validity (`pattern`, `minLength`, `type` other than `string`, `$id`, …) as
 * `options-invalid`, and annotations are reported. `type: 'string'` is reported, not refused: the `const` is a string,
 * so it changes nothing.
 */
export function screenOption(
  item: JsonValue,
  parent: Position,
  keyword: string,
  index: number,
  warnings: SchemaWarning[],
): { value: string; label: string } | Rejection {
  const number = index + 1;
  if (!isJsonObject(item) || typeof item['const'] !== 'string' || typeof item['title'] !== 'string') {
    return new Rejection(
      `${at(parent, keyword)}.${index}`,
      'options-invalid',
      rejectionContext(parent, keyword, `option ${number} needs a string 'const' and a string 'title'`),
    );
  }
  const keywords = Object.keys(item);
  if (keywords.length === 2) {
    // Only `const` and `title` (checked above): the common case, nothing else to screen
    return { value: item['const'], label: item['title'] || item['const'] };
  }
  const position: Position = { path: `${at(parent, keyword)}.${index}`, option: number };
  if (parent.field !== undefined) {
    position.field = parent.field;
  }
  const structure = screenStructure(item, position);
  if (structure) {
    return structure;
  }
  for (const key of keywords) {
    if (OPTION_KEYWORDS.has(key)) {
      continue;
    }
    const harmlessType = key === 'type' && item[key] === 'string';
    if (ASSERTING_KEYWORDS.has(key) && !harmlessType) {
      return reject(
        position,
        key,
        'options-invalid',
        `option ${number} uses '${key}', which would change which answers are valid; an option has only a 'const' and a 'title'`,
      );
    }
    const problem = checkKeywordValue(key, item[key]!, position);
    if (problem) {
      return problem;
    }
    warnIgnored(warnings, position, key);
  }
  return { value: item['const'], label: item['title'] || item['const'] };
}
