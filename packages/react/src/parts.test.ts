import { describe, expect, it } from 'vitest';
import { flag, ids } from './parts.js';

describe('attribute helpers', () => {
  it('renders booleans as presence attributes and joins only present ids', () => {
    expect([flag(true), flag(0), flag(2)]).toEqual(['', undefined, '']);
    expect(ids('a', false, undefined, 'b')).toBe('a b');
    expect(ids(false)).toBeUndefined();
  });
});
