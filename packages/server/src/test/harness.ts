// Test helpers: one call of a tool through a real SDK client in memory, with a scripted client.
import type { ElicitResult } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { createElicitationServer } from '../index.js';
import type { ElicitationServerOptions, ElicitationTool, OutcomeRecord, ProtocolEra, ToolSpec } from '../index.js';
import { connectInMemory } from '../testing/index.js';
import type { ReceivedElicitParams } from '../testing/index.js';

/** What one call did. */
export interface OneCall {
  result?: CallToolResult;
  error?: unknown;
  records: OutcomeRecord[];
  /** How many `elicitation/create` the client received. */
  asked: number;
  /** How many times the operation ran. */
  ran: number;
}

/** Counts the runs of a tool's operation. */
function counted(tool: ElicitationTool, onRun: () => void): ElicitationTool {
  const spec = tool.spec;
  const handler: ToolSpec['handler'] =
    spec.handler.style === 'run'
      ? ((run) => ({
          style: 'run' as const,
          run: (answers: Record<string, unknown>, call: Parameters<typeof run>[1]) => (onRun(), run(answers, call)),
        }))(spec.handler.run)
      : ((accept) => ({
          style: 'accept' as const,
          accept: (content: Record<string, unknown>, call: Parameters<typeof accept>[1]) => (
            onRun(),
            accept(content, call)
          ),
        }))(spec.handler.accept);
  return { name: tool.name, spec: { ...spec, handler } };
}

/** Calls `tool` once in `era`; the client answers every request with `answer`. */
export async function callOnce(
  era: ProtocolEra,
  tool: ElicitationTool,
  answer: (params: ReceivedElicitParams) => ElicitResult | Promise<ElicitResult>,
  args: Record<string, unknown> = {},
  kitOptions: Omit<ElicitationServerOptions, 'onOutcome'> = {},
): Promise<OneCall> {
  const records: OutcomeRecord[] = [];
  let asked = 0;
  let ran = 0;
  const kit = createElicitationServer({ ...kitOptions, onOutcome: (record) => records.push(record) });
  const watched = counted(tool, () => {
    ran += 1;
  });
  const connection = await connectInMemory({
    era,
    server: () => {
      const server = new McpServer({ name: 'test', version: '1.0.0' }, { requestState: kit.requestState });
      kit.register(server, [watched]);
      return server;
    },
    answer: (params) => {
      asked += 1;
      return answer(params);
    },
  });
  try {
    const result = (await connection.client.callTool({ name: tool.name, arguments: args })) as CallToolResult;
    return { result, records, asked, ran };
  } catch (error) {
    return { error, records, asked, ran };
  } finally {
    await connection.close();
  }
}
