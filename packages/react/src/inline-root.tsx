'use client';
// The inline presentation of `Elicitation.Root`: a labelled `<section>` (a region landmark) in the page flow, e.g. a
// card in a chat. No focus trap, nothing outside made inert, no scroll lock, and Escape does not answer.
import { forwardRef } from 'react';
import type { ReactElement, RefObject } from 'react';
import { useComposedRefs } from './compose.js';
import type { RootElementProps } from './root-props.js';
import type { ElicitationRoot } from './use-elicitation-root.js';
import { useBrowserLayoutEffect } from './use-browser-layout-effect.js';

export interface InlineRootProps extends RootElementProps {
  root: ElicitationRoot;
  initialFocus?: RefObject<HTMLElement | null> | undefined;
}

/**
 * The open inline roots of each document, in the order they appeared: after an answer focus goes to the next one, and
 * a new one does not take focus from another the user is busy in. Scoped to the document because that is the scope of
 * focus (each document has its own `activeElement`; a root rendered into an iframe or a popup window has its own), and
 * a WeakMap lets a discarded document take its set with it. Not a React context: inline questions rendered by separate
 * React roots on one page (islands, a chat that mounts each message on its own) share the document's focus and must
 * see each other, and a provider would be one more thing every host has to render.
 */
const openInlineRoots = new WeakMap<Document, Set<HTMLElement>>();

function openIn(document: Document): Set<HTMLElement> {
  let open = openInlineRoots.get(document);
  if (open === undefined) {
    open = new Set();
    openInlineRoots.set(document, open);
  }
  return open;
}

/**
 * Focus moves to `initialFocus`, `[data-autofocus]` or the region once when it appears (unless the user is busy in
 * another inline question); after the answer it moves to the next open inline question, or back to where it was.
 */
export const InlineRoot = forwardRef<HTMLElement, InlineRootProps>(function InlineRoot(
  // `<dialog>` events: a section never fires them.
  { root, initialFocus, onCancel: _onCancel, onClose: _onClose, children, ...elementProps },
  forwardedRef,
): ReactElement {
  const refs = useComposedRefs<HTMLElement>(root.ref, forwardedRef);

  // A layout effect for the same reason as the modal's: the cleanup must run before React removes the element.
  useBrowserLayoutEffect(() => {
    const element = root.ref.current;
    if (!root.shown || !element) return undefined;
    const document = element.ownerDocument;
    const open = openIn(document);
    const previous = document.activeElement;
    const explicit = initialFocus?.current ?? element.querySelector<HTMLElement>('[data-autofocus]') ?? undefined;
    open.add(element);
    if (explicit !== undefined) explicit.focus();
    else if (![...open].some((other) => other !== element && other.contains(document.activeElement))) element.focus();
    return () => {
      open.delete(element);
      const lost = element.contains(document.activeElement) || document.activeElement === document.body;
      if (!lost) return;
      const next = [...open][0];
      if (next !== undefined) next.focus();
      else if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
    // A new session (the next request) appears afresh, even when it stays shown in between.
  }, [root.shown, root.context.session]);

  return (
    // A section with an accessible name is a region landmark.
    <section ref={refs} {...root.attributes} hidden={!root.shown} {...elementProps}>
      {children}
    </section>
  );
});
