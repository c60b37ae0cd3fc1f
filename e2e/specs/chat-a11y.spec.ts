// axe (WCAG 2.x A/AA and best practices) on the chat host's page as a user meets it: the sign-in with its error, and
// the conversation with an inline question open (a form, its errors, a URL-mode consent), light and dark.
import { ChatPage, userName } from '../models/chat-page.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { expect, test } from '../support/test.js';

const PAGE = '#root';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`the chat host, ${colorScheme}`, () => {
    test.use({ colorScheme });

    test('sign-in, a form question with errors, a URL-mode question: axe clean', async ({ page }, info) => {
      const chat = new ChatPage(page);
      await chat.open();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toHaveText('Type a name to sign in with.');
      await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page, info, `sign-in-${colorScheme}`, PAGE);

      await chat.signIn(userName(`axe-${colorScheme}`, info));
      await chat.send('Export the orders');
      const form = await chat.questionOfLastReply();
      await expectNoAxeViolations(page, info, `form-${colorScheme}`, PAGE);
      await form.field('Export format').selectOption('csv');
      await form.field('Maximum rows').fill('0');
      await form.accept();
      await form.expectInvalid(form.field('Maximum rows'), 'Maximum rows must be at least 1.');
      await expectNoAxeViolations(page, info, `form-errors-${colorScheme}`, PAGE);
      await form.cancel();
      await chat.expectReply(/^export-data answered: \{"status":"cancelled"/);

      await page.getByRole('button', { name: 'Connect my account' }).click();
      const consent = await chat.questionOfLastReply();
      await expect(consent.openButton).toBeVisible();
      await expectNoAxeViolations(page, info, `url-consent-${colorScheme}`, PAGE);
      await consent.decline();
      await chat.expectReply(/^connect-account answered: \{"status":"not_started"/);
      await expectNoAxeViolations(page, info, `conversation-${colorScheme}`, PAGE);
    });
  });
}
