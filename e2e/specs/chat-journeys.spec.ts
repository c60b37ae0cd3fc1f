// The chat host in Chromium: a message makes the AI SDK's model (the deterministic mock) call a demo-server tool on
// the backend; the server's question comes through the bridge and appears inline, under the assistant message that
// asked; the answer goes back, and the reply quotes what the server did. Accept, decline, cancel and URL mode.
import { ChatPage, userName } from '../models/chat-page.js';
import { authorizeConnectAccount } from '../support/connect-account.js';
import { DEMO_SERVER_ORIGIN } from '../support/env.js';
import { expect, test } from '../support/test.js';

test('chat → tool → the question inline under the reply → accept → the result in the chat', async ({ page }, info) => {
  const chat = new ChatPage(page);
  await chat.signIn(userName('ada', info));
  await chat.send('Export the orders');
  const question = await chat.questionOfLastReply();
  const reply = chat.assistantMessages().last();
  await expect(reply).toContainText('Calling export-data…');
  await expect(question.root).toContainText('How should the orders export be produced?');
  // Inline, not modal: the page around it stays usable (no modal dialog, the message box can take focus).
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(question.root).toBeFocused();
  await question.field('Export format').selectOption('json');
  await question.field('Maximum rows').fill('2');
  await question.accept();
  await expect(chat.questions()).toHaveCount(0);
  await chat.expectReply(
    'export-data answered: {"status":"completed","format":"json","maxRows":2,"includeHeaders":true,"rows":2,"mimeType":"application/json"}',
  );
  await expect(reply).toContainText('Used export-data.');
  await expect(chat.messageBox).toBeEnabled();
});

test('decline: nothing is exported, and the reply says so', async ({ page }, info) => {
  const chat = new ChatPage(page);
  await chat.signIn(userName('bea', info));
  await chat.send('Export the orders');
  await (await chat.questionOfLastReply()).decline();
  await chat.expectReply(
    'export-data answered: {"status":"not_started","reason":"declined","message":"Export not started: you declined to choose export options."}',
  );
});

test('cancel: the confirmation is dismissed, nothing is archived', async ({ page }, info) => {
  const chat = new ChatPage(page);
  await chat.signIn(userName('cy', info));
  await page.getByRole('button', { name: 'Archive old exports' }).click();
  const question = await chat.questionOfLastReply();
  await expect(question.root).toContainText('Archive the 3 exports older than 30 days?');
  await question.cancel();
  await chat.expectReply(
    'confirm-action answered: {"status":"cancelled","reason":"cancelled","message":"Nothing archived: the confirmation was dismissed."}',
  );
});

test('an invalid answer keeps what was typed and says what to fix; nothing is sent', async ({ page }, info) => {
  const chat = new ChatPage(page);
  await chat.signIn(userName('dee', info));
  await chat.send('Export the orders');
  const question = await chat.questionOfLastReply();
  await question.field('Export format').selectOption('csv');
  await question.field('Maximum rows').fill('0');
  await question.accept();
  await question.expectInvalid(question.field('Maximum rows'), 'Maximum rows must be at least 1.');
  await expect(question.field('Maximum rows')).toHaveValue('0');
  await question.field('Maximum rows').fill('3');
  await question.accept();
  await chat.expectReply(/^export-data answered: \{"status":"completed","format":"csv","maxRows":3,/);
});

test('URL mode: consent inline, the server’s page in a new tab, the sign-in there, the account connected', async ({
  page,
  context,
}, info) => {
  const chat = new ChatPage(page);
  await chat.signIn(userName('eve', info));
  await page.getByRole('button', { name: 'Connect my account' }).click();
  const question = await chat.questionOfLastReply();
  await expect(question.root).toContainText('Connect your (simulated) warehouse account.');
  const href = question.root.locator('[data-part="href"]');
  await expect(href).toHaveText(new RegExp(`^${DEMO_SERVER_ORIGIN.replaceAll('.', '\\.')}/connect/[0-9a-f-]{36}$`));
  const url = (await href.textContent()) ?? '';
  // Shown as text, never as a link.
  await expect(question.root.getByRole('link')).toHaveCount(0);
  const opened = context.waitForEvent('page');
  await question.openButton.click();
  const popup = await opened;
  await popup.waitForLoadState('domcontentloaded');
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  // The server's URL sent the tab to the demo's authorization server: a real third-party authorization.
  await authorizeConnectAccount(popup);
  await popup.close();
  // 2026-07-28 (the chat host's clients discover it first): the card waits for "I'm done" before it answers.
  await question.root.getByRole('button', { name: "I'm done" }).click();
  const flowId = url.split('/').at(-1) ?? '';
  await chat.expectReply(`connect-account answered: {"status":"completed","connected":true,"flowId":"${flowId}"}`);
});
