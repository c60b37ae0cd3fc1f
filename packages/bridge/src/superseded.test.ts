// A durable round taken over by another process while the page still shows the copy of the process that died (it
// could not say `moved`: killed, its hub entry waits for the heartbeat to lapse): the copy that arrives with the same
// round key replaces it. The old one leaves as `moved`, what was typed in it comes along as the new one's `draft`, and
// only the new one can be answered.
import { createElicitationQueue, parseElicitation } from '@elicitation-kit/core';
import type { ElicitResult } from '@elicitation-kit/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXPORT_PARAMS, openBrowser, startBackend, waitForEvent, waitForQueue } from './test/bridge-host.js';
import type { TestBackend } from './test/bridge-host.js';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(async () => {
  await backend.close();
});

/** A queue exposed to `user` holding one question of the round `roundKey`; the answers it receives. */
function askRound(user: string, roundKey: string) {
  const queue = createElicitationQueue();
  const producer = queue.openProducer();
  const parsed = parseElicitation(EXPORT_PARAMS, { protocolVersion: '2026-07-28' });
  if (!parsed.ok) {
    throw new Error(parsed.error.message);
  }
  const made = producer.create({
    request: parsed.request,
    server: { id: 'acme', name: 'Acme' },
    era: 'modern',
    protocolVersion: '2026-07-28',
    kind: 'request',
    roundKey,
  });
  if (!made.ok) {
    throw new Error(made.error.message);
  }
  const answers: ElicitResult[] = [];
  producer.add(made.entry, (result) => answers.push(result));
  return { stop: backend.bridge.expose(user, queue), answers };
}

it('the copy of a round taken over replaces the one still shown: `moved`, with what was typed', async () => {
  const tab = openBrowser(backend.url, 'una');
  try {
    const dead = askRound('una', 'call-1/1/format');
    const [old] = await waitForQueue(tab.queue, (entries) => entries.length === 1);
    tab.queue.keepDraft(old?.id ?? '', { format: 'csv' });

    // Another process took the round: its copy arrives while the dead one's is still exposed.
    const taker = askRound('una', 'call-1/1/format');
    await waitForQueue(tab.queue, (entries) => entries.length === 1 && entries[0]?.id !== old?.id);
    const [shown] = tab.queue.getSnapshot();
    expect(shown?.roundKey).toBe('call-1/1/format');
    expect(shown?.draft).toEqual({ format: 'csv' });
    expect(old?.signal.reason).toMatchObject({ code: 'moved' });

    // Another round's question is not touched.
    const other = askRound('una', 'call-2/1/format');
    await waitForQueue(tab.queue, (entries) => entries.length === 2);

    tab.queue.respond(shown?.id ?? '', {
      action: 'accept',
      content: { format: 'json', maxRows: 1, includeHeaders: true },
    });
    await waitForEvent(taker.answers, () => true);
    expect(taker.answers).toEqual([
      { action: 'accept', content: { format: 'json', maxRows: 1, includeHeaders: true } },
    ]);
    expect(dead.answers).toEqual([]);
    dead.stop();
    taker.stop();
    other.stop();
  } finally {
    tab.close();
  }
});
