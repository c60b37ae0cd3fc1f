'use client';
// `Elicitation.Root`: one request's session (values, issues, the single answer), shown as a native modal `<dialog>`
// (the default) or inline in the page flow (a labelled region, e.g. a card in a chat), with open / defaultOpen /
// onOpenChange as controllable state. Every other part reads the session through the context and renders one piece.
// The state both share is one hook (use-elicitation-root.ts); `presentation` picks the element and its focus rules
// (modal-root.tsx, inline-root.tsx).
import { forwardRef } from 'react';
import type { ReactElement } from 'react';
import { ElicitationContext } from './context.js';
import { InlineRoot } from './inline-root.js';
import { ModalRoot } from './modal-root.js';
import type { RootProps } from './root-props.js';
import { useElicitationRoot } from './use-elicitation-root.js';

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
    defaultValues: _defaultValues,
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
