'use client';
// The modal presentation of `Elicitation.Root`: a native modal `<dialog>`. `showModal()` makes the rest of the page
// inert and stacks the dialog in the top layer; Tab stays inside it; the stylesheet locks the page's scroll while one
// is open (`data-presentation="modal"` with `data-state="open"`). Escape, and the backdrop when asked, answer cancel.
import { forwardRef, useRef } from 'react';
import type { MouseEvent, ReactElement, RefObject, SyntheticEvent } from 'react';
import { composeEventHandlers, useComposedRefs } from './compose.js';
import type { RootElementProps } from './root-props.js';
import type { ElicitationRoot } from './use-elicitation-root.js';
import { useBrowserLayoutEffect } from './use-browser-layout-effect.js';

export interface ModalRootProps extends RootElementProps {
  root: ElicitationRoot;
  initialFocus?: RefObject<HTMLElement | null> | undefined;
  closeOnInteractOutside?: boolean | undefined;
}

/**
 * Focus goes to the first field (the dialog focusing steps of `showModal()`), to `initialFocus` or
 * `[data-autofocus]`, or to the dialog itself when it has no field; on close it goes back to where it was.
 */
export const ModalRoot = forwardRef<HTMLElement, ModalRootProps>(function ModalRoot(
  { root, initialFocus, closeOnInteractOutside = false, onCancel, onClose, onClick, children, ...elementProps },
  forwardedRef,
): ReactElement {
  const { session } = root.context;
  const refs = useComposedRefs<HTMLElement>(root.ref, forwardedRef);
  // Whether the kit wants the modal open: a `close` event while it does came from the browser, not from the kit.
  const expectOpen = useRef(false);

  // A layout effect, not a passive one: when the host unmounts the dialog right after the answer, a layout cleanup
  // runs during the commit, before React removes the element; a passive cleanup would run after, and in Chromium
  // focusing the opener then lands on <body>.
  useBrowserLayoutEffect(() => {
    const dialog = root.ref.current as HTMLDialogElement | null;
    if (!root.shown || !dialog) return undefined;
    const previous = dialog.ownerDocument.activeElement;
    const explicit = initialFocus?.current ?? dialog.querySelector<HTMLElement>('[data-autofocus]') ?? undefined;
    // showModal focuses the first focusable element: the first field of a form.
    if (!dialog.open) dialog.showModal();
    if (explicit !== undefined) explicit.focus();
    else if (session.fields.length === 0 || session.blocked) dialog.focus();
    expectOpen.current = true;
    return () => {
      expectOpen.current = false;
      dialog.close();
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
    // A new session (the next request) opens afresh, even when it stays shown in between.
  }, [root.shown, session]);

  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>): void => {
    // A click whose target is the dialog itself and that lies outside its box landed on the ::backdrop.
    if (!closeOnInteractOutside || event.target !== event.currentTarget) return;
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
    // A modal dialog's own interaction: a click on its ::backdrop (Escape arrives as the cancel event).
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/click-events-have-key-events
    <dialog
      ref={refs}
      {...root.attributes}
      aria-modal="true"
      {...elementProps}
      // Composed when the event fires (the kit's handlers read refs then, never during render).
      onCancel={(event) => composeEventHandlers(onCancel, onDialogCancel)(event)}
      onClose={(event) => composeEventHandlers(onClose, onDialogClose)(event)}
      onClick={(event) => composeEventHandlers(onClick, onBackdropClick)(event)}
    >
      {children}
    </dialog>
  );
});
