// The chat host is served with a strict Content-Security-Policy of its own (every journey through it runs under it,
// and the suite fails any test whose page reports a violation), and the demo host links to it.
import { ChatPage, userName } from '../models/chat-page.js';
import { CHAT_ORIGIN, HOST_ORIGIN } from '../support/env.js';
import { expect, test } from '../support/test.js';

test('the chat host is served with the strict CSP, and the browser enforces it', async ({ page, request }, info) => {
  const response = await request.get(`${CHAT_ORIGIN}/`);
  const policy = response.headers()['content-security-policy'] ?? '';
  const directives = new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  expect(directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('script-src')).toEqual(["'self'"]);
  expect(directives.get('style-src')).toEqual(["'self'"]);
  expect(directives.get('connect-src')).toEqual(["'self'"]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toContain('unsafe-eval');
  // The API answers under the same policy.
  expect((await request.get(`${CHAT_ORIGIN}/api/session`)).headers()['content-security-policy']).toBe(policy);
  const html = await response.text();
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect(html).not.toMatch(/<style\b|\sstyle=/);

  // A whole journey: the AI SDK's schemas are told not to generate code, so not even zod's probe is reported.
  const chat = new ChatPage(page);
  await chat.signIn(userName('csp', info));
  await chat.send('Export the orders');
  const question = await chat.questionOfLastReply();
  await question.field('Export format').selectOption('csv');
  await question.accept();
  await chat.expectReply(/^export-data answered: \{"status":"completed"/);
  expect(
    await page.evaluate(
      () => (window as unknown as { elicitationKitCspViolations: unknown[] }).elicitationKitCspViolations,
    ),
  ).toEqual([]);

  // Injected inline script and style are refused.
  const refused = await page.evaluate(async () => {
    const violations: string[] = [];
    const seen = new Promise<void>((resolve) => {
      document.addEventListener('securitypolicyviolation', (event) => {
        violations.push(event.violatedDirective);
        if (violations.length === 2) {
          resolve();
        }
      });
    });
    const script = document.createElement('script');
    script.textContent = 'window.inlineScriptRan = true';
    document.head.append(script);
    const style = document.createElement('style');
    style.textContent = 'body { outline: 7px solid rgb(1, 2, 3); }';
    document.head.append(style);
    await seen;
    // Forget these deliberate violations: the suite's check after the test sees the app's own only.
    (window as unknown as { elicitationKitCspViolations: unknown[] }).elicitationKitCspViolations.length = 0;
    return {
      violations: violations.toSorted(),
      ran: (window as unknown as { inlineScriptRan?: boolean }).inlineScriptRan === true,
      styled: getComputedStyle(document.body).outlineWidth === '7px',
    };
  });
  expect(refused).toEqual({ violations: ['script-src-elem', 'style-src-elem'], ran: false, styled: false });
});

test('the demo host links to the chat host', async ({ page }) => {
  await page.goto(`${HOST_ORIGIN}/`);
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat host' });
  await expect(link).toHaveAttribute('href', `${CHAT_ORIGIN}/`);
  await link.click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(page.url()).toBe(`${CHAT_ORIGIN}/`);
});

test('after sign-in the assistant greets the user with what to try, as plain text', async ({ page }, info) => {
  const chat = new ChatPage(page);
  await chat.signIn(userName('greeting', info));
  await expect(chat.messages()).toHaveCount(0);
  const greeting = page.getByRole('region', { name: 'Chat' }).getByRole('article', { name: 'Greeting' });
  await expect(greeting).toBeVisible();
  await expect(greeting).toContainText('Assistant');
  for (const suggestion of ['Export the orders', 'Connect my account', 'Archive old exports']) {
    await expect(greeting).toContainText(`“${suggestion}”`);
  }
  // Plain text: paragraphs only, no markup, links or controls.
  expect(
    await greeting.evaluate((element) => [...element.querySelectorAll('*')].map((child) => child.tagName)),
  ).toEqual(['P', 'P']);
  // It stays above the conversation, which is still the user's messages and the replies only.
  await chat.send('Export the orders');
  await expect(chat.messages().first()).toContainText('Export the orders');
  await expect(greeting).toBeVisible();
});
