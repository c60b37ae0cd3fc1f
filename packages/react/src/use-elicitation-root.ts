'use client';
// What both presentations of `Elicitation.Root` share: the request's session (from an entry or a request, continued
// across re-parsed copies, started from a refused answer's values), open as controllable state, the answer-once
// rule (answered or withdrawn closes it, answered makes it inert), the strings, the rjsf registry and the context
// value the parts read. The modal and inline roots (modal-root.tsx, inline-root.tsx) add only their element and its
// focus rules.
import type { RJSFSchema } from '@rjsf/utils';
import { useId, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { part } from './anatomy.js';
import type { InternalContext } from './context.js';
import type { ElicitationOptions } from './root-props.js';
import { createRegistry } from './rjsf/registry.js';
import { defaultStrings } from './strings.js';
import { useBrowserLayoutEffect } from './use-browser-layout-effect.js';
import { useControllableState } from './use-controllable-state.js';
import { useElicitationSession, useSessionSnapshot } from './use-elicitation-session.js';

/** What {@link useElicitationRoot} gives a presentation: the context to provide and what its element needs. */
export interface ElicitationRoot {
  /** The value of `ElicitationContext` for the parts inside. */
  context: InternalContext;
  /** Open, unanswered and not withdrawn. */
  shown: boolean;
  /** The root element: the presentation attaches it (the hook makes it inert once answered). */
  ref: RefObject<HTMLElement | null>;
  /** Anatomy, state and naming attributes, the same on `<dialog>` and on the inline `<section>`. */
  attributes: RootAttributes;
}

type RootAttributes = ReturnType<typeof part> & {
  'data-mode': 'form' | 'url';
  'data-state': 'open' | 'closed';
  'data-presentation': 'modal' | 'inline';
  tabIndex: -1;
  'aria-labelledby': string;
  'aria-describedby': string | undefined;
};

const openInNewTab = (href: string): void => {
  window.open(href, '_blank', 'noopener,noreferrer');
};

/**
 * The root's state: a re-render with a re-parsed copy of the same request (same entry id, or same content) continues
 * the session; a new request starts a new one. Answers exactly once (`onRespond`), then closes; an aborted entry
 * signal closes it without an answer.
 */
export function useElicitationRoot(options: ElicitationOptions): ElicitationRoot {
  const {
    entry,
    request: requestOption,
    server: serverOption,
    era: eraOption,
    open: openOption,
    defaultOpen,
    onOpenChange,
    presentation = 'modal',
    strings: stringsOption,
    blockSensitive,
    pendingCount = 0,
    theme,
    defaultValues,
  } = options;
  const request = entry?.request ?? requestOption!;
  const server = entry?.server ?? serverOption!;
  const era = entry?.era ?? eraOption;
  const askedAgain = entry?.askedAgain === true;
  // A refused earlier answer: its content is where this dialog starts, its message is shown with the warnings.
  const refusedResult = entry?.refused?.result;
  const refused = entry?.refused?.message;
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  // The latest options, read by callbacks: a new `onRespond` or `onValuesChange` must not rebuild the context.
  const latest = useRef(options);
  useBrowserLayoutEffect(() => {
    latest.current = options;
  });
  const strings = useMemo(() => ({ ...defaultStrings, ...stringsOption }), [stringsOption]);
  const session = useElicitationSession(request, {
    ...(entry !== undefined && { id: entry.id }),
    ...(era !== undefined && { era }),
    ...(blockSensitive !== undefined && { blockSensitive }),
    ...(strings.issues !== undefined && { messages: strings.issues }),
    // Where the form starts: a refused answer's values, else the host's draft, else the request's defaults.
    ...(refusedResult?.action === 'accept' && refusedResult.content !== undefined
      ? { values: refusedResult.content }
      : defaultValues !== undefined && { values: defaultValues }),
    onAnswer: (result) => {
      latest.current.onRespond(result);
      setOpen(false);
    },
  });
  const [open, setOpen] = useControllableState({
    prop: openOption,
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

  // Answered: every control inert (set on the element: React 18 and 19 disagree on how to render the attribute).
  // Again when the presentation changes: that is a new element.
  useBrowserLayoutEffect(() => {
    ref.current?.toggleAttribute('inert', answered);
  }, [answered, presentation]);

  const attributes: RootAttributes = {
    ...part('root'),
    'data-mode': session.request.mode,
    'data-state': shown ? 'open' : 'closed',
    'data-presentation': presentation,
    tabIndex: -1,
    'aria-labelledby': context.ids.title,
    'aria-describedby': described ? context.ids.message : undefined,
  };
  return { context, shown, ref, attributes };
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
