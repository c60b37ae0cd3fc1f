import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH, SESSION_COOKIE, checkName, createSessions } from './session.js';

const SECRET = new Uint8Array(32).fill(7);

/** A request carrying the cookie part (`name=value`) of a `Set-Cookie` value. */
const withCookie = (setCookie: string): Request =>
  new Request('http://127.0.0.1/', { headers: { cookie: `theme=dark; ${setCookie.split(';')[0] ?? ''}` } });

describe('checkName', () => {
  it("keeps a trimmed name of letters, digits, spaces and . _ ' -", () => {
    expect(checkName('  Ada Lovelace ')).toEqual({ ok: true, name: 'Ada Lovelace' });
    expect(checkName("Zoë O'Brien-Ōtsuka_2.0")).toEqual({ ok: true, name: "Zoë O'Brien-Ōtsuka_2.0" });
  });

  it('refuses what is not a name, saying what to fix', () => {
    expect(checkName(undefined)).toEqual({ ok: false, message: 'Type a name to sign in with.' });
    expect(checkName('   ')).toEqual({ ok: false, message: 'Type a name to sign in with.' });
    expect(checkName('a'.repeat(MAX_NAME_LENGTH + 1))).toEqual({
      ok: false,
      message: `A name has at most ${MAX_NAME_LENGTH} characters.`,
    });
    for (const name of ['<b>ada</b>', 'ada;bob', 'ada\u0000', 'a=b']) {
      expect(checkName(name)).toEqual({
        ok: false,
        message: "A name may use letters, digits, spaces and . _ ' - only.",
      });
    }
  });

  it('reads a 100,000-character name by its length alone', () => {
    expect(checkName(`${'a'.repeat(100_000)}<`)).toMatchObject({ ok: false });
  });
});

describe('createSessions', () => {
  it('signs a user in (HttpOnly, SameSite=Strict) and reads them back', () => {
    const sessions = createSessions(SECRET);
    const cookie = sessions.signIn('Zoë');
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[\\w-]+\\.[\\w-]+; Path=/; HttpOnly; SameSite=Strict$`));
    expect(sessions.userOf(withCookie(cookie))).toBe('Zoë');
  });

  it('a cookie signed with another key, or changed, names nobody', () => {
    const cookie = createSessions(SECRET).signIn('ada');
    expect(createSessions(new Uint8Array(32).fill(8)).userOf(withCookie(cookie))).toBeUndefined();
    const [name, value] = cookie.split(';')[0]?.split('=') ?? [];
    const [, mac] = value?.split('.') ?? [];
    const forged = `${name}=${Buffer.from('bob').toString('base64url')}.${mac}`;
    expect(createSessions(SECRET).userOf(withCookie(forged))).toBeUndefined();
  });

  it('no cookie, a malformed one, or a hostile 100,000-character header names nobody', () => {
    const sessions = createSessions(SECRET);
    expect(sessions.userOf(new Request('http://127.0.0.1/'))).toBeUndefined();
    for (const value of ['', 'abc', 'a.b.c', '.', `${'a'.repeat(100_000)}.${'b'.repeat(100_000)}`]) {
      expect(sessions.userOf(withCookie(`${SESSION_COOKIE}=${value}`))).toBeUndefined();
    }
    const header = `${';'.repeat(50_000)}${'x='.repeat(25_000)}`;
    expect(sessions.userOf(new Request('http://127.0.0.1/', { headers: { cookie: header } }))).toBeUndefined();
  });

  it('signing out clears the cookie', () => {
    expect(createSessions(SECRET).signOut()).toBe(`${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`);
  });

  it('refuses a short key', () => {
    expect(() => createSessions(new Uint8Array(16))).toThrow('at least 32 bytes');
  });
});
