/** Anatomy attributes of one part: `data-scope="elicitation" data-part="<name>"` (Zag style). */
export const part = (name: string): { 'data-scope': 'elicitation'; 'data-part': string } => ({
  'data-scope': 'elicitation',
  'data-part': name,
});

/** A boolean state as a presence attribute: `""` when true, absent when false. */
export const flag = (on: unknown): '' | undefined => (on ? '' : undefined);

/** Space-separated ids, or `undefined` when there are none (so no dangling `aria-describedby`). */
export const ids = (...list: (string | false | undefined)[]): string | undefined =>
  list.filter(Boolean).join(' ') || undefined;
