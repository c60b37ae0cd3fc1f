// The session is tested as Zag tests its machines: no DOM, only calls and snapshots.
import { describe, expect, it, vi } from 'vitest';
import { createElicitationSession, isSameRequest, parseElicitation, type ParsedElicitation } from './index.js';

const parse = (params: unknown): ParsedElicitation => {
  const result = parseElicitation(params);
  if (!result.ok) throw new Error(result.error.message);
  return result.request;
};

const exportRequest = () =>
  parse({
    message: 'Export settings',
    requestedSchema: {
      type: 'object',
      properties: {
        format: { type: 'string', title: 'Export format', enum: ['csv', 'json'] },
        maxRows: { type: 'integer', title: 'Maximum rows', minimum: 1, maximum: 10000 },
        includeHeaders: { type: 'boolean', title: 'Include column headings', default: true },
      },
      required: ['format', 'maxRows'],
    },
  });

const urlRequest = (url = 'https://auth.example.com/connect') =>
  parse({ mode: 'url', message: 'Connect', url, elicitationId: 'e1' });

describe('createElicitationSession', () => {
  it('starts from the defaults, with nothing touched, no submit tried and no issues shown', () => {
    const snapshot = createElicitationSession(exportRequest()).getSnapshot();
    expect(snapshot).toMatchObject({
      status: 'open',
      values: { includeHeaders: true },
      touched: [],
      submitted: false,
      issues: [],
      url: undefined,
    });
    expect(Object.isFrozen(snapshot)).toBe(true);
    expect(Object.isFrozen(snapshot.values)).toBe(true);
  });

  it('validates after the first accept, then live, and answers once when valid', () => {
    const onAnswer = vi.fn();
    const session = createElicitationSession(exportRequest(), { onAnswer });
    session.setValue('format', 'csv');
    expect(session.getSnapshot().issues).toEqual([]);
    const refused = session.accept();
    expect(refused).toMatchObject({ ok: false, reason: 'invalid', issues: [{ field: 'maxRows', code: 'required' }] });
    expect(session.getSnapshot()).toMatchObject({ submitted: true, errors: { maxRows: 'Maximum rows is required.' } });
    session.setValue('maxRows', '0');
    expect(session.getSnapshot().issues.map((issue) => issue.code)).toEqual(['minimum']);
    session.setValue('maxRows', '500');
    expect(session.getSnapshot().issues).toEqual([]);
    expect(session.accept()).toEqual({
      ok: true,
      result: { action: 'accept', content: { format: 'csv', maxRows: 500, includeHeaders: true } },
    });
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(session.getSnapshot()).toMatchObject({ status: 'answered', answer: { action: 'accept' } });
  });

  it('answers exactly once: later calls report so and change nothing', () => {
    const onAnswer = vi.fn();
    const session = createElicitationSession(exportRequest(), { onAnswer });
    expect(session.decline()).toEqual({ ok: true, result: { action: 'decline' } });
    const after = session.getSnapshot();
    expect([session.cancel(), session.accept(), session.decline()]).toEqual([
      { ok: false, reason: 'answered' },
      { ok: false, reason: 'answered' },
      { ok: false, reason: 'answered' },
    ]);
    session.setValue('format', 'json');
    session.reset();
    expect(session.getSnapshot()).toBe(after);
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onAnswer).toHaveBeenCalledWith({ action: 'decline' });
  });

  it('tracks touched fields and notifies subscribers with a new snapshot per change', () => {
    const session = createElicitationSession(exportRequest());
    const seen: unknown[] = [];
    const unsubscribe = session.subscribe(() => seen.push(session.getSnapshot()));
    const first = session.getSnapshot();
    session.setValue('maxRows', '5');
    session.setValue('maxRows', '5');
    session.setValues({ format: 'json', maxRows: '5', includeHeaders: true });
    expect(seen).toHaveLength(2);
    expect(session.getSnapshot()).not.toBe(first);
    expect(session.getSnapshot().touched).toEqual(['maxRows', 'format']);
    unsubscribe();
    session.setValue('maxRows', '6');
    expect(seen).toHaveLength(2);
  });

  it('reset returns to the defaults and hides issues', () => {
    const session = createElicitationSession(exportRequest());
    session.setValue('includeHeaders', false);
    session.accept();
    session.reset();
    expect(session.getSnapshot()).toMatchObject({ values: { includeHeaders: true }, submitted: false, issues: [] });
  });

  it('keeps a field named __proto__ an ordinary value', () => {
    const session = createElicitationSession(
      parse({ message: 'm', requestedSchema: { type: 'object', properties: { ['__proto__']: { type: 'string' } } } }),
    );
    session.setValue('__proto__', 'x');
    expect(Object.hasOwn(session.getSnapshot().values, '__proto__')).toBe(true);
    expect(session.accept()).toEqual({
      ok: true,
      result: { action: 'accept', content: JSON.parse('{"__proto__":"x"}') },
    });
  });

  it('refuses accept for a form asking for secrets when blockSensitive is set; decline still answers', () => {
    const request = parse({
      message: 'm',
      requestedSchema: { type: 'object', properties: { password: { type: 'string', title: 'Password' } } },
    });
    const session = createElicitationSession(request, { blockSensitive: true });
    expect(session.blocked).toBe(true);
    expect(session.sensitive.map((field) => field.field)).toEqual(['password']);
    expect(session.accept()).toEqual({ ok: false, reason: 'blocked' });
    expect(session.decline().ok).toBe(true);
  });

  describe('URL mode', () => {
    it('legacy era: Open hands over the normalised link and answers accept', () => {
      const onAnswer = vi.fn();
      const session = createElicitationSession(urlRequest('https://AUTH.example.com/connect'), { onAnswer });
      expect(session.getSnapshot().url).toEqual({ consented: false, opened: false, needsDone: false });
      expect(session.open()).toEqual({ ok: true, href: 'https://auth.example.com/connect', answered: true });
      expect(onAnswer).toHaveBeenCalledWith({ action: 'accept' });
      expect(session.open()).toEqual({ ok: false, reason: 'answered' });
    });

    it("modern era: Open waits for I'm done, which answers accept", () => {
      const onAnswer = vi.fn();
      const session = createElicitationSession(urlRequest(), { era: 'modern', onAnswer });
      expect(session.done()).toEqual({ ok: false, reason: 'blocked' });
      expect(session.open()).toMatchObject({ ok: true, answered: false });
      expect(session.getSnapshot().url).toEqual({ consented: true, opened: true, needsDone: true });
      expect(onAnswer).not.toHaveBeenCalled();
      expect(session.done()).toEqual({ ok: true, result: { action: 'accept' } });
      expect(onAnswer).toHaveBeenCalledTimes(1);
    });

    it('never opens a link the kit refuses', () => {
      const session = createElicitationSession(urlRequest('http://example.com/x'));
      expect(session.open()).toEqual({ ok: false, reason: 'blocked' });
      expect(session.getSnapshot().status).toBe('open');
    });
  });
});

/** A content identity built the slow way (a string per request), to check isSameRequest against. */
const contentKey = (request: ParsedElicitation): string =>
  request.mode === 'form'
    ? JSON.stringify(['form', request.message, request.requestedSchema])
    : JSON.stringify(['url', request.message, request.url, request.elicitationId ?? null]);

/** A form request with these properties. */
const formOf = (properties: Record<string, unknown>): ParsedElicitation =>
  parse({ mode: 'form', message: 'm', requestedSchema: { type: 'object', properties } });

describe('isSameRequest', () => {
  it('agrees with a content key built from the request', () => {
    const requests = [
      exportRequest(),
      exportRequest(),
      urlRequest(),
      urlRequest(),
      urlRequest('https://a.example/1'),
      urlRequest('https://a.example/2'),
    ];
    for (const a of requests) {
      for (const b of requests) {
        expect(isSameRequest(a, b)).toBe(contentKey(a) === contentKey(b));
      }
    }
  });

  it('tells apart schemas that differ deep inside, or only in key count', () => {
    const base = { a: { type: 'string', enum: ['x', 'y'] } };
    expect(isSameRequest(formOf(base), formOf({ a: { type: 'string', enum: ['x', 'y'] } }))).toBe(true);
    expect(isSameRequest(formOf(base), formOf({ a: { type: 'string', enum: ['x', 'z'] } }))).toBe(false);
    expect(isSameRequest(formOf(base), formOf({ ...base, b: { type: 'boolean' } }))).toBe(false);
  });
});
