'use client';
import { createElicitationSession, requestKey } from '@elicitation-kit/core';
import type {
  ElicitResult,
  ElicitationSession,
  ElicitationSessionSnapshot,
  ParsedElicitation,
  ProtocolEra,
  ValidateOptions,
} from '@elicitation-kit/core';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';

/** Options of {@link useElicitationSession}. */
export interface UseElicitationSessionOptions extends ValidateOptions {
  /**
   * The request's stable identity, e.g. the queue entry's id. Without it the request's content is its identity
   * (core's `requestKey`), so a re-render with a freshly parsed copy of the same request continues the same session.
   */
  id?: string;
  /** The era the request came from (decides whether URL mode needs "I'm done"). @default 'legacy' */
  era?: ProtocolEra;
  /** Refuse `accept` when the form asks for secret-looking fields. @default false */
  blockSensitive?: boolean;
  /** Called exactly once per request, with the answer (the latest callback is used). */
  onAnswer?: (result: ElicitResult) => void;
}

/** Layout effect in the browser, plain effect on the server (React 18 warns about layout effects there). */
export const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * The session (core's `createElicitationSession`) of one request, kept across re-renders. A request with another
 * identity — another `id`, or other content — is a new session: new values, a new single answer. Options are read
 * when the session is created; `onAnswer` is read when the answer is given, so a new callback never restarts it.
 */
export function useElicitationSession(
  request: ParsedElicitation,
  options: UseElicitationSessionOptions = {},
): ElicitationSession {
  // The latest `onAnswer`, read when the answer is given: the session keeps one stable function that reads it.
  const latest = useRef(options.onAnswer);
  useBrowserLayoutEffect(() => {
    latest.current = options.onAnswer;
  });

  const key = options.id ?? requestKey(request);
  const create = (): { key: string; session: ElicitationSession } => ({
    key,
    session: createElicitationSession(request, {
      ...(options.era !== undefined && { era: options.era }),
      ...(options.blockSensitive !== undefined && { blockSensitive: options.blockSensitive }),
      ...(options.messages !== undefined && { messages: options.messages }),
    }),
  });
  const [current, setCurrent] = useState(create);
  const session = current.key === key ? current.session : undefined;
  // The answer reaches the latest `onAnswer` once: the session changes to `answered` exactly once.
  useBrowserLayoutEffect(() => {
    if (session === undefined) return undefined;
    let delivered = session.getSnapshot().status === 'answered';
    return session.subscribe(() => {
      const { status, answer } = session.getSnapshot();
      if (!delivered && status === 'answered' && answer !== undefined) {
        delivered = true;
        latest.current?.(answer);
      }
    });
  }, [session]);
  // A new request is a new session (state adjusted while rendering, as React recommends over an effect).
  if (current.key !== key) {
    const next = create();
    setCurrent(next);
    return next.session;
  }
  return current.session;
}

/** The session's current snapshot, re-rendering on change (`useSyncExternalStore`). */
export function useSessionSnapshot(session: ElicitationSession): ElicitationSessionSnapshot {
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
}
