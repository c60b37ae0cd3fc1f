'use client';
// `Elicitation.Root`: one request's session (values, issues, the single answer), shown as a native modal `<dialog>`
// (the default) or inline in the page flow (a labelled region, e.g. a card in a chat), with open / defaultOpen /
// onOpenChange as controllable state. Every other part reads the session through the context and renders one piece.
// The state both share is one hook (use-elicitation-root.ts); `presentation` picks the element and its focus rules
// (modal-root.tsx, inline-root.tsx).
import type { ElicitResult, FormValues, ParsedElicitation, ProtocolEra } from '@elicitation-kit/core';
import { forwardRef } from 'react';
import type { ComponentPropsWithoutRef, ReactElement, ReactNode, RefObject } from 'react';
import { ElicitationContext } from './context.js';
import type { ElicitationEntry, ElicitationPresentation, ElicitationServer } from './context.js';
import { InlineRoot } from './inline-root.js';
import { ModalRoot } from './modal-root.js';
import type { ElicitationTheme } from './rjsf/registry.js';
import type { ElicitationStrings } from './strings.js';
import { useElicitationRoot } from './use-elicitation-root.js';

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
export type RootProps = ElicitationOptions & RootElementProps;

/** The props of the root's element, for both presentations (the `<dialog>`'s events do nothing inline). */
export type RootElementProps = Omit<ComponentPropsWithoutRef<'dialog'>, keyof RootBaseProps | 'children' | 'open'> & {
  children?: ReactNode;
};

/**
 * The root: holds the request's session — a re-render with a re-parsed copy of the same request (same entry id, or
 * same content) continues it; a new request starts a new one — and presents the parts. Answers exactly once, then
 * closes with every control inert. Modal: focus goes to the first field (or `initialFocus`) and back to where it was
 * on close. Inline: focus moves to the region once when it appears and, after the answer, to the next open inline
 * question or back to where it was. The session lives here, above the presentation: switching `presentation` keeps
 * what was typed.
 */
export const Root = forwardRef<HTMLElement, RootProps>(function Root(props, forwardedRef): ReactElement {
  // The options go to the hook (and the focus ones to the presentation); the rest goes on the element.
  const {
    entry: _entry,
    request: _request,
    server: _server,
    era: _era,
    onRespond: _onRespond,
    open: _open,
    defaultOpen: _defaultOpen,
    onOpenChange: _onOpenChange,
    presentation,
    strings: _strings,
    blockSensitive: _blockSensitive,
    pendingCount: _pendingCount,
    initialFocus,
    closeOnInteractOutside,
    onOpenUrl: _onOpenUrl,
    onValuesChange: _onValuesChange,
    theme: _theme,
    ...elementProps
  } = props;
  const root = useElicitationRoot(props);
  return (
    <ElicitationContext.Provider value={root.context}>
      {presentation === 'inline' ? (
        <InlineRoot ref={forwardedRef} root={root} initialFocus={initialFocus} {...elementProps} />
      ) : (
        <ModalRoot
          ref={forwardedRef}
          root={root}
          initialFocus={initialFocus}
          closeOnInteractOutside={closeOnInteractOutside}
          {...elementProps}
        />
      )}
    </ElicitationContext.Provider>
  );
});
