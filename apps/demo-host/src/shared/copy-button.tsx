import { useEffect, useRef, useState, type RefObject } from 'react';

/** How long "Copied" stays up. */
const STATUS_MS = 2_000;

type CopyState = 'idle' | 'copied' | 'selected';

/** Selects the text of `element`, so the user can copy it by hand (no clipboard API, or it refused). */
function selectContents(element: HTMLElement | null): boolean {
  const selection = window.getSelection();
  if (element === null || selection === null) {
    return false;
  }
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
  return true;
}

/** Props of {@link CopyButton}. */
export interface CopyButtonProps {
  /** The text to copy. */
  text: string;
  /**
   * What is copied: the button's description and tooltip ("Copy <label>"). Not its name: the block itself is found by
   * this label, and a button named after it would match the same label queries.
   */
  label: string;
  /** The element whose text is selected when the clipboard cannot be written. */
  target: RefObject<HTMLElement | null>;
}

/**
 * "Copy": writes `text` to the clipboard and says so ("Copied") in a polite status; where the clipboard is not
 * available it selects the text instead ("Selected: press Ctrl+C").
 */
export function CopyButton({ text, label, target }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (next: CopyState): void => {
    setState(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), STATUS_MS);
  };
  const copy = async (): Promise<void> => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (clipboard !== undefined) {
      try {
        await clipboard.writeText(text);
        show('copied');
        return;
      } catch {
        // Refused (no permission, page not focused): fall back to selecting the text.
      }
    }
    show(selectContents(target.current) ? 'selected' : 'idle');
  };

  return (
    <span className="copy-block-actions">
      <output className="copy-status">
        {state === 'copied' ? 'Copied' : state === 'selected' ? 'Selected: press Ctrl+C' : ''}
      </output>
      <button type="button" title={`Copy ${label}`} onClick={() => void copy()}>
        Copy
      </button>
    </span>
  );
}
