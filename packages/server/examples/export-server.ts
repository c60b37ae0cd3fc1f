// The guide's export tool, served in both protocol eras on http://127.0.0.1:3000/mcp (PORT overrides the port).
// Run: npx tsx examples/export-server.ts
import { createServer } from 'node:http';
import { createElicitationServer, defineTool, formQuestion, serveBothEras, toolResult } from '@elicitation-kit/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

// Step 2: ask only for the pending decision, with a restricted schema. Checked right here, when it is defined: a
// schema outside the restricted set, or a field that looks like a secret, throws before anything is served.
const exportOptions = formQuestion({
  message: 'How should the orders export be produced?',
  requestedSchema: {
    type: 'object',
    properties: {
      format: { type: 'string', title: 'Export format', description: 'CSV or JSON.', enum: ['csv', 'json'] },
      maxRows: {
        type: 'integer',
        title: 'Maximum rows',
        description: 'At most this many rows (1 to 10000).',
        minimum: 1,
        maximum: 10000,
        default: 1000,
      },
      includeHeaders: {
        type: 'boolean',
        title: 'Include column headings',
        description: 'Name the columns in the first row.',
        default: true,
      },
    },
    required: ['format', 'maxRows'],
  },
});

// Steps 3 to 5: one definition for both eras. The kit sends the question (2025: elicitation/create; 2026-07-28: an
// input_required round), branches on accept / decline / cancel, and re-validates accepted content with core before
// `accept` runs; an invalid answer ends the call with a tool error naming each field and rule.
const exportData = defineTool({
  name: 'export-data',
  title: 'Export orders',
  description: 'Exports the orders table as CSV or JSON, after asking how.',
  questions: { export_options: exportOptions },
  messages: {
    declined: 'Export not started: you declined to choose export options.',
    cancelled: 'Export cancelled: the options dialog was dismissed.',
  },
  // Typed from the schema: format is 'csv' | 'json', maxRows a number, includeHeaders optional.
  accept: ({ export_options: { format, maxRows, includeHeaders = true } }, call) => {
    call.note({ format, maxRows });
    return toolResult({ status: 'completed', format, maxRows, includeHeaders });
  },
});

// Step 1 (capability first), the sealed round state, replay safety and step 6's log are the kit's. Give every
// process behind one URL the same key (STATE_KEY, 32+ bytes) and a shared round store (createRedisRoundStore).
const stateKey = process.env['STATE_KEY'];
const kit = createElicitationServer({
  ...(stateKey === undefined ? {} : { requestState: { key: stateKey } }),
  onOutcome: (record) => console.error(JSON.stringify(record)),
});

const mcp = serveBothEras(() => {
  const server = new McpServer({ name: 'export-server', version: '1.0.0' }, { requestState: kit.requestState });
  kit.register(server, [exportData]);
  return server;
});

const handle = toNodeHandler({ fetch: (request: Request) => mcp.fetch(request) });
const http = createServer((req, res) => {
  void handle(req as Parameters<typeof handle>[0], res);
});
http.listen(Number(process.env['PORT'] ?? 3000), '127.0.0.1', () => {
  const address = http.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  console.log(JSON.stringify({ event: 'listening', url: `http://127.0.0.1:${port}/mcp` }));
});
