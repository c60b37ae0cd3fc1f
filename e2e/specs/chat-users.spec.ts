// Two users in two browsers (two contexts, two sessions): each sees only their own conversation and their own
// questions, and one cannot answer the other's, not even with a token of their own. A user is a session made at
// sign-in, never a name: two browsers typing the very same name are two users, and the sign-in says so. The owner's
// question stays pending and is answered once, by its owner. Signing out ends the session: signing in again, even with
// the same name, is a new user with a new conversation.
import { ChatPage, userName } from '../models/chat-page.js';
import { expect, test } from '../support/test.js';

for (const [first, second] of [
  ['alice', 'bob'],
  ['sam', 'sam'],
] as const) {
  test(`signed in as ${first} and ${second}: the second browser can neither see nor answer the first’s question`, async ({
    page,
    browser,
  }, info) => {
    const alice = new ChatPage(page);
    const aliceName = userName(first, info);
    const bobName = first === second ? aliceName : userName(second, info);
    await alice.open();
    // The sign-in says what the name is, and is not.
    await expect(page.getByLabel('Your name')).toHaveAccessibleDescription(
      /^Your name is only shown in the chat; it is not a password\. Each browser that signs in is its own user/,
    );
    await alice.signIn(aliceName);
    await alice.send('Export the orders');
    const question = await alice.questionOfLastReply();
    const [pending] = (await alice.bridgeReady()).entries;
    expect(pending?.tag).toBeDefined();

    const bobContext = await browser.newContext();
    try {
      const bob = new ChatPage(await bobContext.newPage());
      await bob.signIn(bobName);
      // Bob's page is live (his own question reaches it) and shows only his.
      await bob.page.getByRole('button', { name: 'Archive old exports' }).click();
      const bobsQuestion = await bob.questionOfLastReply();
      await expect(bob.questions()).toHaveCount(1);
      await expect(bobsQuestion.root).toContainText('Archive the 3 exports older than 30 days?');
      await expect(bob.conversation).not.toContainText('Export the orders');
      const bobs = await bob.bridgeReady();
      expect(bobs.entries.map(({ id }) => id)).not.toContain(pending?.id);

      // Answering Alice's question from Bob's browser: refused without a token, not his with his own.
      expect(await bob.postAnswer(pending?.id ?? '')).toEqual({ status: 403, error: 'bad-token' });
      expect(await bob.postAnswer(pending?.id ?? '', bobs.token)).toEqual({ status: 404, error: 'not-pending' });

      // Alice's question is still hers, open and answerable; Bob's is his.
      await expect(question.root).toBeVisible();
      await question.field('Export format').selectOption('csv');
      await question.accept();
      await alice.expectReply(/^export-data answered: \{"status":"completed","format":"csv",/);
      await bobsQuestion.decline();
      await bob.expectReply(/^confirm-action answered: \{"status":"not_started"/);
      await expect(alice.conversation).not.toContainText('confirm-action');
    } finally {
      await bobContext.close();
    }

    // Signing out ends the session; the same name again is a new user, whose conversation is empty.
    await alice.signOut();
    await alice.signIn(aliceName);
    await expect(alice.messages()).toHaveCount(0);
  });
}
