import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH, SESSION_COOKIE, checkName, createSessions, createStoredSessions } from './session.js';
import { createMemoryChatStore } from './store.js';

/** A request carrying the cookie part (`name=value`) of a `Set-Cookie` value (and another cookie). */
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
  const noCookie = new Request('http://127.0.0.1/');

  it('signs a browser in (HttpOnly, SameSite=Strict): the cookie holds a random session id, not the name', async () => {
    const sessions = createSessions();
    const { session, cookie } = await sessions.signIn(noCookie, 'Zoë');
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[\\w-]{43}; Path=/; HttpOnly; SameSite=Strict$`));
    expect(cookie).not.toContain(Buffer.from('Zoë').toString('base64url'));
    expect(session.name).toBe('Zoë');
    expect(session.user).toMatch(/^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/);
    expect(await sessions.sessionOf(withCookie(cookie))).toEqual(session);
    expect(await sessions.userOf(withCookie(cookie))).toBe(session.user);
  });

  it('the same name twice is two sessions of two users', async () => {
    const sessions = createSessions();
    const first = await sessions.signIn(noCookie, 'ada');
    const second = await sessions.signIn(noCookie, 'ada');
    expect(first.cookie).not.toBe(second.cookie);
    expect(first.session.user).not.toBe(second.session.user);
    expect(await sessions.userOf(withCookie(first.cookie))).toBe(first.session.user);
    expect(await sessions.userOf(withCookie(second.cookie))).toBe(second.session.user);
  });

  it('an id this process did not make names nobody: another process’s, a made-up one', async () => {
    const { cookie } = await createSessions().signIn(noCookie, 'ada');
    expect(await createSessions().userOf(withCookie(cookie))).toBeUndefined();
    const madeUp = `${SESSION_COOKIE}=${Buffer.alloc(32).toString('base64url')}`;
    expect(await createSessions().userOf(withCookie(madeUp))).toBeUndefined();
  });

  it('no cookie, a malformed one, or a hostile 100,000-character header names nobody', async () => {
    const sessions = createSessions();
    expect(await sessions.userOf(noCookie)).toBeUndefined();
    for (const value of ['', 'abc', 'a.b.c', '.', `${'a'.repeat(100_000)}.${'b'.repeat(100_000)}`]) {
      expect(await sessions.userOf(withCookie(`${SESSION_COOKIE}=${value}`))).toBeUndefined();
    }
    const header = `${';'.repeat(50_000)}${'x='.repeat(25_000)}`;
    expect(await sessions.userOf(new Request('http://127.0.0.1/', { headers: { cookie: header } }))).toBeUndefined();
  });

  it('signing out ends the session (its cookie names nobody after) and clears the cookie', async () => {
    const ended: string[] = [];
    const sessions = createSessions({ onEnd: (user) => ended.push(user) });
    const { session, cookie } = await sessions.signIn(noCookie, 'ada');
    expect(await sessions.signOut(withCookie(cookie))).toBe(
      `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`,
    );
    expect(await sessions.userOf(withCookie(cookie))).toBeUndefined();
    expect(ended).toEqual([session.user]);
    // Signing out again, or with no session, ends nothing more.
    await sessions.signOut(withCookie(cookie));
    await sessions.signOut(noCookie);
    expect(ended).toEqual([session.user]);
  });

  it('signing in again from the same browser ends its previous session', async () => {
    const ended: string[] = [];
    const sessions = createSessions({ onEnd: (user) => ended.push(user) });
    const first = await sessions.signIn(noCookie, 'ada');
    const second = await sessions.signIn(withCookie(first.cookie), 'bea');
    expect(ended).toEqual([first.session.user]);
    expect(await sessions.userOf(withCookie(first.cookie))).toBeUndefined();
    expect((await sessions.sessionOf(withCookie(second.cookie)))?.name).toBe('bea');
  });

  it('past maxSessions, signing in ends the oldest session', async () => {
    const ended: string[] = [];
    const sessions = createSessions({ maxSessions: 2, onEnd: (user) => ended.push(user) });
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((name) => sessions.signIn(noCookie, name)));
    expect(ended).toEqual([a?.session.user]);
    expect(await Promise.all([a, b, c].map((signedIn) => sessions.userOf(withCookie(signedIn?.cookie ?? ''))))).toEqual(
      [undefined, b?.session.user, c?.session.user],
    );
  });
});

describe('createStoredSessions (replicas sharing a store)', () => {
  const noCookie = new Request('http://127.0.0.1/');

  it('a session made by one replica is read by another; signing out on either ends it for both', async () => {
    const store = createMemoryChatStore();
    const ended: string[] = [];
    const first = createStoredSessions(store, { onEnd: (user) => ended.push(user) });
    const second = createStoredSessions(store);
    const { session, cookie } = await first.signIn(noCookie, 'ada');
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[\\w-]{43}; Path=/; HttpOnly; SameSite=Strict$`));
    expect(await second.sessionOf(withCookie(cookie))).toEqual(session);
    await first.signOut(withCookie(cookie));
    expect(ended).toEqual([session.user]);
    expect(await second.userOf(withCookie(cookie))).toBeUndefined();
  });

  it('signing in again ends the previous session; a made-up or malformed id, or a corrupt record, names nobody', async () => {
    const store = createMemoryChatStore();
    const sessions = createStoredSessions(store);
    const first = await sessions.signIn(noCookie, 'ada');
    const second = await sessions.signIn(withCookie(first.cookie), 'bea');
    expect(await sessions.userOf(withCookie(first.cookie))).toBeUndefined();
    expect((await sessions.sessionOf(withCookie(second.cookie)))?.name).toBe('bea');
    expect(await sessions.userOf(withCookie(`${SESSION_COOKIE}=${'a'.repeat(100_000)}`))).toBeUndefined();
    const id = second.cookie.split(';')[0]?.split('=')[1] ?? '';
    await store.set(`session:${id}`, '{"user":42}', 60_000);
    expect(await sessions.userOf(withCookie(second.cookie))).toBeUndefined();
    await store.set(`session:${id}`, 'not json', 60_000);
    expect(await sessions.userOf(withCookie(second.cookie))).toBeUndefined();
  });
});
