import { createContentValidator } from '@elicitation-kit/core';
import { describe, expect, it } from 'vitest';
import { EXPORT_PARAMS, handMadeEntry } from './test/bridge-host.js';
import type { PendingElicitation } from '@elicitation-kit/core';
import { checkAnswer, readAnswerBody, readResult } from './answer.js';

const entryOf = (params: unknown, kind: PendingElicitation['kind'] = 'request'): PendingElicitation =>
  handMadeEntry(params, { kind });

const validatorFor = (request: { requestedSchema: unknown }) => createContentValidator(request.requestedSchema);

describe('readResult', () => {
  it('takes the three answers, content only with accept', () => {
    expect(readResult({ action: 'decline' })).toEqual({ ok: true, result: { action: 'decline' } });
    expect(readResult({ action: 'accept', content: { a: 1 } })).toEqual({
      ok: true,
      result: { action: 'accept', content: { a: 1 } },
    });
    expect(readResult({ action: 'cancel', content: {} })).toMatchObject({
      ok: false,
      body: {
        error: 'wrong-shape',
        path: 'result.content',
        message: "'result.content' is only sent with 'accept', not with 'cancel'.",
      },
    });
    expect(readResult({ action: 'ACCEPT' })).toMatchObject({ ok: false, body: { path: 'result.action' } });
    expect(readResult(null)).toMatchObject({ ok: false, body: { path: 'result' } });
  });
});

describe('readAnswerBody', () => {
  it('takes { id, result } and names the first member that is wrong', () => {
    expect(readAnswerBody({ id: 'e', result: { action: 'cancel' } })).toEqual({
      ok: true,
      answer: { id: 'e', result: { action: 'cancel' } },
    });
    expect(readAnswerBody({ result: { action: 'cancel' } })).toMatchObject({ ok: false, body: { path: 'id' } });
    expect(readAnswerBody({ id: 'e', result: { action: 'cancel' }, owner: 'bob' })).toMatchObject({
      ok: false,
      body: { path: 'owner', message: "'owner' is not part of an answer (only 'id' and 'result')." },
    });
  });
});

describe('checkAnswer', () => {
  it('re-validates accepted form content with core and returns core’s copy', () => {
    const entry = entryOf(EXPORT_PARAMS);
    const content = { format: 'json', maxRows: 10 };
    const checked = checkAnswer(entry, { action: 'accept', content }, validatorFor);
    expect(checked).toEqual({ ok: true, result: { action: 'accept', content } });
    expect(checked.ok && checked.result.action === 'accept' && checked.result.content).not.toBe(content);
    expect(
      checkAnswer(entry, { action: 'accept', content: { format: 'json', maxRows: 2.5 } }, validatorFor),
    ).toMatchObject({
      ok: false,
      body: { error: 'invalid-content', issues: [{ field: 'maxRows', code: 'integer' }] },
    });
    expect(checkAnswer(entry, { action: 'decline' }, validatorFor)).toEqual({
      ok: true,
      result: { action: 'decline' },
    });
  });

  it('refuses content with a URL elicitation’s accept and a url-required dismissal', () => {
    const url = { mode: 'url', message: 'Sign in', url: 'https://auth.example.com/', elicitationId: 'f' };
    for (const entry of [entryOf(url), entryOf(url, 'url-required')]) {
      expect(checkAnswer(entry, { action: 'accept' }, validatorFor)).toEqual({
        ok: true,
        result: { action: 'accept' },
      });
      expect(checkAnswer(entry, { action: 'accept', content: {} }, validatorFor)).toEqual({
        ok: false,
        body: { error: 'invalid-answer', message: 'An answer to a URL elicitation carries no content.' },
      });
    }
  });
});
