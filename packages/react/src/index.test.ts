import { describe, expect, it } from 'vitest';
import * as api from './index.js';

describe('the public entry', () => {
  it('exports exactly the documented runtime names', () => {
    expect(Object.keys(api).toSorted()).toEqual([
      'ELICITATION_PARTS',
      'Elicitation',
      'ElicitationDialog',
      'composeEventHandlers',
      'defaultStrings',
      'useElicitation',
      'useElicitationQueue',
      'useElicitationSession',
      'useSessionSnapshot',
    ]);
    expect(Object.keys(api.Elicitation).toSorted()).toEqual([
      'Accept',
      'Actions',
      'AnswerNote',
      'Cancel',
      'Decline',
      'Description',
      'Fields',
      'Header',
      'Root',
      'Server',
      'Title',
      'UrlConsent',
      'Warnings',
    ]);
  });

  it('ships complete English defaults', () => {
    const { defaultStrings } = api;
    expect(defaultStrings.title('Weather')).toBe('Weather is asking for input');
    expect(defaultStrings.open('mcp.example')).toBe('Open mcp.example');
    expect(
      [
        { kind: 'items', minItems: 1, maxItems: 3 },
        { kind: 'items', minItems: 2 },
        { kind: 'items', maxItems: 4 },
        { kind: 'range', minimum: 0, maximum: 150 },
        { kind: 'range', minimum: 1 },
        { kind: 'length', minLength: 2, maxLength: 50 },
        { kind: 'length', minLength: 1 },
        { kind: 'length', maxLength: 1 },
        { kind: 'time-zone', timeZone: 'Europe/Paris' },
      ].map((hint) => defaultStrings.hint(hint as Parameters<typeof defaultStrings.hint>[0])),
    ).toEqual([
      'Choose 1 to 3.',
      'Choose at least 2.',
      'Choose at most 4.',
      'From 0 to 150.',
      'At least 1.',
      '2 to 50 characters.',
      'At least 1 character.',
      'Up to 1 character.',
      'Times are in your time zone (Europe/Paris).',
    ]);
    expect([defaultStrings.pending(1), defaultStrings.pending(2)]).toEqual([
      '1 more request waiting',
      '2 more requests waiting',
    ]);
    expect(defaultStrings.sensitive(['API Key', 'PIN'])).toMatch(/^“API Key”, “PIN” look like a secret/);
  });
});
