// The README's data-attribute table, generated from the anatomy (not shipped: the package entry does not import
// this file). anatomy.test.ts checks that README.md holds exactly this table and that every part the sources stamp
// is in ELICITATION_PARTS.
import type { ElicitationPart } from './anatomy.js';

interface PartDoc {
  element: string;
  states?: string;
}

/** One entry per part: the type makes a new part fail to compile until it is documented here. */
const DOCS: Record<ElicitationPart, PartDoc> = {
  root: {
    element: '`<dialog>` (modal) or `<section>` region (inline)',
    states: '`data-state="open\\|closed"`, `data-mode="form\\|url"`, `data-presentation="modal\\|inline"`',
  },
  header: { element: 'the header: who asks' },
  title: { element: '`<h2>` naming the server (the accessible name)' },
  server: { element: "the server's URL" },
  pending: { element: 'how many requests wait behind this one' },
  body: { element: 'the scrolling middle (message, link, warnings, form)' },
  message: { element: "the server's message (describes the dialog)" },
  warnings: { element: 'the warning list' },
  warning: { element: 'one warning' },
  url: { element: 'URL mode: the link view' },
  'asked-again': { element: '"the server asks again" (an entry with `askedAgain`)' },
  'url-intro': { element: 'the sentence before the link' },
  href: { element: 'the full URL, as `<code>` text (never a link)' },
  host: { element: 'the highlighted site inside the URL' },
  'different-site': { element: '"a different site than the server asking"' },
  blocked: { element: '"this link cannot be opened safely"' },
  opened: { element: '`<output>` after Open, when "I\'m done" is needed' },
  form: { element: 'the `<form>`' },
  fields: { element: 'the field list' },
  field: {
    element: 'one field',
    states:
      '`data-kind="text\\|number\\|checkbox\\|select\\|multiselect"`, `data-name`, `data-invalid`, `data-required`',
  },
  label: { element: "`<label>`, or the multi-select's `<legend>`" },
  required: { element: 'the "(required)" marker' },
  input: { element: "the kit's text and number inputs" },
  select: { element: "the kit's `<select>`" },
  checkbox: { element: "the kit's checkbox" },
  group: { element: "the multi-select's `<fieldset>`" },
  option: { element: 'one choice of a multi-select' },
  description: { element: "the field's description" },
  hint: { element: 'the up-front hint (range, length, choices, time zone)' },
  error: { element: 'the validation message' },
  actions: { element: 'the action row' },
  'answer-note': { element: 'what Decline and Cancel each tell the server' },
  action: { element: 'each button', states: '`data-action="accept\\|decline\\|cancel\\|open\\|done"`' },
};

/** The markdown table of every part, in anatomy order. */
export function anatomyTable(parts: readonly ElicitationPart[]): string {
  const rows = parts.map((name) => {
    const doc = DOCS[name];
    return `| \`${name}\` | ${doc.element} | ${doc.states ?? ''} |`;
  });
  return ['| `data-part` | element | state attributes |', '| --- | --- | --- |', ...rows].join('\n');
}
