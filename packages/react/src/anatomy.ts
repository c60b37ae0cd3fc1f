// The dialog's anatomy (Zag style): every element the kit renders is one of these parts, stamped
// `data-scope="elicitation" data-part="<name>"`. One list: the attributes come from it, and so does the README table
// (anatomy-docs.ts, checked by anatomy.test.ts).

/** Every part name, in the order the README table lists them. */
export const ELICITATION_PARTS = [
  'root',
  'header',
  'title',
  'server',
  'pending',
  'body',
  'message',
  'warnings',
  'warning',
  'url',
  'asked-again',
  'url-intro',
  'href',
  'host',
  'different-site',
  'blocked',
  'opened',
  'form',
  'fields',
  'field',
  'label',
  'required',
  'input',
  'select',
  'checkbox',
  'group',
  'option',
  'description',
  'hint',
  'error',
  'actions',
  'answer-note',
  'action',
] as const;

/** A part of the dialog: the value of its `data-part` attribute. */
export type ElicitationPart = (typeof ELICITATION_PARTS)[number];

/** The anatomy attributes of one part: `data-scope="elicitation" data-part="<name>"`. */
export const part = (name: ElicitationPart): { 'data-scope': 'elicitation'; 'data-part': ElicitationPart } => ({
  'data-scope': 'elicitation',
  'data-part': name,
});

/** A boolean state as a presence attribute: `""` when true, absent when false. */
export const flag = (on: unknown): '' | undefined => (on ? '' : undefined);

/** Space-separated ids, or `undefined` when there are none (so no dangling `aria-describedby`). */
export const idList = (...list: (string | false | undefined)[]): string | undefined =>
  list.filter(Boolean).join(' ') || undefined;
