// A reload mid-question in the chat host: the turn goes on on the backend, so the reloaded page shows the
// conversation, the reply being written (read again from its start) and the question under it, and the answer given
// there finishes the reply. What was typed into the question before the reload is back in the card (the page keeps a
// draft in this tab's sessionStorage; nothing was sent), and the draft is gone once the question is answered.
import { ChatPage, userName } from '../models/chat-page.js';
import { expect, test } from '../support/test.js';

test('reload mid-question: the question is back under its message with what was typed, and its answer finishes the reply', async ({
  page,
}, info) => {
  const chat = new ChatPage(page);
  await chat.signIn(userName('rae', info));
  await chat.send('Export the orders');
  const before = await chat.questionOfLastReply();
  await before.field('Export format').selectOption('json');
  await before.field('Maximum rows').fill('5');

  await page.reload();
  // Still signed in; the user's message, the reply being written and its question are all back.
  await expect(page.getByText(/^Signed in as rae-/)).toBeVisible();
  await expect(chat.messages().first()).toContainText('Export the orders');
  const after = await chat.questionOfLastReply();
  await expect(chat.assistantMessages().last()).toContainText('Calling export-data…');
  await expect(chat.questions()).toHaveCount(1);
  // What was typed is back (the dialog's defaultValues), and the page says it was filled in again, above the card.
  await expect(after.field('Export format')).toHaveValue('json');
  await expect(after.field('Maximum rows')).toHaveValue('5');
  await expect(chat.assistantMessages().last()).toContainText(
    'What you typed before is filled in again; nothing was sent yet.',
  );
  // One turn at a time: the message box waits for this one.
  await expect(chat.sendButton).toBeDisabled();

  await after.field('Export format').selectOption('csv');
  await after.field('Maximum rows').fill('4');
  await after.accept();
  await chat.expectReply(/^export-data answered: \{"status":"completed","format":"csv","maxRows":4,/);
  await expect(chat.sendButton).toBeEnabled();
  // Answered: the page keeps no draft of it.
  const kept = await page.evaluate(() =>
    Object.keys(window.sessionStorage).filter((key) => key.startsWith('elicitation-kit.draft')),
  );
  expect(kept).toEqual([]);
  // And after another reload the conversation is the finished one, with nothing left to answer.
  await page.reload();
  await chat.expectReply(/^export-data answered: \{"status":"completed","format":"csv","maxRows":4,/);
  await expect(chat.messages()).toHaveCount(2);
  await expect(chat.questions()).toHaveCount(0);
});
