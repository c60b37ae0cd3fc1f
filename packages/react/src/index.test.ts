import { describe, expect, it } from 'vitest';
import * as api from './index.js';

describe('the public entry', () => {
  it('exports exactly the documented runtime names', () => {
    expect(Object.keys(api).toSorted()).toEqual([
      'ElicitationActions',
      'ElicitationDialog',
      'ElicitationFields',
      'ElicitationHeader',
      'ElicitationMessage',
      'ElicitationRoot',
      'ElicitationUrl',
      'ElicitationWarnings',
      'createValidator',
      'defaultStrings',
      'useElicitationDialog',
      'useElicitationForm',
      'useElicitationQueue',
    ]);
  });

  it('ships complete English defaults', () => {
    const { defaultStrings } = api;
    expect(defaultStrings.title('Weather')).toBe('Weather is asking for input');
    expect(defaultStrings.open('mcp.example')).toBe('Open mcp.example');
    expect([
      defaultStrings.choose(1, 3),
      defaultStrings.choose(2, undefined),
      defaultStrings.choose(undefined, 4),
    ]).toEqual(['Choose 1 to 3.', 'Choose at least 2.', 'Choose at most 4.']);
    expect([defaultStrings.pending(1), defaultStrings.pending(2)]).toEqual([
      '1 more request waiting',
      '2 more requests waiting',
    ]);
    expect(defaultStrings.sensitive(['API Key', 'PIN'])).toMatch(/^“API Key”, “PIN” look like a secret/);
  });
});
