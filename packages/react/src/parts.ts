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

/**
 * Makes invisible and direction-changing characters visible as `<U+202E>`, so a URL or host cannot hide or reorder
 * text (bidi overrides, zero-width joiners, control characters).
 */
export const revealInvisible = (text: string): string =>
  text.replace(
    /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]/gu,
    (char) => `<U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`,
  );
