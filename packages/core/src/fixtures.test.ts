// Every spec fixture gets the verdict its era calls for (issue 2 "Done when").
import { describe, expect, it } from 'vitest';
import { parseElicitation, type ParseErrorReason, type ProtocolVersion } from './index.js';
import { loadFixtures, officialAccepts } from './test/harness.js';

type Era = ProtocolVersion | 'default';
const ERAS: Era[] = ['default', '2025-06-18', '2025-11-25', '2026-07-28'];

// The expected verdict per era: `true` (accepted) or the rejection as `reason @ path`.
// Titled enums, multi-selects and URL mode did not exist in 2025-06-18.
const legacyOneOf = (name: string) => `variant-not-in-era @ requestedSchema.properties.${name}.oneOf`;
const legacyArray = (name: string) => `variant-not-in-era @ requestedSchema.properties.${name}.type`;
const urlNotInEra = 'mode-not-in-era @ mode';
const everywhere = (verdict: string | true) => ({
  default: verdict,
  '2025-06-18': verdict,
  '2025-11-25': verdict,
  '2026-07-28': verdict,
});

const expected: Record<string, Record<Era, string | true>> = {
  'form-01-single-string.json': everywhere(true),
  'form-02-string-formats-and-lengths.json': everywhere(true),
  'form-03-number-and-integer.json': everywhere(true),
  'form-04-boolean.json': everywhere(true),
  'form-05-enum-untitled-single.json': everywhere(true),
  'form-06-enum-titled-single.json': { ...everywhere(true), '2025-06-18': legacyOneOf('priority') },
  'form-07-enum-untitled-multi.json': { ...everywhere(true), '2025-06-18': legacyArray('environments') },
  'form-08-enum-titled-multi.json': { ...everywhere(true), '2025-06-18': legacyArray('channels') },
  'form-09-enum-legacy-enumNames.json': everywhere(true),
  'form-10-mode-omitted-2025-06-18-style.json': everywhere(true),
  'form-11-empty-properties-confirmation.json': everywhere(true),
  'form-12-kitchen-sink-all-variants.json': { ...everywhere(true), '2025-06-18': legacyOneOf('locale') },
  'form-13-task-augmented.json': { ...everywhere(true), '2025-06-18': legacyOneOf('window') },
  'url-01-api-key-entry.json': { ...everywhere(true), '2025-06-18': urlNotInEra },
  'url-02-third-party-oauth.json': { ...everywhere(true), '2025-06-18': urlNotInEra },
  'invalid/01-nested-object-property.json': everywhere('nested-object @ requestedSchema.properties.address.type'),
  'invalid/02-array-of-objects.json': {
    ...everywhere('unsupported-array @ requestedSchema.properties.attendees.items.type'),
    '2025-06-18': legacyArray('attendees'),
  },
  'invalid/03-ref-property.json': everywhere('ref @ requestedSchema.$defs'),
  'invalid/04-oneof-composition-top-level.json': everywhere('composition @ requestedSchema.oneOf'),
  'invalid/05-missing-requested-schema.json': everywhere('missing @ requestedSchema'),
  'invalid/06-unknown-mode.json': everywhere('unknown-mode @ mode'),
  'invalid/07-url-javascript-scheme.json': { ...everywhere('url-blocked @ url'), '2025-06-18': urlNotInEra },
  // Invalid only for 2025-11-25: 2026-07-28 removed elicitationId, and with no era any era's shape is accepted.
  'invalid/08-url-missing-elicitation-id.json': {
    ...everywhere(true),
    '2025-06-18': urlNotInEra,
    '2025-11-25': 'missing @ elicitationId',
  },
  'invalid/09-boolean-default-wrong-type.json': everywhere(
    'default-type @ requestedSchema.properties.subscribe.default',
  ),
  'invalid/10-titled-multiselect-items-oneOf.json': {
    ...everywhere('composition @ requestedSchema.properties.toppings.items.oneOf'),
    '2025-06-18': legacyArray('toppings'),
  },
  '2026-07-28/02-input-required-result-form-and-url.json#export_options': everywhere(true),
  '2026-07-28/02-input-required-result-form-and-url.json#warehouse_login': {
    ...everywhere(true),
    '2025-06-18': urlNotInEra,
    '2025-11-25': 'missing @ elicitationId',
  },
  '2026-07-28/04-url-mode-request-no-elicitation-id.json': {
    ...everywhere(true),
    '2025-06-18': urlNotInEra,
    '2025-11-25': 'missing @ elicitationId',
  },
};

const fixtures = loadFixtures();

describe('spec fixtures', () => {
  it('covers every fixture with an expectation, and every expectation with a fixture', () => {
    expect(fixtures.map((fixture) => fixture.file).toSorted()).toEqual(Object.keys(expected).toSorted());
    expect(fixtures.length).toBe(28);
  });

  describe.each(fixtures)('$file', ({ file, params }) => {
    it.each(ERAS)('gets its verdict in era %s', (era) => {
      const result = parseElicitation(params, era === 'default' ? {} : { protocolVersion: era });
      const verdict = result.ok ? true : `${result.error.data.reason} @ ${result.error.data.path}`;
      expect(verdict).toBe(expected[file]![era]);
      if (!result.ok) {
        expect(result.error.code).toBe(-32602);
        // A sentence for people (no codes or dotted paths in it); the path and reason stay in `data` for machines.
        const { path } = result.error.data;
        if (path.includes('.')) expect(result.error.message).not.toContain(path);
        expect(result.error.message).toMatch(/^[A-Z'].*\.$/);
      }
    });

    it('is accepted only where the official schema also accepts it', () => {
      for (const era of ERAS) {
        const version = era === 'default' ? undefined : era;
        const result = parseElicitation(params, version ? { protocolVersion: version } : {});
        if (result.ok) expect(officialAccepts(params, version)).toBe(true);
      }
    });
  });

  it('rejects the invalid fixtures the official schema accepts only by kit policy (javascript: URL)', () => {
    const js = fixtures.find((fixture) => fixture.file.startsWith('invalid/07'))!;
    expect(officialAccepts(js.params, '2025-11-25')).toBe(true);
    const result = parseElicitation(js.params, { protocolVersion: '2025-11-25' });
    expect(result.ok ? undefined : result.error.data.reason).toBe<ParseErrorReason>('url-blocked');
  });
});
