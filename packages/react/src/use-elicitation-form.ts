'use client';
import type {
  ElicitationSession,
  ElicitationSessionSnapshot,
  FieldDescriptor,
  ParsedElicitation,
  SensitiveField,
} from '@elicitation-kit/core';
import { useElicitationSession, useSessionSnapshot } from './use-elicitation-session.js';
import type { UseElicitationSessionOptions } from './use-elicitation-session.js';

/** What {@link useElicitationForm} returns: the session, its current snapshot and what a host renders from. */
export interface ElicitationForm extends ElicitationSessionSnapshot {
  /** The session itself: `setValue`, `accept`, `decline`, `cancel`, `open`, `done`, `reset`. */
  session: ElicitationSession;
  /** Core's field descriptors, in property order (empty in URL mode). */
  fields: readonly FieldDescriptor[];
  /** Secret-looking fields (core `findSensitiveFields`). */
  sensitive: readonly SensitiveField[];
}

/**
 * Headless form state for a request: the subscription to its core session (values, touched fields, issues after the
 * first accept, the URL view, the single answer). For hosts that render their own controls from core's descriptors;
 * `<ElicitationDialog>` and the `Elicitation.*` parts read the same session.
 * @example
 * const form = useElicitationForm(entry.request, { id: entry.id, onAnswer: (result) => queue.respond(entry.id, result) });
 * <input value={String(form.values.maxRows ?? '')} onChange={(e) => form.session.setValue('maxRows', e.target.value)} />
 * <button onClick={() => form.session.accept()}>Accept</button>
 */
export function useElicitationForm(
  request: ParsedElicitation,
  options: UseElicitationSessionOptions = {},
): ElicitationForm {
  const session = useElicitationSession(request, options);
  const snapshot = useSessionSnapshot(session);
  return { ...snapshot, session, fields: session.fields, sensitive: session.sensitive };
}
