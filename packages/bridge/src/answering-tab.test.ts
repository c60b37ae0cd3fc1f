// The tab that answers: the backend tells every stream of the owner that the question left (`withdrawn`), the
// answering tab's too, and that event and the answer's response travel on two connections, so they reach the tab in
// either order. Whichever comes first, the tab that answered reports its answer and nothing else (like a local queue:
// no withdrawal, its signal untouched, never "answered in another window"); an answer refused or lost on its way
// leaves the question for the reason the stream gave, and it is not shown again. Real bridge, real HTTP; only the
// order in which the answering tab receives the two is pinned, by its own fetch.
import { describe, expect, it } from 'vitest';
import { createElicitationQueue } from '@elicitation-kit/core';
import type { ElicitResult } from '@elicitation-kit/core';
import type { ElicitationBridge } from './bridge-types.js';
import {
  cleanupsAfterEach,
  EXPORT_PARAMS,
  handMadeEntry,
  openBrowser,
  startBackend,
  waitForEvent,
  waitForQueue,
} from './test/bridge-host.js';
import type { TestBackend, TestBrowser } from './test/bridge-host.js';
import { WithdrawnError } from './wire-format.js';

const cleanups = cleanupsAfterEach();

async function backend(): Promise<TestBackend> {
  const started = await startBackend();
  cleanups.push(() => started.close());
  return started;
}

function browser(url: string, options?: Parameters<typeof openBrowser>[2]): TestBrowser {
  const opened = openBrowser(url, 'alice', options);
  cleanups.push(() => opened.close());
  return opened;
}

const ANSWER: ElicitResult = { action: 'accept', content: { format: 'csv', maxRows: 5 } };

/** One export question exposed to alice; what her queue's server got back. */
function askAlice(bridge: ElicitationBridge): ElicitResult[] {
  const queue = createElicitationQueue();
  const answers: ElicitResult[] = [];
  queue.openProducer().add(handMadeEntry(EXPORT_PARAMS), (result) => answers.push(result));
  cleanups.push(bridge.expose('alice', queue));
  return answers;
}

const WITHDRAWN_EVENT = /event: withdrawn\ndata: [^\n]*\n\n/u;

/**
 * A tab's fetch that notes when its stream has carried a whole `withdrawn` event and the tab has read it, and holds
 * each answer until then: `'request'` before it is sent, `'response'` after the backend took it (with `lose`, the
 * response is then lost: the fetch fails as on a dropped connection).
 */
function afterWithdrawn(hold: 'request' | 'response', lose = false): typeof fetch {
  let seen: (() => void) | undefined;
  const withdrawnRead = new Promise<void>((resolve) => {
    seen = resolve;
  }).then(
    // A task later: the tab has read and applied the chunk by then (its reads settle in microtasks).
    () => new Promise<void>((resolve) => setTimeout(resolve, 0)),
  );
  return async (input, init) => {
    if (init?.method === 'POST') {
      if (hold === 'request') {
        await withdrawnRead;
      }
      const response = await fetch(input, init);
      if (hold === 'response') {
        await withdrawnRead;
      }
      if (lose) {
        await response.body?.cancel();
        throw new TypeError('fetch failed: the connection dropped before the response arrived');
      }
      return response;
    }
    const response = await fetch(input, init);
    if (response.body === null) {
      return response;
    }
    const decoder = new TextDecoder();
    let text = '';
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          controller.enqueue(chunk);
          text += decoder.decode(chunk, { stream: true });
          if (WITHDRAWN_EVENT.test(text)) {
            seen?.();
          }
        },
      }),
    );
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

describe('the tab that answered', () => {
  it('reports its own answer, not a withdrawal, when the withdrawal reaches it first; the other tab is told answered', async () => {
    const { bridge, url, events } = await backend();
    const answers = askAlice(bridge);
    const one = browser(url, { fetch: afterWithdrawn('response') });
    const two = browser(url);
    const [inOne] = await waitForQueue(one.queue, (snapshot) => snapshot.length === 1);
    const [inTwo] = await waitForQueue(two.queue, (snapshot) => snapshot.length === 1);
    one.queue.respond(inOne!.id, ANSWER);
    // Its response was held until the tab had read the withdrawal on its stream.
    await waitForEvent(one.events, (event) => event.type === 'answered');
    expect(one.events.filter((event) => event.type !== 'connected')).toEqual([
      { type: 'answered', entry: inOne, result: ANSWER },
    ]);
    expect(inOne!.signal.aborted).toBe(false);
    expect(one.queue.getSnapshot()).toEqual([]);
    // Every other tab of the owner is told, with why.
    await waitForEvent(two.events, (event) => event.type === 'withdrawn');
    expect(two.events).toContainEqual({ type: 'withdrawn', entry: inTwo, reason: 'answered' });
    expect(inTwo!.signal.reason).toBeInstanceOf(WithdrawnError);
    expect(inTwo!.signal.reason).toMatchObject({ code: 'answered' });
    expect(two.queue.getSnapshot()).toEqual([]);
    expect(answers).toEqual([ANSWER]);
    expect(events.filter((event) => event.type === 'answered')).toHaveLength(1);
  });

  it('answered in another tab while its own answer was on its way: it says so, and the refused answer does not bring the question back', async () => {
    const { bridge, url } = await backend();
    const answers = askAlice(bridge);
    const one = browser(url, { fetch: afterWithdrawn('request') });
    const two = browser(url);
    const [inOne] = await waitForQueue(one.queue, (snapshot) => snapshot.length === 1);
    const [inTwo] = await waitForQueue(two.queue, (snapshot) => snapshot.length === 1);
    // Tab one answers first, but its answer reaches the backend only after tab two's was taken.
    one.queue.respond(inOne!.id, { action: 'decline' });
    two.queue.respond(inTwo!.id, ANSWER);
    await waitForEvent(one.events, (event) => event.type === 'refused');
    expect(one.events.filter((event) => event.type !== 'connected')).toEqual([
      { type: 'withdrawn', entry: inOne, reason: 'answered' },
      {
        type: 'refused',
        entry: inOne,
        status: 404,
        error: expect.objectContaining({ error: 'not-pending' }),
        kept: false,
      },
    ]);
    expect(inOne!.signal.reason).toMatchObject({
      code: 'answered',
      message: 'This question was answered in another window.',
    });
    expect(one.queue.getSnapshot()).toEqual([]);
    expect(answers).toEqual([ANSWER]);
  });

  it('whose answer was taken but its response lost: the withdrawal the stream gave settles it, it is not shown again', async () => {
    const { bridge, url } = await backend();
    const answers = askAlice(bridge);
    const one = browser(url, { fetch: afterWithdrawn('response', true) });
    const [inOne] = await waitForQueue(one.queue, (snapshot) => snapshot.length === 1);
    one.queue.respond(inOne!.id, ANSWER);
    await waitForEvent(one.events, (event) => event.type === 'refused');
    expect(one.events.filter((event) => event.type !== 'connected')).toEqual([
      { type: 'withdrawn', entry: inOne, reason: 'answered' },
      {
        type: 'refused',
        entry: inOne,
        status: 0,
        error: expect.objectContaining({ error: 'unavailable' }),
        kept: false,
      },
    ]);
    expect(inOne!.signal.reason).toMatchObject({ code: 'answered' });
    expect(one.queue.getSnapshot()).toEqual([]);
    expect(answers).toEqual([ANSWER]);
  });
});
