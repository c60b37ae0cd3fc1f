// The secret page's HTML: plain server-rendered documents, no script, every string escaped, one inline stylesheet
// allowed by a per-response nonce. Nothing a user typed is ever written back into a page.

/** Escapes text for an HTML text node or a double-quoted attribute value. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; color: #1b1b1f; background: #fff; }
  h1 { font-size: 1.5rem; line-height: 1.25; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  .hint { margin: .125rem 0 .25rem; color: #4a4a55; font-size: .9375rem; }
  input { font: inherit; width: 100%; box-sizing: border-box; padding: .5rem; border: 1px solid #6e6e7a; border-radius: .375rem; }
  input[aria-invalid="true"] { border-color: #b3261e; }
  .error { color: #b3261e; margin: .25rem 0 0; }
  button { font: inherit; margin-top: 1.5rem; padding: .5rem 1.25rem; border-radius: .375rem; border: 1px solid #2952cc; background: #2952cc; color: #fff; cursor: pointer; }
  :focus-visible { outline: 3px solid #ffb000; outline-offset: 2px; }
  .done { color: #1a7f37; }
  .refused { color: #b3261e; }
`;

/** The Content-Security-Policy of every page: nothing but its own nonce'd stylesheet and a POST to itself. */
export function contentSecurityPolicy(nonce: string): string {
  return `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;
}

/** A whole document. `title` is escaped here; `body` is markup built from escaped parts. */
export function documentOf(nonce: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)}</title>
<style nonce="${escapeHtml(nonce)}">${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** One field of the form, as the page renders it. */
export interface RenderedField {
  name: string;
  title: string;
  description: string | undefined;
  required: boolean;
  input: 'password' | 'text';
  minLength: number | undefined;
  maxLength: number;
  /** The message of the field's issue after a refused submission (never the value). */
  error: string | undefined;
}

function fieldHtml(field: RenderedField): string {
  const id = `field-${field.name}`;
  const described = [
    field.description === undefined ? undefined : `${id}-hint`,
    field.error === undefined ? undefined : `${id}-error`,
  ].filter((part) => part !== undefined);
  const attributes = [
    `id="${escapeHtml(id)}"`,
    `name="${escapeHtml(field.name)}"`,
    `type="${field.input}"`,
    'autocomplete="off"',
    'autocapitalize="off"',
    'spellcheck="false"',
    `maxlength="${field.maxLength}"`,
    field.minLength === undefined ? '' : `minlength="${field.minLength}"`,
    field.required ? 'required' : '',
    field.error === undefined ? '' : 'aria-invalid="true"',
    described.length === 0 ? '' : `aria-describedby="${escapeHtml(described.join(' '))}"`,
  ].filter((attribute) => attribute !== '');
  return [
    `<label for="${escapeHtml(id)}">${escapeHtml(field.title)}</label>`,
    field.description === undefined
      ? ''
      : `<p class="hint" id="${escapeHtml(id)}-hint">${escapeHtml(field.description)}</p>`,
    `<input ${attributes.join(' ')}>`,
    field.error === undefined ? '' : `<p class="error" id="${escapeHtml(id)}-error">${escapeHtml(field.error)}</p>`,
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/** The form page: the server's heading and words, the fields, the CSRF token, one submit button. */
export function formBody(options: {
  title: string;
  intro: string | undefined;
  submitLabel: string;
  action: string;
  csrf: string;
  fields: readonly RenderedField[];
  problem: string | undefined;
}): string {
  return [
    `<h1>${escapeHtml(options.title)}</h1>`,
    options.intro === undefined ? '' : `<p>${escapeHtml(options.intro)}</p>`,
    '<p>What you enter here goes to this server only: never to the app or assistant that sent you here.</p>',
    options.problem === undefined ? '' : `<p class="error" role="alert">${escapeHtml(options.problem)}</p>`,
    `<form method="post" action="${escapeHtml(options.action)}">`,
    `<input type="hidden" name="_csrf" value="${escapeHtml(options.csrf)}">`,
    ...options.fields.map(fieldHtml),
    `<button type="submit">${escapeHtml(options.submitLabel)}</button>`,
    '</form>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/** A page with a heading and a message: done, refused, expired. */
export function messageBody(kind: 'done' | 'refused', heading: string, message: string): string {
  return `<h1 class="${kind}" data-outcome="${kind}">${escapeHtml(heading)}</h1>\n<p>${escapeHtml(message)}</p>`;
}
