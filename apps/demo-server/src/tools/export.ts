// `export-data`: the guide's example tool. It asks for the export options with the guide's step-2 schema, the kit
// re-validates the answer with core, and only then does the export run. A caller that already knows the options may
// pass them as arguments (validated by the same contract; nothing is asked then).
import { defineTool, formQuestion, toolResult } from '@elicitation-kit/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { EXPORT_MESSAGES, EXPORT_OPTIONS_SCHEMA } from '../../../../packages/server/examples/export-tool.js';
import { exportOrders } from '../dataset.js';

/**
 * The guide's step-2 schema, verbatim: its one home is the server package's example tool (which the package README
 * quotes and the package tests check against the guide), so the demo asks exactly what a reader of the README asks.
 */
export { EXPORT_OPTIONS_SCHEMA as EXPORT_SCHEMA };

/** The export form, asked with `message` (the fault tools ask the same form with their own words). */
export function exportQuestion(message: string) {
  return formQuestion({ message, requestedSchema: EXPORT_OPTIONS_SCHEMA });
}

/** Validated export options, as the kit hands them over (`includeHeaders` may be left out: it means `true`). */
export interface ExportAnswer {
  format: 'csv' | 'json';
  maxRows: number;
  includeHeaders?: boolean;
}

/** Runs the export: the options as used, and the document. */
function runExport(answer: ExportAnswer) {
  const options = { format: answer.format, maxRows: answer.maxRows, includeHeaders: answer.includeHeaders !== false };
  return { ...options, document: exportOrders(options) };
}

/** What the log and the fault tools report about an export: everything but the document itself. */
export function exportFacts(answer: ExportAnswer): Record<string, unknown> {
  const { document, ...options } = runExport(answer);
  return { ...options, rows: document.rows };
}

function exportResult(answer: ExportAnswer, note: (detail: Record<string, unknown>) => void): CallToolResult {
  const { document, ...options } = runExport(answer);
  const summary = { status: 'completed', ...options, rows: document.rows, mimeType: document.mimeType };
  const { status: _status, ...facts } = summary;
  void _status;
  note(facts);
  return toolResult(summary, { texts: [document.text] });
}

export const exportData = defineTool({
  name: 'export-data',
  title: 'Export orders',
  description:
    'Exports the built-in orders table as CSV or JSON. Asks for format, maximum rows (1–10000) and column headings in a form, re-validates the answer, then returns the document. A caller that already knows the options passes format and maxRows (and includeHeaders) as arguments, and nothing is asked.',
  questions: { export_options: exportQuestion('How should the orders export be produced?') },
  argumentsAnswer: 'export_options',
  messages: EXPORT_MESSAGES,
  accept: ({ export_options }, call) => exportResult(export_options, (detail) => call.note(detail)),
});
