// The host's Public Suffix List resolved once: given as a list, or loaded on the first URL-mode request.
import { describe, expect, it, vi } from 'vitest';
import { publicSuffixListLoader } from './public-suffix-source.js';
import type { PublicSuffixList } from './site.js';

const real: PublicSuffixList = { registrableDomain: (host) => host.split('.').slice(-4).join('.') };
const form = { message: 'Name?', requestedSchema: { type: 'object', properties: {} } };
const url = { mode: 'url', message: 'Sign in', url: 'https://a.example.com/', elicitationId: 'e1' };

describe('publicSuffixListLoader', () => {
  it('uses a given list at once and never waits', async () => {
    const loader = publicSuffixListLoader(real);
    expect(loader.current()).toBe(real);
    expect(loader.pendingFor(url)).toBe(false);
    await expect(loader.load()).resolves.toBe(real);
  });

  it('has nothing to load without a list', async () => {
    const loader = publicSuffixListLoader(undefined);
    expect(loader.current()).toBeUndefined();
    expect(loader.pendingFor(url)).toBe(false);
    await expect(loader.load()).resolves.toBeUndefined();
  });

  it('makes only URL-mode requests wait, and does not load by itself', () => {
    const source = vi.fn(() => Promise.resolve(real));
    const loader = publicSuffixListLoader(source);
    expect(loader.pendingFor(form)).toBe(false);
    expect(loader.pendingFor({ ...form, mode: 'form' })).toBe(false);
    expect(loader.pendingFor('not params')).toBe(false);
    expect(loader.pendingFor(url)).toBe(true);
    expect(loader.current()).toBeUndefined();
    expect(source).not.toHaveBeenCalled();
  });

  it('loads once for many requests, concurrent or later', async () => {
    const source = vi.fn(() => Promise.resolve(real));
    const loader = publicSuffixListLoader(source);
    const [first, second] = await Promise.all([loader.load(), loader.load()]);
    expect(first).toBe(real);
    expect(second).toBe(real);
    await expect(loader.load()).resolves.toBe(real);
    expect(source).toHaveBeenCalledTimes(1);
    expect(loader.current()).toBe(real);
    expect(loader.pendingFor(url)).toBe(false);
  });

  it('rejects every waiter of a failed load with a clear error, and loads again on the next call', async () => {
    const source = vi
      .fn<() => Promise<PublicSuffixList>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce(real);
    const loader = publicSuffixListLoader(source);
    const waiting = [loader.load(), loader.load()];
    for (const load of waiting) {
      await expect(load).rejects.toThrow(/Public Suffix List could not be loaded \(chunk failed\).*refused/);
    }
    expect(source).toHaveBeenCalledTimes(1);
    expect(loader.pendingFor(url)).toBe(true);
    await expect(loader.load()).resolves.toBe(real);
    expect(source).toHaveBeenCalledTimes(2);
  });

  it('counts a loader that throws at once, or gives no list, as a failed load', async () => {
    const throws = publicSuffixListLoader(() => {
      throw new Error('boom');
    });
    await expect(throws.load()).rejects.toThrow(/\(boom\)/);
    const empty = publicSuffixListLoader(() => Promise.resolve(undefined as unknown as PublicSuffixList));
    await expect(empty.load()).rejects.toThrow(/gave no list/);
    expect(empty.current()).toBeUndefined();
  });
});
