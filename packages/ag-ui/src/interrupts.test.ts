import { validateContent } from '@elicitation-kit/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_EXPIRES_AFTER_MS, createElicitationInterrupts, toInterrupt } from './index.js';
import type { ElicitationInterruptEvent } from './index.js';
import { EXPORT_PARAMS, URL_PARAMS, mcpQueue } from './test/fixtures.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('toInterrupt', () => {
  it('makes a form question an input_required interrupt with its schema, expiry and MCP metadata', () => {
    const { ask } = mcpQueue();
    const entry = ask(EXPORT_PARAMS);
    expect(toInterrupt(entry, 60_000)).toEqual({
      id: entry.id,
      reason: 'input_required',
      message: EXPORT_PARAMS.message,
      responseSchema: EXPORT_PARAMS.requestedSchema,
      expiresAt: new Date(entry.createdAt + 60_000).toISOString(),
      metadata: {
        'io.elicitation-kit/mcp': {
          serverName: 'Acme exports',
          serverUrl: 'https://mcp.acme.example/',
          mode: 'form',
          era: 'modern',
          protocolVersion: '2026-07-28',
        },
      },
    });
    expect(toInterrupt(entry).expiresAt).toBe(new Date(entry.createdAt + DEFAULT_EXPIRES_AFTER_MS).toISOString());
  });

  it('gives a URL question no responseSchema: its link and elicitationId are in the metadata', () => {
    const { ask } = mcpQueue();
    const entry = ask(URL_PARAMS, { era: 'legacy', protocolVersion: '2025-11-25', askedAgain: true });
    const interrupt = toInterrupt(entry);
    expect(interrupt).not.toHaveProperty('responseSchema');
    expect(interrupt.metadata?.['io.elicitation-kit/mcp']).toEqual({
      serverName: 'Acme exports',
      serverUrl: 'https://mcp.acme.example/',
      mode: 'url',
      url: URL_PARAMS.url,
      elicitationId: 'flow-1',
      era: 'legacy',
      protocolVersion: '2025-11-25',
      askedAgain: true,
    });
  });
});

describe('createElicitationInterrupts', () => {
  it('refuses an expiry that is not a positive number', () => {
    const { queue } = mcpQueue();
    expect(() => createElicitationInterrupts({ queue, expiresAfterMs: 0 })).toThrow(/expiresAfterMs/);
  });

  it('waits for the questions of a round and returns them together', async () => {
    const { queue, ask } = mcpQueue();
    const elicitations = createElicitationInterrupts({ queue });
    const waiting = elicitations.waitForInterrupts();
    const first = ask(EXPORT_PARAMS);
    const second = ask(URL_PARAMS);
    const interrupts = await waiting;
    expect(interrupts.map(({ id }) => id)).toEqual([first.id, second.id]);
    expect(elicitations.interrupts()).toEqual(interrupts);
    elicitations.close();
  });

  it('resolves at once when questions already wait, and with [] when the signal aborts', async () => {
    const { queue, ask } = mcpQueue();
    const elicitations = createElicitationInterrupts({ queue });
    const controller = new AbortController();
    const waiting = elicitations.waitForInterrupts(controller.signal);
    controller.abort();
    expect(await waiting).toEqual([]);
    ask(EXPORT_PARAMS);
    expect(await elicitations.waitForInterrupts()).toHaveLength(1);
    elicitations.close();
  });

  it('waits on when the question is withdrawn before the run ends', async () => {
    const { queue, ask, withdraw } = mcpQueue();
    const elicitations = createElicitationInterrupts({ queue });
    const waiting = elicitations.waitForInterrupts();
    withdraw(ask(EXPORT_PARAMS));
    const later = ask(URL_PARAMS);
    expect((await waiting).map(({ id }) => id)).toEqual([later.id]);
    elicitations.close();
  });

  it('answers accept (content checked and copied by core), decline and cancel', () => {
    const { queue, ask, answers } = mcpQueue();
    const events: ElicitationInterruptEvent[] = [];
    const elicitations = createElicitationInterrupts({ queue, onEvent: (event) => events.push(event) });
    const form = ask(EXPORT_PARAMS);
    const declined = ask(EXPORT_PARAMS);
    const cancelled = ask(URL_PARAMS);
    expect(elicitations.interrupts()).toHaveLength(3);
    const content = { format: 'csv', maxRows: 3 };
    const result = elicitations.resume([
      { interruptId: form.id, status: 'resolved', payload: { action: 'accept', content } },
      { interruptId: declined.id, status: 'resolved', payload: { action: 'decline' } },
      { interruptId: cancelled.id, status: 'cancelled' },
    ]);
    expect(result).toMatchObject({ ok: true, ignored: [] });
    expect(answers.get(form.id)).toEqual([{ action: 'accept', content }]);
    expect(answers.get(form.id)?.[0]).not.toBe(content);
    expect(answers.get(declined.id)).toEqual([{ action: 'decline' }]);
    expect(answers.get(cancelled.id)).toEqual([{ action: 'cancel' }]);
    expect(queue.getSnapshot()).toEqual([]);
    expect(events.map(({ type }) => type)).toEqual([
      'interrupted',
      'interrupted',
      'interrupted',
      'resumed',
      'resumed',
      'resumed',
    ]);
  });

  it('answers a URL question accept without content', () => {
    const { queue, ask, answers } = mcpQueue();
    const elicitations = createElicitationInterrupts({ queue });
    const entry = ask(URL_PARAMS);
    elicitations.interrupts();
    expect(elicitations.resume([{ interruptId: entry.id, status: 'resolved', payload: { action: 'accept' } }]).ok).toBe(
      true,
    );
    expect(answers.get(entry.id)).toEqual([{ action: 'accept' }]);
  });

  it('refuses content that does not fit the form with core’s message, and answers nothing of that resume', () => {
    const { queue, ask, answers } = mcpQueue();
    const elicitations = createElicitationInterrupts({ queue });
    const declined = ask(EXPORT_PARAMS);
    const form = ask(EXPORT_PARAMS);
    elicitations.interrupts();
    const content = { format: 'xml', maxRows: 3 };
    const result = elicitations.resume([
      { interruptId: declined.id, status: 'resolved', payload: { action: 'decline' } },
      { interruptId: form.id, status: 'resolved', payload: { action: 'accept', content } },
    ]);
    const core = validateContent(EXPORT_PARAMS.requestedSchema, content);
    if (core.ok) {
      throw new Error('core must refuse the content');
    }
    expect(result).toEqual({
      ok: false,
      error: {
        path: 'resume[1].payload.content',
        message: `The answer to '${form.id}' does not fit its form: ${core.issues[0]?.message}`,
      },
    });
    expect(answers.get(declined.id)).toEqual([]);
    expect(queue.getSnapshot()).toHaveLength(2);
  });

  it.each([
    ['not an array', { interruptId: 'x' }, 'resume', /must be an array/],
    ['an entry that is not an object', ['x'], 'resume[0]', /must be an object/],
    ['an empty id', [{ interruptId: '', status: 'cancelled' }], 'resume[0].interruptId', /non-empty string/],
    ['an unknown status', [{ interruptId: 'ID', status: 'approved' }], 'resume[0].status', /'resolved' or 'cancelled'/],
    ['a resolved entry without payload', [{ interruptId: 'ID', status: 'resolved' }], 'resume[0].payload', /"accept"/],
    [
      'a cancel in the payload',
      [{ interruptId: 'ID', status: 'resolved', payload: { action: 'cancel' } }],
      'resume[0].payload.action',
      /status 'cancelled'/,
    ],
    [
      'content with a decline',
      [{ interruptId: 'ID', status: 'resolved', payload: { action: 'decline', content: {} } }],
      'resume[0].payload.content',
      /only sent with 'accept'/,
    ],
    [
      'content that is not an object',
      [{ interruptId: 'ID', status: 'resolved', payload: { action: 'accept', content: 'csv' } }],
      'resume[0].payload.content',
      /object of field values/,
    ],
    [
      'an id answered twice',
      [
        { interruptId: 'ID', status: 'cancelled' },
        { interruptId: 'ID', status: 'cancelled' },
      ],
      'resume[1].interruptId',
      /answered twice/,
    ],
    [
      'an id of no interrupt',
      [{ interruptId: 'elsewhere', status: 'cancelled' }],
      'resume[0].interruptId',
      /not an open interrupt/,
    ],
    ['a resume that leaves an interrupt open', [], 'resume', /must answer every open interrupt; 'ID' is missing/],
  ])('refuses %s, naming the member', (_, resume, path, message) => {
    const { queue, ask, answers } = mcpQueue();
    const events: ElicitationInterruptEvent[] = [];
    const elicitations = createElicitationInterrupts({ queue, onEvent: (event) => events.push(event) });
    const entry = ask(EXPORT_PARAMS);
    elicitations.interrupts();
    const withId = JSON.parse(JSON.stringify(resume).replaceAll('"ID"', JSON.stringify(entry.id))) as unknown;
    const result = elicitations.resume(withId);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.path).toBe(path);
      expect(result.error.message.replace(entry.id, 'ID')).toMatch(message);
    }
    expect(events.at(-1)).toEqual({ type: 'refused', error: !result.ok && result.error });
    expect(answers.get(entry.id)).toEqual([]);
  });

  it('refuses content in an answer to a URL question', () => {
    const { queue, ask } = mcpQueue();
    const elicitations = createElicitationInterrupts({ queue });
    const entry = ask(URL_PARAMS);
    elicitations.interrupts();
    const result = elicitations.resume([
      { interruptId: entry.id, status: 'resolved', payload: { action: 'accept', content: { token: 'x' } } },
    ]);
    expect(result).toEqual({
      ok: false,
      error: { path: 'resume[0].payload.content', message: 'An answer to a URL elicitation carries no content.' },
    });
  });

  it('quotes a hostile id shortened', () => {
    const { queue } = mcpQueue();
    const elicitations = createElicitationInterrupts({ queue });
    const result = elicitations.resume([{ interruptId: 'x'.repeat(100_000), status: 'cancelled' }]);
    expect(!result.ok && result.error.message.length).toBeLessThan(200);
  });

  it('answers once: a replayed resume sends nothing again', () => {
    const { queue, ask, answers } = mcpQueue();
    const elicitations = createElicitationInterrupts({ queue });
    const entry = ask(EXPORT_PARAMS);
    elicitations.interrupts();
    const resume = [
      { interruptId: entry.id, status: 'resolved', payload: { action: 'accept', content: { format: 'csv' } } },
    ];
    expect(elicitations.resume(resume)).toMatchObject({ ok: true, ignored: [] });
    expect(elicitations.resume(resume)).toEqual({ ok: true, answered: [], ignored: [entry.id] });
    expect(answers.get(entry.id)).toEqual([{ action: 'accept', content: { format: 'csv' } }]);
  });

  it('ignores the resume of a question its server withdrew', () => {
    const { queue, ask, answers, withdraw } = mcpQueue();
    const elicitations = createElicitationInterrupts({ queue });
    const entry = ask(EXPORT_PARAMS);
    elicitations.interrupts();
    withdraw(entry);
    expect(elicitations.resume([{ interruptId: entry.id, status: 'cancelled' }])).toEqual({
      ok: true,
      answered: [],
      ignored: [entry.id],
    });
    expect(answers.get(entry.id)).toEqual([]);
  });

  it('cancels a question at its expiresAt, then refuses to resume it other than cancelled', () => {
    vi.useFakeTimers();
    const { queue, ask, answers } = mcpQueue();
    const events: ElicitationInterruptEvent[] = [];
    const elicitations = createElicitationInterrupts({
      queue,
      expiresAfterMs: 1000,
      onEvent: (event) => events.push(event),
    });
    const entry = ask(EXPORT_PARAMS);
    const [interrupt] = elicitations.interrupts();
    expect(interrupt?.expiresAt).toBe(new Date(entry.createdAt + 1000).toISOString());
    vi.advanceTimersByTime(999);
    expect(answers.get(entry.id)).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(answers.get(entry.id)).toEqual([{ action: 'cancel' }]);
    expect(events.at(-1)).toEqual({ type: 'expired', entry });
    const late = elicitations.resume([
      { interruptId: entry.id, status: 'resolved', payload: { action: 'accept', content: { format: 'csv' } } },
    ]);
    expect(late).toMatchObject({
      ok: false,
      error: { path: 'resume[0].status', message: expect.stringMatching(/expired/) },
    });
    expect(elicitations.resume([{ interruptId: entry.id, status: 'cancelled' }])).toMatchObject({ ok: true });
    expect(answers.get(entry.id)).toHaveLength(1);
    elicitations.close();
  });

  it('stops its timers on close: the question stays for the host', () => {
    vi.useFakeTimers();
    const { queue, ask, answers } = mcpQueue();
    const elicitations = createElicitationInterrupts({ queue, expiresAfterMs: 1000 });
    const entry = ask(EXPORT_PARAMS);
    elicitations.close();
    vi.advanceTimersByTime(5000);
    expect(answers.get(entry.id)).toEqual([]);
    expect(queue.getSnapshot()).toHaveLength(1);
  });
});
