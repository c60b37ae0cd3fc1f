// Radix's composition helpers: a part runs the host's handler first and skips its own when the host called
// `preventDefault()`; a part's own ref and the host's `ref` both receive the element.
import { useCallback } from 'react';
import type { Ref, RefCallback } from 'react';

/**
 * One handler from the host's and the part's: the host's runs first; the part's runs unless the host called
 * `event.preventDefault()` (as Radix's `composeEventHandlers`).
 */
export function composeEventHandlers<Event extends { defaultPrevented: boolean }>(
  theirs: ((event: Event) => void) | undefined,
  ours: (event: Event) => void,
): (event: Event) => void {
  return (event) => {
    theirs?.(event);
    if (!event.defaultPrevented) {
      ours(event);
    }
  };
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') {
    ref(value);
  } else if (ref !== null && ref !== undefined) {
    (ref as { current: T | null }).current = value;
  }
}

/** A ref callback that hands the element to both refs (the part's own and the host's `ref`). */
export function useComposedRefs<T>(first: Ref<T> | undefined, second: Ref<T> | undefined): RefCallback<T> {
  return useCallback(
    (value: T | null) => {
      setRef(first, value);
      setRef(second, value);
    },
    [first, second],
  );
}
