import { parseElicitation } from '@elicitation-kit/core';
import { describe, expect, it } from 'vitest';
import { createEntryFactory, isTooManyPending, toWireResult } from './entry.js';
import { createElicitationQueue, queueInternals } from './queue.js';
import { EXPORT_PARAMS } from './test/harness.js';

const parsed = parseElicitation(EXPORT_PARAMS);
if (!parsed.ok) {
  throw new Error('the export form must parse');
}
const request = parsed.request;
const server = { id: 'server-1', name: 'Acme' };

describe('createEntryFactory', () => {
  it('makes pending entries with kit-prefixed ids, unique across attachments', () => {
    const internals = queueInternals(createElicitationQueue());
    const first = createEntryFactory(internals);
    const second = createEntryFactory(internals);
    expect(first.attachmentId).toMatch(/^elicitation-kit-\d+$/);
    expect(second.attachmentId).not.toBe(first.attachmentId);
    const made = [first, first, second].map((factory) =>
      factory.create({ request, server, era: 'legacy', kind: 'request' }),
    );
    const ids = made.map((result) => (result.ok ? result.entry.id : ''));
    expect(new Set(ids).size).toBe(3);
    expect(ids[0]?.startsWith(`${first.attachmentId}-`)).toBe(true);
    expect(made[0]).toMatchObject({ ok: true, entry: { status: 'pending', kind: 'request', era: 'legacy', server } });
  });

  it("refuses with -32602 once the server's entries in the queue reach the limit", () => {
    const internals = queueInternals(createElicitationQueue({ maxPendingPerServer: 1 }));
    const factory = createEntryFactory(internals);
    const made = factory.create({ request, server, era: 'modern', kind: 'request' });
    if (!made.ok) {
      throw new Error('the first entry is admitted');
    }
    internals.add(made.entry, () => undefined);
    const refused = factory.create({ request, server, era: 'modern', kind: 'url-required' });
    // What hosts test for, on the refusal itself and on the ProtocolError a 2026-07-28 call fails with.
    expect(isTooManyPending(refused.ok ? undefined : refused.error)).toBe(true);
    expect(isTooManyPending(Object.assign(new Error('x'), refused.ok ? {} : refused.error))).toBe(true);
    expect(isTooManyPending({ code: -32602, message: 'x', data: { reason: 'ref' } })).toBe(false);
    expect(isTooManyPending(new Error('plain'))).toBe(false);
    expect(refused).toEqual({
      ok: false,
      error: {
        code: -32602,
        message: 'Too many pending elicitations from Acme: the limit is 1. Answer or cancel one first.',
        data: { reason: 'too-many-pending', limit: 1 },
      },
    });
    // Another server is not held back.
    expect(
      factory.create({ request, server: { id: 'server-2', name: 'Other' }, era: 'modern', kind: 'request' }).ok,
    ).toBe(true);
  });
});

describe('toWireResult', () => {
  it('sends content only with a form accept ({} when none was given)', () => {
    expect(toWireResult(request, { action: 'accept' })).toEqual({ action: 'accept', content: {} });
    expect(toWireResult(request, { action: 'decline' })).toEqual({ action: 'decline' });
    const url = parseElicitation({ mode: 'url', message: 'Sign in', url: 'https://auth.example.com/' });
    if (!url.ok) {
      throw new Error('the URL request must parse');
    }
    expect(toWireResult(url.request, { action: 'accept', content: { x: 'y' } })).toEqual({ action: 'accept' });
  });
});
