'use client';
import { useCallback, useSyncExternalStore } from 'react';

/** Any store of pending items: `@elicitation-kit/mcp`'s queue fits, as does a hand-written one. */
export interface ElicitationQueueSource<T> {
  /** Registers a listener called after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current items; the same array until something changes. */
  getSnapshot(): readonly T[];
}

/** The queue's current items, re-rendering on change (`useSyncExternalStore`; server rendering sees the same list). */
export function useElicitationQueue<T>(queue: ElicitationQueueSource<T>): readonly T[] {
  const subscribe = useCallback((listener: () => void) => queue.subscribe(listener), [queue]);
  const getSnapshot = useCallback(() => queue.getSnapshot(), [queue]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
