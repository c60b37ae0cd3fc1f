// SDK v1's `registerTool` takes only a zod schema (or a raw shape) as `inputSchema`; the kit's arguments are a
// restricted schema checked by core. The tool is registered with a zod carrier that accepts any object and lists the
// kit's JSON Schema (zod's public `.meta()`, which v1's `tools/list` conversion copies into the schema it sends);
// the check itself stays the kit's (`toolArguments`: core's contract, defaults applied), run first in the handler.
import * as z from 'zod/v4';
import type { ToolArguments } from '../arguments.js';
import type { CallToolResult, StandardIssue } from '../mcp-types.js';
import { errorText } from '../results.js';

/**
 * The zod schema v1 registers: any object passes through to the kit's check; `tools/list` shows the kit's schema
 * (`additionalProperties: false`: the kit refuses a property the schema does not name).
 */
export function inputSchemaFor(args: ToolArguments<unknown>): z.ZodObject {
  return z.looseObject({}).meta({ ...structuredClone(args.schema), additionalProperties: false });
}

function where(issue: StandardIssue): string {
  const [first] = issue.path ?? [];
  if (first === undefined) {
    return '';
  }
  return `${String(typeof first === 'object' ? first.key : first)}: `;
}

/** v1's own words for arguments its schema refused (a tool error), with the kit's issues. */
export function invalidArguments(tool: string, issues: readonly StandardIssue[]): CallToolResult {
  const listed = issues.map((issue) => `${where(issue)}${issue.message}`).join('; ');
  return errorText(`Input validation error: Invalid arguments for tool ${tool}: ${listed}`);
}
