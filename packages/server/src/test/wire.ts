// A 2026-07-28 client whose every HTTP response body is kept as it came off the wire, so that tests can compare the
// bytes of two results (a first answer and its replays), not objects parsed from them.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { McpServer } from '@modelcontextprotocol/server';

/** A manual-rounds 2026 client and the raw bodies of the `tools/call` responses it received. */
export interface RecordedClient {
  client: Client;
  /** JSON-RPC `result` of each `tools/call` response, as the exact text on the wire. */
  readonly results: string[];
  /** Sends one `tools/call` (a first call or a retry) and returns the wire text of its `result`. */
  call(params: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/** The JSON text of the `"result"` member of one JSON-RPC response, cut out of the body without re-serializing. */
function resultText(body: string): string {
  const json = body.startsWith('{')
    ? body
    : (body.split('\n').find((line) => line.startsWith('data: ')) ?? '').slice(6);
  const start = json.indexOf('"result":');
  if (start === -1) {
    throw new Error(`no result in ${json.slice(0, 200)}`);
  }
  // The SDK writes `{"result":…,"jsonrpc":"2.0","id":…}` or `{"jsonrpc":"2.0","id":…,"result":…}`.
  const from = start + '"result":'.length;
  const tail = json.indexOf(',"jsonrpc":', from);
  return tail === -1 ? json.slice(from, -1) : json.slice(from, tail);
}

/** Connects a manual-rounds client to a stateless handler over `server()`, recording every `tools/call` result. */
export async function connectRecorded(server: () => McpServer | Promise<McpServer>): Promise<RecordedClient> {
  const handler = createMcpHandler(() => server(), { legacy: 'reject' });
  const results: string[] = [];
  const client = new Client(
    { name: 'wire-recorder', version: '1.0.0' },
    {
      capabilities: { elicitation: { form: {}, url: {} } },
      versionNegotiation: { mode: 'auto' },
      inputRequired: { autoFulfill: false },
    },
  );
  let last = '';
  const transport = new StreamableHTTPClientTransport(new URL('http://recorded.invalid/mcp'), {
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const body = (await request
        .clone()
        .json()
        .catch(() => undefined)) as { method?: unknown } | undefined;
      const isCall = body?.method === 'tools/call';
      const response = await handler.fetch(request);
      if (isCall) {
        last = resultText(await response.clone().text());
        results.push(last);
      }
      return response;
    },
  });
  await client.connect(transport);
  return {
    client,
    results,
    async call(params) {
      await client
        .callTool(params as Parameters<Client['callTool']>[0], { allowInputRequired: true })
        .catch((error: unknown) => error);
      return last;
    },
    async close() {
      await client.close();
      await handler.close();
    },
  };
}
