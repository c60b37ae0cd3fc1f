'use client';
import { findSensitiveFields, initialValues, toContent } from '@elicitation-kit/core';
import type {
  ElicitResult,
  FieldDescriptor,
  FormValues,
  ParsedElicitation,
  SensitiveField,
} from '@elicitation-kit/core';
import Form from '@rjsf/core';
import type { RJSFValidationError } from '@rjsf/utils';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { CSSProperties, MouseEvent, ReactElement, ReactNode, RefObject } from 'react';
import { part, revealInvisible } from './parts.js';
import { templates, toRjsfForm, widgets } from './rjsf/theme.js';
import type { ElicitationFormContext } from './rjsf/theme.js';
import { formValidator } from './rjsf/validator.js';
import { defaultStrings } from './strings.js';
import type { ElicitationStrings } from './strings.js';

/** The server that asks, as the host knows it. Shown in the dialog title. */
export interface ElicitationServer {
  name: string;
  title?: string;
  url?: string;
}

/** Props of {@link ElicitationRoot} (and, without `children`, of {@link ElicitationDialog}). */
export interface ElicitationRootProps {
  /** The request, as parsed by core's `parseElicitation`. */
  request: ParsedElicitation;
  /** The asking server. */
  server: ElicitationServer;
  /** Called exactly once per request with the user's answer. */
  onRespond: (result: ElicitResult) => void;
  /** Whether the dialog is shown. Hiding it does not answer. @default true */
  open?: boolean;
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
   * Opens the URL of a URL-mode request after the user chose "Open". Defaults to a new top-level tab:
   * `window.open(href, '_blank', 'noopener,noreferrer')`. Never use an iframe.
   */
  onOpenUrl?: (href: string) => void;
  /**
   * URL mode: after "Open", keep the dialog and answer `accept` only when the user says they have finished.
   * Use it where accepting makes the client go on at once — the 2026-07-28 era, where the SDK retries the call as
   * soon as the answer is given (the server would find the step unfinished and ask again). In 2025 revisions
   * `accept` means only "agreed to open" and completion arrives separately, so the default answers on "Open".
   * @default false
   */
  confirmUrlDone?: boolean;
  /**
   * Called with the form's values after each edit (form mode), e.g. to preview `toContent(fields, values)` live.
   * Not an answer: only `onRespond` answers.
   */
  onValuesChange?: (values: FormValues) => void;
  /** The dialog's content: the parts. With {@link ElicitationDialog}, host content shown after the actions. */
  children?: ReactNode;
}

/** Props of {@link ElicitationDialog}: `children` is host content after the actions (e.g. a "Cancel all" button). */
export type ElicitationDialogProps = ElicitationRootProps;

/** What the parts share; read it with {@link useElicitationDialog} to build your own parts. */
export interface ElicitationDialogContext {
  request: ParsedElicitation;
  server: ElicitationServer;
  strings: ElicitationStrings;
  pendingCount: number;
  /** Ids of the title, the message and the form (for `aria-*` and the submit button's `form`). */
  ids: { title: string; message: string; form: string };
  /** Secret-looking fields (form mode). */
  sensitive: readonly SensitiveField[];
  /** Whether the form is blocked (`blockSensitive` and secret-looking fields): only Decline and Cancel. */
  blocked: boolean;
  /** Whether this request has been answered. */
  answered: boolean;
  /** Answers, once: later calls for the same request do nothing. */
  respond: (result: ElicitResult) => void;
  /** URL mode: opens the URL (if allowed) and answers `accept`, once (with `confirmUrlDone`, only opens it). */
  openUrl: () => void;
  /** URL mode with `confirmUrlDone`: whether the page was opened and the dialog waits for "I'm done". */
  opened: boolean;
}

interface InternalContext extends ElicitationDialogContext {
  describe: (on: boolean) => void;
  /** Reports edits to the host's `onValuesChange` (read through a ref: a new callback must not re-render parts). */
  changed: (values: FormValues) => void;
}

/** Node's `process`, typed for the `NODE_ENV` check only (the library compiles without Node's types). */
declare const process: { env: { NODE_ENV?: string } };

const Context = createContext<InternalContext | null>(null);

const useParts = () => {
  const context = useContext(Context);
  // A developer error, checked outside production builds (bundlers replace `process.env.NODE_ENV`).
  if (typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' && !context)
    throw new Error('Elicitation parts must be rendered inside <ElicitationRoot>.');
  return context!;
};

/** The dialog's shared state, for custom parts inside {@link ElicitationRoot}. */
export const useElicitationDialog: () => ElicitationDialogContext = useParts;

/** Layout effect in the browser, plain effect on the server (React 18 warns about layout effects there). */
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

const NO_FIELDS: FieldDescriptor[] = [];
const focusOnMount = (element: HTMLElement | null): void => element?.focus();
const openInNewTab = (href: string): void => {
  window.open(href, '_blank', 'noopener,noreferrer');
};

/**
 * The modal itself: a native `<dialog>` shown with `showModal()` (inert background, top layer, Escape = cancel), with
 * a fallback for engines without it (shown in place, Escape handled here). Focuses the first field on open and restores focus on close. Holds the state the
 * parts share and guarantees one answer per request.
 */
export function ElicitationRoot(props: ElicitationRootProps): ReactElement {
  const { request, server, onRespond, open = true, blockSensitive = false, pendingCount = 0, onOpenUrl } = props;
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const answeredRef = useRef<ParsedElicitation | null>(null);
  // The latest props, for callbacks and open-time reads that must not re-render parts or re-open the dialog
  // (a new `onValuesChange` or `initialFocus` object).
  const latest = useRef(props);
  useBrowserLayoutEffect(() => {
    latest.current = props;
  });
  const [answeredFor, setAnsweredFor] = useState<ParsedElicitation | null>(null);
  const [described, describe] = useState(false);
  const [openedFor, setOpenedFor] = useState<ParsedElicitation | null>(null);
  const opened = openedFor === request;
  const answered = answeredFor === request;
  const shown = open && !answered;
  const strings = useMemo(() => ({ ...defaultStrings, ...props.strings }), [props.strings]);
  const sensitive = useMemo(
    () => (request.mode === 'form' ? findSensitiveFields(request.requestedSchema) : []),
    [request],
  );

  const answer = useCallback(
    (result: ElicitResult) => {
      if (answeredRef.current === request) return;
      answeredRef.current = request;
      setAnsweredFor(request);
      onRespond(result);
    },
    [request, onRespond],
  );

  const context = useMemo(
    () => ({
      request,
      server,
      strings,
      pendingCount,
      ids: { title: `${id}title`, message: `${id}message`, form: `${id}form` },
      sensitive,
      blocked: blockSensitive && sensitive.length > 0,
      answered,
      respond: answer,
      openUrl: () => {
        // Once per request: opening answers `accept`, or (confirmUrlDone) waits for "I'm done".
        if (request.mode === 'url' && request.link.canOpen && answeredRef.current !== request) {
          (onOpenUrl ?? openInNewTab)(request.link.href);
          if (props.confirmUrlDone) setOpenedFor(request);
          else answer({ action: 'accept' });
        }
      },
      opened,
      describe,
      changed: (values: FormValues) => latest.current.onValuesChange?.(values),
    }),
    [
      request,
      server,
      strings,
      pendingCount,
      id,
      sensitive,
      blockSensitive,
      answered,
      answer,
      onOpenUrl,
      props.confirmUrlDone,
      opened,
    ],
  );

  // A layout effect, not a passive one: when the host unmounts the dialog right after the answer, a layout cleanup
  // runs during the commit, before React removes the still-open modal <dialog>; a passive cleanup would run after,
  // and in Chromium focusing the opener then lands on <body>.
  useBrowserLayoutEffect(() => {
    const dialog = ref.current;
    if (!shown || !dialog) return undefined;
    const previous = document.activeElement;
    // A native modal dialog; without showModal (engines before 2022, jsdom) it is shown in place and Escape is ours.
    if (dialog.showModal) {
      if (!dialog.open) dialog.showModal();
    } else dialog.open = true;
    const invalid = dialog.querySelector('[data-part=field][data-invalid]');
    const target =
      latest.current.initialFocus?.current ??
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      (invalid ?? dialog).querySelector<HTMLElement>('[data-part=field] :is(input, select):not(:disabled)') ??
      dialog;
    target.focus();
    // A developer warning, dropped from production builds (bundlers replace `process.env.NODE_ENV`).
    if (
      typeof process !== 'undefined' &&
      process.env.NODE_ENV !== 'production' &&
      !document.getElementById(`${id}title`)
    )
      console.warn(
        'ElicitationRoot: no title is rendered, so the dialog has no accessible name. Render <ElicitationHeader /> or an element with id useElicitationDialog().ids.title naming the server.',
      );
    return () => {
      if (dialog.close) dialog.close();
      else dialog.open = false;
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, [shown, id]);

  const cancel = (): void => answer({ action: 'cancel' });
  const onClick = (event: MouseEvent<HTMLDialogElement>): void => {
    // A click whose target is the dialog itself and that lies outside its box landed on the ::backdrop.
    if (!props.closeOnInteractOutside || event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const { clientX: x, clientY: y } = event;
    if (x < box.left || x > box.right || y < box.top || y > box.bottom) cancel();
  };

  return (
    <Context.Provider value={context}>
      {/* A modal dialog's own interactions: Escape (without showModal only) and a click on its ::backdrop. */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={ref}
        {...part('root')}
        data-mode={request.mode}
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
          cancel();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !event.currentTarget.showModal) cancel();
        }}
        onClick={onClick}
      >
        {props.children}
      </dialog>
    </Context.Provider>
  );
}

/** The title naming the asking server, its URL and the number of waiting requests. */
export function ElicitationHeader(): ReactElement {
  const { server, strings, ids, pendingCount } = useParts();
  const name = server.title && server.title !== server.name ? `${server.title} (${server.name})` : server.name;
  return (
    <header {...part('header')}>
      <h2 {...part('title')} id={ids.title}>
        {strings.title(name)}
      </h2>
      {server.url && (
        <p {...part('server')} dir="ltr">
          {revealInvisible(server.url)}
        </p>
      )}
      {pendingCount > 0 && <p {...part('pending')}>{strings.pending(pendingCount)}</p>}
    </header>
  );
}

/** The server's message, as plain text; it describes the dialog (`aria-describedby`). */
export function ElicitationMessage(): ReactElement {
  const { request, ids, describe } = useParts();
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
export function ElicitationWarnings(): ReactElement | null {
  const { request, strings, sensitive, blocked } = useParts();
  let lines: string[];
  if (request.mode === 'url') lines = request.link.warnings.map((warning) => strings.urlWarning(warning));
  else {
    const labels = sensitive.map(
      (item) => request.fields.find((field) => field.name === item.field)?.label ?? item.field,
    );
    lines = labels.length > 0 ? [strings.sensitive(labels)] : [];
    if (blocked) lines.push(strings.sensitiveBlocked);
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

/** Splits a URL into the text before its host, the host and the rest (the host is searched after any userinfo). */
export const splitHost = (href: string, host: string): [string, string, string] => {
  const scheme = href.indexOf('//');
  if (!host || scheme < 0) return [href, '', ''];
  const tail = href.slice(scheme + 2).search(/[/?#]/);
  const end = tail < 0 ? href.length : scheme + 2 + tail;
  const at = href.lastIndexOf('@', end);
  const index = href.indexOf(host, at > scheme ? at + 1 : scheme + 2);
  return index < 0 || index + host.length > end
    ? [href, '', '']
    : [href.slice(0, index), host, href.slice(index + host.length)];
};

/** URL mode: the full URL as left-to-right text with the host highlighted (never a link, never fetched). */
export function ElicitationUrl(): ReactElement | null {
  const { request, strings, opened } = useParts();
  if (request.mode !== 'url') return null;
  const { href, host, canOpen } = request.link;
  const [before, highlighted, after] = splitHost(href, host);
  return (
    <div {...part('url')}>
      <p {...part('url-intro')}>{strings.urlIntro}</p>
      <code {...part('href')} dir="ltr">
        {revealInvisible(before)}
        {highlighted && <strong {...part('host')}>{revealInvisible(highlighted)}</strong>}
        {revealInvisible(after)}
      </code>
      {!canOpen && <p {...part('blocked')}>{strings.urlBlocked}</p>}
      {opened && <output {...part('opened')}>{strings.urlOpened}</output>}
    </div>
  );
}

/** Numbers the requests shown, so a new request starts from a fresh form (a new React key). */
let generation = 0;
const keys = new WeakMap<ParsedElicitation, number>();
/** One form key per request object: a new request remounts the form (fresh values), a re-render does not. */
const keyOf = (request: ParsedElicitation): number => {
  let key = keys.get(request);
  if (key === undefined) keys.set(request, (key = ++generation));
  return key;
};

/**
 * Form mode: the fields, rendered by rjsf's `Form` with the kit's widgets and templates and validated by core. Defaults
 * are pre-filled; Accept (in {@link ElicitationActions}) submits; an invalid submit keeps the input, shows a message at
 * each field and focuses the first invalid one. Renders nothing in URL mode or when blocked.
 */
export function ElicitationFields(): ReactElement | null {
  const { request, strings, ids, blocked, respond, changed } = useParts();
  const fields = request.mode === 'form' ? request.fields : NO_FIELDS;
  const form = useMemo(() => toRjsfForm(fields), [fields]);
  const initial = useMemo(() => initialValues(fields), [fields]);
  const messages = strings.issues;
  // No customValidate here, so the dialog's validator leaves that support out of the bundle.
  const validator = useMemo(() => formValidator(fields, messages ? { messages } : {}), [fields, messages]);
  const formContext = useMemo<ElicitationFormContext>(() => ({ strings }), [strings]);
  const key = keyOf(request);
  // Validate as the user types only after a failed submit: no errors before the user has tried.
  const [triedFor, setTriedFor] = useState<ParsedElicitation | null>(null);
  if (request.mode !== 'form' || blocked) return null;
  const focusError = (error: RJSFValidationError): void => {
    const name = (error.params as { field?: string } | undefined)?.field;
    const root = document.getElementById(ids.form);
    const field = [...(root?.querySelectorAll<HTMLElement>('[data-part=field]') ?? [])].find(
      (element) => element.dataset.name === name,
    );
    field?.querySelector<HTMLElement>(':is(input, select):not(:disabled)')?.focus();
  };
  return (
    <Form
      key={key}
      id={ids.form}
      idPrefix={ids.form}
      schema={form.schema}
      uiSchema={form.uiSchema}
      validator={validator}
      widgets={widgets}
      templates={templates}
      formContext={formContext}
      initialFormData={initial}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError={focusError}
      liveValidate={triedFor === request ? 'onChange' : false}
      onError={() => setTriedFor(request)}
      onChange={({ formData }) => changed((formData ?? {}) as FormValues)}
      onSubmit={({ formData }) => respond({ action: 'accept', content: toContent(fields, formData ?? {}) })}
    />
  );
}

/**
 * The answers: Cancel and Decline always; Accept (submits the form) in form mode unless blocked; "Open <host>" in URL
 * mode when the URL may be opened (opens a new tab and answers `accept`, since accepting means agreeing to open it).
 */
export function ElicitationActions(): ReactElement {
  const { request, strings, ids, blocked, answered, respond, openUrl, opened } = useParts();
  const button = (action: string, label: string, onClick?: () => void): ReactElement => (
    <button
      // After "Open" (confirmUrlDone), "I'm done" takes focus when it appears: the user needs it on return.
      ref={action === 'done' ? focusOnMount : undefined}
      {...part('action')}
      data-action={action}
      type={onClick ? 'button' : 'submit'}
      form={onClick ? undefined : ids.form}
      disabled={answered}
      onClick={onClick}
    >
      {label}
    </button>
  );
  return (
    <div {...part('actions')}>
      {button('cancel', strings.cancel, () => respond({ action: 'cancel' }))}
      {button('decline', strings.decline, () => respond({ action: 'decline' }))}
      {request.mode === 'form'
        ? !blocked && button('accept', strings.accept)
        : opened
          ? button('done', strings.urlDone, () => respond({ action: 'accept' }))
          : request.link.canOpen && button('open', strings.open(revealInvisible(request.link.host)), openUrl)}
    </div>
  );
}

/**
 * The complete dialog: header naming the server, message, the URL (URL mode), warnings, the form (form mode) and the
 * actions, then `children` (host content, e.g. a "Cancel all" control). Calls `onRespond` exactly once per request.
 * For a custom layout, compose the parts inside {@link ElicitationRoot} instead.
 */
export function ElicitationDialog(props: ElicitationDialogProps): ReactElement {
  return (
    <ElicitationRoot {...props}>
      <ElicitationHeader />
      <ElicitationMessage />
      <ElicitationUrl />
      <ElicitationWarnings />
      <ElicitationFields />
      <ElicitationActions />
      {props.children}
    </ElicitationRoot>
  );
}
