// Prefilled tool arguments: the defaults the tool's input schema declares.
import { isJsonObject } from '@elicitation-kit/core';

/**
 * The arguments object made of the `default` of each top-level property of a tool's `inputSchema`
 * (nested object properties are filled recursively when they declare defaults). Properties without a default are
 * left out: the server says what is missing.
 */
export function defaultArguments(inputSchema: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (!isJsonObject(inputSchema) || !isJsonObject(inputSchema['properties'])) {
    return result;
  }
  for (const [name, property] of Object.entries(inputSchema['properties'])) {
    if (!isJsonObject(property)) {
      continue;
    }
    if ('default' in property) {
      result[name] = property['default'];
    } else if (property['type'] === 'object') {
      const nested = defaultArguments(property);
      if (Object.keys(nested).length > 0) {
        result[name] = nested;
      }
    }
  }
  return result;
}

/** Result of {@link parseArguments}. */
export type ParsedArguments = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

/** Reads the Arguments textbox: a JSON object (empty text means `{}`). */
export function parseArguments(text: string): ParsedArguments {
  if (text.trim() === '') {
    return { ok: true, value: {} };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      message: `Arguments are not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (!isJsonObject(value)) {
    return { ok: false, message: 'Arguments must be a JSON object.' };
  }
  return { ok: true, value };
}
