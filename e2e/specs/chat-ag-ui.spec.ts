// The chat host's AG-UI mode (`?mode=ag-ui`) in Chromium: the page runs the backend's AG-UI agent with `HttpAgent`;
// the demo server's question ends the run as an interrupt, which appears inline under the assistant's message as the
// kit's dialog; accepting it resumes the run, and the tool's result and the reply appear.
import { ChatPage, userName } from '../models/chat-page.js';
import { ElicitationDialogModel } from '../models/dialog.js';
import { CHAT_ORIGIN } from '../support/env.js';
import { TIMEOUTS } from '../support/timeouts.js';
import { expect, test } from '../support/test.js';

/** The question's inline region: named after the MCP server that asks, as in the bridge's chat. */
const QUESTION_NAME = /^Elicitation Kit demo server \(elicitation-kit-demo\) is asking for input$/;

test('AG-UI: the interrupt inline under the reply → accept → the run resumes and the result appears', async ({
  page,
}, info) => {
  const chat = new ChatPage(page);
  await chat.signIn(userName('agui', info));
  await page.goto(`${CHAT_ORIGIN}/?mode=ag-ui`);
  await expect(page.getByText('This chat runs as an AG-UI agent')).toBeVisible();
  const runs: { resume?: unknown }[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/ag-ui') && request.method() === 'POST') {
      runs.push(request.postDataJSON() as { resume?: unknown });
    }
  });
  await chat.send('Export the orders');
  const reply = chat.assistantMessages().last();
  const region = reply.getByRole('region', { name: QUESTION_NAME });
  await expect(region).toBeVisible({ timeout: TIMEOUTS.tool });
  const question = new ElicitationDialogModel(page, region);
  await expect(reply).toContainText('Calling export-data…');
  await expect(question.root).toContainText('How should the orders export be produced?');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // While the interrupt is open, no other run may start.
  await expect(chat.sendButton).toBeDisabled();
  await question.field('Export format').selectOption('json');
  await question.field('Maximum rows').fill('2');
  await question.accept();
  await expect(region).toHaveCount(0);
  await chat.expectReply(
    'export-data answered: {"status":"completed","format":"json","maxRows":2,"includeHeaders":true,"rows":2,"mimeType":"application/json"}',
  );
  expect(runs).toHaveLength(2);
  expect(runs[0]?.resume).toBeUndefined();
  expect(runs[1]?.resume).toEqual([
    {
      interruptId: expect.any(String),
      status: 'resolved',
      payload: { action: 'accept', content: { format: 'json', maxRows: 2, includeHeaders: true } },
    },
  ]);
  await expect(chat.messageBox).toBeEnabled();
});

test('AG-UI: decline goes in the resume’s payload and nothing is exported', async ({ page }, info) => {
  const chat = new ChatPage(page);
  await chat.signIn(userName('agui-d', info));
  await page.goto(`${CHAT_ORIGIN}/?mode=ag-ui`);
  await chat.send('Export the orders');
  const region = chat.assistantMessages().last().getByRole('region', { name: QUESTION_NAME });
  await expect(region).toBeVisible({ timeout: TIMEOUTS.tool });
  await new ElicitationDialogModel(page, region).decline();
  await chat.expectReply(
    'export-data answered: {"status":"not_started","reason":"declined","message":"Export not started: you declined to choose export options."}',
  );
});
