import { describe, expect, it } from 'vitest';
import {
  PROTOCOL_VERSIONS,
  type DeclaredModes,
  declaresMode,
  elicitationCapability,
  eraOf,
  isProtocolVersion,
} from './index.js';

describe('protocol', () => {
  it('knows the three revisions and their eras', () => {
    expect(PROTOCOL_VERSIONS).toEqual(['2025-06-18', '2025-11-25', '2026-07-28']);
    expect(PROTOCOL_VERSIONS.map((version) => eraOf(version))).toEqual(['legacy', 'legacy', 'modern']);
    expect([eraOf('2027-01-01'), eraOf(undefined), eraOf('later'), eraOf('2024-11-05')]).toEqual([
      'modern',
      'legacy',
      'legacy',
      'legacy',
    ]);
    expect(declaresMode('form', 'form')).toBe(false);
    expect(isProtocolVersion('2025-11-25')).toBe(true);
    expect(isProtocolVersion('2024-11-05')).toBe(false);
    expect(isProtocolVersion(20251125)).toBe(false);
  });

  it.each([
    [{}, true, false],
    [{ form: {} }, true, false],
    [{ url: {} }, false, true],
    [{ form: {}, url: {} }, true, true],
    [{ url: null } as unknown as DeclaredModes, true, false],
    [['url'], false, true],
    [undefined, false, false],
  ] as [DeclaredModes | undefined, boolean, boolean][])(
    'a client declaring %j supports form: %s, url: %s',
    (declared, form, url) => {
      expect(declaresMode(declared, 'form')).toBe(form);
      expect(declaresMode(declared, 'url')).toBe(url);
    },
  );

  it('builds the capability to declare', () => {
    expect(elicitationCapability()).toEqual({ form: {}, url: {} });
    expect(elicitationCapability({ url: false })).toEqual({ form: {} });
    expect(() => elicitationCapability({ form: false, url: false })).toThrow(RangeError);
  });
});
