'use client';
// The dialog's parts, shaped like Radix: `Elicitation.Root` holds one request's core session (values, issues, the
// single answer) and the native modal `<dialog>`; every other part reads the session and renders one piece. Import as
// a namespace: `import { Elicitation } from '@elicitation-kit/react'`, then `<Elicitation.Root>`, `<Elicitation.Title>`…
import { fieldHints, revealInvisible } from '@elicitation-kit/core';
import type {
  ElicitationSession,
  ElicitationSessionSnapshot,
  ElicitResult,
  FieldDescriptor,
  FormValues,
  ParsedElicitation,
  ProtocolEra,
  ValidationIssue,
} from '@elicitation-kit/core';
// The Form component itself: rjsf's root index also pulls its test registry, which imports @rjsf/validator-ajv8 (not
// a dependency of @rjsf/core, and never needed here), so an app that installs only what this README says fails to build.
import Form from '@rjsf/core/lib/components/Form.js';
import { ErrorSchemaBuilder } from '@rjsf/utils';
import type { ErrorSchema } from '@rjsf/utils';
import { createContext, useCallback, useContext, useId, useMemo, useRef, useState } from 'react';
import type { CSSProperties, MouseEvent, ReactElement, ReactNode, RefObject } from 'react';
import { part } from './parts.js';
import { templates, toRjsfForm, widgets } from './rjsf/theme.js';
import type { ElicitationFormContext } from './rjsf/theme.js';
import { formValidator } from './rjsf/validator.js';
import { defaultStrings } from './strings.js';
import type { ElicitationStrings } from './strings.js';
import { useBrowserLayoutEffect, useElicitationSession, useSessionSnapshot } from './use-elicitation-session.js';

/** The server that asks, as the host knows it. Shown in the dialog title. */
export interface ElicitationServer {
  name: string;
  title?: string;
  url?: string;
}

/**
 * A queue entry as `@elicitation-kit/mcp` produces it (any object of this shape works): its id is the request's
 * identity, its era decides whether URL mode waits for "I'm done", and an aborted signal closes the dialog.
 */
export interface ElicitationEntry {
  id: string;
  request: ParsedElicitation;
  server: ElicitationServer;
  era?: ProtocolEra;
  signal?: AbortSignal;
  /**
   * URL mode: the server asks for a page the user already accepted on this connection (the mcp package's
   * `askedAgain`): the dialog says the server does not count the step as finished yet.
   */
  askedAgain?: boolean;
}

interface RootBaseProps {
  /** Called exactly once per request with the user's answer. */
  onRespond: (result: ElicitResult) => void;
  /** Controlled visibility. Hiding the dialog does not answer. */
  open?: boolean;
  /** Uncontrolled initial visibility. @default true */
  defaultOpen?: boolean;
  /** Called with `false` when the dialog closes by itself (the request was answered or withdrawn). */
  onOpenChange?: (open: boolean) => void;
  /** Replacement strings (i18n). */
  strings?: Partial<ElicitationStrings>;
  /** Offer only Decline and Cancel when a form asks for secret-looking fields. @default false */
  blockSensitive?: boolean;
  /** Requests waiting behind this one, shown in the header. @default 0 */
  pendingCount?: number;
  className?: string;
  style?: CSSProperties;
  /** Element to focus on open, instead of the first field (or `[data-autofocus]`). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Cancel when the user clicks the backdrop. Off by default: it would throw away typed input. @default false */
  closeOnInteractOutside?: boolean;
  /**
   * Opens the page of a URL-mode request after the user chose "Open". Defaults to a new top-level tab:
   * `window.open(href, '_blank', 'noopener,noreferrer')`. Never use an iframe.
   */
  onOpenUrl?: (href: string) => void;
  /** Called with the form's values after each edit (form mode). Not an answer: only `onRespond` answers. */
  onValuesChange?: (values: FormValues) => void;
}

/** What the request is: a queue `entry` as is, or a `request` with its `server` (and `era`). */
export type ElicitationSource =
  | { entry: ElicitationEntry; request?: never; server?: never; era?: never }
  | { entry?: never; request: ParsedElicitation; server: ElicitationServer; era?: ProtocolEra };

/** The options of {@link Root} and of the ready dialog. */
export type ElicitationOptions = RootBaseProps & ElicitationSource;

/** Props of {@link Root}: the options, and the parts as `children` (in any layout). */
export type RootProps = ElicitationOptions & { children?: ReactNode };

/** What the parts share; read it with {@link useElicitation} to build your own parts. */
export interface ElicitationContextValue {
  session: ElicitationSession;
  request: ParsedElicitation;
  server: ElicitationServer;
  strings: ElicitationStrings;
  pendingCount: number;
  /** URL mode: the server asks again for a page the user already accepted ({@link ElicitationEntry.askedAgain}). */
  askedAgain: boolean;
  /** Ids of the title, the message and the form (for `aria-*` and the submit button's `form`). */
  ids: { title: string; message: string; form: string };
  /** URL mode: the user chose Open (opens the page through `onOpenUrl`; answers per the era). */
  openUrl: () => void;
}

interface InternalContext extends ElicitationContextValue {
  describe: (on: boolean) => void;
  changed: (values: FormValues) => void;
}

const Context = createContext<InternalContext | null>(null);

function useParts(name: string): InternalContext {
  const context = useContext(Context);
  if (context === null) {
    throw new Error(`<Elicitation.${name}> must be rendered inside <Elicitation.Root> (or <ElicitationDialog>).`);
  }
  return context;
}

/** The dialog's shared state and the session's current snapshot, for custom parts inside {@link Root}. */
export function useElicitation(): ElicitationContextValue & { snapshot: ElicitationSessionSnapshot } {
  const context = useParts('useElicitation');
  return { ...context, snapshot: useSessionSnapshot(context.session) };
}

const openInNewTab = (href: string): void => {
  window.open(href, '_blank', 'noopener,noreferrer');
};
const focusOnMount = (element: HTMLElement | null): void => element?.focus();

/**
 * The modal: a native `<dialog>` shown with `showModal()` (inert background, top layer, Escape = cancel). Holds the
 * request's session: a re-render with a re-parsed copy of the same request (same entry id, or same content) continues
 * it; a new request starts a new one. Answers exactly once, then closes with every control inert. Focuses the first
 * field on open and restores focus on close.
 */
export function Root(props: RootProps): ReactElement {
  const request = props.entry?.request ?? props.request!;
  const server = props.entry?.server ?? props.server!;
  const era = props.entry?.era ?? props.era;
  const pendingCount = props.pendingCount ?? 0;
  const askedAgain = props.entry?.askedAgain === true;
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  // Whether the kit wants the dialog open: a `close` event while it does came from the browser, not from the kit.
  const expectOpen = useRef(false);
  // The latest props, read by callbacks: a new `onRespond` or `onValuesChange` must not rebuild the context.
  const latest = useRef(props);
  useBrowserLayoutEffect(() => {
    latest.current = props;
  });
  const strings = useMemo(() => ({ ...defaultStrings, ...props.strings }), [props.strings]);
  const session = useElicitationSession(request, {
    ...(props.entry !== undefined && { id: props.entry.id }),
    ...(era !== undefined && { era }),
    ...(props.blockSensitive !== undefined && { blockSensitive: props.blockSensitive }),
    ...(strings.issues !== undefined && { messages: strings.issues }),
    onAnswer: (result) => {
      latest.current.onRespond(result);
      latest.current.onOpenChange?.(false);
    },
  });
  const snapshot = useSessionSnapshot(session);
  const [described, describe] = useState(false);
  const withdrawn = useSignalAborted(props.entry?.signal);
  const shown = (props.open ?? props.defaultOpen ?? true) && snapshot.status === 'open' && !withdrawn;

  const context = useMemo<InternalContext>(
    () => ({
      session,
      request: session.request,
      server,
      strings,
      pendingCount,
      askedAgain,
      ids: { title: `${id}title`, message: `${id}message`, form: `${id}form` },
      openUrl: () => {
        const outcome = session.open();
        if (outcome.ok) {
          (latest.current.onOpenUrl ?? openInNewTab)(outcome.href);
        }
      },
      describe,
      changed: (values) => latest.current.onValuesChange?.(values),
    }),
    [session, server, strings, pendingCount, askedAgain, id],
  );

  // A layout effect, not a passive one: when the host unmounts the dialog right after the answer, a layout cleanup
  // runs during the commit, before React removes the still-open modal <dialog>; a passive cleanup would run after,
  // and in Chromium focusing the opener then lands on <body>.
  useBrowserLayoutEffect(() => {
    const dialog = ref.current;
    if (!shown || !dialog) return undefined;
    const previous = document.activeElement;
    if (!dialog.open) dialog.showModal();
    const invalid = dialog.querySelector('[data-part=field][data-invalid]');
    const target =
      latest.current.initialFocus?.current ??
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      (invalid ?? dialog).querySelector<HTMLElement>('[data-part=field] :is(input, select):not(:disabled)') ??
      dialog;
    target.focus();
    expectOpen.current = true;
    return () => {
      expectOpen.current = false;
      dialog.close();
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
    // A new session (the next request) opens the dialog afresh, even when it stays shown in between.
  }, [shown, session]);

  // Answered: every control inert (set on the element: React 18 and 19 disagree on how to render the attribute).
  const answered = snapshot.status === 'answered';
  useBrowserLayoutEffect(() => {
    ref.current?.toggleAttribute('inert', answered);
  }, [answered]);

  const onClick = (event: MouseEvent<HTMLDialogElement>): void => {
    // A click whose target is the dialog itself and that lies outside its box landed on the ::backdrop.
    if (!props.closeOnInteractOutside || event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const { clientX: x, clientY: y } = event;
    if (x < box.left || x > box.right || y < box.top || y > box.bottom) session.cancel();
  };

  return (
    <Context.Provider value={context}>
      {/* A modal dialog's own interaction: a click on its ::backdrop (Escape arrives as the cancel event). */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/click-events-have-key-events */}
      <dialog
        ref={ref}
        {...part('root')}
        data-mode={session.request.mode}
        data-state={shown ? 'open' : 'closed'}
        className={props.className}
        style={props.style}
        tabIndex={-1}
        aria-modal="true"
        aria-labelledby={context.ids.title}
        aria-describedby={described ? context.ids.message : undefined}
        onCancel={(event) => {
          // Escape or another close request: answer cancel; the dialog closes when the answer is recorded.
          event.preventDefault();
          session.cancel();
        }}
        onClose={(event) => {
          // Closed by the browser itself: Chromium stops letting a page prevent repeated Escapes without user
          // activation in between, and then closes the dialog. The user asked to close it: that is cancel. (The
          // event is asynchronous: a dialog open again by then was closed and reopened by the kit.)
          if (expectOpen.current && !event.currentTarget.open) session.cancel();
        }}
        onClick={onClick}
      >
        {props.children}
      </dialog>
    </Context.Provider>
  );
}

/** Whether `signal` has aborted (re-rendering when it does). */
function useSignalAborted(signal: AbortSignal | undefined): boolean {
  const [aborted, setAborted] = useState(signal?.aborted ?? false);
  const [watched, setWatched] = useState(signal);
  if (watched !== signal) {
    setWatched(signal);
    setAborted(signal?.aborted ?? false);
  }
  useBrowserLayoutEffect(() => {
    if (signal === undefined || signal.aborted) return undefined;
    const onAbort = (): void => setAborted(true);
    signal.addEventListener('abort', onAbort);
    return () => signal.removeEventListener('abort', onAbort);
  }, [signal]);
  return aborted;
}

/** The title, naming the asking server (its title and name). The dialog's accessible name. */
export function Title(): ReactElement {
  const { server, strings, ids } = useParts('Title');
  const name = server.title && server.title !== server.name ? `${server.title} (${server.name})` : server.name;
  return (
    <h2 {...part('title')} id={ids.title}>
      {strings.title(name)}
    </h2>
  );
}

/** The asking server's URL (invisible characters shown) and the number of requests waiting behind this one. */
export function Server(): ReactElement | null {
  const { server, strings, pendingCount } = useParts('Server');
  if (!server.url && pendingCount === 0) return null;
  return (
    <>
      {server.url && (
        <p {...part('server')} dir="ltr">
          {revealInvisible(server.url)}
        </p>
      )}
      {pendingCount > 0 && <p {...part('pending')}>{strings.pending(pendingCount)}</p>}
    </>
  );
}

/** The header: {@link Title} and {@link Server} (sticky in the kit's stylesheet, so who asks stays in view). */
export function Header({ children }: { children?: ReactNode }): ReactElement {
  useParts('Header');
  return (
    <header {...part('header')}>
      {children ?? (
        <>
          <Title />
          <Server />
        </>
      )}
    </header>
  );
}

/** The server's message, as plain text; it describes the dialog (`aria-describedby`). */
export function Description(): ReactElement {
  const { request, ids, describe } = useParts('Description');
  useBrowserLayoutEffect(() => {
    describe(true);
    return () => describe(false);
  }, [describe]);
  return (
    <p {...part('message')} id={ids.message}>
      {request.message}
    </p>
  );
}

/** URL warnings (URL mode) or the secret-looking-fields warning (form mode). Renders nothing without warnings. */
export function Warnings(): ReactElement | null {
  const { session, request, strings } = useParts('Warnings');
  let lines: string[];
  if (request.mode === 'url') {
    lines = request.link.warnings.map((warning) => strings.urlWarning(warning));
  } else {
    const labels = session.sensitive.map(
      (item) => request.fields.find((field) => field.name === item.field)?.label ?? item.field,
    );
    lines = labels.length > 0 ? [strings.sensitive(labels)] : [];
    if (session.blocked) lines.push(strings.sensitiveBlocked);
  }
  if (lines.length === 0) return null;
  return (
    <ul {...part('warnings')}>
      {lines.map((line, index) => (
        <li key={index} {...part('warning')}>
          {line}
        </li>
      ))}
    </ul>
  );
}

/**
 * URL mode: the full link as left-to-right text with its site highlighted (core's `link.parts`; never a link, never
 * fetched), whether it is another site than the server's, why it cannot be opened, and — after Open, when the era
 * needs "I'm done" — what the dialog waits for; first, when the server asks again for a page the user already
 * accepted, that it does not count the step as finished yet.
 */
export function UrlConsent(): ReactElement | null {
  const { session, request, strings, askedAgain } = useParts('UrlConsent');
  const snapshot = useSessionSnapshot(session);
  if (request.mode !== 'url') return null;
  const { parts, canOpen, site, sameSiteAsServer } = request.link;
  return (
    <div {...part('url')}>
      {askedAgain && <p {...part('asked-again')}>{strings.urlAskedAgain}</p>}
      <p {...part('url-intro')}>{strings.urlIntro}</p>
      <code {...part('href')} dir="ltr">
        {revealInvisible(parts.before)}
        {parts.site && <strong {...part('host')}>{revealInvisible(parts.site)}</strong>}
        {revealInvisible(parts.after)}
      </code>
      {sameSiteAsServer === false && site !== '' && <p {...part('different-site')}>{strings.differentSite(site)}</p>}
      {!canOpen && <p {...part('blocked')}>{strings.urlBlocked}</p>}
      {snapshot.url?.opened && snapshot.url.needsDone && <output {...part('opened')}>{strings.urlOpened}</output>}
    </div>
  );
}

/** Core's issues as rjsf's error schema, by field name (so names with dots or brackets stay one field). */
function toErrorSchema(issues: readonly ValidationIssue[]): ErrorSchema {
  if (issues.length === 0) return NO_ERRORS;
  const builder = new ErrorSchemaBuilder();
  for (const issue of issues) {
    builder.addErrors(issue.message, issue.field === '' ? undefined : [issue.field]);
  }
  return builder.ErrorSchema;
}

const NO_FIELDS: readonly FieldDescriptor[] = [];
const NO_ERRORS: ErrorSchema = {};

/**
 * Form mode: the fields, rendered by rjsf's `Form` with the kit's widgets and templates. rjsf renders; the session
 * owns the values and the issues (core validates: no ajv, CSP-safe). Defaults are pre-filled; hints say up front what
 * each field accepts; Accept submits; an invalid submit keeps the input, shows a message at each field and focuses the
 * first invalid one (found inside this form, by ref). Renders nothing in URL mode or when blocked.
 */
export function Fields(): ReactElement | null {
  const { session, request, strings, ids, changed } = useParts('Fields');
  const snapshot = useSessionSnapshot(session);
  const fields = request.mode === 'form' ? session.fields : NO_FIELDS;
  const container = useRef<HTMLDivElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const form = useMemo(() => toRjsfForm(fields), [fields]);
  // rjsf requires a validator; it never decides anything here (noValidate): the session's issues are shown instead.
  const validator = useMemo(() => formValidator(fields, {}), [fields]);
  const hints = useMemo(
    () => new Map(fields.map((field) => [field.name, fieldHints(field).map(strings.hint)])),
    [fields, strings],
  );
  const formContext = useMemo<ElicitationFormContext>(() => ({ strings, hints }), [strings, hints]);
  const errorSchema = useMemo(() => toErrorSchema(snapshot.issues), [snapshot.issues]);
  const onChange = useCallback(
    ({ formData }: { formData?: unknown }) => {
      const values = (formData ?? {}) as FormValues;
      session.setValues(values);
      changed(session.getSnapshot().values);
    },
    [session, changed],
  );
  useBrowserLayoutEffect(() => {
    if (focusRequest === 0) return;
    container.current
      ?.querySelector<HTMLElement>('[data-part=field][data-invalid] :is(input, select):not(:disabled)')
      ?.focus();
  }, [focusRequest]);
  if (request.mode !== 'form' || session.blocked) return null;
  return (
    <div ref={container} {...part('form')}>
      <Form
        id={ids.form}
        idPrefix={ids.form}
        schema={form.schema}
        uiSchema={form.uiSchema}
        validator={validator}
        widgets={widgets}
        templates={templates}
        formContext={formContext}
        formData={snapshot.values}
        extraErrors={errorSchema}
        showErrorList={false}
        noValidate
        noHtml5Validate
        disabled={snapshot.status === 'answered'}
        onChange={onChange}
        onSubmit={() => {
          const outcome = session.accept();
          if (!outcome.ok && outcome.reason === 'invalid') setFocusRequest((count) => count + 1);
        }}
      />
    </div>
  );
}

interface ActionButtonProps {
  action: string;
  label: string;
  onClick?: () => void;
  /** Submit the form instead of calling `onClick`. */
  submit?: boolean;
  /** Take focus when it appears. */
  focusOnAppear?: boolean;
}

function ActionButton({ action, label, onClick, submit, focusOnAppear }: ActionButtonProps): ReactElement {
  const { session, ids } = useParts('Actions');
  const snapshot = useSessionSnapshot(session);
  return (
    <button
      ref={focusOnAppear ? focusOnMount : undefined}
      {...part('action')}
      data-action={action}
      type={submit ? 'submit' : 'button'}
      form={submit ? ids.form : undefined}
      disabled={snapshot.status === 'answered'}
      onClick={onClick}
    >
      {label}
    </button>
  );
}

/** Answers `cancel` (dismissed without choosing). */
export function Cancel(): ReactElement {
  const { session, strings } = useParts('Cancel');
  return <ActionButton action="cancel" label={strings.cancel} onClick={() => session.cancel()} />;
}

/** Answers `decline` (refused explicitly). */
export function Decline(): ReactElement {
  const { session, strings } = useParts('Decline');
  return <ActionButton action="decline" label={strings.decline} onClick={() => session.decline()} />;
}

/**
 * Accepts. Form mode: submits the form (validated; nothing when blocked). URL mode: "Open <host>" when the link may be
 * opened, then — when the era needs it — "I'm done", which answers `accept`.
 */
export function Accept(): ReactElement | null {
  const { session, request, strings, openUrl } = useParts('Accept');
  const snapshot = useSessionSnapshot(session);
  if (request.mode === 'form') {
    return session.blocked ? null : <ActionButton action="accept" label={strings.accept} submit />;
  }
  if (snapshot.url?.opened && snapshot.url.needsDone) {
    // "I'm done" takes focus when it appears: the user needs it on return.
    return <ActionButton action="done" label={strings.urlDone} onClick={() => session.done()} focusOnAppear />;
  }
  return request.link.canOpen ? (
    <ActionButton action="open" label={strings.open(revealInvisible(request.link.host))} onClick={openUrl} />
  ) : null;
}

/** The answers: Cancel, Decline and Accept by default (sticky in the kit's stylesheet), or the buttons you pass. */
export function Actions({ children }: { children?: ReactNode }): ReactElement {
  useParts('Actions');
  return (
    <div {...part('actions')}>
      {children ?? (
        <>
          <Cancel />
          <Decline />
          <Accept />
        </>
      )}
    </div>
  );
}
