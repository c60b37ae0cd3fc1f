// A host's backend as the README shows it: per tool call, a queue exposed under the user it belongs to, a real SDK v2
// client with the kit attached, connected over Streamable HTTP; the call runs with the kit's clock; the exposure stops
// and the client closes when it ends. Used in process (demo-server bridge test) and by each replica process.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { createElicitationQueue } from '@elicitation-kit/core';
import type { ElicitationQueue } from '@elicitation-kit/core';
import type { ElicitationBridge } from '@elicitation-kit/bridge';
import { attachElicitation } from '@elicitation-kit/mcp/sdk-v2';
import type { ElicitationAttachment } from '@elicitation-kit/mcp/sdk-v2';

/** One tool call of one user. */
export interface ToolRun {
  user: string;
  mcpUrl: string;
  era: 'legacy' | 'modern';
  name: string;
  arguments?: Record<string, unknown>;
  /** Called when the call fails (a -32042 to surface); the exposure lasts until it resolves. Not retried. */
  onError?: (error: unknown, kit: ElicitationAttachment, queue: ElicitationQueue) => Promise<void> | void;
}

/** What the call returned (`structuredContent`), or the error it failed with (`{ error: { code, message } }`). */
export async function runTool(bridge: ElicitationBridge, run: ToolRun): Promise<unknown> {
  const queue = createElicitationQueue();
  const stop = bridge.expose(run.user, queue);
  const client = new Client(
    { name: 'bridge-host', version: '1.0.0' },
    run.era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {},
  );
  const kit = attachElicitation(client, { queue, server: { url: run.mcpUrl } });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(run.mcpUrl)));
    const result = (await kit.callTool({ name: run.name, arguments: run.arguments ?? {} })) as CallToolResult;
    return result.structuredContent;
  } catch (error) {
    await run.onError?.(error, kit, queue);
    const { code, message } = error as { code?: unknown; message?: unknown };
    return { error: { code, message } };
  } finally {
    stop();
    await client.close();
  }
}
