import { parseElicitation } from '@elicitation-kit/core';
import { describe, expect, it } from 'vitest';
import type { PublicSuffixList } from '@elicitation-kit/core';
import { EXPORT_PARAMS, REF_PARAMS } from './test/bridge-host.js';
import { paramsOf } from './exposure.js';
import { rehydrate } from './rehydrate.js';

/**
 * A Public Suffix List that knows one private suffix, `s3.amazonaws.com` (the real list, `@elicitation-kit/mcp/public-suffix`,
 * is tested in the mcp package): enough to tell that the page's list, not core's built-in excerpt, judged the sites.
 */
const publicSuffixList: PublicSuffixList = {
  registrableDomain: (host) => {
    const labels = host.split('.');
    const suffix = host.endsWith('.s3.amazonaws.com') ? 3 : 1;
    return labels.length > suffix ? labels.slice(-(suffix + 1)).join('.') : null;
  },
};

const SERVER = { id: 'acme', name: 'Acme', url: 'https://mcp.acme.example/mcp' };
const wire = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: 'entry-1',
  params: EXPORT_PARAMS,
  server: SERVER,
  era: 'legacy',
  status: 'pending',
  kind: 'request',
  createdAt: 1,
  ...overrides,
});

/** The link of a rehydrated URL-mode question. */
const linkOf = (result: ReturnType<typeof rehydrate>) =>
  result.ok && result.request.mode === 'url' ? result.request.link : undefined;

describe('paramsOf → rehydrate', () => {
  it('gives the browser the request core parsed on the backend', () => {
    for (const params of [
      EXPORT_PARAMS,
      { ...EXPORT_PARAMS, _meta: { progressToken: 'p' }, task: { ttl: 60 } },
      { mode: 'url', message: 'Sign in', url: 'https://auth.acme.example/connect', elicitationId: 'flow' },
    ]) {
      const backend = parseElicitation(params, { protocolVersion: '2025-11-25', serverUrl: SERVER.url });
      if (!backend.ok) {
        throw new Error(backend.error.message);
      }
      const browser = rehydrate(wire({ params: paramsOf(backend.request) }), {});
      expect(browser).toMatchObject({ ok: true, request: backend.request });
    }
  });

  it('hands the server’s URL to core: a link to another site is flagged in the browser', () => {
    const params = { mode: 'url', message: 'Pay', url: 'https://pay.other.example/checkout', elicitationId: 'f' };
    const browser = rehydrate(wire({ params }), {});
    expect(browser.ok && browser.request.mode === 'url' && browser.request.link.warnings.map((w) => w.code)).toContain(
      'different-site',
    );
  });

  it('judges sites by the page’s Public Suffix List when it has one: another tenant is another site', () => {
    const params = { mode: 'url', message: 'Sign in', url: 'https://attacker.s3.amazonaws.com/', elicitationId: 'f' };
    const tenant = wire({ params, server: { ...SERVER, url: 'https://victim.s3.amazonaws.com/mcp' } });
    expect(linkOf(rehydrate(tenant, {}))).toMatchObject({ sameSiteAsServer: true });
    expect(linkOf(rehydrate(tenant, {}, publicSuffixList))).toMatchObject({
      site: 'attacker.s3.amazonaws.com',
      sameSiteAsServer: false,
    });
  });
});

describe('rehydrate parses with the revision the wire names', () => {
  /** A form whose multiple choice (`type: array`) 2025-06-18 does not have: 2025-11-25 and 2026-07-28 do. */
  const MULTIPLE = {
    mode: 'form',
    message: 'Which regions?',
    requestedSchema: {
      type: 'object',
      properties: { regions: { type: 'array', items: { type: 'string', enum: ['eu', 'us'] } } },
    },
  };

  it('a 2025-06-18 entry is parsed as 2025-06-18, whatever era its schema looks like', () => {
    expect(rehydrate(wire({ params: MULTIPLE, protocolVersion: '2025-06-18' }), {})).toMatchObject({
      ok: false,
      id: 'entry-1',
      error: { code: -32602, data: { reason: 'variant-not-in-era' } },
    });
    expect(rehydrate(wire({ params: MULTIPLE, protocolVersion: '2025-11-25' }), {})).toMatchObject({
      ok: true,
      wire: { protocolVersion: '2025-11-25' },
    });
  });

  it('an entry without one (an older replica) is read by its era as before: any 2025 shape', () => {
    const older = rehydrate(wire({ params: MULTIPLE }), {});
    expect(older).toMatchObject({ ok: true });
    expect(older.ok && older.wire).not.toHaveProperty('protocolVersion');
  });

  it('a revision this page does not know is read as absent; one that is not text is an unreadable shape', () => {
    const unknown = rehydrate(wire({ params: MULTIPLE, protocolVersion: '2027-01-01' }), {});
    expect(unknown.ok && unknown.wire).not.toHaveProperty('protocolVersion');
    expect(unknown.ok).toBe(true);
    expect(rehydrate(wire({ protocolVersion: 20_250_618 }), {})).toEqual({
      ok: false,
      id: 'entry-1',
      error: { message: 'A question arrived in a shape this page does not read.' },
    });
  });
});

describe('rehydrate refuses what the wire must not carry', () => {
  it('a request outside the restricted schema, or a dangerous link: core’s -32602', () => {
    expect(rehydrate(wire({ params: REF_PARAMS }), {})).toMatchObject({
      ok: false,
      id: 'entry-1',
      error: { code: -32602, data: { reason: 'ref' } },
    });
    expect(
      rehydrate(wire({ params: { mode: 'url', message: 'x', url: 'javascript:alert(1)', elicitationId: 'f' } }), {}),
    ).toMatchObject({ ok: false, error: { data: { reason: 'url-blocked' } } });
    // A modern entry is parsed by the 2026-07-28 rules: a form still needs its schema.
    expect(rehydrate(wire({ era: 'modern', params: { mode: 'form', message: 'x' } }), {})).toMatchObject({
      ok: false,
      error: { data: { reason: 'missing', path: 'requestedSchema' } },
    });
  });

  it('a mode the page does not show', () => {
    const params = { mode: 'url', message: 'Sign in', url: 'https://auth.acme.example/', elicitationId: 'f' };
    expect(rehydrate(wire({ params }), { url: false })).toMatchObject({
      ok: false,
      error: { data: { reason: 'mode-not-declared' } },
    });
  });

  it.each([
    ['no id', { id: undefined }],
    ['an empty id', { id: '' }],
    ['a 100,000-character id', { id: 'x'.repeat(100_000) }],
  ])('%s: unreadable, no id to answer', (_name, overrides) => {
    expect(rehydrate(wire(overrides), {})).toEqual({
      ok: false,
      error: { message: 'A question arrived without a valid id.' },
    });
  });

  it.each([
    ['a server without a name', { server: { id: 'acme' } }],
    ['a server title that is not text', { server: { ...SERVER, title: 5 } }],
    ['params that are not an object', { params: 'elicit' }],
    ['an unknown era', { era: '2027' }],
    ['an unknown status', { status: 'done' }],
    ['an unknown kind', { kind: 'sampling' }],
    ['a date that is not a number', { createdAt: '2026-01-01' }],
    ['a date that is not finite', { createdAt: Number.POSITIVE_INFINITY }],
    ['askedAgain other than true', { askedAgain: false }],
  ])('%s: refused with its id, so the backend can be told', (_name, overrides) => {
    expect(rehydrate(wire(overrides), {})).toEqual({
      ok: false,
      id: 'entry-1',
      error: { message: 'A question arrived in a shape this page does not read.' },
    });
  });

  it('not an object at all', () => {
    for (const value of [null, 'entry', 5, ['entry-1']]) {
      expect(rehydrate(value, {}).ok).toBe(false);
    }
  });
});
