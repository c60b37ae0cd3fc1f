// One plural rule for the demo host's counts ("1 field", "3 fields"), instead of a conditional at each sentence.

/** `count` with its noun in the singular for 1 and in the plural otherwise: `plural(3, 'field')` → `3 fields`. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`;
}
