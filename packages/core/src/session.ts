// One owner per request: the values the user typed, which fields were touched, whether a submit was tried, the issues,
// the URL view's state, and the answer — given exactly once. Framework-free (no DOM): React subscribes with
// `useSyncExternalStore`, any other UI with `subscribe` / `getSnapshot`. Snapshots are immutable; every change makes a
// new one.
import { detectSensitiveFields } from './sensitive.js';
import type { ProtocolEra } from './protocol.js';
import type {
  ElicitContentValue,
  ElicitResult,
  FieldDescriptor,
  FormValues,
  ParsedElicitation,
  SensitiveField,
  ValidateOptions,
  ValidationIssue,
} from './types.js';
import { validateValues } from './validate.js';
import { initialValues, toContent } from './values.js';
import { define } from './json.js';

/** Options of {@link createElicitationSession}. */
export interface ElicitationSessionOptions extends ValidateOptions {
  /**
   * The era the request came from. In `modern` (2026-07-28) the client retries the call as soon as a URL request is
   * accepted, so a URL view must wait for "I'm done" before accepting; in `legacy` (2025) accepting only means "the
   * user agreed to open it". @default 'legacy'
   */
  era?: ProtocolEra;
  /** Refuse `accept` when the form asks for secret-looking fields (only Decline and Cancel remain). @default false */
  blockSensitive?: boolean;
  /** Called exactly once, with the answer. */
  onAnswer?: (result: ElicitResult) => void;
}

/** The URL view's state (URL mode only). */
export interface UrlViewState {
  /** The user agreed to open the page (pressed Open). */
  readonly consented: boolean;
  /** The page was handed to the host to open. */
  readonly opened: boolean;
  /** Whether "I'm done" is needed before accepting (derived from the era: `modern`). */
  readonly needsDone: boolean;
}

/** One immutable state of a session. */
export interface ElicitationSessionSnapshot {
  /** `answered` once the answer was given; every later answer is refused. */
  readonly status: 'open' | 'answered';
  /** The answer, once given. */
  readonly answer: ElicitResult | undefined;
  /** The values as the UI holds them (typed text in number fields included), starting from the defaults. */
  readonly values: Readonly<FormValues>;
  /** Names of the fields the user changed, in the order first changed. */
  readonly touched: readonly string[];
  /** Whether an `accept` was tried (issues are shown from then on). */
  readonly submitted: boolean;
  /** The current values' issues: empty until the first `accept`, then kept live. */
  readonly issues: readonly ValidationIssue[];
  /** The first issue message per field name (same visibility as `issues`). */
  readonly errors: Readonly<Record<string, string>>;
  /** The URL view (URL mode); `undefined` for a form. */
  readonly url: UrlViewState | undefined;
}

/** What an answering call did. */
export type SessionOutcome =
  | { ok: true; result: ElicitResult }
  | { ok: false; reason: 'answered' }
  | { ok: false; reason: 'invalid'; issues: readonly ValidationIssue[] }
  | { ok: false; reason: 'blocked' };

/** What {@link ElicitationSession.open} did: on success, the normalised link the host must open (never the raw URL). */
export type OpenOutcome =
  | { ok: true; href: string; answered: boolean }
  | { ok: false; reason: 'answered' | 'blocked' | 'not-url' };

/** One request's state and its single answer; see {@link createElicitationSession}. */
export interface ElicitationSession {
  /** The request this session answers. */
  readonly request: ParsedElicitation;
  /** The form's fields (empty in URL mode). */
  readonly fields: readonly FieldDescriptor[];
  /**
   * Secret-looking fields of the form, each with its `field` name and `label`: the parser's verdict
   * (`request.sensitive`), not judged again.
   */
  readonly sensitive: readonly SensitiveField[];
  /** Whether `accept` is refused because the form asks for secrets (`blockSensitive`). */
  readonly blocked: boolean;
  /** The current snapshot: the same object until something changes. */
  getSnapshot(): ElicitationSessionSnapshot;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Sets one field's value (`undefined` = unanswered) and marks it touched. Ignored once answered. */
  setValue(name: string, value: ElicitContentValue | undefined): void;
  /** Replaces all values (e.g. from a form library's change event); changed fields are marked touched. */
  setValues(values: FormValues): void;
  /** Validates; when valid, answers `accept` with the content (URL mode: accepts without content). */
  accept(): SessionOutcome;
  /** Answers `decline`. */
  decline(): SessionOutcome;
  /** Answers `cancel`. */
  cancel(): SessionOutcome;
  /**
   * URL mode: the user chose Open. Returns the link to open; in the `legacy` era this also answers `accept` (accepting
   * means agreeing to open it), in `modern` the session waits for {@link ElicitationSession.done}.
   */
  open(): OpenOutcome;
  /** URL mode, after `open`: the user has finished on the page; answers `accept`. */
  done(): SessionOutcome;
  /** Back to the defaults, issues hidden (not after the answer). */
  reset(): void;
}

const NO_FIELDS: readonly FieldDescriptor[] = [];
const ANSWERED: SessionOutcome = { ok: false, reason: 'answered' };
const BLOCKED: SessionOutcome = { ok: false, reason: 'blocked' };

/** The first message per field. */
function firstErrors(issues: readonly ValidationIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    if (!Object.hasOwn(errors, issue.field)) {
      define(errors, issue.field, issue.message);
    }
  }
  return errors;
}

/**
 * Creates the session of one parsed request: its values (from the defaults), touched fields, whether a submit was
 * tried, the issues (validated after the first submit, then live), the URL view's state and the answer, given
 * **exactly once** — later `accept` / `decline` / `cancel` calls change nothing and report `answered`. A new request
 * is a new session.
 * @example
 * const session = createElicitationSession(parsed.request, { era: 'modern', onAnswer: (result) => send(result) });
 * session.setValue('maxRows', '500');
 * const outcome = session.accept(); // { ok: false, reason: 'invalid', issues } or { ok: true, result }
 */
export function createElicitationSession(
  request: ParsedElicitation,
  options: ElicitationSessionOptions = {},
): ElicitationSession {
  const fields = request.mode === 'form' ? request.fields : NO_FIELDS;
  // The parser's verdict; a request built by hand without one is judged from its fields.
  const sensitive: readonly SensitiveField[] =
    request.mode === 'form'
      ? Object.freeze([
          ...((request.sensitive as SensitiveField[] | undefined) ?? detectSensitiveFields(request.fields)),
        ])
      : [];
  const blocked = options.blockSensitive === true && sensitive.length > 0;
  const validateOptions: ValidateOptions = options.messages === undefined ? {} : { messages: options.messages };
  const listeners = new Set<() => void>();

  const initialUrl = (): UrlViewState | undefined =>
    request.mode === 'url'
      ? Object.freeze({ consented: false, opened: false, needsDone: options.era === 'modern' })
      : undefined;

  let snapshot: ElicitationSessionSnapshot = Object.freeze({
    status: 'open',
    answer: undefined,
    values: Object.freeze(initialValues(fields)),
    touched: Object.freeze([]),
    submitted: false,
    issues: Object.freeze([]),
    errors: Object.freeze({}),
    url: initialUrl(),
  });

  /** Makes the next snapshot (issues recomputed when shown) and tells the listeners. */
  const update = (changes: Partial<ElicitationSessionSnapshot>): void => {
    const next = { ...snapshot, ...changes };
    if (changes.values !== undefined || changes.submitted !== undefined) {
      const issues = next.submitted ? validateValues(fields, next.values, validateOptions) : [];
      next.issues = Object.freeze(issues);
      next.errors = Object.freeze(firstErrors(issues));
    }
    snapshot = Object.freeze(next);
    for (const listener of listeners) {
      listener();
    }
  };

  const answer = (result: ElicitResult): SessionOutcome => {
    if (snapshot.status === 'answered') {
      return ANSWERED;
    }
    update({ status: 'answered', answer: Object.freeze(result) });
    options.onAnswer?.(result);
    return { ok: true, result };
  };

  const changeValues = (values: FormValues, names: readonly string[]): void => {
    const touched = [...snapshot.touched];
    for (const name of names) {
      if (!touched.includes(name)) {
        touched.push(name);
      }
    }
    update({ values: Object.freeze(values), touched: Object.freeze(touched) });
  };

  return {
    request,
    fields,
    sensitive,
    blocked,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    setValue(name, value) {
      if (snapshot.status === 'answered' || Object.is(snapshot.values[name], value)) {
        return;
      }
      const values: FormValues = { ...snapshot.values };
      define(values, name, value);
      changeValues(values, [name]);
    },
    setValues(values) {
      if (snapshot.status === 'answered') {
        return;
      }
      const changed = fields
        .map((field) => field.name)
        .filter((name) => !Object.is(snapshot.values[name], Object.hasOwn(values, name) ? values[name] : undefined));
      if (changed.length > 0) {
        const copy: FormValues = {};
        for (const field of fields) {
          if (Object.hasOwn(values, field.name)) {
            define(copy, field.name, values[field.name]);
          }
        }
        changeValues(copy, changed);
      }
    },
    accept() {
      if (snapshot.status === 'answered') {
        return ANSWERED;
      }
      if (request.mode === 'url') {
        return answer({ action: 'accept' });
      }
      if (blocked) {
        return BLOCKED;
      }
      const issues = validateValues(fields, snapshot.values, validateOptions);
      if (issues.length > 0) {
        update({ submitted: true });
        return { ok: false, reason: 'invalid', issues: snapshot.issues };
      }
      return answer({ action: 'accept', content: toContent(fields, snapshot.values) });
    },
    decline: () => answer({ action: 'decline' }),
    cancel: () => answer({ action: 'cancel' }),
    open() {
      if (request.mode !== 'url') {
        return { ok: false, reason: 'not-url' };
      }
      if (snapshot.status === 'answered') {
        return { ok: false, reason: 'answered' };
      }
      if (!request.link.canOpen) {
        return { ok: false, reason: 'blocked' };
      }
      const url = snapshot.url!;
      update({ url: Object.freeze({ ...url, consented: true, opened: true }) });
      if (!url.needsDone) {
        answer({ action: 'accept' });
      }
      return { ok: true, href: request.link.href, answered: !url.needsDone };
    },
    done() {
      if (snapshot.status === 'answered') {
        return ANSWERED;
      }
      if (request.mode !== 'url' || snapshot.url?.opened !== true) {
        return BLOCKED;
      }
      return answer({ action: 'accept' });
    },
    reset() {
      if (snapshot.status === 'answered') {
        return;
      }
      update({
        values: Object.freeze(initialValues(fields)),
        touched: Object.freeze([]),
        submitted: false,
        url: initialUrl(),
      });
    },
  };
}

/** Whether two JSON values (as parsing leaves them: no cycles, bounded depth) are equal; stops at the first difference. */
function sameJson(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) {
    return true;
  }
  if (
    typeof a !== 'object' ||
    typeof b !== 'object' ||
    a === null ||
    b === null ||
    Array.isArray(a) !== Array.isArray(b)
  ) {
    return false;
  }
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) {
    return false;
  }
  for (const key of aKeys) {
    if (!Object.hasOwn(b, key) || !sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) {
      return false;
    }
  }
  return true;
}

/**
 * Whether two parsed requests are the same request: the same object, or the same content (a form's message and
 * schema; a URL request's message, URL and `elicitationId`), so a UI can tell "the same request, parsed again"
 * (continue) from "a new request" (start over) without relying on object identity. No string is built and the walk
 * stops at the first difference, so a UI may call it on every render with a freshly parsed copy. Prefer the queue
 * entry's id when there is one.
 */
export function isSameRequest(a: ParsedElicitation, b: ParsedElicitation): boolean {
  if (a === b) {
    return true;
  }
  if (a.mode === 'form' && b.mode === 'form') {
    return a.message === b.message && sameJson(a.requestedSchema, b.requestedSchema);
  }
  if (a.mode === 'url' && b.mode === 'url') {
    return a.message === b.message && a.url === b.url && (a.elicitationId ?? null) === (b.elicitationId ?? null);
  }
  return false;
}
