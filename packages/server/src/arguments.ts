// Tool arguments checked by the same contract as answers: a restricted schema, parsed by core when the tool is
// defined, served to the SDK as a Standard Schema (the SDK's `registerTool` takes any Standard Schema with a JSON
// Schema converter, so no zod restatement is needed). Missing properties that declare a `default` get it.
import { createContentValidator, parseRequestedSchema } from '@elicitation-kit/core';
import type { ContentValidator, ElicitContent, ElicitRequestedSchema } from '@elicitation-kit/core';
import type { StandardSchemaWithJSON } from './mcp-types.js';
import { ElicitationDefinitionError } from './question.js';
import type { ArgumentsOf, RequestedSchemaInput } from './schema.js';

/** The vendor name the Standard Schema reports. */
const VENDOR = 'elicitation-kit';

/** Tool arguments: a restricted schema, checked by core, usable as the SDK's `inputSchema`. */
export interface ToolArguments<Args> {
  /** The schema listed in `tools/list` (core's normalized copy). */
  readonly schema: ElicitRequestedSchema;
  /** The Standard Schema the SDK validates `tools/call` arguments with. */
  readonly standard: StandardSchemaWithJSON<Args, Args>;
  /** Type-only: the arguments after defaults. Never set at run time. */
  readonly args?: Args;
}

/** Applies the `default` of every missing property that has one. */
function withDefaults(schema: ElicitRequestedSchema, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return value;
  }
  const filled: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [name, property] of Object.entries(schema.properties)) {
    if (filled[name] === undefined && property.default !== undefined) {
      filled[name] = structuredClone(property.default);
    }
  }
  return filled;
}

function standardSchema<Args>(
  schema: ElicitRequestedSchema,
  validate: ContentValidator,
  applyDefaults: boolean,
): StandardSchemaWithJSON<Args, Args> {
  const json = (): Record<string, unknown> => structuredClone(schema) as unknown as Record<string, unknown>;
  return {
    '~standard': {
      version: 1,
      vendor: VENDOR,
      validate(value) {
        const checked = validate(applyDefaults ? withDefaults(schema, value ?? {}) : (value ?? {}));
        if (checked.ok) {
          return { value: checked.content as Args };
        }
        return {
          issues: checked.issues.map((issue) =>
            issue.field === '' ? { message: issue.message } : { message: issue.message, path: [issue.field] },
          ),
        };
      },
      jsonSchema: { input: json, output: json },
    },
  };
}

function parseArgumentsSchema(schema: unknown, what: string): ElicitRequestedSchema {
  const parsed = parseRequestedSchema(schema);
  if (!parsed.ok) {
    throw new ElicitationDefinitionError(`${what}: ${parsed.error.message} (${parsed.error.data.path})`, {
      problem: 'schema',
      error: parsed.error,
    });
  }
  return parsed.schema;
}

/**
 * Tool arguments described by a restricted schema (write it literally or `as const`): typed from the schema,
 * validated by core, defaults applied to missing properties.
 * @example
 * const args = toolArguments({ type: 'object', properties: { seconds: { type: 'number', minimum: 0, maximum: 30, default: 3 } } });
 * // → arguments typed { seconds: number }
 */
export function toolArguments<const S extends RequestedSchemaInput>(schema: S): ToolArguments<ArgumentsOf<S>> {
  const parsed = parseArgumentsSchema(schema, 'toolArguments');
  return Object.freeze({
    schema: parsed,
    standard: standardSchema<ArgumentsOf<S>>(parsed, createContentValidator(parsed), true),
  });
}

/**
 * The arguments of a tool whose caller may answer a form up front: the form's properties, every one optional and
 * without defaults (a partial answer is not completed with defaults; the form is asked instead).
 */
export function argumentsAnsweringForm(schema: ElicitRequestedSchema): ToolArguments<Partial<ElicitContent>> {
  const properties: ElicitRequestedSchema['properties'] = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    const { default: _default, ...rest } = property;
    void _default;
    properties[name] = rest as typeof property;
  }
  const optional = parseArgumentsSchema({ type: 'object', properties }, 'argumentsAnsweringForm');
  return Object.freeze({
    schema: optional,
    standard: standardSchema<Partial<ElicitContent>>(optional, createContentValidator(optional), false),
  });
}
