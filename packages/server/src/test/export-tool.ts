// The guide's export tool, as a server author writes it with the kit (shared by the package's tests).
import { defineTool, formQuestion, toolResult } from '../index.js';

/**
 * The guide's step-2 schema. The guide's exact descriptions are not available offline: these say the same thing in
 * our words.
 */
export const EXPORT_SCHEMA = {
  type: 'object',
  properties: {
    format: {
      type: 'string',
      title: 'Export format',
      description: 'The file format of the export.',
      enum: ['csv', 'json'],
    },
    maxRows: {
      type: 'integer',
      title: 'Maximum rows',
      description: 'The largest number of rows to export.',
      minimum: 1,
      maximum: 10000,
      default: 1000,
    },
    includeHeaders: {
      type: 'boolean',
      title: 'Include column headings',
      description: 'Whether the first row names the columns.',
      default: true,
    },
  },
  required: ['format', 'maxRows'],
} as const;

export const exportOptions = formQuestion({
  message: 'How should the orders export be produced?',
  requestedSchema: EXPORT_SCHEMA,
});

export const exportData = defineTool({
  name: 'export-data',
  title: 'Export orders',
  description: 'Exports the orders table as CSV or JSON, after asking for the export options.',
  questions: { export_options: exportOptions },
  messages: {
    declined: 'Export not started: you declined to choose export options.',
    cancelled: 'Export cancelled: the options dialog was dismissed.',
  },
  accept: ({ export_options: { format, maxRows, includeHeaders = true } }, call) => {
    call.note({ rows: maxRows });
    return toolResult({ status: 'completed', format, maxRows, includeHeaders });
  },
});
