import { describe, expect, it } from 'vitest';
import { createTokenKeys } from './token.js';

const SECRET = 'a secret of thirty-two bytes or more';

describe('createTokenKeys', () => {
  it('verifies its own token for the same owner before it expires, and nothing else', async () => {
    const keys = createTokenKeys(SECRET);
    const token = await keys.issue('alice', 'stream-1', 2_000);
    expect(token).toMatch(/^stream-1\.[\da-z]+\.[\w-]{43}$/u);
    expect(await keys.verify('alice', token, 1_999)).toBe(true);
    expect(await keys.verify('alice', token, 2_000)).toBe(false);
    expect(await keys.verify('bob', token, 1_000)).toBe(false);
    expect(await createTokenKeys(`${SECRET}!`).verify('alice', token, 1_000)).toBe(false);
    // Another replica with the same secret accepts it.
    expect(await createTokenKeys(SECRET).verify('alice', token, 1_000)).toBe(true);
  });

  it('binds the owner unambiguously (an owner id may contain any character)', async () => {
    const keys = createTokenKeys(SECRET);
    const token = await keys.issue('a","b', 'stream', 5_000);
    expect(await keys.verify('a","b', token, 0)).toBe(true);
    expect(await keys.verify('a', token, 0)).toBe(false);
  });

  it('refuses malformed tokens without throwing, hostile lengths included', async () => {
    const keys = createTokenKeys(SECRET);
    const valid = await keys.issue('alice', 'stream', 5_000);
    const [stream, expiry, mac] = valid.split('.') as [string, string, string];
    for (const token of [
      '',
      '..',
      `${stream}.${expiry}`,
      `${stream}.${expiry}.${mac}=`,
      `${stream}.${expiry}.${mac.slice(1)}`,
      `${stream}.-1.${mac}`,
      `${stream}.zzzzzzzzzzzzz.${mac}`,
      `.${expiry}.${mac}`,
      '.'.repeat(100_000),
      'x'.repeat(100_000),
    ]) {
      expect(await keys.verify('alice', token, 0)).toBe(false);
    }
  });

  it('needs 32 bytes of secret', () => {
    expect(() => createTokenKeys('too short')).toThrow(
      new RangeError('the bridge secret must have at least 32 bytes (got 9)'),
    );
    expect(() => createTokenKeys(new Uint8Array(32))).not.toThrow();
  });
});
