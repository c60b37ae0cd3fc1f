// @vitest-environment node
import type { ElicitationEvent, PendingElicitation } from '@elicitation-kit/mcp';
import { parseElicitation } from '@elicitation-kit/core';
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
