// The secret page's handler, request by request: the right user completes; anyone else, a forged or missing CSRF
// token, a replay, an expired link and a cross-site POST are refused; the secret reaches onSecret and no record.
import { describe, expect, it } from 'vitest';
import { ElicitationDefinitionError, secretPage } from '../index.js';
import type { SecretPageRecord, SecretSubmission } from '../index.js';

const ORIGIN = 'https://mcp.example.test';
const SECRET = 'sk-live-Q7x2-THE-SECRET-9f3a';
const SESSIONS: Record<string, string> = { 's-alice': 'alice', 's-bob': 'bob' };

interface Opened {
  status: number;
  html: string;
  headers: Headers;
  /** The form cookie the page set. */
  cookie: string | undefined;
  csrf: string | undefined;
}

function cookieHeader(user: string | undefined, form: string | undefined): string {
  return [
    user === undefined ? undefined : `session=s-${user}`,
    form === undefined ? undefined : `ek_secret_form=${form}`,
  ]
    .filter((part) => part !== undefined)
    .join('; ');
}

function setup(options: { ttlMs?: number; fail?: boolean; signIn?: boolean } = {}) {
  const received: SecretSubmission[] = [];
  const records: SecretPageRecord[] = [];
  let clock = 1_000_000;
  let failures = options.fail === true ? 1 : 0;
  const page = secretPage({
    url: `${ORIGIN}/secrets/`,
    fields: {
      apiKey: { type: 'string', title: 'API key', description: 'From the warehouse settings.', minLength: 8 },
      label: { type: 'string', title: 'Label', required: false, input: 'text' },
    },
    title: 'Connect your warehouse',
    intro: 'The key stays on this server.',
    identify: (request) => {
      const session = /(?:^|;\s*)session=([\w-]+)/.exec(request.headers.get('cookie') ?? '')?.[1];
      return session === undefined ? null : SESSIONS[session];
    },
    onSecret: (submission) => {
      if (failures > 0) {
        failures -= 1;
        throw new Error(`vault refused ${JSON.stringify(submission.values)}`);
      }
      received.push(submission);
    },
    ...(options.signIn === true ? { signInUrl: (back: string) => `/sign-in?return=${encodeURIComponent(back)}` } : {}),
    onRecord: (record) => records.push(record),
    now: () => clock,
    ...(options.ttlMs === undefined ? {} : { ttlMs: options.ttlMs }),
  });

  const open = async (url: string, user: string | undefined): Promise<Opened> => {
    const response = await page.fetch(new Request(url, { headers: { cookie: cookieHeader(user, undefined) } }));
    const html = await response.text();
    return {
      status: response.status,
      html,
      headers: response.headers,
      cookie: /ek_secret_form=([\w-]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1],
      csrf: /name="_csrf" value="([\w-]+)"/.exec(html)?.[1],
    };
  };

  const submit = async (
    url: string,
    user: string | undefined,
    form: { cookie?: string | undefined; csrf?: string | undefined; values?: Record<string, string> },
    headers: Record<string, string> = { 'sec-fetch-site': 'same-origin', origin: ORIGIN },
  ): Promise<{ status: number; html: string; headers: Headers }> => {
    const body = new URLSearchParams({
      ...(form.csrf === undefined ? {} : { _csrf: form.csrf }),
      ...(form.values ?? { apiKey: SECRET }),
    });
    const response = await page.fetch(
      new Request(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: cookieHeader(user, form.cookie),
          ...headers,
        },
        body,
      }),
    );
    return { status: response.status, html: await response.text(), headers: response.headers };
  };

  const start = (user = 'alice') => page.flowsFor(user).start('connect-warehouse');

  return {
    page,
    received,
    records,
    open,
    submit,
    start,
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

describe('secretPage: the page', () => {
  it('renders the fields as plain HTML under a strict CSP, with no script, and a form cookie for this page', async () => {
    const { start, open } = setup();
    const flow = await start();
    expect(flow.url).toMatch(/^https:\/\/mcp\.example\.test\/secrets\/[\w-]{22}$/);
    expect(flow.completed).toBe(false);
    const page = await open(flow.url, 'alice');
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    const nonce = /style-src 'nonce-([\w-]+)'/.exec(csp)?.[1];
    expect(csp).toBe(
      `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    );
    expect(page.html).toContain(`<style nonce="${nonce}">`);
    expect(page.html).not.toMatch(/<script|javascript:|\son\w+=/i);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(page.html).toContain('<label for="field-apiKey">API key</label>');
    expect(page.html).toMatch(
      /<input id="field-apiKey" name="apiKey" type="password" autocomplete="off"[^>]* required/,
    );
    expect(page.html).toMatch(/<input id="field-label" name="label" type="text"/);
    expect(page.html).toContain(`<form method="post" action="${new URL(flow.url).pathname}">`);
    expect(page.csrf).toMatch(/^[\w-]{43}$/);
    expect(page.headers.get('set-cookie')).toBe(
      `ek_secret_form=${page.cookie}; Path=${new URL(flow.url).pathname}; Max-Age=600; HttpOnly; SameSite=Strict; Secure`,
    );
    // A fresh nonce per response.
    const again = await open(flow.url, 'alice');
    expect(again.headers.get('content-security-policy')).not.toBe(csp);
  });

  it('escapes every string the server gives it', async () => {
    const page = secretPage({
      url: 'http://127.0.0.1:1/s',
      fields: {
        key: { type: 'string', title: '<b>Key</b> "quoted"', description: "it's <img src=x onerror=alert(1)>" },
      },
      title: '</title><script>alert(1)</script>',
      intro: '<a href="javascript:alert(1)">x</a>',
      submitLabel: '<i>Go</i>',
      identify: () => 'u',
      onSecret: () => undefined,
    });
    const flow = await page.flowsFor('u').start('t');
    const html = await (await page.fetch(new Request(flow.url))).text();
    expect(html).not.toMatch(/<script|<img|<a |<b>|<i>/);
    expect(html).toContain('&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('&#60;b&#62;Key&#60;/b&#62; &#34;quoted&#34;');
    expect(html).toContain('it&#39;s &#60;img src=x onerror=alert(1)&#62;');
  });

  it('the right user completes: onSecret gets the values, the flow completes, waiting callers wake', async () => {
    const { page, start, open, submit, received, records } = setup();
    const flow = await start();
    const flows = page.flowsFor('alice');
    let woke = false;
    const waiting = flows.waitFor(flow.id, new AbortController().signal).then(() => (woke = true));
    let notified = 0;
    flows.onComplete(flow.id, () => (notified += 1));
    const form = await open(flow.url, 'alice');
    const done = await submit(flow.url, 'alice', { cookie: form.cookie, csrf: form.csrf });
    expect(done.status).toBe(200);
    expect(done.html).toContain('data-outcome="done"');
    expect(done.html).not.toContain(SECRET);
    expect(done.headers.get('set-cookie')).toContain('Max-Age=0');
    expect(received).toEqual([
      { userId: 'alice', elicitationId: flow.id, tool: 'connect-warehouse', values: { apiKey: SECRET } },
    ]);
    await waiting;
    expect(woke).toBe(true);
    expect(notified).toBe(1);
    expect(await flows.get(flow.id)).toEqual({ id: flow.id, url: flow.url, completed: true });
    // Completed already: a late listener is called at once.
    flows.onComplete(flow.id, () => (notified += 1));
    expect(notified).toBe(2);
    // Opening the link again says it is done, and shows no form.
    const later = await open(flow.url, 'alice');
    expect(later.status).toBe(200);
    expect(later.html).not.toContain('<form');
    expect(records.map((record) => record.event)).toEqual(['started', 'shown', 'completed']);
    expect(records[2]).toEqual({
      event: 'completed',
      status: 200,
      elicitationId: flow.id,
      tool: 'connect-warehouse',
      userId: 'alice',
      fields: ['apiKey'],
    });
  });

  it('refuses another user (403, nothing shown or saved), and nobody signed in (401, or 303 to sign in)', async () => {
    const { start, open, submit, received, records } = setup();
    const flow = await start('alice');
    const bob = await open(flow.url, 'bob');
    expect(bob.status).toBe(403);
    expect(bob.html).toContain('This page belongs to another user.');
    expect(bob.html).not.toContain('<form');
    expect(bob.cookie).toBeUndefined();
    // Bob with Alice's form (cookie and token): still 403, for he is not Alice.
    const alice = await open(flow.url, 'alice');
    expect((await submit(flow.url, 'bob', { cookie: alice.cookie, csrf: alice.csrf })).status).toBe(403);
    const nobody = await open(flow.url, undefined);
    expect(nobody.status).toBe(401);
    expect(nobody.html).not.toContain('<form');
    expect((await submit(flow.url, undefined, { cookie: alice.cookie, csrf: alice.csrf })).status).toBe(401);
    expect(received).toEqual([]);
    expect(records.filter((record) => record.event === 'refused').map((record) => record.reason)).toEqual([
      'other-user',
      'other-user',
      'not-signed-in',
      'not-signed-in',
    ]);
    // Alice's form still works (Bob's attempt did not use it up).
    expect((await submit(flow.url, 'alice', { cookie: alice.cookie, csrf: alice.csrf })).status).toBe(200);

    const withSignIn = setup({ signIn: true });
    const other = await withSignIn.start('alice');
    const response = await withSignIn.page.fetch(new Request(other.url));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/sign-in?return=${encodeURIComponent(new URL(other.url).pathname)}`);
  });

  it('a flow is found only by the user it was started for (a 2026 retry by anyone else starts over)', async () => {
    const { page, start } = setup();
    const flow = await start('alice');
    expect(await page.flowsFor('bob').get(flow.id)).toBeUndefined();
    expect(await page.flowsFor('alice').get(flow.id)).toEqual({ id: flow.id, url: flow.url, completed: false });
    expect(() => page.flowsFor('')).toThrow(ElicitationDefinitionError);
  });

  it('refuses a missing, forged or foreign CSRF token, a missing cookie, and a form that is out of date', async () => {
    const { start, open, submit, received, records } = setup();
    const flow = await start();
    const other = await start();
    const cases: [string, () => Promise<{ status: number }>][] = [
      [
        'no token',
        async () => {
          const form = await open(flow.url, 'alice');
          return submit(flow.url, 'alice', { cookie: form.cookie });
        },
      ],
      [
        'forged token',
        async () => {
          const form = await open(flow.url, 'alice');
          return submit(flow.url, 'alice', { cookie: form.cookie, csrf: 'A'.repeat(43) });
        },
      ],
      [
        'token of another page',
        async () => {
          const form = await open(flow.url, 'alice');
          const foreign = await open(other.url, 'alice');
          return submit(flow.url, 'alice', { cookie: form.cookie, csrf: foreign.csrf });
        },
      ],
      [
        'no form cookie (another browser)',
        async () => {
          const form = await open(flow.url, 'alice');
          return submit(flow.url, 'alice', { csrf: form.csrf });
        },
      ],
      [
        'a form rendered before the page was opened again',
        async () => {
          const first = await open(flow.url, 'alice');
          await open(flow.url, 'alice');
          return submit(flow.url, 'alice', { cookie: first.cookie, csrf: first.csrf });
        },
      ],
    ];
    for (const [name, attempt] of cases) {
      expect((await attempt()).status, name).toBe(403);
    }
    expect(received).toEqual([]);
    expect(records.filter((record) => record.reason === 'csrf')).toHaveLength(cases.length);
    // The page is still open: a fresh form completes it.
    const form = await open(flow.url, 'alice');
    expect((await submit(flow.url, 'alice', { cookie: form.cookie, csrf: form.csrf })).status).toBe(200);
  });

  it('is single-use: a replayed POST is refused (409) and onSecret runs once', async () => {
    const { start, open, submit, received } = setup();
    const flow = await start();
    const form = await open(flow.url, 'alice');
    const post = { cookie: form.cookie, csrf: form.csrf };
    const [first, second] = await Promise.all([submit(flow.url, 'alice', post), submit(flow.url, 'alice', post)]);
    expect([first.status, second.status].toSorted()).toEqual([200, 403]);
    const replay = await submit(flow.url, 'alice', post);
    expect(replay.status).toBe(409);
    expect(replay.html).toContain('This form was already submitted.');
    const replayOther = await submit(flow.url, 'alice', { ...post, values: { apiKey: 'another-key-123' } });
    expect(replayOther.status).toBe(409);
    expect(received).toHaveLength(1);
  });

  it('links expire: the page (GET and POST) answers 410, and the flow is unknown to the kit', async () => {
    const { page, start, open, submit, tick, received } = setup({ ttlMs: 60_000 });
    const flow = await start();
    const form = await open(flow.url, 'alice');
    tick(60_001);
    expect((await open(flow.url, 'alice')).status).toBe(410);
    const late = await submit(flow.url, 'alice', { cookie: form.cookie, csrf: form.csrf });
    expect(late.status).toBe(410);
    expect(late.html).toContain('This link has expired.');
    expect(received).toEqual([]);
    expect(await page.flowsFor('alice').get(flow.id)).toBeUndefined();
    // Long after, forgotten: unknown.
    tick(30 * 60_000);
    await start(); // trims
    expect((await open(flow.url, 'alice')).status).toBe(404);
  });

  it('refuses cross-site POSTs (Sec-Fetch-Site, a foreign or null Origin) before anything else', async () => {
    const { start, open, submit, received, records } = setup();
    const flow = await start();
    const form = await open(flow.url, 'alice');
    const post = { cookie: form.cookie, csrf: form.csrf };
    const attempts: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site', origin: 'https://other.example.test' },
      { 'sec-fetch-site': 'none' },
      { origin: 'https://evil.example' },
      { origin: 'http://mcp.example.test' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attempts) {
      const answer = await submit(flow.url, 'alice', post, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.html).toContain('This form can only be sent from its own page.');
    }
    expect(received).toEqual([]);
    expect(records.filter((record) => record.reason === 'cross-site')).toHaveLength(attempts.length);
    // `Origin: null` vouched for by `Sec-Fetch-Site: same-origin` is the page's own form (a no-referrer copy).
    expect((await submit(flow.url, 'alice', post, { 'sec-fetch-site': 'same-origin', origin: 'null' })).status).toBe(
      200,
    );
  });

  it('an invalid submission is refused (400) with core’s messages, without echoing what was typed; a new form is given', async () => {
    const { start, open, submit, received, records } = setup();
    const flow = await start();
    const form = await open(flow.url, 'alice');
    const short = 'sk-123';
    const refused = await submit(flow.url, 'alice', {
      cookie: form.cookie,
      csrf: form.csrf,
      values: { apiKey: short },
    });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('API key must be at least 8 characters.');
    expect(refused.html).toContain('aria-invalid="true"');
    expect(refused.html).not.toContain(short);
    expect(received).toEqual([]);
    expect(records.at(-1)).toMatchObject({ reason: 'invalid', issues: [{ field: 'apiKey', code: 'minLength' }] });
    // The refused form is used up; the new one it came with works.
    expect((await submit(flow.url, 'alice', { cookie: form.cookie, csrf: form.csrf })).status).toBe(403);
    const cookie = /ek_secret_form=([\w-]+)/.exec(refused.headers.get('set-cookie') ?? '')?.[1];
    const csrf = /name="_csrf" value="([\w-]+)"/.exec(refused.html)?.[1];
    expect((await submit(flow.url, 'alice', { cookie, csrf, values: { apiKey: SECRET, label: 'prod' } })).status).toBe(
      200,
    );
    expect(received[0]?.values).toEqual({ apiKey: SECRET, label: 'prod' });
  });

  it('when onSecret throws nothing completes, its error is not recorded, and a reloaded form can try again', async () => {
    const { page, start, open, submit, received, records } = setup({ fail: true });
    const flow = await start();
    const form = await open(flow.url, 'alice');
    const failed = await submit(flow.url, 'alice', { cookie: form.cookie, csrf: form.csrf });
    expect(failed.status).toBe(500);
    expect(failed.html).not.toContain(SECRET);
    expect(await page.flowsFor('alice').get(flow.id)).toMatchObject({ completed: false });
    expect((await submit(flow.url, 'alice', { cookie: form.cookie, csrf: form.csrf })).status).toBe(403);
    const reloaded = await open(flow.url, 'alice');
    expect((await submit(flow.url, 'alice', { cookie: reloaded.cookie, csrf: reloaded.csrf })).status).toBe(200);
    expect(received).toHaveLength(1);
    expect(JSON.stringify(records)).not.toContain(SECRET);
    expect(records.find((record) => record.reason === 'failed')).toMatchObject({ status: 500 });
  });

  it('takes its own form only (415), a bounded body (413), GET and POST (405), known pages (404)', async () => {
    const { page, start, open } = setup();
    const flow = await start();
    const form = await open(flow.url, 'alice');
    const post = (body: BodyInit, type: string) =>
      page.fetch(
        new Request(flow.url, {
          method: 'POST',
          headers: {
            'content-type': type,
            cookie: `session=s-alice; ek_secret_form=${form.cookie ?? ''}`,
            'sec-fetch-site': 'same-origin',
            origin: ORIGIN,
          },
          body,
        }),
      );
    expect((await post(JSON.stringify({ apiKey: SECRET }), 'application/json')).status).toBe(415);
    expect(
      (await post(`_csrf=${form.csrf ?? ''}&apiKey=${'x'.repeat(70_000)}`, 'application/x-www-form-urlencoded')).status,
    ).toBe(413);
    expect((await page.fetch(new Request(flow.url, { method: 'PUT', body: 'x' }))).status).toBe(405);
    expect((await page.fetch(new Request(`${ORIGIN}/secrets/${'a'.repeat(22)}`))).status).toBe(404);
    expect((await page.fetch(new Request(`${ORIGIN}/elsewhere/${flow.id}`))).status).toBe(404);
    expect((await page.fetch(new Request(`${flow.url}/extra`))).status).toBe(404);
  });

  it('never records or logs what the user typed', async () => {
    const logged: string[] = [];
    const { start, open, submit, records } = setup();
    const original = { log: console.log, error: console.error, warn: console.warn, info: console.info };
    for (const name of ['log', 'error', 'warn', 'info'] as const) {
      console[name] = (...args: unknown[]) => logged.push(args.map(String).join(' '));
    }
    try {
      const flow = await start();
      const form = await open(flow.url, 'alice');
      await submit(flow.url, 'alice', {
        cookie: form.cookie,
        csrf: form.csrf,
        values: { apiKey: `${SECRET}-bad`.slice(0, 5) },
      });
      const again = await open(flow.url, 'alice');
      await submit(flow.url, 'alice', { cookie: again.cookie, csrf: again.csrf });
      await submit(flow.url, 'alice', { cookie: again.cookie, csrf: again.csrf });
      await submit(flow.url, 'bob', { cookie: again.cookie, csrf: again.csrf });
    } finally {
      Object.assign(console, original);
    }
    expect(records.length).toBeGreaterThan(4);
    expect(JSON.stringify(records)).not.toContain(SECRET);
    expect(JSON.stringify(records)).not.toContain(SECRET.slice(0, 5));
    expect(logged).toEqual([]);
  });

  it('can live at the root of an origin (pages at <origin>/<id>)', async () => {
    const page = secretPage({
      url: 'http://127.0.0.1:1/',
      fields: { key: { type: 'string', title: 'Key' } },
      title: 'Key',
      identify: () => 'u',
      onSecret: () => undefined,
    });
    const flow = await page.flowsFor('u').start('t');
    expect(flow.url).toMatch(/^http:\/\/127\.0\.0\.1:1\/[\w-]{22}$/);
    const response = await page.fetch(new Request(flow.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toContain(`Path=/${flow.id};`);
    expect(response.headers.get('set-cookie')).not.toContain('Secure');
  });

  it('refuses a wrong definition at once', () => {
    const base = { url: 'https://x.test/s', title: 'T', identify: () => null, onSecret: () => undefined };
    expect(() => secretPage({ ...base, fields: {} })).toThrow(/at least one field/);
    expect(() => secretPage({ ...base, fields: { 'bad name': { type: 'string', title: 'x' } } })).toThrow(
      ElicitationDefinitionError,
    );
    expect(() => secretPage({ ...base, fields: { _csrf: { type: 'string', title: 'x' } } })).toThrow(
      ElicitationDefinitionError,
    );
    expect(() => secretPage({ ...base, fields: { a: { type: 'string', title: '' } } })).toThrow(/title/);
    expect(() => secretPage({ ...base, fields: { a: { type: 'string', title: 'A' } }, ttlMs: 0 })).toThrow(/ttlMs/);
    expect(() => secretPage({ ...base, fields: { a: { type: 'string', title: 'A' } }, key: 'short' })).toThrow(
      /32 bytes/,
    );
  });
});
