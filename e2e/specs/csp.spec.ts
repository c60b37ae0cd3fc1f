// The suite's main run is the production build under a strict Content-Security-Policy. This spec proves the policy is
// really there and enforced, so every other journey passing means "works under CSP".
import { HOST_ORIGIN } from '../support/env.js';
import { expect, test } from '../support/test.js';

test('the host is served with the strict CSP, and the browser enforces it', async ({ page, request }) => {
  const response = await request.get('/');
  const policy = response.headers()['content-security-policy'] ?? '';
  const directives = new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0] !== undefined && words[0] !== '')
      .map(([name, ...values]) => [name ?? '', values]),
  );
  expect(directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('script-src')).toEqual(["'self'"]);
  expect(policy).not.toContain('unsafe-eval');
  // The page's scripts are files from its own origin: no inline script.
  const html = await response.text();
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Connect to an MCP server' })).toBeVisible();
  // An inline script injected at run time is blocked (and reported), proving enforcement.
  const ran = await page.evaluate(async () => {
    const violation = new Promise<string>((resolve) => {
      document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective), { once: true });
    });
    const script = document.createElement('script');
    script.textContent = 'window.inlineScriptRan = true';
    document.head.append(script);
    const directive = await violation;
    // Forget this deliberate violation so the suite's CSP check only sees the app's own.
    (window as unknown as { elicitationKitCspViolations: unknown[] }).elicitationKitCspViolations.length = 0;
    return { directive, ran: (window as unknown as { inlineScriptRan?: boolean }).inlineScriptRan === true };
  });
  expect(ran).toEqual({ directive: 'script-src-elem', ran: false });
  expect(page.url().startsWith(HOST_ORIGIN)).toBe(true);
});
