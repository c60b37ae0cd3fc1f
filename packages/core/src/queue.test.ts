import { describe, expect, it } from 'vitest';
import { createElicitationQueue, DEFAULT_MAX_PENDING_PER_SERVER, isTooManyPending, parseElicitation } from './index.js';
import type { PendingElicitation, PendingElicitationInit } from './index.js';

const parsed = parseElicitation({
  message: 'Export how many rows?',
  requestedSchema: { type: 'object', properties: { maxRows: { type: 'integer', minimum: 1 } } },
});
if (!parsed.ok) {
  throw new Error('the export form must parse');
}
const request = parsed.request;
const server = { id: 'server-1', name: 'Acme' };
const init: PendingElicitationInit = { request, server, era: 'legacy', kind: 'request' };

/** A new entry of `producer`, queued with `onRespond`. */
function queued(
  producer: ReturnType<ReturnType<typeof createElicitationQueue>['openProducer']>,
  onRespond: (result: unknown) => void = () => undefined,
  given: Partial<PendingElicitationInit> = {},
): PendingElicitation {
  const made = producer.create({ ...init, ...given });
  if (!made.ok) {
    throw new Error('the entry is admitted');
  }
  producer.add(made.entry, onRespond);
  return made.entry;
}

describe('createElicitationQueue', () => {
  it('starts empty with a stable snapshot and answers false for unknown ids', () => {
    const queue = createElicitationQueue();
    const snapshot = queue.getSnapshot();
    expect(snapshot).toEqual([]);
    expect(queue.getSnapshot()).toBe(snapshot);
    expect(queue.respond('nope', { action: 'cancel' })).toBe(false);
    expect(queue.getSnapshot()).toBe(snapshot);
  });

  it('stops calling a listener after unsubscribe', () => {
    const queue = createElicitationQueue();
    const calls: string[] = [];
    const unsubscribe = queue.subscribe(() => calls.push('called'));
    unsubscribe();
    queued(queue.openProducer());
    expect(calls).toEqual([]);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses maxPendingPerServer %s', (value) => {
    expect(() => createElicitationQueue({ maxPendingPerServer: value })).toThrow(RangeError);
  });

  it('defaults the per-server limit to 20', () => {
    expect(DEFAULT_MAX_PENDING_PER_SERVER).toBe(20);
    expect(createElicitationQueue().openProducer().maxPendingPerServer).toBe(20);
  });

  it('answers an entry once, through the hook its producer gave', () => {
    const queue = createElicitationQueue();
    const answers: unknown[] = [];
    const entry = queued(queue.openProducer(), (result) => answers.push(result));
    expect(queue.getSnapshot()).toEqual([entry]);
    expect(queue.respond(entry.id, { action: 'decline' })).toBe(true);
    expect(queue.respond(entry.id, { action: 'accept' })).toBe(false);
    expect(answers).toEqual([{ action: 'decline' }]);
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('respondAll answers the pending entries of one server only, with one snapshot change', () => {
    const queue = createElicitationQueue();
    const producer = queue.openProducer();
    const answers: unknown[] = [];
    queued(producer, (result) => answers.push(result));
    queued(producer, (result) => answers.push(result));
    const other = queued(producer, () => undefined, { server: { id: 'server-2', name: 'Other' } });
    let changes = 0;
    queue.subscribe(() => (changes += 1));
    expect(queue.respondAll('server-1', { action: 'cancel' })).toBe(2);
    expect(changes).toBe(1);
    expect(answers).toEqual([{ action: 'cancel' }, { action: 'cancel' }]);
    expect(queue.getSnapshot()).toEqual([other]);
  });
});

describe('producers', () => {
  it('make pending entries with kit-prefixed ids, unique within the queue', () => {
    const queue = createElicitationQueue();
    const first = queue.openProducer();
    const second = queue.openProducer();
    // `elicitation-kit-<queue>-<n>`: the queue's random name, then the producer's number.
    const name = /^elicitation-kit-([a-z0-9]{8})-1$/.exec(first.id)?.[1];
    expect(name).toBeDefined();
    expect(second.id).toBe(`elicitation-kit-${name}-2`);
    const made = [first, first, second].map((producer) => producer.create(init));
    const ids = made.map((result) => (result.ok ? result.entry.id : ''));
    expect(ids).toEqual([`${first.id}-1`, `${first.id}-2`, `${second.id}-1`]);
    expect(made[0]).toMatchObject({ ok: true, entry: { status: 'pending', kind: 'request', era: 'legacy', server } });
    expect(made[0]?.ok === true && made[0].entry.signal.aborted).toBe(false);
  });

  it("count per queue, under the queue's own name: two queues never hand out the same id (no module state)", () => {
    const one = createElicitationQueue().openProducer();
    const two = createElicitationQueue().openProducer();
    expect(one.id).toMatch(/^elicitation-kit-[a-z0-9]{8}-1$/);
    expect(two.id).toMatch(/^elicitation-kit-[a-z0-9]{8}-1$/);
    expect(two.id).not.toBe(one.id);
    expect(one.create(init)).toMatchObject({ ok: true, entry: { id: `${one.id}-1` } });
    expect(two.create(init)).toMatchObject({ ok: true, entry: { id: `${two.id}-1` } });
  });

  it("refuse with -32602 once the server's entries in the queue reach the limit", () => {
    const queue = createElicitationQueue({ maxPendingPerServer: 1 });
    const producer = queue.openProducer();
    queued(producer);
    // The limit counts the server's entries in the whole queue, whichever producer made them.
    const refused = queue.openProducer().create({ ...init, era: 'modern', kind: 'url-required' });
    // What hosts test for, on the refusal itself and on the ProtocolError a 2026-07-28 call fails with.
    expect(isTooManyPending(refused.ok ? undefined : refused.error)).toBe(true);
    expect(isTooManyPending(Object.assign(new Error('x'), refused.ok ? {} : refused.error))).toBe(true);
    expect(isTooManyPending({ code: -32602, message: 'x', data: { reason: 'ref' } })).toBe(false);
    expect(isTooManyPending(new Error('plain'))).toBe(false);
    expect(isTooManyPending(null)).toBe(false);
    expect(refused).toEqual({
      ok: false,
      error: {
        code: -32602,
        message: 'Too many pending elicitations from Acme: the limit is 1. Answer or cancel one first.',
        data: { reason: 'too-many-pending', limit: 1 },
      },
    });
    // Another server is not held back.
    expect(producer.create({ ...init, server: { id: 'server-2', name: 'Other' } }).ok).toBe(true);
  });

  it('replace, remove, get and byServer act on the whole queue', () => {
    const queue = createElicitationQueue();
    const producer = queue.openProducer();
    const entry = queued(producer);
    const completed: PendingElicitation = { ...entry, status: 'completed' };
    expect(producer.replace(completed)).toBe(true);
    expect(queue.getSnapshot()).toEqual([completed]);
    expect(queue.openProducer().get(entry.id)).toBe(completed);
    expect(producer.byServer('server-1')).toEqual([completed]);
    // A completed URL entry is not answered by respondAll.
    expect(queue.respondAll('server-1', { action: 'decline' })).toBe(0);
    expect(producer.remove(entry.id)).toBe(completed);
    expect(producer.remove(entry.id)).toBeUndefined();
    expect(producer.replace(completed)).toBe(false);
    expect(queue.respond(entry.id, { action: 'cancel' })).toBe(false);
  });

  it('mark an entry asked again only when told to', () => {
    const producer = createElicitationQueue().openProducer();
    expect(producer.create({ ...init, askedAgain: true })).toMatchObject({ ok: true, entry: { askedAgain: true } });
    const plain = producer.create(init);
    expect(plain.ok && 'askedAgain' in plain.entry).toBe(false);
  });
});
