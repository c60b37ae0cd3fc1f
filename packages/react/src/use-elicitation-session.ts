'use client';
import { createElicitationSession, isSameRequest } from '@elicitation-kit/core';
import type {
  ElicitResult,
  ElicitationSession,
  ElicitationSessionSnapshot,
  FormValues,
  ParsedElicitation,
  ProtocolEra,
  ValidateOptions,
} from '@elicitation-kit/core';
import { useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { useBrowserLayoutEffect } from './use-browser-layout-effect.js';

/** Options of {@link useElicitationSession}. */
export interface UseElicitationSessionOptions extends ValidateOptions {
  /**
   * The request's stable identity, e.g. the queue entry's id. Without it the request's content is its identity
   * (core's `isSameRequest`), so a re-render with a freshly parsed copy of the same request continues the same session.
   */
  id?: string;
  /** The era the request came from (decides whether URL mode needs "I'm done"). @default 'legacy' */
  era?: ProtocolEra;
  /** Refuse `accept` when the form asks for secret-looking fields. @default false */
  blockSensitive?: boolean;
  /** Called exactly once per request, with the answer (the latest callback is used). */
  onAnswer?: (result: ElicitResult) => void;
  /**
   * The values to start from instead of the defaults (e.g. the content of an answer the backend refused, so that
   * nothing typed is lost). Read when the session is created.
   */
  values?: FormValues;
}

interface Current {
  id: string | undefined;
  session: ElicitationSession;
}

/** Whether the session in `current` answers this request: the same id, or (without ids) the same request. */
const continues = (current: Current, id: string | undefined, request: ParsedElicitation): boolean =>
  id !== undefined || current.id !== undefined ? current.id === id : isSameRequest(current.session.request, request);

/**
 * The session (core's `createElicitationSession`) of one request, kept across re-renders. A request with another
 * identity — another `id`, or other content — is a new session: new values, a new single answer. Options are read
 * when the session is created; `onAnswer` is read when the answer is given, so a new callback never restarts it.
 * The identity check costs nothing for the same object and no string building for a re-parsed copy.
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

  const create = (): Current => {
    const session = createElicitationSession(request, {
      ...(options.era !== undefined && { era: options.era }),
      ...(options.blockSensitive !== undefined && { blockSensitive: options.blockSensitive }),
      ...(options.messages !== undefined && { messages: options.messages }),
    });
    if (options.values !== undefined) {
      session.setValues(options.values);
    }
    return { id: options.id, session };
  };
  const [current, setCurrent] = useState(create);
  const same = continues(current, options.id, request);
  const session = same ? current.session : undefined;
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
  if (!same) {
    const next = create();
    setCurrent(next);
    return next.session;
  }
  return current.session;
}

const identity = <T>(value: T): T => value;

/**
 * The session's current snapshot, or the slice `selector` picks from it, re-rendering only when that slice changes
 * (`Object.is`, or `isEqual`), as TanStack Form's `useStore(store, selector)`: a field that selects its own value
 * re-renders when that value changes, not on every keystroke elsewhere in the form. The selection is kept per
 * snapshot, so `selector` must read only the snapshot (and values fixed for the component's life, such as a name).
 * @example
 * const value = useSessionSnapshot(session, (snapshot) => snapshot.values['maxRows']);
 */
export function useSessionSnapshot(session: ElicitationSession): ElicitationSessionSnapshot;
export function useSessionSnapshot<Selected>(
  session: ElicitationSession,
  selector: (snapshot: ElicitationSessionSnapshot) => Selected,
  isEqual?: (a: Selected, b: Selected) => boolean,
): Selected;
export function useSessionSnapshot<Selected>(
  session: ElicitationSession,
  selector: (snapshot: ElicitationSessionSnapshot) => Selected = identity as never,
  isEqual: (a: Selected, b: Selected) => boolean = Object.is,
): Selected {
  // The last snapshot seen and what was selected from it: the same snapshot gives the same selection, and an equal
  // selection from a new snapshot keeps the previous value (so useSyncExternalStore sees no change).
  const memo = useRef<{ snapshot: ElicitationSessionSnapshot; selected: Selected } | undefined>(undefined);
  // The selector of the last commit (a field's selector reads its own name, fixed for its life).
  const latest = useRef({ selector, isEqual });
  useBrowserLayoutEffect(() => {
    latest.current = { selector, isEqual };
  });
  const getSelection = useCallback((): Selected => {
    const snapshot = session.getSnapshot();
    const previous = memo.current;
    if (previous !== undefined && previous.snapshot === snapshot) return previous.selected;
    const selected = latest.current.selector(snapshot);
    if (previous !== undefined && latest.current.isEqual(previous.selected, selected)) {
      memo.current = { snapshot, selected: previous.selected };
      return previous.selected;
    }
    memo.current = { snapshot, selected };
    return selected;
  }, [session]);
  return useSyncExternalStore(session.subscribe, getSelection, getSelection);
}
