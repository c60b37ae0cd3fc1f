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
  // Styles: the app's own files, and <style> elements carrying this response's nonce (the rjsf themes' design
  // systems insert theirs that way); no 'unsafe-inline'.
  const styleSources = directives.get('style-src') ?? [];
  expect(styleSources).toHaveLength(2);
  expect(styleSources[0]).toBe("'self'");
  expect(styleSources[1]).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
  expect(policy).not.toContain('unsafe-eval');
  expect(policy).not.toContain('unsafe-inline');
  // A fresh nonce for every response, and the page's tags carry the one its policy names.
  const again = (await request.get('/')).headers()['content-security-policy'] ?? '';
  expect(again).not.toBe(policy);
  // The page's scripts are files from its own origin: no inline script.
  const html = await response.text();
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect(html).toContain(`<meta property="csp-nonce" nonce="${styleSources[1]?.slice(7, -1)}">`);

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

  // An injected <style> without the nonce is refused too: styles cannot be smuggled in either.
  const styled = await page.evaluate(async () => {
    const violation = new Promise<string>((resolve) => {
      document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective), { once: true });
    });
    const style = document.createElement('style');
    style.textContent = 'body { outline: 7px solid rgb(1, 2, 3); }';
    document.head.append(style);
    const directive = await violation;
    (window as unknown as { elicitationKitCspViolations: unknown[] }).elicitationKitCspViolations.length = 0;
    return { directive, applied: getComputedStyle(document.body).outlineWidth === '7px' };
  });
  expect(styled).toEqual({ directive: 'style-src-elem', applied: false });
  expect(page.url().startsWith(HOST_ORIGIN)).toBe(true);
});
