import { describe, expect, it } from 'vitest';
import { canResendAfter } from './sdk-adapter.js';

describe('canResendAfter (SDK v2 errors)', () => {
  it('allows sending again after a network failure', () => {
    expect(canResendAfter(new TypeError('Failed to fetch'))).toBe(true);
    expect(canResendAfter(Object.assign(new Error('Bad gateway'), { data: { status: 502 } }))).toBe(true);
    expect(canResendAfter('offline')).toBe(true);
    expect(canResendAfter(undefined)).toBe(true);
  });

  it('refuses after a 404: the server no longer knows the session', () => {
    const gone = Object.assign(new Error('Error POSTing to endpoint: Session not found'), { data: { status: 404 } });
    expect(canResendAfter(gone)).toBe(false);
  });
});
