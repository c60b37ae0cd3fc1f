// The guide's step 6 done for the author: the out-of-band page a URL-mode question sends the user to, to enter a
// secret. Server-rendered HTML under a strict CSP (no script: a plain POST form), bound to one elicitation and to the
// user who started it (the author's `identify`), CSRF-checked, single-use and expiring. The secret goes to the
// author's `onSecret` only: never into an MCP message, never into a record. Completing the page completes the flow,
// which the kit turns into `notifications/elicitation/complete` (2025) or a retry that finds the round done (2026).
import { parseRequestedSchema, validateValues } from '@elicitation-kit/core';
import type { FieldDescriptor } from '@elicitation-kit/core';
import { ElicitationDefinitionError, urlQuestion } from '../question.js';
import type { LegacyUrlStyle, UrlFlow, UrlFlows, UrlQuestion } from '../question.js';
import { boundedText, cookieOf, createTokenSigner, crossSite, randomToken } from './guard.js';
import { contentSecurityPolicy, documentOf, formBody, messageBody } from './html.js';
import type { RenderedField } from './html.js';

/** One field of the page: a string the user types (a key, a token, a password). */
export interface SecretField {
  readonly type: 'string';
  /** The label. */
  readonly title: string;
  /** Shown under the label. */
  readonly description?: string;
  readonly minLength?: number;
  /** @default 4096 */
  readonly maxLength?: number;
  /** @default true */
  readonly required?: boolean;
  /** `password` masks what is typed. @default 'password' */
  readonly input?: 'password' | 'text';
}

/** The page's fields by name (letters, digits, `_` and `-`, starting with a letter). */
export type SecretFields = Readonly<Record<string, SecretField>>;

/** What the user entered: required fields always, optional ones when filled in. */
export type SecretValues<F extends SecretFields> = {
  [K in keyof F as F[K]['required'] extends false ? never : K]: string;
} & { [K in keyof F as F[K]['required'] extends false ? K : never]?: string };

/** What `onSecret` receives. */
export interface SecretSubmission<F extends SecretFields = SecretFields> {
  /** The user who started the elicitation, whom `identify` recognised on the page. */
  readonly userId: string;
  /** The flow id: the 2025 `elicitationId` (sealed in the 2026 round). */
  readonly elicitationId: string;
  /** The tool whose question started the page. */
  readonly tool: string;
  readonly values: SecretValues<F>;
}

/** Why the page refused a request. */
export type SecretPageRefusal =
  | 'unknown'
  | 'method'
  | 'not-signed-in'
  | 'other-user'
  | 'expired'
  | 'used'
  | 'cross-site'
  | 'csrf'
  | 'content-type'
  | 'too-large'
  | 'invalid'
  | 'failed';

/** One record of what the page did. Never a value the user typed. */
export interface SecretPageRecord {
  readonly event: 'started' | 'shown' | 'completed' | 'refused';
  readonly elicitationId?: string;
  readonly tool?: string;
  readonly userId?: string;
  /** `refused`: why. */
  readonly reason?: SecretPageRefusal;
  /** The HTTP status answered. */
  readonly status?: number;
  /** `refused` with `invalid`: the field names and rule codes (never the values). */
  readonly issues?: readonly { field: string; code: string }[];
  /** `completed`: the names of the fields saved. */
  readonly fields?: readonly string[];
}

/** Options of {@link secretPage}. */
export interface SecretPageOptions<F extends SecretFields> {
  /**
   * Where `page.fetch` is mounted, as users reach it: each page is `<url>/<id>` (e.g.
   * `https://mcp.example.com/secrets`). A function when it is known only later (a port picked at start).
   * `https:` outside loopback: the page carries a secret.
   */
  url: string | (() => string);
  /** The fields the page asks for (not the form's: this schema never goes to the client). */
  fields: F;
  /** The page's heading (and document title). */
  title: string;
  /** A paragraph under the heading: what the secret is for. */
  intro?: string;
  /** @default 'Save' */
  submitLabel?: string;
  /**
   * Who is on the page: the server's own identity (typically its session cookie), the same ids the tool gives
   * {@link SecretPage.question} for the MCP caller. `null` or `undefined`: nobody is signed in.
   */
  identify(request: Request): string | null | undefined | Promise<string | null | undefined>;
  /**
   * Receives the secret when the right user submits a valid form, once per page. The page completes (and the tool
   * call goes on) only after it resolves; when it throws, nothing completes and the user may reload and submit
   * again. Keep the values out of logs and out of tool results.
   */
  onSecret(submission: SecretSubmission<F>): void | Promise<void>;
  /**
   * Where a visitor who is not signed in is sent (`303`), given the page's path to come back to (validate it as
   * your own path before redirecting to it). Without it such a visitor gets a plain `401` page.
   */
  signInUrl?(returnTo: string): string;
  /** HMAC key of the CSRF tokens (32+ bytes). @default 32 random bytes per process */
  key?: string | Uint8Array;
  /** How long a link can be used after it was made. @default 600000 (10 minutes) */
  ttlMs?: number;
  /** The most pages kept (oldest forgotten first). @default 10000 */
  capacity?: number;
  /** Sees every record (started, shown, completed, refused). Never holds what the user typed. */
  onRecord?(record: SecretPageRecord): void;
  /** The clock (tests). @default Date.now */
  now?: () => number;
}

/** Options of {@link SecretPage.question}. */
export interface SecretQuestionOptions {
  /** Shown to the user with the link: what the page is for. */
  message: string;
  /** The MCP caller, as your server knows them (e.g. from `call.ctx.http?.authInfo`): only they may use the page. */
  userId: string;
  legacy?: LegacyUrlStyle;
  patienceMs?: number;
  requiredMessage?: string;
}

/** A secret page: its handler and the URL questions that point to it. */
export interface SecretPage {
  /** Serves `GET` (the form) and `POST` (its submission) of `<url>/<id>`; anything else is `404` or `405`. */
  fetch(request: Request): Promise<Response>;
  /** Flows bound to one user: pages they start only they can use; another user's flow is unknown here. */
  flowsFor(userId: string): UrlFlows;
  /** A URL question whose page is this one, for `userId` (build it per call: `questions: (call) => …`). */
  question(options: SecretQuestionOptions): UrlQuestion;
}

/** A link's default lifetime: ten minutes. */
export const DEFAULT_SECRET_PAGE_TTL_MS = 600_000;
/** How long a completed (or expired) page is remembered, so that a late 2026 retry still finds it. */
const REMEMBER_MS = 20 * 60_000;
const DEFAULT_CAPACITY = 10_000;
const DEFAULT_MAX_LENGTH = 4096;
/** The largest form body read (the fields at their maximum length, percent-encoded, fit many times). */
const MAX_BODY_BYTES = 64 * 1024;
const FIELD_NAME = /^[A-Za-z][\w-]{0,63}$/;
const PAGE_ID = /^[\w-]{22}$/;
const FORM_COOKIE = 'ek_secret_form';

interface PageState {
  readonly id: string;
  readonly userId: string;
  readonly tool: string;
  readonly expiresAt: number;
  state: 'open' | 'saving' | 'completed';
  /** The cookie value of the one form that may be submitted (the last one rendered); used once. */
  form: string | undefined;
  readonly listeners: Set<() => void>;
}

function definitionError(message: string, property?: string): ElicitationDefinitionError {
  return new ElicitationDefinitionError(`secretPage: ${message}`, {
    problem: 'definition',
    ...(property === undefined ? {} : { property }),
  });
}

/** Checks the fields and turns them into core's descriptors (for core's messages) and the rendered inputs. */
function compileFields(fields: SecretFields): { descriptors: FieldDescriptor[]; rendered: RenderedField[] } {
  const entries = Object.entries(fields);
  if (entries.length === 0) {
    throw definitionError('`fields` must name at least one field');
  }
  const properties: Record<string, unknown> = {};
  for (const [name, field] of entries) {
    if (!FIELD_NAME.test(name)) {
      throw definitionError(`field "${name}": a name is a letter, then letters, digits, _ or - (64 at most)`, name);
    }
    if (field.type !== 'string' || typeof field.title !== 'string' || field.title === '') {
      throw definitionError(`field "${name}": a field is { type: 'string', title, … }`, name);
    }
    properties[name] = {
      type: 'string',
      title: field.title,
      ...(field.description === undefined ? {} : { description: field.description }),
      ...(field.minLength === undefined ? {} : { minLength: field.minLength }),
      maxLength: field.maxLength ?? DEFAULT_MAX_LENGTH,
    };
  }
  const required = entries.filter(([, field]) => field.required !== false).map(([name]) => name);
  const parsed = parseRequestedSchema({ type: 'object', properties, required });
  if (!parsed.ok) {
    throw definitionError(parsed.error.message);
  }
  const rendered = entries.map(([name, field]) => ({
    name,
    title: field.title,
    description: field.description,
    required: field.required !== false,
    input: field.input ?? 'password',
    minLength: field.minLength,
    maxLength: field.maxLength ?? DEFAULT_MAX_LENGTH,
    error: undefined,
  }));
  return { descriptors: [...parsed.fields], rendered };
}

/** An HTML answer with the page's security headers. */
function respond(
  status: number,
  nonce: string,
  title: string,
  body: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(documentOf(nonce, title, body), {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': contentSecurityPolicy(nonce),
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      // Same-origin: the form's own POST then carries its real Origin (with no-referrer browsers send `null`).
      'Referrer-Policy': 'same-origin',
      'Cache-Control': 'no-store',
      ...headers,
    },
  });
}

/**
 * The out-of-band page for secrets (the guide's step 6). `urlQuestion` points to it through
 * {@link SecretPage.question}; mount {@link SecretPage.fetch} at `url` (`toNodeHandler({ fetch: page.fetch })` from
 * `@modelcontextprotocol/node` on Node).
 *
 * - Renders `fields` as a plain HTML form (no script; `default-src 'none'`, a nonce'd stylesheet, `form-action
 *   'self'`, never framed), every string escaped, nothing typed ever written back.
 * - Only the user the page was started for may use it: `identify(request)` must return that user (`403` otherwise;
 *   nobody signed in: `signInUrl` or `401`).
 * - A POST must come from the page itself: `Sec-Fetch-Site: same-origin` and the page's `Origin` when the browser
 *   sends them, and a CSRF token bound to the page, the user and a `SameSite=Strict` cookie set with the form.
 * - Single-use and expiring: one successful submission (`409` after it), each rendered form submitted at most once,
 *   links dead after `ttlMs` (`410`).
 * - The values go to `onSecret` and nowhere else; records (`onRecord`) never hold them.
 */
export function secretPage<const F extends SecretFields>(options: SecretPageOptions<F>): SecretPage {
  const { descriptors, rendered } = compileFields(options.fields);
  if (typeof options.title !== 'string' || options.title === '') {
    throw definitionError('`title` must be a non-empty string');
  }
  const ttlMs = options.ttlMs ?? DEFAULT_SECRET_PAGE_TTL_MS;
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) {
    throw definitionError('`ttlMs` must be a positive number');
  }
  const capacity = options.capacity ?? DEFAULT_CAPACITY;
  const now = options.now ?? Date.now;
  const signer = createTokenSigner(options.key);
  const pages = new Map<string, PageState>();
  const record = (entry: SecretPageRecord): void => options.onRecord?.(entry);

  /** Where the pages live: the origin, and the path without a trailing slash (`''` at the root). */
  const base = (): { origin: string; path: string; secure: boolean } => {
    const url = new URL(typeof options.url === 'function' ? options.url() : options.url);
    let path = url.pathname;
    while (path.endsWith('/')) {
      path = path.slice(0, -1);
    }
    return { origin: url.origin, path, secure: url.protocol === 'https:' };
  };
  const pageUrl = (id: string): string => {
    const { origin, path } = base();
    return `${origin}${path}/${id}`;
  };

  /** Forgets pages past their memory, then the oldest beyond capacity. */
  const trim = (): void => {
    const time = now();
    for (const [id, page] of pages) {
      if (time > page.expiresAt + REMEMBER_MS) {
        pages.delete(id);
      }
    }
    while (pages.size > capacity) {
      const oldest = pages.keys().next();
      if (oldest.done === true) {
        return;
      }
      pages.delete(oldest.value);
    }
  };

  const complete = (page: PageState): void => {
    page.state = 'completed';
    page.form = undefined;
    const listeners = [...page.listeners];
    page.listeners.clear();
    for (const listener of listeners) {
      listener();
    }
  };

  const flowsFor = (userId: string): UrlFlows => {
    if (typeof userId !== 'string' || userId === '') {
      throw definitionError('a page is started for a user: `userId` must be a non-empty string');
    }
    /** The page `id` when it is this user's and still usable (or done). */
    const mine = (id: string): PageState | undefined => {
      const page = pages.get(id);
      if (page?.userId !== userId) {
        return undefined;
      }
      return page.state === 'completed' || now() <= page.expiresAt ? page : undefined;
    };
    const onComplete = (id: string, listener: () => void): void => {
      const page = mine(id);
      if (page?.state === 'completed') {
        listener();
      } else {
        page?.listeners.add(listener);
      }
    };
    return {
      start(tool) {
        trim();
        const id = randomToken(16);
        pages.set(id, {
          id,
          userId,
          tool,
          expiresAt: now() + ttlMs,
          state: 'open',
          form: undefined,
          listeners: new Set(),
        });
        record({ event: 'started', elicitationId: id, tool, userId });
        return { id, url: pageUrl(id), completed: false };
      },
      get(id): UrlFlow | undefined {
        const page = mine(id);
        return page === undefined ? undefined : { id, url: pageUrl(id), completed: page.state === 'completed' };
      },
      onComplete,
      waitFor(id, signal) {
        return new Promise<void>((resolve, reject) => {
          if (signal.aborted) {
            reject(signal.reason);
            return;
          }
          const done = (): void => {
            signal.removeEventListener('abort', onAbort);
            resolve();
          };
          const onAbort = (): void => {
            pages.get(id)?.listeners.delete(done);
            reject(signal.reason);
          };
          signal.addEventListener('abort', onAbort, { once: true });
          onComplete(id, done);
        });
      },
    };
  };

  const refuse = (
    status: number,
    reason: SecretPageRefusal,
    message: string,
    page?: PageState,
    headers?: Record<string, string>,
  ): Response => {
    record({
      event: 'refused',
      reason,
      status,
      ...(page === undefined ? {} : { elicitationId: page.id, tool: page.tool, userId: page.userId }),
    });
    return respond(status, randomToken(16), 'Not available', messageBody('refused', 'Not available', message), headers);
  };

  /** A fresh form: a new cookie for this browser, the token that binds it to the page and the user. */
  const renderForm = async (
    page: PageState,
    path: string,
    secure: boolean,
    status: number,
    errors: ReadonlyMap<string, string>,
    problem: string | undefined,
  ): Promise<Response> => {
    const cookie = randomToken(32);
    page.form = cookie;
    const csrf = await signer.sign([page.id, page.userId, cookie]);
    const nonce = randomToken(16);
    const maxAge = Math.max(1, Math.ceil((page.expiresAt - now()) / 1000));
    const body = formBody({
      title: options.title,
      intro: options.intro,
      submitLabel: options.submitLabel ?? 'Save',
      action: path,
      csrf,
      fields: rendered.map((field) => ({ ...field, error: errors.get(field.name) })),
      problem,
    });
    return respond(status, nonce, options.title, body, {
      'Set-Cookie': `${FORM_COOKIE}=${cookie}; Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
    });
  };

  const submit = async (page: PageState, request: Request, path: string, secure: boolean): Promise<Response> => {
    const clearCookie = {
      'Set-Cookie': `${FORM_COOKIE}=; Path=${path}; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
    };
    const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') {
      return refuse(415, 'content-type', 'This page takes its own form only.', page);
    }
    const text = await boundedText(request, MAX_BODY_BYTES);
    if (text === undefined) {
      return refuse(413, 'too-large', 'What was sent is too large for this form.', page);
    }
    const form = new URLSearchParams(text);
    const cookie = cookieOf(request, FORM_COOKIE);
    const token = form.get('_csrf') ?? '';
    const fresh = cookie !== undefined && cookie === page.form;
    if (fresh) {
      // The form is used now, before anything is awaited: a second copy of this POST finds it gone.
      page.form = undefined;
    }
    if (!fresh || !(await signer.verify([page.id, page.userId, cookie], token))) {
      return refuse(
        403,
        'csrf',
        'This form could not be verified: it is out of date or did not come from this page. Reload the page and try again.',
        page,
      );
    }
    const values: Record<string, string> = {};
    for (const field of rendered) {
      const value = form.get(field.name);
      if (value !== null && value !== '') {
        values[field.name] = value;
      }
    }
    const issues = validateValues(descriptors, values);
    if (issues.length > 0) {
      record({
        event: 'refused',
        reason: 'invalid',
        status: 400,
        elicitationId: page.id,
        tool: page.tool,
        userId: page.userId,
        issues: issues.map((issue) => ({ field: issue.field, code: issue.code })),
      });
      const errors = new Map(issues.map((issue) => [issue.field, issue.message]));
      return renderForm(page, path, secure, 400, errors, 'Nothing was saved. Check the fields below.');
    }
    page.state = 'saving';
    try {
      await options.onSecret({
        userId: page.userId,
        elicitationId: page.id,
        tool: page.tool,
        values: values as SecretValues<F>,
      });
    } catch {
      // The author's error is not recorded: it may quote what was typed.
      page.state = 'open';
      return refuse(
        500,
        'failed',
        'This could not be saved, and nothing was completed. Reload the page to try again.',
        page,
        clearCookie,
      );
    }
    complete(page);
    record({
      event: 'completed',
      status: 200,
      elicitationId: page.id,
      tool: page.tool,
      userId: page.userId,
      fields: Object.keys(values),
    });
    return respond(
      200,
      randomToken(16),
      'Done',
      messageBody('done', 'Done', 'Saved. You can close this tab and go back to the app.'),
      clearCookie,
    );
  };

  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const root = base();
    const prefix = `${root.path}/`;
    const id = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : '';
    const page = PAGE_ID.test(id) ? pages.get(id) : undefined;
    if (page === undefined) {
      return refuse(404, 'unknown', 'This link is unknown or has expired. Go back to the app and start again.');
    }
    const path = `${root.path}/${id}`;
    const secure = root.secure;
    if (request.method !== 'GET' && request.method !== 'POST') {
      return refuse(405, 'method', 'This page only shows its form and takes it back.', page, { Allow: 'GET, POST' });
    }
    if (request.method === 'POST') {
      const foreign = crossSite(request, root.origin);
      if (foreign !== undefined) {
        return refuse(403, 'cross-site', 'This form can only be sent from its own page.', page);
      }
    }
    const userId = await options.identify(request);
    if (userId === null || userId === undefined || userId === '') {
      if (request.method === 'GET' && options.signInUrl !== undefined) {
        record({ event: 'refused', reason: 'not-signed-in', status: 303, elicitationId: page.id, tool: page.tool });
        return new Response(null, {
          status: 303,
          headers: { Location: options.signInUrl(path), 'Cache-Control': 'no-store' },
        });
      }
      return refuse(401, 'not-signed-in', 'Sign in first, then open this link again.', page);
    }
    if (userId !== page.userId) {
      return refuse(403, 'other-user', 'This page belongs to another user. Nothing was shown or saved.', page);
    }
    if (page.state === 'completed') {
      return request.method === 'GET'
        ? respond(
            200,
            randomToken(16),
            'Done',
            messageBody('done', 'Done', 'This step is complete. Nothing more to do here.'),
          )
        : refuse(409, 'used', 'This form was already submitted. Nothing was saved again.', page);
    }
    if (now() > page.expiresAt) {
      return refuse(410, 'expired', 'This link has expired. Go back to the app and start again.', page);
    }
    if (page.state === 'saving') {
      return refuse(409, 'used', 'This form is being saved already. Nothing was saved again.', page);
    }
    if (request.method === 'POST') {
      return submit(page, request, path, secure);
    }
    record({ event: 'shown', elicitationId: page.id, tool: page.tool, userId });
    return renderForm(page, path, secure, 200, new Map(), undefined);
  };

  return {
    fetch,
    flowsFor,
    question: ({ message, userId, ...rest }) => urlQuestion({ message, flows: flowsFor(userId), ...rest }),
  };
}
