// The guide's export tool, defined once: the README's complete server (export-server.ts) serves it, the package's
// tests play it, and the demo server asks the same question before its own export.
import { defineTool, formQuestion, toolResult } from '@elicitation-kit/server';

/**
 * Step 2, the guide's restricted schema verbatim ("Collect Structured Input with MCP Form Elicitation", step 2: its
 * titles, descriptions, bounds and default; `includeHeaders` has no description there).
 */
export const EXPORT_OPTIONS_SCHEMA = {
  type: 'object',
  properties: {
    format: {
      type: 'string',
      title: 'Export format',
      description: 'Choose the file format to generate.',
      enum: ['csv', 'json'],
    },
    maxRows: {
      type: 'integer',
      title: 'Maximum rows',
      description: 'Limit the number of rows included in the export.',
      minimum: 1,
      maximum: 10000,
      default: 1000,
    },
    includeHeaders: {
      type: 'boolean',
      title: 'Include column headings',
      default: true,
    },
  },
  required: ['format', 'maxRows'],
} as const;

// Checked right here, when it is defined: a schema outside the restricted set, or a field that looks like a secret,
// throws before anything is served.
export const exportOptions = formQuestion({
  message: 'How should the orders export be produced?',
  requestedSchema: EXPORT_OPTIONS_SCHEMA,
});

/** What the user is told when they decline or cancel (step 4: nothing runs then). */
export const EXPORT_MESSAGES = {
  declined: 'Export not started: you declined to choose export options.',
  cancelled: 'Export cancelled: the options dialog was dismissed.',
};

// Steps 3 to 5: one definition for both eras. The kit sends the question (2025: elicitation/create; 2026-07-28: an
// input_required round), branches on accept / decline / cancel, and re-validates accepted content with core before
// `accept` runs; an invalid answer ends the call with a tool error naming each field and rule.
export const exportData = defineTool({
  name: 'export-data',
  title: 'Export orders',
  description: 'Exports the orders table as CSV or JSON, after asking how.',
  questions: { export_options: exportOptions },
  messages: EXPORT_MESSAGES,
  // Typed from the schema: format is 'csv' | 'json', maxRows a number, includeHeaders optional.
  accept: ({ export_options: { format, maxRows, includeHeaders = true } }, call) => {
    // call.idempotencyKey is the same for every copy of one 2026 answer: key the export's side effects by it.
    call.note({ rows: maxRows });
    return toolResult({ status: 'completed', format, maxRows, includeHeaders });
  },
});
