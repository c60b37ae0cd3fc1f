// The conversation store's resume path, with the turns' runners the app's seam: a tool call another process finished
// is appended once, under its turn's message; while the model's reply to it is written the conversation says so
// (`replying`), so that a page reading it does not take the tool result alone for the reply; a second delivery, or one
// for a conversation that moved on, appends nothing.
import type { UIMessage, UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { createConversations } from './conversations.js';
import type { TurnStart } from './conversations.js';
import { createMemoryChatStore } from './store.js';

const RESULT = { content: [{ type: 'text', text: '{"status":"completed"}' }] };

/** Runners whose resumed turns wait for `finish` (the model's reply), writing `reply` to the message. */
function runners() {
  let finish: (() => void) | undefined;
  const continued: TurnStart[] = [];
  return {
    continued,
    finish: () => finish?.(),
    runners: {
      start: () => Promise.reject(new Error('not used here')),
      async continue(turn: TurnStart) {
        continued.push(turn);
        const stream = new ReadableStream<UIMessageChunk>({
          start(controller) {
            finish = () => {
              const [last, ...before] = turn.messages.toReversed();
              const replied: UIMessage = { ...last!, parts: [...last!.parts, { type: 'text', text: 'done' }] };
              turn.onEnd([...before.toReversed(), replied]);
              controller.close();
            };
          },
        });
        return { stream, close: async () => {} };
      },
    },
  };
}

async function waitingConversation() {
  const store = createMemoryChatStore();
  const run = runners();
  const conversations = createConversations(run.runners, store);
  await conversations.of('ada');
  await conversations.waitingOn('ada', {
    messageId: 'm-1',
    toolCallId: 'call-1',
    toolName: 'export-data',
    input: { rows: 3 },
  });
  return { conversations, run };
}

describe('resume', () => {
  it('appends the tool result under the turn message, says replying until the reply is written, then shows it', async () => {
    const { conversations, run } = await waitingConversation();
    const resumed = conversations.resume('ada', 'm-1', { type: 'result', result: RESULT });
    // The model is writing: the tool result is stored, the conversation says a reply is coming.
    await expect.poll(async () => (await conversations.of('ada')).replying).toBe(true);
    const writing = await conversations.of('ada');
    expect(writing.messages.at(-1)).toMatchObject({
      id: 'm-1',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        {
          type: 'dynamic-tool',
          toolName: 'export-data',
          toolCallId: 'call-1',
          state: 'output-available',
          input: { rows: 3 },
          output: RESULT,
        },
      ],
    });
    expect(run.continued.map(({ messageId }) => messageId)).toEqual(['m-1']);

    run.finish();
    expect(await resumed).toBe(true);
    const done = await conversations.of('ada');
    expect(done.replying).toBe(false);
    expect(done.messages.at(-1)?.parts.at(-1)).toEqual({ type: 'text', text: 'done' });
    // Delivered again (a replica killed between delivering and recording): nothing more is appended.
    expect(await conversations.resume('ada', 'm-1', { type: 'result', result: RESULT })).toBe(false);
    expect((await conversations.of('ada')).messages).toEqual(done.messages);
  });

  it('a withdrawn round is the tool call’s error; another message’s outcome appends nothing', async () => {
    const { conversations, run } = await waitingConversation();
    expect(await conversations.resume('ada', 'm-other', { type: 'result', result: RESULT })).toBe(false);
    expect(await conversations.waitsFor('ada', 'm-1')).toBe(true);
    const resumed = conversations.resume('ada', 'm-1', {
      type: 'withdrawn',
      reason: 'expired',
      message: 'not answered in time',
    });
    await expect.poll(() => run.continued.length).toBe(1);
    expect(run.continued[0]?.messages.at(-1)?.parts[1]).toMatchObject({
      state: 'output-error',
      errorText: 'the question was withdrawn: not answered in time',
    });
    run.finish();
    expect(await resumed).toBe(true);
    expect(await conversations.waitsFor('ada', 'm-1')).toBe(false);
  });
});
