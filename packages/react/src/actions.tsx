'use client';
// The answers: Cancel, Decline, Accept (form mode) or Open / I'm done (URL mode). Each button takes the props of a
// `<button>` and a ref; a host `onClick` runs first and can `preventDefault()` the kit's answer.
import { revealInvisible } from '@elicitation-kit/core';
import { forwardRef } from 'react';
import type { ComponentPropsWithoutRef, MouseEvent, ReactElement, Ref } from 'react';
import { part } from './anatomy.js';
import { composeEventHandlers, useComposedRefs } from './compose.js';
import { useParts } from './context.js';
import { useSessionSnapshot } from './use-elicitation-session.js';

/** Props of an answer button ({@link Accept}, {@link Decline}, {@link Cancel}): those of a `<button>`. */
export type ActionProps = ComponentPropsWithoutRef<'button'>;

interface ActionButtonProps extends ActionProps {
  action: 'accept' | 'decline' | 'cancel' | 'open' | 'done';
  answer?: () => void;
  /** Submit the form instead of answering on click. */
  submit?: boolean;
  /** Take focus when it appears. */
  focusOnAppear?: boolean;
}

const focusOnMount = (element: HTMLElement | null): void => element?.focus();

const ActionButton = forwardRef<HTMLButtonElement, ActionButtonProps>(function ActionButton(
  { action, answer, submit, focusOnAppear, onClick, children, ...props },
  ref,
): ReactElement {
  const { session, ids } = useParts('Actions');
  const answered = useSessionSnapshot(session, (snapshot) => snapshot.status === 'answered');
  const refs = useComposedRefs<HTMLButtonElement>(ref, focusOnAppear ? focusOnMount : undefined);
  return (
    <button
      ref={refs}
      {...part('action')}
      data-action={action}
      type={submit ? 'submit' : 'button'}
      form={submit ? ids.form : undefined}
      disabled={answered}
      {...props}
      onClick={composeEventHandlers<MouseEvent<HTMLButtonElement>>(onClick, () => answer?.())}
    >
      {children}
    </button>
  );
});

/** Answers `cancel` (dismissed without choosing). `children` replaces the label. */
export const Cancel = forwardRef<HTMLButtonElement, ActionProps>(function Cancel({ children, ...props }, ref) {
  const { session, strings } = useParts('Cancel');
  return (
    <ActionButton ref={ref} action="cancel" answer={() => session.cancel()} {...props}>
      {children ?? strings.cancel}
    </ActionButton>
  );
});

/** Answers `decline` (refused explicitly). `children` replaces the label. */
export const Decline = forwardRef<HTMLButtonElement, ActionProps>(function Decline({ children, ...props }, ref) {
  const { session, strings } = useParts('Decline');
  return (
    <ActionButton ref={ref} action="decline" answer={() => session.decline()} {...props}>
      {children ?? strings.decline}
    </ActionButton>
  );
});

/**
 * Accepts. Form mode: submits the form (validated; nothing when blocked). URL mode: "Open <host>" when the link may be
 * opened, then — when the era needs it — "I'm done", which answers `accept`.
 */
export const Accept = forwardRef<HTMLButtonElement, ActionProps>(function Accept(
  { children, ...props },
  ref,
): ReactElement | null {
  const { session, request, strings, openUrl } = useParts('Accept');
  const waiting = useSessionSnapshot(session, (snapshot) => snapshot.url?.opened === true && snapshot.url.needsDone);
  const forwarded = ref as Ref<HTMLButtonElement>;
  if (request.mode === 'form') {
    return session.blocked ? null : (
      <ActionButton ref={forwarded} action="accept" submit {...props}>
        {children ?? strings.accept}
      </ActionButton>
    );
  }
  if (waiting) {
    // "I'm done" takes focus when it appears: the user needs it on return.
    return (
      <ActionButton ref={forwarded} action="done" answer={() => session.done()} focusOnAppear {...props}>
        {children ?? strings.urlDone}
      </ActionButton>
    );
  }
  return request.link.canOpen ? (
    <ActionButton ref={forwarded} action="open" answer={openUrl} {...props}>
      {children ?? strings.open(revealInvisible(request.link.host))}
    </ActionButton>
  ) : null;
});

/** Props of {@link AnswerNote}: those of the `<p>` it renders. */
export type AnswerNoteProps = ComponentPropsWithoutRef<'p'>;

/** One line beside the actions: what Decline and Cancel each tell the server (the kit's `answerNote` string). */
export const AnswerNote = forwardRef<HTMLParagraphElement, AnswerNoteProps>(function AnswerNote(
  { children, ...props },
  ref,
) {
  const { strings } = useParts('AnswerNote');
  return (
    <p ref={ref} {...part('answer-note')} {...props}>
      {children ?? strings.answerNote}
    </p>
  );
});

/** Props of {@link Actions}: those of the `<div>`; `children` replaces the note and the buttons. */
export type ActionsProps = ComponentPropsWithoutRef<'div'>;

/** The answers: the note, Cancel, Decline and Accept by default (sticky in the kit's stylesheet), or your children. */
export const Actions = forwardRef<HTMLDivElement, ActionsProps>(function Actions({ children, ...props }, ref) {
  useParts('Actions');
  return (
    <div ref={ref} {...part('actions')} {...props}>
      {children ?? (
        <>
          <AnswerNote />
          <Cancel />
          <Decline />
          <Accept />
        </>
      )}
    </div>
  );
});
