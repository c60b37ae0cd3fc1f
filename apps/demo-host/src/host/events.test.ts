// @vitest-environment node
import { parseElicitation } from '@elicitation-kit/core';
import type { PendingElicitation } from '@elicitation-kit/core';
import type { ElicitationEvent } from '@elicitation-kit/mcp';
import { describe, expect, it } from 'vitest';
import { describeError, describeEvent } from './events.js';

const parsed = parseElicitation({
  mode: 'form',
  message: 'Export how?',
  requestedSchema: { type: 'object', properties: {} },
});
if (!parsed.ok) {
  throw new Error('the confirmation must parse');
}
const entry: PendingElicitation = {
  id: 'elicitation-kit-1-1',
  request: parsed.request,
  server: { id: 'server-1', name: 'Acme' },
  era: 'legacy',
  signal: new AbortController().signal,
  status: 'pending',
  kind: 'request',
  createdAt: 0,
};

const undelivered = (canResend: boolean): ElicitationEvent => ({
  type: 'undelivered',
  entry,
  result: { action: 'accept', content: {} },
  error: new TypeError('Failed to fetch'),
  canResend,
});

describe('describeEvent', () => {
  it('offers "Send again" for an undelivered answer exactly when the kit says it can be resent', () => {
    expect(describeEvent(undelivered(true))).toEqual({
      label: 'not delivered',
      outcome: 'undelivered',
      text: 'Export how? (accept): Failed to fetch',
      notice:
        'Your answer to Acme did not arrive: the connection failed. Acme is still waiting; send it again once you are back online.',
      resend: { serverId: 'server-1', entryId: 'elicitation-kit-1-1' },
    });
    const gone = describeEvent(undelivered(false));
    expect(gone.resend).toBeUndefined();
    expect(gone.notice).toContain('no longer knows this session');
  });

  it('names where and why a request was refused', () => {
    const line = describeEvent({
      type: 'rejected',
      server: entry.server,
      era: 'modern',
      error: {
        code: -32602,
        message: 'Unsupported keyword',
        data: { path: 'requestedSchema.properties.a', reason: 'ref' },
      },
    });
    expect(line).toMatchObject({
      outcome: 'rejected',
      text: '-32602 Unsupported keyword at requestedSchema.properties.a [ref]',
      notice: 'Acme sent a request this host refused (nothing was shown): Unsupported keyword',
    });
    expect(
      describeEvent({
        type: 'rejected',
        server: entry.server,
        era: 'legacy',
        error: { code: -32602, message: 'No', data: 'x' },
      }).text,
    ).toBe('-32602 No');
  });
});

/** The entry of a form with `count` text fields. */
function form(count: number): PendingElicitation {
  const properties = Object.fromEntries(
    Array.from({ length: count }, (_, index) => [`f${index}`, { type: 'string' }] as const),
  );
  const request = parseElicitation({ mode: 'form', message: 'Q', requestedSchema: { type: 'object', properties } });
  if (!request.ok) {
    throw new Error('the form must parse');
  }
  return { ...entry, request: request.request };
}

describe('describeEvent wording', () => {
  it('counts fields with the right plural', () => {
    expect(describeEvent({ type: 'shown', entry: form(1) }).text).toMatch(/^form \(1 field\) · /);
    expect(describeEvent({ type: 'shown', entry: form(2) }).text).toMatch(/^form \(2 fields\) · /);
    expect(describeEvent({ type: 'shown', entry: form(0) }).text).toMatch(/^form \(0 fields\) · /);
  });

  const tooMany = {
    code: -32602,
    message: 'Too many pending elicitations from Acme: the limit is 20. Answer or cancel one first.',
    data: { reason: 'too-many-pending', limit: 20 },
  };

  it('says a 2026 round beyond the limit was refused whole, and never that the server withdrew', () => {
    const refusal = describeEvent({ type: 'rejected', server: entry.server, era: 'modern', error: tooMany });
    expect(refusal.notice).toBe(
      'Acme asked more questions at once than this host keeps open for one server (20), so this host refused the whole round and the tool call ended. Its open questions were closed; nothing was sent.',
    );
    const closed = describeEvent({
      type: 'cancelled',
      entry: { ...entry, era: 'modern' },
      reason: 'aborted',
      detail: Object.assign(new Error(tooMany.message), tooMany),
    });
    // One notice for the round (the refusal's), not one per question.
    expect(closed.notice).toBeUndefined();
    expect(closed.text).toBe('Export how? (closed with its round: too many pending)');
  });

  it('says a 2025 request beyond the limit was refused while the open ones stay', () => {
    const refusal = describeEvent({ type: 'rejected', server: entry.server, era: 'legacy', error: tooMany });
    expect(refusal.notice).toContain('the ones beyond the limit were refused and not shown');
  });

  it('words an aborted question by era: withdrawn by a 2025 server, closed with a 2026 tool call', () => {
    const legacy = describeEvent({ type: 'cancelled', entry, reason: 'aborted' });
    expect(legacy.notice).toBe('Acme withdrew its question: "Export how?". Nothing was sent.');
    const modern = describeEvent({
      type: 'cancelled',
      entry: { ...entry, era: 'modern' },
      reason: 'aborted',
      detail: new Error('Stopped by the user.'),
    });
    expect(modern.notice).toBe(
      'The tool call ended (Stopped by the user.), so its question from Acme was closed: "Export how?". Nothing was sent.',
    );
  });
});

describe('describeError', () => {
  it('adds the code, and the capabilities a -32021 says the host lacks', () => {
    expect(describeError(new Error('plain'))).toBe('plain');
    expect(describeError('text')).toBe('text');
    const missing = Object.assign(new Error('Missing capability'), {
      code: -32021,
      data: { requiredCapabilities: { elicitation: { url: {} } } },
    });
    expect(describeError(missing)).toBe(
      'Missing capability (-32021) This host does not declare the capabilities the server requires: {"elicitation":{"url":{}}}.',
    );
  });
});
