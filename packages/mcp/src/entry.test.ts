import { parseElicitation } from '@elicitation-kit/core';
import { describe, expect, it } from 'vitest';
import { toWireResult } from './entry.js';
import { EXPORT_PARAMS } from './test/harness.js';

const parsed = parseElicitation(EXPORT_PARAMS);
if (!parsed.ok) {
  throw new Error('the export form must parse');
}
const request = parsed.request;

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
