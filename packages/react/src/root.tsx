'use client';
// `Elicitation.Root`: one request's session (values, issues, the single answer), shown as a native modal `<dialog>`
// (the default) or inline in the page flow (a labelled region, e.g. a card in a chat), with open / defaultOpen /
// onOpenChange as controllable state. Every other part reads the session through the context and renders one piece.
import type { ElicitResult, FormValues, ParsedElicitation, ProtocolEra } from '@elicitation-kit/core';
import type { RJSFSchema } from '@rjsf/utils';
import { forwardRef, useId, useMemo, useRef, useState } from 'react';
import type { ComponentPropsWithoutRef, MouseEvent, ReactElement, ReactNode, RefObject, SyntheticEvent } from 'react';
import { part } from './anatomy.js';
import { composeEventHandlers, useComposedRefs } from './compose.js';
import { ElicitationContext } from './context.js';
import type { ElicitationEntry, ElicitationPresentation, ElicitationServer, InternalContext } from './context.js';
import { createRegistry } from './rjsf/registry.js';
import type { ElicitationTheme } from './rjsf/registry.js';
import { defaultStrings } from './strings.js';
import type { ElicitationStrings } from './strings.js';
import { useBrowserLayoutEffect } from './use-browser-layout-effect.js';
import { useControllableState } from './use-controllable-state.js';
import { useElicitationSession, useSessionSnapshot } from './use-elicitation-session.js';

interface RootBaseProps {
  /** Called exactly once per request with the user's answer. */
  onRespond: (result: ElicitResult) => void;
  /** Controlled visibility. Hiding does not answer. */
  open?: boolean;
  /** Uncontrolled initial visibility, for each request. @default true */
  defaultOpen?: boolean;
  /** Called when the kit changes the visibility: `false` when the request was answered or withdrawn. */
  onOpenChange?: (open: boolean) => void;
  /**
   * `modal`: a native modal `<dialog>` over the page (inert background, Escape = cancel). `inline`: a labelled region
   * in the page flow, e.g. a card in a chat; focus moves to it once when it appears, there is no focus trap, and
   * Escape does not answer. @default 'modal'
   */
  presentation?: ElicitationPresentation;
  /** Replacement strings (i18n). */
  strings?: Partial<ElicitationStrings>;
  /** Offer only Decline and Cancel when a form asks for secret-looking fields. @default false */
  blockSensitive?: boolean;
  /** Requests waiting behind this one, shown in the header. @default 0 */
  pendingCount?: number;
  /** Element to focus when shown, instead of the first field (or `[data-autofocus]`, or the inline region). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Modal: cancel when the user clicks the backdrop. Off by default: it would throw away typed input. @default false */
  closeOnInteractOutside?: boolean;
  /**
   * Opens the page of a URL-mode request after the user chose "Open". Defaults to a new top-level tab:
   * `window.open(href, '_blank', 'noopener,noreferrer')`. Never use an iframe.
   */
  onOpenUrl?: (href: string) => void;
  /** Called with the form's values after each edit (form mode). Not an answer: only `onRespond` answers. */
  onValuesChange?: (values: FormValues) => void;
  /**
   * An rjsf theme (e.g. `import { Theme } from '@rjsf/mui'`): its widgets render the controls; the kit keeps the
   * labels, descriptions, hints and errors (plain text), core's validation and the accessibility wiring.
   */
  theme?: ElicitationTheme;
}

/** What the request is: a queue `entry` as is, or a `request` with its `server` (and `era`). */
export type ElicitationSource =
  | { entry: ElicitationEntry; request?: never; server?: never; era?: never }
  | { entry?: never; request: ParsedElicitation; server: ElicitationServer; era?: ProtocolEra };

/** The options of {@link Root} and of `<ElicitationDialog>`. */
export type ElicitationOptions = RootBaseProps & ElicitationSource;

/**
 * Props of {@link Root}: the options, the props of the element it renders (`<dialog>`, or `<section>` inline;
 * `className`, `style`, `aria-*`, handlers: the host's run first) and the parts as `children`, in any layout.
 */
export type RootProps = ElicitationOptions &
  Omit<ComponentPropsWithoutRef<'dialog'>, keyof RootBaseProps | 'children' | 'open'> & { children?: ReactNode };

const openInNewTab = (href: string): void => {
  window.open(href, '_blank', 'noopener,noreferrer');
};

/** The inline roots on the page that are open, in the order they appeared: focus goes to the next after an answer. */
const openInline = new Set<HTMLElement>();

/** Whether focus is inside an open inline elicitation other than `root` (then a new one does not take it). */
const focusInOtherInline = (root: HTMLElement): boolean =>
  [...openInline].some((other) => other !== root && other.contains(document.activeElement));

/**
 * The root: holds the request's session — a re-render with a re-parsed copy of the same request (same entry id, or
 * same content) continues it; a new request starts a new one — and presents the parts. Answers exactly once, then
 * closes with every control inert. Modal: focus goes to the first field (or `initialFocus`) and back to where it was
 * on close. Inline: focus moves to the region once when it appears and, after the answer, to the next open inline
 * question or back to where it was.
 */
export const Root = forwardRef<HTMLElement, RootProps>(function Root(props, forwardedRef): ReactElement {
  const {
    entry,
    request: requestProp,
    server: serverProp,
    era: eraProp,
    onRespond: _onRespond,
    open: openProp,
    defaultOpen,
    onOpenChange,
    presentation = 'modal',
    strings: stringsProp,
    blockSensitive,
    pendingCount = 0,
    initialFocus: _initialFocus,
    closeOnInteractOutside: _closeOnInteractOutside,
    onOpenUrl: _onOpenUrl,
    onValuesChange: _onValuesChange,
    theme,
    children,
    onCancel,
    onClose,
    onClick,
    ...elementProps
  } = props;
  const request = entry?.request ?? requestProp!;
  const server = entry?.server ?? serverProp!;
  const era = entry?.era ?? eraProp;
  const askedAgain = entry?.askedAgain === true;
  // A refused earlier answer: its content is where this dialog starts, its message is shown with the warnings.
  const refusedResult = entry?.refused?.result;
  const refused = entry?.refused?.message;
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  const refs = useComposedRefs<HTMLElement>(ref, forwardedRef);
  // Whether the kit wants the modal open: a `close` event while it does came from the browser, not from the kit.
  const expectOpen = useRef(false);
  // The latest props, read by callbacks: a new `onRespond` or `onValuesChange` must not rebuild the context.
  const latest = useRef(props);
  useBrowserLayoutEffect(() => {
    latest.current = props;
  });
  const strings = useMemo(() => ({ ...defaultStrings, ...stringsProp }), [stringsProp]);
  const session = useElicitationSession(request, {
    ...(entry !== undefined && { id: entry.id }),
    ...(era !== undefined && { era }),
    ...(blockSensitive !== undefined && { blockSensitive }),
    ...(strings.issues !== undefined && { messages: strings.issues }),
    ...(refusedResult?.action === 'accept' && refusedResult.content !== undefined && { values: refusedResult.content }),
    onAnswer: (result) => {
      latest.current.onRespond(result);
      setOpen(false);
    },
  });
  const [open, setOpen] = useControllableState({
    prop: openProp,
    defaultProp: defaultOpen ?? true,
    onChange: onOpenChange,
    resetKey: session,
  });
  const answered = useSessionSnapshot(session, (snapshot) => snapshot.status === 'answered');
  const [described, describe] = useState(false);
  const withdrawn = useSignalAborted(entry?.signal);
  useBrowserLayoutEffect(() => {
    if (withdrawn) setOpen(false);
  }, [withdrawn, setOpen]);
  // Answered or withdrawn closes it even when a controlled host keeps `open` true: one answer, then nothing.
  const shown = open && !answered && !withdrawn;

  const registry = useMemo(
    () =>
      createRegistry(
        (session.request.mode === 'form' ? session.request.requestedSchema : { type: 'object' }) as RJSFSchema,
        `${id}form`,
        theme,
      ),
    [session, theme, id],
  );
  // Stable for the session's life: the field rows take them as props, and a row must not re-render when the host
  // does (a controlled input re-rendered between the browser's edit and React's change event loses the keystroke).
  const callbacks = useMemo(
    () => ({
      openUrl: () => {
        const outcome = session.open();
        if (outcome.ok) {
          (latest.current.onOpenUrl ?? openInNewTab)(outcome.href);
        }
      },
      changed: () => latest.current.onValuesChange?.(session.getSnapshot().values),
    }),
    [session],
  );
  const context = useMemo<InternalContext>(
    () => ({
      session,
      request: session.request,
      server,
      strings,
      pendingCount,
      presentation,
      askedAgain,
      ids: { title: `${id}title`, message: `${id}message`, form: `${id}form` },
      ...callbacks,
      describe,
      registry,
      labels: theme?.labels ?? 'kit',
      shown,
      refused,
    }),
    [session, server, strings, pendingCount, presentation, askedAgain, id, callbacks, registry, theme, shown, refused],
  );
  const hasFields = session.fields.length > 0 && !session.blocked;

  // A layout effect, not a passive one: when the host unmounts the dialog right after the answer, a layout cleanup
  // runs during the commit, before React removes the element; a passive cleanup would run after, and in Chromium
  // focusing the opener then lands on <body>.
  useBrowserLayoutEffect(() => {
    const element = ref.current;
    if (!shown || !element) return undefined;
    const previous = document.activeElement;
    const explicit =
      latest.current.initialFocus?.current ?? element.querySelector<HTMLElement>('[data-autofocus]') ?? undefined;
    if (presentation === 'inline') {
      openInline.add(element);
      // Once when it appears, unless the user is busy in another inline question.
      if (explicit !== undefined) explicit.focus();
      else if (!focusInOtherInline(element)) element.focus();
      return () => {
        openInline.delete(element);
        const lost = element.contains(document.activeElement) || document.activeElement === document.body;
        if (!lost) return;
        const next = [...openInline][0];
        if (next !== undefined) next.focus();
        else if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
      };
    }
    const dialog = element as HTMLDialogElement;
    // showModal focuses the first focusable element: the first field of a form.
    if (!dialog.open) dialog.showModal();
    if (explicit !== undefined) explicit.focus();
    else if (!hasFields) dialog.focus();
    expectOpen.current = true;
    return () => {
      expectOpen.current = false;
      dialog.close();
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
    // A new session (the next request) opens afresh, even when it stays shown in between.
  }, [shown, session, presentation]);

  // Answered: every control inert (set on the element: React 18 and 19 disagree on how to render the attribute).
  useBrowserLayoutEffect(() => {
    ref.current?.toggleAttribute('inert', answered);
  }, [answered]);

  const common = {
    ...part('root'),
    'data-mode': session.request.mode,
    'data-state': shown ? 'open' : 'closed',
    'data-presentation': presentation,
    tabIndex: -1,
    'aria-labelledby': context.ids.title,
    'aria-describedby': described ? context.ids.message : undefined,
  } as const;

  if (presentation === 'inline') {
    return (
      <ElicitationContext.Provider value={context}>
        {/* A section with an accessible name is a region landmark. */}
        <section ref={refs} {...common} hidden={!shown} {...elementProps} {...(onClick && { onClick })}>
          {children}
        </section>
      </ElicitationContext.Provider>
    );
  }

  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>): void => {
    // A click whose target is the dialog itself and that lies outside its box landed on the ::backdrop.
    if (!latest.current.closeOnInteractOutside || event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const { clientX: x, clientY: y } = event;
    if (x < box.left || x > box.right || y < box.top || y > box.bottom) session.cancel();
  };

  const onDialogCancel = (event: SyntheticEvent<HTMLDialogElement>): void => {
    // Escape or another close request: answer cancel; the dialog closes when the answer is recorded.
    event.preventDefault();
    session.cancel();
  };
  const onDialogClose = (event: SyntheticEvent<HTMLDialogElement>): void => {
    // Closed by the browser itself: Chromium stops letting a page prevent repeated Escapes without user activation
    // in between, and then closes the dialog. The user asked to close it: that is cancel. (The event is
    // asynchronous: a dialog open again by then was closed and reopened by the kit.)
    if (expectOpen.current && !event.currentTarget.open) session.cancel();
  };

  return (
    <ElicitationContext.Provider value={context}>
      {/* A modal dialog's own interaction: a click on its ::backdrop (Escape arrives as the cancel event). */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/click-events-have-key-events */}
      <dialog
        ref={refs}
        {...common}
        aria-modal="true"
        {...elementProps}
        // Composed when the event fires (the kit's handlers read refs then, never during render).
        onCancel={(event) => composeEventHandlers(onCancel, onDialogCancel)(event)}
        onClose={(event) => composeEventHandlers(onClose, onDialogClose)(event)}
        onClick={(event) => composeEventHandlers(onClick, onBackdropClick)(event)}
      >
        {children}
      </dialog>
    </ElicitationContext.Provider>
  );
});

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
