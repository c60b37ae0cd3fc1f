// A chat turn through everything real: the demo server over Streamable HTTP, the AI SDK's MCP client with the kit
// attached, `streamText` with the scripted mock model, the bridge, and the user's tab (the bridge's browser half).
// Each outcome is what the demo server itself answered, quoted by the model in the streamed reply.
import { startDemoServer } from '@elicitation-kit/demo-server';
import type { DemoServer } from '@elicitation-kit/demo-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startChatHost } from '../server/app.js';
import type { ChatHost } from '../server/app.js';
import {
  messageOf,
  nextQuestion,
  openTab,
  readReply,
  send,
  settle,
  signIn,
  textOf,
  waitForEvent,
  waitForQueue,
} from './harness.js';
import type { Tab, User } from './harness.js';

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, silent: true });
});
afterAll(async () => {
  await demo.close();
});

describe.each(['modern', 'legacy'] as const)('a chat turn (%s era)', (era) => {
  let host: ChatHost;
  let user: User;
  let tab: Tab;
  beforeAll(async () => {
    host = await startChatHost({ mcpUrl: demo.url, era, modelDelayMs: null });
    user = await signIn(host, `ada-${era}`);
    tab = openTab(host, user);
  });
  // A test that failed midway leaves nothing for the next one.
  afterEach(async () => {
    await settle(user, tab);
  });
  afterAll(async () => {
    tab.close();
    await host.close();
  });

  it('export: the question reaches the tab under the reply, the answer reaches the server, the reply quotes it', async () => {
    const reply = readReply(await send(user, 'Export the orders, please'));
    const entry = await nextQuestion(tab);
    expect(entry).toMatchObject({
      era,
      server: { name: 'elicitation-kit-demo', url: demo.url },
      request: { mode: 'form', message: 'How should the orders export be produced?' },
    });
    tab.queue.respond(entry.id, { action: 'accept', content: { format: 'json', maxRows: 2, includeHeaders: true } });
    const chunks = await reply;
    const message = await messageOf(chunks);
    // The question was tagged with the id of the assistant message it belongs to.
    expect(message.id).toBe(entry.tag);
    expect(message.parts).toContainEqual(
      expect.objectContaining({ type: 'dynamic-tool', toolName: 'export-data', state: 'output-available' }),
    );
    expect(textOf(message)).toBe(
      'export-data answered: {"status":"completed","format":"json","maxRows":2,"includeHeaders":true,"rows":2,"mimeType":"application/json"}',
    );
    // The conversation is kept on the backend: the user's message and the reply.
    const chat = (await (await user.fetch('/api/chat')).json()) as { messages: { id: string; role: string }[] };
    expect(chat.messages.slice(-2).map(({ id, role }) => ({ id, role }))).toEqual([
      { id: expect.stringMatching(/^user-/) as unknown, role: 'user' },
      { id: message.id, role: 'assistant' },
    ]);
  });

  it('an answer the backend refuses answers nothing; the question comes back and the corrected answer exports', async () => {
    const reply = readReply(await send(user, 'export'));
    const entry = await nextQuestion(tab);
    tab.queue.respond(entry.id, { action: 'accept', content: { format: 'csv', maxRows: 0 } });
    const refused = await waitForEvent(tab, (event) => event.type === 'refused' && event.entry.id === entry.id);
    expect(refused).toMatchObject({ status: 422, kept: true, error: { error: 'invalid-content' } });
    const again = await nextQuestion(tab);
    expect(again.id).toBe(`${entry.id}#1`);
    tab.queue.respond(again.id, { action: 'accept', content: { format: 'csv', maxRows: 3, includeHeaders: false } });
    expect(textOf(await messageOf(await reply))).toContain('"status":"completed","format":"csv","maxRows":3');
  });

  it('decline: the server starts nothing, and the reply says so', async () => {
    const reply = readReply(await send(user, 'Export the orders'));
    tab.queue.respond((await nextQuestion(tab)).id, { action: 'decline' });
    expect(textOf(await messageOf(await reply))).toBe(
      'export-data answered: {"status":"not_started","reason":"declined","message":"Export not started: you declined to choose export options."}',
    );
  });

  it('cancel: the confirmation is dismissed, nothing is archived', async () => {
    const reply = readReply(await send(user, 'Archive old exports'));
    const entry = await nextQuestion(tab);
    expect(entry.request).toMatchObject({ mode: 'form', message: 'Archive the 3 exports older than 30 days?' });
    tab.queue.respond(entry.id, { action: 'cancel' });
    expect(textOf(await messageOf(await reply))).toBe(
      'confirm-action answered: {"status":"cancelled","reason":"cancelled","message":"Nothing archived: the confirmation was dismissed."}',
    );
  });

  it('URL mode: consent in the tab, Done on the server’s page, the account is connected', async () => {
    const reply = readReply(await send(user, 'Connect my account'));
    const entry = await nextQuestion(tab);
    expect(entry.request).toMatchObject({ mode: 'url', link: { canOpen: true } });
    const flowId = new URL(entry.request.mode === 'url' ? entry.request.url : '').pathname.split('/').at(-1) ?? '';
    if (era === 'legacy') {
      // 2025: accepting means "I agree to open it"; the server then waits for Done on its page.
      tab.queue.respond(entry.id, { action: 'accept' });
      await waitForEvent(tab, (event) => event.type === 'answered' && event.entry.id === entry.id);
      expect(demo.flows.complete(flowId)).toBe(true);
    } else {
      // 2026-07-28: the page answers once the user says they are done there.
      expect(demo.flows.complete(flowId)).toBe(true);
      tab.queue.respond(entry.id, { action: 'accept' });
    }
    expect(textOf(await messageOf(await reply))).toBe(
      `connect-account answered: {"status":"completed","connected":true,"flowId":"${flowId}"}`,
    );
    await waitForQueue(tab, (entries) => entries.length === 0);
  });

  it('a message that names no tool gets the help text, and nothing is asked', async () => {
    const message = await messageOf(await readReply(await send(user, 'Hello?')));
    expect(textOf(message)).toMatch(/^I can export your orders/);
    expect(tab.queue.getSnapshot()).toEqual([]);
  });
});
