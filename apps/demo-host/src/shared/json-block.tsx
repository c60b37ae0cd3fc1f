import { useRef } from 'react';
import { CopyButton } from './copy-button.js';

/** Props of {@link CodeBlock}. */
export interface CodeBlockProps {
  /** The text shown, as is. */
  text: string;
  /** Accessible name of the block (its button's tooltip says "Copy <label>"). */
  label: string;
  className?: string;
}

/** Preformatted text with a copy button, labelled for assistive tech and tests. */
export function CodeBlock({ text, label, className }: CodeBlockProps) {
  const pre = useRef<HTMLPreElement>(null);
  return (
    <div className="copy-block">
      <pre ref={pre} className={className} aria-label={label}>
        {text}
      </pre>
      <CopyButton text={text} label={label} target={pre} />
    </div>
  );
}

/** Props of {@link JsonBlock}. */
export interface JsonBlockProps {
  value: unknown;
  label: string;
  className?: string;
}

/** Pretty-printed JSON as plain text with a copy button, labelled for assistive tech and tests. */
export function JsonBlock({ value, label, className }: JsonBlockProps) {
  // JSON.stringify answers undefined (not a string) for undefined, functions and symbols.
  const text = JSON.stringify(value, null, 2) ?? 'undefined';
  return <CodeBlock text={text} label={label} className={className === undefined ? 'json' : `json ${className}`} />;
}
