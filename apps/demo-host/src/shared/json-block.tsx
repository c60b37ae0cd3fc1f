/** Pretty-printed JSON as plain text, labelled for assistive tech and tests. */
export function JsonBlock({ value, label, className }: { value: unknown; label: string; className?: string }) {
  return (
    <pre className={className === undefined ? 'json' : `json ${className}`} aria-label={label}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
