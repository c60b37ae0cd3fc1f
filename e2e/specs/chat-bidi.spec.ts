// Server text in the chat cannot reorder it (issue 33): a right-to-left override in a tool's answer the model quotes,
// or in a tool's error, is shown as a visible marker (`⟨U+202E⟩`), not obeyed. The demo server returns no such text,
// so the conversation the page loads is the one a hostile server would have produced, served in place of the
// backend's; everything else (the sign-in, the production build, its CSP) is the real chat host's.
import { ChatPage, userName } from '../models/chat-page.js';
import { expect, test } from '../support/test.js';

const HOSTILE_REPLY = 'export-data answered: {"note":"invoice\u202Egnp.exe\u202C sent"}';

test('a right-to-left override in a quoted tool answer is shown as a marker and reorders nothing', async ({
  page,
}, info) => {
  const chat = new ChatPage(page);
  await chat.signIn(userName('bidi', info));
  await page.route('**/api/chat', async (route) => {
    if (route.request().method() !== 'GET') {
      await route.fallback();
      return;
    }
    await route.fulfill({
      json: {
        id: 'hostile-chat',
        messages: [
          { id: 'm-1', role: 'user', parts: [{ type: 'text', text: 'Export the orders' }] },
          {
            id: 'm-2',
            role: 'assistant',
            parts: [
              {
                type: 'dynamic-tool',
                toolName: 'export-data',
                toolCallId: 'call-1',
                state: 'output-error',
                input: {},
                errorText: 'refused \u202Etxt.elif',
              },
              { type: 'text', text: HOSTILE_REPLY },
            ],
          },
        ],
      },
    });
  });
  // Nothing runs in that conversation.
  await page.route('**/api/chat/hostile-chat/stream', (route) => route.fulfill({ status: 204 }));
  await page.reload();

  const reply = chat.assistantMessages().last();
  await expect(reply.locator('.message-text')).toHaveText(
    'export-data answered: {"note":"invoice⟨U+202E⟩gnp.exe⟨U+202C⟩ sent"}',
  );
  await expect(reply.locator('.tool-status')).toHaveText('export-data failed: refused ⟨U+202E⟩txt.elif');
  expect(await chat.conversation.evaluate((element) => /\p{Bidi_Control}/u.test(element.textContent ?? ''))).toBe(
    false,
  );
  // As laid out: the text reads left to right as sent ("gnp" left of "exe", "sent" last), not reversed after the
  // override ("exe.png", and the rest of the line after it).
  const left = (text: string) =>
    reply.locator('.message-text').evaluate((element, needle) => {
      const node = element.firstChild;
      const start = node?.textContent?.indexOf(needle) ?? -1;
      if (node === null || start < 0) {
        throw new Error(`no "${needle}" in the reply`);
      }
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, start + needle.length);
      return range.getBoundingClientRect().left;
    }, text);
  const [gnp, exe, sent] = [await left('gnp'), await left('exe'), await left('sent')];
  expect(gnp).toBeLessThan(exe);
  expect(exe).toBeLessThan(sent);
});
