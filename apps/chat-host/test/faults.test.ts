// What each fault does, proven on real processes. The chat host killed mid-question (`kill -9`): its questions die
// with its MCP connections, and its sessions and conversations with its memory; when it is back, the tab's stream is
// refused (`401`: signed out), a new sign-in starts an empty conversation, and the MCP server never received an
// answer. The MCP server gone mid-question: the AI SDK client does not notice, so the question stays; its answer fails
// the tool call (at once in 2026-07-28; in 2025 after the kit's server-work timeout, where the client alone would wait
// for ever), and the reply says so. The MCP server unreachable: the message is refused with 502, nothing starts. The
// host shut down mid-question: the question leaves the tab and the reply ends.
import { startDemoServer } from '@elicitation-kit/demo-server';
import type { DemoServer } from '@elicitation-kit/demo-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatHost } from '../server/app.js';
import {
  messageOf,
  nextQuestion,
  openTab,
  readReply,
  send,
  signIn,
  textOf,
  waitForEvent,
  waitForQueue,
} from './harness.js';
import { startChatHostProcess } from './process.js';

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, silent: true });
});
afterAll(async () => {
  await demo.close();
});

/** Starts the chat host as its own process on `port`, on the demo server. */
const startProcess = (port: number) => startChatHostProcess({ PORT: String(port), MCP_URL: demo.url });

describe('the chat host process killed mid-question', () => {
  it('when it is back, the session is gone (401) and so is the conversation; nothing reached the MCP server', async () => {
    const first = await startProcess(0);
    const port = Number(new URL(first.url).port);
    const user = await signIn(first, 'erin');
    const tab = openTab(first, user);
    try {
      const reply = send(user, 'Export the orders').then(readReply, (error: unknown) => error);
      await nextQuestion(tab);
      const asked = demo.answers.report().requests.filter((request) => request.tool === 'export-data').length;
      first.child.kill('SIGKILL');
      // The reply's stream breaks with the process.
      expect(await reply.catch((error: unknown) => error)).toBeInstanceOf(Error);
      await waitForEvent(tab, (event) => event.type === 'disconnected');

      const second = await startProcess(port);
      try {
        // The session lived in the dead process's memory: the tab's stream, reconnecting by itself, is refused, and
        // so is everything the old cookie asks. (The page, reloaded, shows the sign-in.)
        await waitForEvent(tab, (event) => event.type === 'disconnected' && event.status === 401);
        expect((await user.fetch('/api/chat')).status).toBe(401);
        // Signed in again: a new user, and the conversation, kept in the same memory, is gone too.
        const again = await signIn(second, 'erin');
        const chat = (await (await again.fetch('/api/chat')).json()) as { messages: unknown[] };
        expect(chat.messages).toEqual([]);
        // The MCP server asked once and received no answer.
        const exports = demo.answers.report().requests.filter((request) => request.tool === 'export-data');
        expect(exports).toHaveLength(asked);
        expect(exports.at(-1)?.answers).toBe(0);
      } finally {
        second.child.kill('SIGTERM');
      }
    } finally {
      tab.close();
    }
  });
});

describe('the MCP server', () => {
  it.each(['legacy', 'modern'] as const)(
    'gone mid-question (%s era): the question stays (the client does not notice), its answer fails the tool call',
    async (era) => {
      const doomed = await startDemoServer({ port: 0, silent: true });
      const host = await startChatHost({ mcpUrl: doomed.url, era, modelDelayMs: null, toolTimeoutMs: 500 });
      const user = await signIn(host, `finn-${era}`);
      const tab = openTab(host, user);
      try {
        const reply = readReply(await send(user, 'Export the orders'));
        const question = await nextQuestion(tab);
        await doomed.close();
        // The AI SDK's HTTP transport reports nothing when the server goes away: the question is still there.
        expect(tab.queue.getSnapshot().map(({ id }) => id)).toEqual([question.id]);
        tab.queue.respond(question.id, { action: 'accept', content: { format: 'csv', maxRows: 1 } });
        // 2026-07-28: the retry carrying the answer fails. 2025: the answer cannot be delivered, and the call, which
        // the client alone would leave waiting for ever, fails at once, saying so.
        const message = await messageOf(await reply);
        expect(message.parts).toContainEqual(
          expect.objectContaining({ type: 'dynamic-tool', toolName: 'export-data', state: 'output-error' }),
        );
        expect(textOf(message)).toMatch(
          era === 'legacy'
            ? /^export-data failed: Error: The MCP server did not receive the answer \(.+\)\.$/
            : /^export-data failed: /,
        );
        // The chat is free for the next message.
        expect((await send(user, 'Hello')).status).toBe(502);
      } finally {
        tab.close();
        await host.close();
      }
    },
  );

  it('unreachable: the message is refused with 502 and nothing starts', async () => {
    const gone = await startDemoServer({ port: 0, silent: true });
    await gone.close();
    const host = await startChatHost({ mcpUrl: gone.url, modelDelayMs: null });
    try {
      const user = await signIn(host, 'gus');
      const response = await send(user, 'Export the orders');
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({
        error: 'mcp-unreachable',
        message: expect.stringMatching(/^The MCP server could not be reached: /) as unknown,
      });
      const chat = (await (await user.fetch('/api/chat')).json()) as { messages: unknown[] };
      expect(chat.messages).toEqual([]);
      // The next message may come at once.
      expect((await send(user, 'Hello')).status).toBe(502);
    } finally {
      await host.close();
    }
  });
});

describe('the chat host shut down mid-question', () => {
  it('the question leaves the tab (closed) and the reply ends', async () => {
    const host = await startChatHost({ mcpUrl: demo.url, modelDelayMs: null });
    const user = await signIn(host, 'hana');
    const tab = openTab(host, user);
    try {
      const reply = readReply(await send(user, 'Export the orders'));
      const question = await nextQuestion(tab);
      await host.close();
      await waitForQueue(tab, (entries) => entries.length === 0);
      expect(question.signal.reason).toMatchObject({ code: 'closed' });
      expect(await reply).toContainEqual(expect.objectContaining({ type: expect.stringMatching(/^(abort|error)$/) }));
    } finally {
      tab.close();
    }
  });
});
