import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_LENGTH, readUserMessage } from './chat-routes.js';

const body = (message: unknown) => ({ message });

describe('readUserMessage', () => {
  it('rebuilds the user message from its id and text parts, keeping nothing else', () => {
    const read = readUserMessage(
      body({
        id: 'abc_123-X',
        role: 'user',
        metadata: { admin: true },
        parts: [
          { type: 'text', text: ' Export ', state: 'done' },
          { type: 'text', text: 'the orders ' },
        ],
      }),
    );
    expect(read).toEqual({
      ok: true,
      message: { id: 'abc_123-X', role: 'user', parts: [{ type: 'text', text: 'Export \nthe orders' }] },
    });
  });

  it('refuses each wrong shape with the member and the rule', () => {
    expect(readUserMessage(null)).toMatchObject({ ok: false, message: expect.stringContaining('needs a message') });
    expect(readUserMessage(body({ id: 'a b', role: 'user', parts: [] }))).toMatchObject({
      message: expect.stringContaining('message.id'),
    });
    expect(readUserMessage(body({ id: 'x'.repeat(129), role: 'user', parts: [] }))).toMatchObject({
      message: expect.stringContaining('message.id'),
    });
    expect(readUserMessage(body({ id: 'a', role: 'assistant', parts: [] }))).toMatchObject({
      message: 'message.role must be "user".',
    });
    for (const parts of [[], [{ type: 'text', text: '  ' }], [{ type: 'file', url: 'x' }], 'text']) {
      expect(readUserMessage(body({ id: 'a', role: 'user', parts }))).toMatchObject({
        message: 'message.parts must be text parts with something to say.',
      });
    }
    expect(
      readUserMessage(
        body({ id: 'a', role: 'user', parts: [{ type: 'text', text: 'x'.repeat(MAX_MESSAGE_LENGTH + 1) }] }),
      ),
    ).toMatchObject({ message: `A message has at most ${MAX_MESSAGE_LENGTH} characters.` });
  });
});
