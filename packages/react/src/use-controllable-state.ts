'use client';
// Radix's use-controllable-state: a value the host controls (`prop` defined) or the component keeps (`defaultProp`),
// with one change callback either way.
import { useCallback, useRef, useState } from 'react';
import { useBrowserLayoutEffect } from './use-browser-layout-effect.js';

/** Options of {@link useControllableState}. */
interface ControllableStateOptions<T> {
  /** The controlled value; `undefined` = uncontrolled. */
  prop: T | undefined;
  /** The initial uncontrolled value. */
  defaultProp: T;
  /** Called with every change the component asks for (controlled or not), when the value differs. */
  onChange: ((value: T) => void) | undefined;
  /** When this changes (e.g. the next request), the uncontrolled value starts again from `defaultProp`. */
  resetKey?: unknown;
}

/**
 * `[value, setValue]`: controlled when `prop` is defined (`setValue` only calls `onChange`), uncontrolled otherwise.
 * Switching between the two warns, as React does for inputs.
 */
export function useControllableState<T>({
  prop,
  defaultProp,
  onChange,
  resetKey,
}: ControllableStateOptions<T>): [T, (value: T) => void] {
  const [state, setState] = useState({ key: resetKey, value: defaultProp });
  let uncontrolled = state.value;
  if (!Object.is(state.key, resetKey)) {
    // Adjusted while rendering (React's pattern for state derived from a prop change).
    setState({ key: resetKey, value: defaultProp });
    uncontrolled = defaultProp;
  }
  const controlled = prop !== undefined;
  const value = controlled ? prop : uncontrolled;
  const latest = useRef({ value, onChange, controlled, resetKey });
  useBrowserLayoutEffect(() => {
    latest.current = { value, onChange, controlled, resetKey };
  });
  const wasControlled = useRef(controlled);
  useBrowserLayoutEffect(() => {
    if (wasControlled.current === controlled) return;
    wasControlled.current = controlled;
    console.warn(
      `Elicitation: the dialog changed from ${controlled ? 'uncontrolled to controlled' : 'controlled to uncontrolled'} \`open\`. Pass \`open\` always (controlled) or never (use \`defaultOpen\`).`,
    );
  }, [controlled]);
  const setValue = useCallback((next: T) => {
    const current = latest.current;
    if (Object.is(current.value, next)) return;
    if (!current.controlled) setState({ key: current.resetKey, value: next });
    current.onChange?.(next);
  }, []);
  return [value, setValue];
}
