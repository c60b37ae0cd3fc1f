// Test harness shared by the unit tests and the fuzz script: the ajv oracle (the official MCP JSON schemas with
// ajv 8 draft 2020-12 + ajv-formats in its default mode), an independent policy oracle, fixtures and generators.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ajvModule from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import * as fc from 'fast-check';
import type { ProtocolVersion } from '../types.js';

type Json = Record<string, unknown>;

export const root = fileURLToPath(new URL('../../../../', import.meta.url));
const readJson = (path: string): unknown => JSON.parse(readFileSync(root + path, 'utf8'));

// ajv and ajv-formats are CommonJS with `exports.default`; NodeNext sees the module object.
const Ajv2020 = ajvModule.default;
const addFormats = formatsModule.default;

/**
 * ajv as most MCP servers configure it: draft 2020-12, ajv-formats default ("full") mode, unknown keywords ignored.
 * One change: `ownProperties`, because by default ajv counts inherited names (`constructor`, `__proto__`) as
 * present for `required`; the kit reads own properties only (a documented difference).
 */
function createAjv() {
  const ajv = new Ajv2020({ strict: false, allErrors: false, ownProperties: true });
  addFormats(ajv);
  return ajv;
}

const ajv = createAjv();
ajv.addSchema(readJson('fixtures/schema-2025-11-25.json') as object, 'mcp-2025');
ajv.addSchema(readJson('fixtures/schema-2026-07-28.json') as object, 'mcp-2026');
const official = {
  '2025': ajv.compile({ $ref: 'mcp-2025#/$defs/ElicitRequestParams' }),
  '2026': ajv.compile({ $ref: 'mcp-2026#/$defs/ElicitRequestParams' }),
};

/** Whether the official JSON schema of the era accepts these `elicitation/create` params (no era: either). */
export function officialAccepts(params: unknown, version?: ProtocolVersion): boolean {
  if (version === '2026-07-28') return official['2026'](params);
  if (version) return official['2025'](params);
  return official['2025'](params) || official['2026'](params);
}

// The keywords the kit enforces at each position (written from the README's policy list, independently of parse.ts).
// Any other keyword is reported as ignored by the kit, so ajv is given the schema without it.
const ENFORCED: Record<string, string[]> = {
  string: ['type', 'minLength', 'maxLength', 'format', 'enum', 'oneOf', 'default'],
  number: ['type', 'minimum', 'maximum', 'default'],
  integer: ['type', 'minimum', 'maximum', 'default'],
  boolean: ['type', 'default'],
  array: ['type', 'items', 'minItems', 'maxItems', 'default'],
};
const ENFORCED_IN_ITEMS = ['type', 'enum', 'anyOf'];

const keep = (object: Json, keys: readonly string[]): Json =>
  Object.fromEntries(Object.entries(object).filter(([key]) => keys.includes(key)));

/**
 * A requested schema without the keywords the kit does not enforce (`pattern`, `items.minLength`, …), but with
 * `alsoKeep` (keywords the kit reports, kept to show that ajv's verdict does not change with them).
 */
function withoutIgnoredKeywords(schema: Json, alsoKeep: readonly string[] = []): Json {
  const properties = Object.fromEntries(
    Object.entries(schema['properties'] as Json).map(([name, value]) => {
      const property = value as Json;
      const enforced = ENFORCED[property['type'] as string];
      const kept = keep(property, enforced === undefined ? Object.keys(property) : [...enforced, ...alsoKeep]);
      if (isObject(kept['items'])) kept['items'] = keep(kept['items'], [...ENFORCED_IN_ITEMS, ...alsoKeep]);
      return [name, kept];
    }),
  );
  return { ...schema, properties };
}

/**
 * ajv's verdict on content against a requested schema, closed with `additionalProperties: false` unless `allowUnknown`
 * (or the schema has its own); `alsoKeep` names reported keywords given to ajv all the same.
 */
export function ajvContentVerdict(
  rawSchema: Json,
  content: unknown,
  allowUnknown = false,
  alsoKeep: readonly string[] = [],
): boolean {
  const schema = withoutIgnoredKeywords(rawSchema, alsoKeep);
  const key = JSON.stringify(schema) + allowUnknown;
  let validate = compiled.get(key);
  if (!validate) {
    if (compiled.size > 50) {
      for (const [, old] of compiled) contentAjv.removeSchema(old.schema as object);
      compiled.clear();
    }
    validate = contentAjv.compile(
      allowUnknown || 'additionalProperties' in schema ? { ...schema } : { ...schema, additionalProperties: false },
    );
    compiled.set(key, validate);
  }
  return validate(content) as boolean;
}

// Compiled content validators, by schema text: one compile serves every content of a schema.
const contentAjv = createAjv();
const compiled = new Map<string, ReturnType<typeof contentAjv.compile>>();

// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────
// Policy oracle: written independently of src/parse.ts from the README's policy list.
// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown) => value === undefined || (Number.isSafeInteger(value) && (value as number) >= 0);
const isStrings = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');
const uniqueNonEmpty = (values: unknown[]) => values.length > 0 && new Set(values).size === values.length;
/**
 * JSON Schema keywords that change which values a schema accepts (2020-12, 2019-09, draft-07, OpenAPI `nullable`):
 * inside a titled option the kit refuses every one but `type: 'string'` (the const is a string anyway), since the
 * option is shown and checked as its `const` alone. Anything else in an option only annotates.
 */
export const ASSERTING_KEYWORDS = [
  '$ref',
  '$defs',
  '$dynamicRef',
  '$recursiveRef',
  'definitions',
  '$id',
  '$anchor',
  '$dynamicAnchor',
  '$recursiveAnchor',
  '$vocabulary',
  '$schema',
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
  'type',
  'enum',
  'multipleOf',
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'items',
  'contains',
  'additionalItems',
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
];
/**
 * Keywords a validator enforces on the object of answers, which a form cannot (how many answers, which names, which
 * together): refused on the schema itself. On a multi-select, `contains` (which options must be chosen) likewise.
 */
const UNENFORCEABLE_ON_SCHEMA = [
  'maxProperties',
  'minProperties',
  'dependentRequired',
  'dependencies',
  'propertyNames',
];
const UNENFORCEABLE_ON_MULTISELECT = ['contains'];
/** References and subschema keywords refused at every position (a property, `items`, the schema itself). */
export const STRUCTURE_KEYWORDS = [
  '$ref',
  '$defs',
  '$dynamicRef',
  '$recursiveRef',
  'definitions',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'patternProperties',
  'dependentSchemas',
  'prefixItems',
];
const optionAllowed = (item: unknown) =>
  isObject(item) &&
  typeof item['const'] === 'string' &&
  typeof item['title'] === 'string' &&
  keywordsWellTyped(item) &&
  Object.entries(item).every(
    ([key, value]) =>
      key === 'const' || key === 'title' || (key === 'type' && value === 'string') || !ASSERTING_KEYWORDS.includes(key),
  );
const titledOptions = (value: unknown) =>
  Array.isArray(value) && value.every(optionAllowed) && uniqueNonEmpty(value.map((item) => (item as Json)['const']));
const ordered = (low: unknown, high: unknown) =>
  low === undefined || high === undefined || (low as number) <= (high as number);
const FORMATS = ['email', 'uri', 'date', 'date-time'];

/** Keywords the restricted schema defines must have their JSON type wherever they appear (kit policy). */
function keywordsWellTyped(p: Json): boolean {
  for (const key of ['title', 'description', '$schema'])
    if (p[key] !== undefined && typeof p[key] !== 'string') return false;
  for (const key of ['minLength', 'maxLength', 'minItems', 'maxItems']) if (!isCount(p[key])) return false;
  for (const key of ['minimum', 'maximum']) if (p[key] !== undefined && typeof p[key] !== 'number') return false;
  if (p['format'] !== undefined && !FORMATS.includes(p['format'] as string)) return false;
  return p['enumNames'] === undefined || isStrings(p['enumNames']);
}

function propertyAllowed(p: unknown, version?: ProtocolVersion): boolean {
  if (!isObject(p)) return false;
  if ([...STRUCTURE_KEYWORDS, 'anyOf'].some((key) => key in p)) return false;
  if (!keywordsWellTyped(p)) return false;
  const d = p['default'];
  const legacy = version === '2025-06-18';
  switch (p['type']) {
    case 'string': {
      if (d !== undefined && typeof d !== 'string') return false;
      if (p['oneOf'] !== undefined) return !legacy && p['enum'] === undefined && titledOptions(p['oneOf']);
      if (p['enum'] !== undefined) return isStrings(p['enum']) && uniqueNonEmpty(p['enum'] as unknown[]);
      return ordered(p['minLength'], p['maxLength']);
    }
    case 'number':
    case 'integer': {
      if (p['enum'] !== undefined || p['oneOf'] !== undefined) return false;
      if (d !== undefined && typeof d !== 'number') return false;
      const round = p['type'] === 'integer';
      const low = p['minimum'] === undefined ? undefined : round ? Math.ceil(p['minimum'] as number) : p['minimum'];
      const high = p['maximum'] === undefined ? undefined : round ? Math.floor(p['maximum'] as number) : p['maximum'];
      return ordered(low, high);
    }
    case 'boolean':
      return p['enum'] === undefined && p['oneOf'] === undefined && (d === undefined || typeof d === 'boolean');
    case 'array': {
      if (legacy || p['enum'] !== undefined || p['oneOf'] !== undefined) return false;
      if (UNENFORCEABLE_ON_MULTISELECT.some((key) => key in p)) return false;
      if (d !== undefined && !isStrings(d)) return false;
      const items = p['items'];
      if (!isObject(items) || !ordered(p['minItems'], p['maxItems'])) return false;
      // `items` is screened like a property: no references or composition (its options are `anyOf`), a string type,
      // well-typed keywords, one list of options.
      if ([...STRUCTURE_KEYWORDS, 'oneOf'].some((key) => key in items)) return false;
      if (!keywordsWellTyped(items)) return false;
      if (items['type'] !== undefined && items['type'] !== 'string') return false;
      if ('anyOf' in items && 'enum' in items) return false;
      let optionCount: number;
      if ('anyOf' in items) {
        if (!titledOptions(items['anyOf'])) return false;
        optionCount = (items['anyOf'] as unknown[]).length;
      } else {
        if (!(items['type'] === 'string' && isStrings(items['enum']) && uniqueNonEmpty(items['enum'] as unknown[])))
          return false;
        optionCount = (items['enum'] as unknown[]).length;
      }
      // Asking for more choices than there are options can never be answered.
      return p['minItems'] === undefined || (p['minItems'] as number) <= optionCount;
    }
    default:
      return false;
  }
}

/** The kit's policies on a requested schema (on top of the official JSON schema), per the README. */
export function policyAllows(schema: unknown, version?: ProtocolVersion): boolean {
  if (!isObject(schema) || schema['type'] !== 'object' || !isObject(schema['properties'])) return false;
  if ([...STRUCTURE_KEYWORDS, ...UNENFORCEABLE_ON_SCHEMA, 'anyOf', 'oneOf'].some((key) => key in schema)) return false;
  const properties = schema['properties'];
  const required = schema['required'] ?? [];
  if (!isStrings(required) || !(required as string[]).every((name) => Object.hasOwn(properties, name))) return false;
  if (!keywordsWellTyped(schema)) return false;
  return Object.values(properties).every((property) => propertyAllowed(property, version));
}

/** Kit differences from ajv on content, by design: unsafe integers and duplicate multi-select items are refused. */
export function deliberateDifference(schema: Json, content: unknown): boolean {
  if (!isObject(content)) return false;
  return Object.entries(schema['properties'] as Json).some(([name, property]) => {
    const value = Object.hasOwn(content, name) ? content[name] : undefined;
    const p = property as Json;
    if (p['type'] === 'integer') return Number.isInteger(value) && !Number.isSafeInteger(value);
    if (p['type'] === 'array') return Array.isArray(value) && new Set(value).size !== value.length;
    return false;
  });
}

// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────
// Fixtures
// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────

export interface Fixture {
  file: string;
  params: unknown;
}

/** Every `elicitation/create` params in fixtures/examples: top-level files, invalid/, and those embedded in 2026-07-28. */
export function loadFixtures(): Fixture[] {
  const base = 'fixtures/examples/';
  const list = (dir: string) =>
    readdirSync(root + base + dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => dir + file);
  const fixtures: Fixture[] = [];
  for (const file of [...list(''), ...list('invalid/')])
    fixtures.push({ file, params: (readJson(base + file) as Json)['params'] });
  for (const file of list('2026-07-28/')) {
    const message = readJson(base + file) as Json;
    if (message['method'] === 'elicitation/create') fixtures.push({ file, params: message['params'] });
    const requests = (message['result'] as Json | undefined)?.['inputRequests'];
    if (isObject(requests))
      for (const [key, request] of Object.entries(requests))
        if ((request as Json)['method'] === 'elicitation/create')
          fixtures.push({ file: `${file}#${key}`, params: (request as Json)['params'] });
  }
  return fixtures;
}

// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────
// Generators
// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Hand-picked strings around the format rules (valid, nearly valid, hostile). */
export const FORMAT_STRINGS = [
  'a@b.co',
  'user.name+tag@example.com',
  "o'neil@example.org",
  'a@b',
  '@b.com',
  'a@@b.com',
  'a@-b.com',
  'a.@b.com',
  'ü@b.com',
  'a@b.com ',
  'A@B.COM',
  'a@b_c.com',
  'https://example.com',
  'HTTPS://Example.com/a?b#c',
  'http://[::1]:80/x?y#z',
  'http://[v1.x]/',
  'mailto:a@b.co',
  'urn:isbn:0451450523',
  'example.com',
  '/relative/path',
  'https://exa mple.com',
  'javascript:alert(1)',
  'http://a/%zz',
  'http://a/%41',
  'ftp://user:pw@host:21/',
  'a:b',
  'a:',
  '1a:b',
  'http://ü.example/',
  'http://192.168.0.1',
  'http://999.1.1.1',
  'file:///etc/passwd',
  '2025-12-01',
  '2025-02-29',
  '2024-02-29',
  '2000-02-29',
  '1900-02-29',
  '2025-13-01',
  '2025-00-10',
  '2025-04-31',
  '2025-1-01',
  '+2025-01-01',
  '2025-12-01T09:00:00Z',
  '2025-12-01T09:00:00+02:00',
  '2025-12-01t09:00:00z',
  '2025-12-01 09:00:00Z',
  '2025-12-01T09:00:00',
  '2025-12-01T09:00',
  '2016-12-31T23:59:60Z',
  '2016-12-31T22:59:60-01:00',
  '2016-12-31T23:59:60+01:00',
  '2025-12-01T24:00:00Z',
  '2025-12-01T09:00:00.123+0530',
  '2025-12-01T09:00:00+24:00',
  '2025-12-01T09:60:00Z',
  '2025-12-01TT09:00:00Z',
  '2025-12-01T09:00:00ZT',
  'T2025-12-01 09:00:00Z',
  '2025-12-01\u00a009:00:00Z',
  '2024-04-30',
  '2024-06-31',
  '2024-07-31',
  '2024-08-31',
  '2024-09-31',
  '2024-11-31',
  '2024-12-31',
  '2024-12-32',
  '0000-02-29',
  '2100-02-29',
  '2400-02-29',
  '2025-02-28',
  '2025-12-01T00:00:00-23:59',
  '2025-12-01T23:59:60.5-00:00',
  '',
  ' ',
  'x',
  'a'.repeat(70),
  '😀',
  'e\u0301',
  'null',
  '12',
  '1e3',
];

const OPTION_VALUES = ['a', 'b', 'c', 'd', 'e'];

const text = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FORMAT_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constantFrom(...OPTION_VALUES) },
);

const numberValue = fc.oneof(
  fc.integer({ min: -20, max: 120 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e3, max: 1e3 }),
  fc.constantFrom(0, 0.5, 1.5, 2 ** 53 - 1, 2 ** 53, -(2 ** 53), 1e300, -1e-9),
);

const count = fc.nat({ max: 6 });
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 2 });
const label = fc.string({ maxLength: 6 });

const optionList = fc.uniqueArray(fc.constantFrom(...OPTION_VALUES), { minLength: 1, maxLength: 5 });
/** Keywords a server may put inside a multi-select's `items` that the kit reports and does not enforce. */
const itemExtras = fc.record(
  {
    title: label,
    description: label,
    minLength: count,
    maxLength: count,
    pattern: fc.constantFrom('^a', 'b$'),
    format: fc.constantFrom('email', 'date'),
  },
  { requiredKeys: [] },
);
/**
 * Keywords a server may put inside a titled option: annotations (reported, not enforced, and no validator reads them)
 * and, now and then, a keyword that would change which answers are valid (the kit refuses the schema).
 */
const optionExtras = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  {
    weight: 3,
    arbitrary: fc.record(
      {
        description: label,
        $comment: label,
        examples: fc.array(label, { maxLength: 2 }),
        deprecated: fc.boolean(),
        'x-icon': label,
        type: fc.constant('string'),
      },
      { requiredKeys: [] },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Json>(
      { not: {} },
      { pattern: '^z' },
      { minLength: 3 },
      { enum: ['zz'] },
      { type: 'number' },
      { $ref: '#/x' },
      { $id: 'https://example.com/a' },
      { anyOf: [] },
      { format: 'email' },
      { prefixItems: [] },
    ),
  },
);
const titledList = optionList.chain((values) =>
  fc
    .array(optionExtras, { minLength: values.length, maxLength: values.length })
    .map((extras) => values.map((value, index) => ({ ...extras[index], const: value, title: value.toUpperCase() }))),
);

/** Property schemas in the restricted grammar (all eight variants, bounds, defaults of the right JSON type). */
const restrictedProperty: fc.Arbitrary<Json> = fc.oneof(
  fc.record(
    {
      type: fc.constant('string'),
      title: label,
      minLength: count,
      maxLength: count,
      format: fc.constantFrom('email', 'uri', 'date', 'date-time'),
      default: text,
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    {
      type: fc.constantFrom('number', 'integer'),
      title: label,
      minimum: numberValue,
      maximum: numberValue,
      default: numberValue,
    },
    { requiredKeys: ['type'] },
  ),
  fc.record({ type: fc.constant('boolean'), description: label, default: fc.boolean() }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant('string'), enum: optionList, default: text }, { requiredKeys: ['type', 'enum'] }),
  fc.record({ type: fc.constant('string'), oneOf: titledList, default: text }, { requiredKeys: ['type', 'oneOf'] }),
  fc.record(
    { type: fc.constant('string'), enum: optionList, enumNames: fc.array(label, { maxLength: 5 }), default: text },
    { requiredKeys: ['type', 'enum'] },
  ),
  fc.record(
    {
      type: fc.constant('array'),
      items: fc.tuple(optionList, itemExtras).map(([values, extras]) => ({ ...extras, type: 'string', enum: values })),
      minItems: count,
      maxItems: count,
      default: fc.array(fc.constantFrom(...OPTION_VALUES), { maxLength: 4 }),
    },
    { requiredKeys: ['type', 'items'] },
  ),
  fc.record(
    {
      type: fc.constant('array'),
      items: fc.tuple(titledList, itemExtras).map(([anyOf, extras]) => ({ ...extras, anyOf })),
      minItems: count,
      maxItems: count,
      default: fc.array(fc.constantFrom(...OPTION_VALUES), { maxLength: 4 }),
    },
    { requiredKeys: ['type', 'items'] },
  ),
);

// `__proto__` and `''` are left out: ajv mishandles properties of those names (ajv ignores `required: ['']`);
// the kit's own tests cover them.
const NAMES = ['name', 'email', 'age', 'tags', 'choice', 'ok', 'constructor', 'toString', 'a.b', 'x y'];

/** A requested schema in the restricted grammar (it may still break kit policies such as min > max). */
export const restrictedSchema: fc.Arbitrary<Json> = fc
  .dictionary(fc.constantFrom(...NAMES), restrictedProperty, { maxKeys: 5 })
  .chain((properties) =>
    fc.record(
      {
        type: fc.constant('object'),
        properties: fc.constant(properties),
        required: fc.subarray(Object.keys(properties)),
        $schema: fc.constant('https://json-schema.org/draft/2020-12/schema'),
      },
      { requiredKeys: ['type', 'properties'] },
    ),
  );

const junk = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(null, 1, 'x', true, [], {}, ['a'], [1], { a: 1 }));

/** A value for a property: usually well typed and near its limits, sometimes anything. */
function valueFor(property: Json): fc.Arbitrary<unknown> {
  const options = [
    ...((property['enum'] as string[] | undefined) ?? []),
    ...(((property['oneOf'] as Json[] | undefined) ?? []).map((option) => option['const']) as string[]),
  ];
  const items = property['items'] as Json | undefined;
  const itemOptions = [
    ...((items?.['enum'] as string[] | undefined) ?? []),
    ...(((items?.['anyOf'] as Json[] | undefined) ?? []).map((option) => option['const']) as string[]),
    'zz',
  ];
  const typed: Record<string, fc.Arbitrary<unknown>> = {
    string: options.length ? fc.oneof(fc.constantFrom(...options), text) : text,
    number: numberValue,
    integer: numberValue,
    boolean: fc.boolean(),
    array: fc.array(fc.constantFrom(...itemOptions), { maxLength: 6 }),
  };
  return fc.oneof({ weight: 6, arbitrary: typed[property['type'] as string] ?? junk }, { weight: 1, arbitrary: junk });
}

/** Content for a schema: each property absent, well typed or junk, plus the occasional unknown property. */
export function contentFor(schema: Json): fc.Arbitrary<Json> {
  const properties = schema['properties'] as Json;
  const shape = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, valueFor(property as Json)]),
  );
  return fc
    .tuple(fc.record(shape, { requiredKeys: [] }), maybe(fc.constantFrom('extra', 'other')), junk)
    .map(([content, extra, value]) => (extra === undefined ? content : { ...content, [extra]: value }));
}

const ODD_KEYWORDS = [
  'pattern',
  'examples',
  '$ref',
  '$defs',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'const',
  'multipleOf',
  'exclusiveMinimum',
  'uniqueItems',
  'items',
  'properties',
  'enum',
  'enumNames',
  'format',
  '$comment',
  'readOnly',
  'type',
  'default',
  'title',
  'minimum',
  'maxLength',
  'minItems',
  'required',
  'additionalProperties',
];

/** A small seeded PRNG (mulberry32): the fuzz mutations are reproducible from one number. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)]!;
  return { next, int, pick };
}
export type Random = ReturnType<typeof createRandom>;

const ODD_VALUES: unknown[] = [
  'object',
  'array',
  'string',
  'integer',
  'number',
  'boolean',
  'null',
  ['string', 'null'],
  'email',
  'color',
  -1,
  1.5,
  0,
  2 ** 53,
  null,
  true,
  false,
  '',
  'javascript:alert(1)',
  'http://evil.example',
  'https://ok.example/x',
  [],
  {},
  ['a', 'a'],
  [{ const: 'a', title: 'A' }],
  { type: 'string' },
  { $ref: '#/x' },
  { anyOf: [] },
  '2025-12-01',
  '\u202e',
];

/** A random JSON value, biased towards schema-ish words and values. */
function anyValue(random: Random, depth = 0): unknown {
  switch (depth > 2 ? random.int(0, 1) : random.int(0, 3)) {
    case 0:
      return random.pick(ODD_VALUES);
    case 1:
      return random.pick([
        random.int(-1e6, 1e6),
        random.next() * 100,
        'x'.repeat(random.int(0, 5)),
        random.next() < 0.5,
      ]);
    case 2:
      return Array.from({ length: random.int(0, 3) }, () => anyValue(random, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: random.int(0, 3) }, () => [random.pick(ODD_KEYWORDS), anyValue(random, depth + 1)]),
      );
  }
}

/** One random edit of a JSON value: drop, replace or insert a key, change a type, nest, or blow a string up. */
function mutateOnce(value: unknown, random: Random): unknown {
  if (Array.isArray(value)) {
    if (!value.length || random.int(0, 3) === 0)
      return random.next() < 0.5 ? [...value, anyValue(random)] : anyValue(random);
    const index = random.int(0, value.length - 1);
    return value.map((item, i) => (i === index ? mutateOnce(item, random) : item));
  }
  if (isObject(value)) {
    const keys = Object.keys(value);
    const choice = random.int(0, 9);
    const copy = { ...value };
    if (choice === 0 && keys.length) delete copy[random.pick(keys)];
    else if (choice === 1) copy[random.pick(ODD_KEYWORDS)] = anyValue(random);
    else if (choice === 2 && keys.length) copy[random.pick(keys)] = anyValue(random);
    else if (choice === 3) return { type: 'object', properties: { nested: value } };
    else if (keys.length) {
      const key = random.pick(keys);
      copy[key] = mutateOnce(value[key], random);
    } else copy[random.pick(ODD_KEYWORDS)] = anyValue(random);
    return copy;
  }
  switch (random.int(0, 5)) {
    case 0:
      // Long strings; a rare one is huge.
      return (typeof value === 'string' && value ? value : 'x').repeat(
        random.int(0, 50) ? random.int(2, 40) : random.int(1000, 20_000),
      );
    case 1:
      return [value];
    case 2:
      return { value };
    default:
      return anyValue(random);
  }
}

/** `count` random edits of `value`. */
export function mutate(value: unknown, random: Random, edits = 1): unknown {
  let result = value;
  for (let i = 0; i < edits; i++) result = mutateOnce(result, random);
  return result;
}

/** Params from the fixtures, mutated 1–4 times (as a fast-check arbitrary, so failures shrink to a seed). */
export function mutatedRequest(fixtures: readonly Fixture[]): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.nat({ max: fixtures.length - 1 }), fc.integer({ min: 1, max: 4 }), fc.integer())
    .map(([index, edits, seed]) => mutate(fixtures[index]!.params, createRandom(seed), edits));
}
