// Light and dark: follows the system until the user picks one, then remembers the choice.
import { useCallback, useEffect, useState } from 'react';

/** The two themes. */
export type Theme = 'light' | 'dark';

const KEY = 'elicitation-kit-demo-theme';

function initialTheme(): Theme {
  const stored = window.localStorage.getItem(KEY);
  if (stored === 'light' || stored === 'dark') {
    return stored;
  }
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches === true ? 'dark' : 'light';
}

/** The theme applied to `<html data-theme>`, and a toggle. */
export function useTheme(): [Theme, () => void] {
  const [theme, setTheme] = useState<Theme>(initialTheme);
  useEffect(() => {
    document.documentElement.dataset['theme'] = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  const toggle = useCallback(() => {
    setTheme((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      window.localStorage.setItem(KEY, next);
      return next;
    });
  }, []);
  return [theme, toggle];
}
