// The whole ACP journey with real parts: the demo server (real Streamable HTTP) asks an ACP agent's MCP client
// (SDK v2 + the kit's MCP adapter, feeding the agent's queue); the agent forwards each question to its editor over ACP
// (`forwardElicitations`, real ndjson pipes); the editor answers with the kit's client side (`attachAcpElicitation`).
// Every outcome travels back to the demo server's tool, and decline and cancel stay distinct the whole way.
import { PassThrough, Readable, Writable } from 'node:stream';
import { PROTOCOL_VERSION, agent, client, ndJsonStream } from '@agentclientprotocol/sdk';
import type { AgentConnection, ClientCapabilities, ClientConnection } from '@agentclientprotocol/sdk';
import { attachAcpElicitation, forwardElicitations } from '@elicitation-kit/acp';
import type { AcpClientEvent, AcpForwardEvent } from '@elicitation-kit/acp';
import { createElicitationQueue } from '@elicitation-kit/core';
import type { LocalElicitationQueue, PendingElicitation } from '@elicitation-kit/core';
import type { ElicitationEvent } from '@elicitation-kit/mcp';
import { attachElicitation } from '@elicitation-kit/mcp/sdk-v2';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { demoServerForFile } from './test/demo.js';
import { DEMO_SERVER_INFO } from '@elicitation-kit/demo-server';

const demo = demoServerForFile();

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).toReversed()) {
    await cleanup();
  }
});

/** A node readable as the web stream of bytes `ndJsonStream` reads. */
function web(readable: PassThrough): ReadableStream<Uint8Array> {
  return Readable.toWeb(readable) as unknown as ReadableStream<Uint8Array>;
}

interface Journey {
  /** The editor's queue: what its dialogs show. */
  editor: LocalElicitationQueue;
  editorEvents: AcpClientEvent[];
  agentEvents: AcpForwardEvent[];
  mcpEvents: ElicitationEvent[];
  /** Runs one prompt: the agent calls the named demo tool; resolves with the tool's structured result. */
  prompt(tool: string): Promise<Record<string, unknown>>;
}

/**
 * An ACP agent over real pipes whose sessions call the demo server's tools, each session with its own MCP client
 * attached to its own queue and forwarded to the editor; and the editor, a kit client.
 */
async function journey(): Promise<Journey> {
  const toClient = new PassThrough();
  const toAgent = new PassThrough();
  const agentEvents: AcpForwardEvent[] = [];
  const mcpEvents: ElicitationEvent[] = [];
  let clientCapabilities: ClientCapabilities | undefined;
  let connection: AgentConnection | undefined;
  const sessions = new Map<string, Client>();

  const agentApp = agent({ name: 'demo-agent' })
    .onRequest('initialize', ({ params }) => {
      clientCapabilities = params.clientCapabilities;
      return {
        protocolVersion: PROTOCOL_VERSION,
        agentCapabilities: {},
        agentInfo: { name: 'deploy-agent', version: '1.0.0' },
      };
    })
    .onRequest('session/new', async () => {
      const sessionId = `session-${sessions.size + 1}`;
      const queue = createElicitationQueue();
      const mcp = new Client({ name: 'deploy-agent', version: '1.0.0' });
      const forwarder = forwardElicitations({
        queue,
        client: connection!.client,
        scope: { sessionId },
        clientCapabilities,
        onEvent: (event) => agentEvents.push(event),
      });
      attachElicitation(mcp, {
        queue,
        server: { url: demo().url },
        onEvent: (event) => {
          mcpEvents.push(event);
          if (event.type === 'completed') {
            void forwarder.complete(event.elicitationId);
          }
        },
      });
      await mcp.connect(new StreamableHTTPClientTransport(new URL(demo().url)));
      sessions.set(sessionId, mcp);
      cleanups.push(async () => {
        forwarder.stop();
        await mcp.close();
      });
      return { sessionId };
    })
    .onRequest('session/prompt', async ({ params, client: editor }) => {
      const tool = params.prompt.map((block) => (block.type === 'text' ? block.text : '')).join('');
      const result = await sessions.get(params.sessionId)!.callTool({ name: tool, arguments: {} });
      await editor.notify('session/update', {
        sessionId: params.sessionId,
        update: {
          sessionUpdate: 'agent_message_chunk',
          content: { type: 'text', text: JSON.stringify(result.structuredContent ?? result) },
        },
      });
      return { stopReason: 'end_turn' };
    });
  connection = agentApp.connect(ndJsonStream(Writable.toWeb(toClient), web(toAgent)));

  const editor = createElicitationQueue();
  const editorEvents: AcpClientEvent[] = [];
  const editorApp = client({ name: 'editor' });
  const kit = attachAcpElicitation(editorApp, { queue: editor, onEvent: (event) => editorEvents.push(event) });
  const editorConnection: ClientConnection = editorApp.connect(ndJsonStream(Writable.toWeb(toAgent), web(toClient)));
  cleanups.push(() => {
    editorConnection.close();
    connection?.close();
  });
  await kit.initialize(editorConnection.agent, { protocolVersion: PROTOCOL_VERSION });
  const session = await editorConnection.agent.buildSession(process.cwd()).start();
  cleanups.push(() => session.dispose());

  return {
    editor,
    editorEvents,
    agentEvents,
    mcpEvents,
    async prompt(tool) {
      const turn = session.prompt(tool);
      const text = await session.readText();
      await turn;
      return JSON.parse(text) as Record<string, unknown>;
    },
  };
}

/** The editor's next question. */
function nextQuestion(queue: LocalElicitationQueue): Promise<PendingElicitation> {
  return new Promise((resolve) => {
    const check = (): boolean => {
      const entry = queue.getSnapshot().find((candidate) => candidate.status === 'pending');
      if (entry !== undefined) {
        resolve(entry);
      }
      return entry !== undefined;
    };
    if (!check()) {
      const stop = queue.subscribe(() => {
        if (check()) {
          stop();
        }
      });
    }
  });
}

describe('the demo server → an ACP agent (MCP adapter + forwarder) → an editor (kit client), over real wires', () => {
  it('export-data: the editor shows the server via the agent, and the accepted form reaches the tool', async () => {
    const { editor, prompt, agentEvents } = await journey();
    const outcome = prompt('export-data');
    const question = await nextQuestion(editor);
    expect(question.server.name).toBe(`${DEMO_SERVER_INFO.title} via deploy-agent`);
    expect(question.request.mode === 'form' && question.request.fields.map((field) => field.name)).toEqual([
      'format',
      'maxRows',
      'includeHeaders',
    ]);
    editor.respond(question.id, { action: 'accept', content: { format: 'json', maxRows: 2, includeHeaders: false } });
    expect(await outcome).toMatchObject({ status: 'completed', format: 'json', maxRows: 2, rows: 2 });
    expect(agentEvents.map((event) => event.type)).toEqual(['forwarded', 'answered']);
  });

  it.each([
    ['decline', 'not_started'],
    ['cancel', 'cancelled'],
  ] as const)('confirm-action: %s in the editor is %s at the server', async (action, status) => {
    const { editor, prompt } = await journey();
    const outcome = prompt('confirm-action');
    editor.respond((await nextQuestion(editor)).id, { action });
    expect(await outcome).toMatchObject({ status });
  });

  it('unsupported-schema: refused by the kit on the agent, never shown in the editor', async () => {
    const { editor, prompt, mcpEvents } = await journey();
    const outcome = await prompt('unsupported-schema');
    expect(outcome).toMatchObject({ status: 'refused', code: -32602 });
    expect(mcpEvents.map((event) => event.type)).toEqual(['rejected']);
    expect(editor.getSnapshot()).toEqual([]);
  });

  it('connect-account: consent in the editor, Done on the page, the server completes and the editor is told', async () => {
    const { editor, prompt, editorEvents } = await journey();
    const outcome = prompt('connect-account');
    const question = await nextQuestion(editor);
    expect(question.request).toMatchObject({ mode: 'url', link: { canOpen: true, sameSiteAsServer: true } });
    const flowId = question.request.mode === 'url' ? String(question.request.elicitationId) : '';
    editor.respond(question.id, { action: 'accept' });
    await expect.poll(() => editorEvents.some((event) => event.type === 'answered')).toBe(true);
    expect(demo().flows.complete(flowId)).toBe(true);
    expect(await outcome).toMatchObject({ status: 'completed', connected: true, flowId });
    await expect.poll(() => editorEvents.some((event) => event.type === 'completed')).toBe(true);
  });
});
