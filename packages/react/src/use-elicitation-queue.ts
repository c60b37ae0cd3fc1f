'use client';
import type { ElicitationQueue, PendingElicitation } from '@elicitation-kit/core';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The queue's current entries, re-rendering on change (`useSyncExternalStore`; server rendering sees the same list).
 * Takes core's `ElicitationQueue`: one made by `createElicitationQueue`, or the bridge's browser half, whose entries
 * keep their own type (`RemoteElicitation`).
 */
export function useElicitationQueue<Entry extends PendingElicitation = PendingElicitation>(
  queue: ElicitationQueue<Entry>,
): readonly Entry[] {
  const subscribe = useCallback((listener: () => void) => queue.subscribe(listener), [queue]);
  const getSnapshot = useCallback(() => queue.getSnapshot(), [queue]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
