// Text from the server or the model, shown in the chat (the reply quoting a tool's answer, a tool's error), cannot
// reorder what it is shown in: each bidirectional control character (Unicode's Bidi_Control set: the embeddings and
// overrides U+202A–U+202E, the isolates U+2066–U+2069, LRM/RLM U+200E/F and the Arabic letter mark U+061C) is shown
// as a visible marker naming it, `⟨U+202E⟩`, the marker of core's `revealInvisible`, instead of acting. Only those:
// core's invisible set is for identifiers (links, hosts, server names), where a newline or an emoji's zero-width joiner
// is suspicious; in a chat reply they are ordinary, and kept. Text in a right-to-left script still reads as written:
// its letters order themselves; only the controls that override that order are neutralised.

/** One bidi control character (`g`: for `replace`). */
const BIDI_CONTROL = /\p{Bidi_Control}/gu;

/** `⟨U+202E⟩`: as core's `revealInvisible` writes it (at least four upper-case hex digits). */
function marker(character: string): string {
  return `⟨U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

/**
 * `text` with each bidi control character replaced by its visible marker; everything else kept. Linear in its length.
 *
 * @example revealBidiControls('invoice\u202Egnp.exe') // 'invoice⟨U+202E⟩gnp.exe'
 */
export function revealBidiControls(text: string): string {
  return text.replace(BIDI_CONTROL, marker);
}
