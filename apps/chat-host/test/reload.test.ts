// A reload mid-question: the turn goes on on the backend. The new page reads the conversation (the user's message),
// the running reply again from its start (`useChat`'s resume: `/api/chat/<id>/stream`), and its questions again (the
// bridge re-sends what is pending); the answer from the new page finishes the reply that both read. One turn at a
// time: a second message while one runs is refused, and nothing is asked twice.
import { expect, it } from 'vitest';
import { messageOf, nextQuestion, openTab, readReply, send, signIn, textOf } from './harness.js';
import { serversForFile } from './servers.js';

const servers = serversForFile();

it('a reload mid-question keeps the question and the reply; the new page’s answer finishes it', async () => {
  const user = await signIn(servers().host, 'dora');
  const before = openTab(servers().host, user);
  const firstRead = readReply(await send(user, 'Export the orders'));
  const question = await nextQuestion(before);
  // The page goes away: its stream of questions with it (the reply's request too, for a browser).
  before.close();

  const after = openTab(servers().host, user);
  try {
    const chat = (await (await user.fetch('/api/chat')).json()) as { id: string; messages: { role: string }[] };
    // The conversation holds the user's message; the reply comes from the replay.
    expect(chat.messages.map(({ role }) => role)).toEqual(['user']);
    const resumed = await user.fetch(`/api/chat/${chat.id}/stream`);
    expect(resumed.status).toBe(200);
    const resumedRead = readReply(resumed);
    // The same question, under the same id and tag.
    const again = await nextQuestion(after);
    expect({ id: again.id, tag: again.tag }).toEqual({ id: question.id, tag: question.tag });

    // While it runs, a second message is refused; nothing else starts.
    const second = await send(user, 'Export again');
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      error: 'busy',
      message: 'The assistant is still answering your last message.',
    });

    after.queue.respond(again.id, { action: 'accept', content: { format: 'csv', maxRows: 1, includeHeaders: true } });
    const [first, replayed] = await Promise.all([firstRead, resumedRead]);
    // The replay is the whole reply, from its start: the same chunks as the first read.
    expect(replayed).toEqual(first);
    const message = await messageOf(replayed);
    expect(message.id).toBe(question.tag);
    expect(textOf(message)).toContain('"status":"completed","format":"csv","maxRows":1');
    // Asked once, answered once.
    const exports = servers()
      .demo.answers.report()
      .requests.filter((request) => request.tool === 'export-data');
    expect(exports.map(({ asked, answers }) => ({ asked, answers }))).toEqual([{ asked: 1, answers: 1 }]);

    // Once it ended, nothing runs: the reconnect URL says so, and the conversation has the reply.
    expect((await user.fetch(`/api/chat/${chat.id}/stream`)).status).toBe(204);
    const done = (await (await user.fetch('/api/chat')).json()) as { messages: { id: string }[] };
    expect(done.messages.map(({ id }) => id).at(-1)).toBe(message.id);
  } finally {
    after.close();
  }
});
