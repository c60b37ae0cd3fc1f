// The restricted schema as a server author writes it (literal, often `as const`), and the TypeScript type of the
// content it describes. The types only follow the spec's eight property variants; whether a schema really is valid
// is core's judgement, made at run time when the question is defined (see question.ts).

/** One titled option, as written in a schema (`oneOf` / `items.anyOf` entries). */
export interface TitledOptionInput {
  readonly const: string;
  readonly title: string;
}

/**
 * One property of a restricted schema as written by a server author: any of the spec's `PrimitiveSchemaDefinition`
 * variants, readonly so that `as const` literals fit. Deliberately loose: core checks the details.
 */
export interface PropertyInput {
  readonly type: string;
  readonly title?: string;
  readonly description?: string;
  readonly enum?: readonly string[];
  readonly enumNames?: readonly string[];
  readonly oneOf?: readonly TitledOptionInput[];
  readonly items?: {
    readonly type?: string;
    readonly enum?: readonly string[];
    readonly anyOf?: readonly TitledOptionInput[];
  };
  readonly default?: unknown;
  readonly [keyword: string]: unknown;
}

/** Spec `ElicitRequestFormParams["requestedSchema"]` as written by a server author (readonly, so `as const` fits). */
export interface RequestedSchemaInput {
  readonly $schema?: string;
  readonly type: 'object';
  readonly properties: { readonly [name: string]: PropertyInput };
  readonly required?: readonly string[];
}

/** The value type of one property: `enum`/`oneOf` give their literal values, arrays their item values. */
export type PropertyValue<P> = P extends { readonly type: 'boolean' }
  ? boolean
  : P extends { readonly type: 'number' | 'integer' }
    ? number
    : P extends { readonly type: 'array'; readonly items: { readonly enum: readonly (infer E)[] } }
      ? E[]
      : P extends { readonly type: 'array'; readonly items: { readonly anyOf: readonly { readonly const: infer C }[] } }
        ? C[]
        : P extends { readonly type: 'array' }
          ? string[]
          : P extends { readonly enum: readonly (infer E)[] }
            ? E
            : P extends { readonly oneOf: readonly { readonly const: infer C }[] }
              ? C
              : P extends { readonly type: 'string' }
                ? string
                : never;

type PropertiesOf<S> = S extends { readonly properties: infer P } ? P : never;

/** The property names a schema lists in `required`. */
export type RequiredNames<S> = S extends { readonly required: readonly (infer K)[] }
  ? K & keyof PropertiesOf<S>
  : never;

/** The property names that carry a `default`. */
type DefaultedNames<S> = {
  [K in keyof PropertiesOf<S>]: PropertiesOf<S>[K] extends { readonly default: unknown } ? K : never;
}[keyof PropertiesOf<S>];

/** Flattens an intersection for readable hover types. */
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * The accepted `content` a schema describes, e.g. for the guide's export form
 * `{ format: 'csv' | 'json'; maxRows: number; includeHeaders?: boolean }`: required properties are required, the
 * others optional (a client may leave them out).
 */
export type ContentOf<S> = Simplify<
  { -readonly [K in RequiredNames<S>]: PropertyValue<PropertiesOf<S>[K]> } & {
    -readonly [K in Exclude<keyof PropertiesOf<S>, RequiredNames<S>>]?: PropertyValue<PropertiesOf<S>[K]>;
  }
>;

/**
 * Tool arguments a schema describes once defaults are applied: required properties and properties with a `default`
 * are present, the others optional.
 */
export type ArgumentsOf<S> = Simplify<
  { -readonly [K in RequiredNames<S> | DefaultedNames<S>]: PropertyValue<PropertiesOf<S>[K]> } & {
    -readonly [K in Exclude<keyof PropertiesOf<S>, RequiredNames<S> | DefaultedNames<S>>]?: PropertyValue<
      PropertiesOf<S>[K]
    >;
  }
>;

/** The property names of a schema, as strings. */
export type PropertyNames<S> = keyof PropertiesOf<S> & string;
