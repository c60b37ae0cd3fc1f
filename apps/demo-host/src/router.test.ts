import { describe, expect, it } from 'vitest';
import { fixtures } from './gallery/fixtures.js';
import { hrefOf, parseRoute } from './router.js';

describe('routes', () => {
  it('reads the host, gallery, fixture and playground routes', () => {
    expect(parseRoute('')).toEqual({ page: 'host' });
    expect(parseRoute('#/')).toEqual({ page: 'host' });
    expect(parseRoute('#/gallery')).toEqual({ page: 'gallery' });
    expect(parseRoute('#/gallery/form-06-enum-titled-single')).toEqual({
      page: 'gallery',
      fixture: 'form-06-enum-titled-single',
    });
    expect(parseRoute('#/playground')).toEqual({ page: 'playground' });
    expect(parseRoute('#/nope')).toEqual({ page: 'not-found', hash: '#/nope' });
  });

  it('gives every fixture its own stable page', () => {
    const ids = fixtures.map((fixture) => fixture.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('form-06-enum-titled-single');
    expect(ids).toContain('url-02-third-party-oauth');
    expect(ids).toContain('invalid-01-nested-object-property');
    expect(fixtures.filter((fixture) => fixture.group !== 'invalid')).toHaveLength(15);
    for (const fixture of fixtures) {
      expect(parseRoute(hrefOf({ page: 'gallery', fixture: fixture.id }))).toEqual({
        page: 'gallery',
        fixture: fixture.id,
      });
    }
  });
});
