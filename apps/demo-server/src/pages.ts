import type { Flow } from './flows.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; color: #1b1b1f; }
  button { font: inherit; padding: .5rem 1.25rem; border-radius: .375rem; border: 1px solid #2952cc; background: #2952cc; color: #fff; cursor: pointer; }
  button:focus-visible { outline: 3px solid #ffb000; outline-offset: 2px; }
  .done { color: #1a7f37; }
  code { background: #f0f0f3; padding: 0 .25rem; border-radius: .25rem; }
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** The out-of-band page a URL-mode elicitation points to. Pressing "Done" completes the flow. */
export function connectPage(flow: Flow): string {
  const id = escapeHtml(flow.id);
  if (flow.completed) {
    return donePage(flow);
  }
  return page(
    'Connect (demo)',
    `<main>
<h1>Connect your account</h1>
<p>This page stands in for a third-party sign-in (flow <code>${id}</code>, started by <code>${escapeHtml(flow.purpose)}</code>). Nothing is entered here and nothing reaches the MCP client.</p>
<form method="post" action="/connect/${id}/done">
<button type="submit" data-testid="connect-done">Done</button>
</form>
</main>`,
  );
}

/** Shown once the flow is complete. */
export function donePage(flow: Flow): string {
  return page(
    'Connected (demo)',
    `<main>
<h1 class="done" data-testid="connect-completed">Connected</h1>
<p>Flow <code>${escapeHtml(flow.id)}</code> is complete. You can close this tab and go back to the app.</p>
</main>`,
  );
}

/** A connection that failed (the message is plain text, escaped here). */
export function failedPage(message: string): string {
  return page(
    'Not connected (demo)',
    `<main>
<h1 data-testid="connect-failed">Not connected</h1>
<p>${escapeHtml(message)}</p>
</main>`,
  );
}

/** Unknown flow or path. */
export function notFoundPage(): string {
  return page('Not found', '<main><h1>Not found</h1><p>This link is unknown or has expired.</p></main>');
}
