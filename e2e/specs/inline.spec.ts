// The inline presentation (`presentation="inline"`): the gallery renders its previews in the page's flow, as a chat
// host renders a question as a card in the conversation. A labelled region, not a modal: the page around it stays
// usable, focus moves to it once when it appears, there is no focus trap, and after the answer focus goes to the next
// question still open. Several on one page are each answered once.
import { expectNoAxeViolations } from '../support/axe.js';
import { expect, test } from '../support/test.js';

test('the page around inline questions stays usable: no modal, the fixture list works', async ({ page, gallery }) => {
  await gallery.open('form-01-single-string');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(gallery.dialog.root).toHaveAttribute('data-presentation', 'inline');
  // Nothing is inert: the fixture list takes a click while the questions are open.
  await page.getByRole('navigation', { name: 'Fixtures' }).getByRole('link', { name: 'form-04-boolean' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'form-04-boolean' })).toBeVisible();
  await expect(gallery.dialog.field('Dry run')).toBeVisible();
});

test('keyboard only: focus lands on the first question once, Tab walks through and out, Enter answers, focus moves on', async ({
  page,
  gallery,
}) => {
  await gallery.open('form-01-single-string');
  // The kit's look appeared first and took focus; the themes' questions, which appeared with it, did not steal it.
  await expect(gallery.dialog.root).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(gallery.dialog.field('Branch')).toBeFocused();
  await page.keyboard.type('release/2.4');
  await page.keyboard.press('Tab');
  await expect(gallery.dialog.cancelButton).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(gallery.dialog.declineButton).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(gallery.dialog.acceptButton).toBeFocused();
  // No trap: Tab goes on to what follows in the page.
  await page.keyboard.press('Tab');
  expect(await gallery.dialog.root.evaluate((root) => root.contains(document.activeElement))).toBe(false);
  await page.keyboard.press('Shift+Tab');
  await expect(gallery.dialog.acceptButton).toBeFocused();
  await page.keyboard.press('Enter');
  expect(await gallery.expectAnswered('kit', 'accept')).toEqual({
    action: 'accept',
    content: { branch: 'release/2.4' },
  });
  // The answered question is gone; focus went to the next one still open, not to the top of the page.
  await expect(gallery.look('mui').root).toBeFocused();
});

test('several inline questions on one page are each answered once', async ({ gallery }) => {
  await gallery.open('form-06-enum-titled-single');
  await gallery.look('antd').decline();
  await gallery.look('kit').cancel();
  await gallery.look('mui').accept();
  expect(await gallery.expectAnswered('antd', 'decline')).toEqual({ action: 'decline' });
  expect(await gallery.expectAnswered('kit', 'cancel')).toEqual({ action: 'cancel' });
  expect(await gallery.expectAnswered('mui', 'accept')).toEqual({ action: 'accept', content: { priority: 'p2' } });
  // Each card holds one answer, and no question is left to answer again.
  for (const look of ['kit', 'mui', 'antd'] as const) {
    await expect(gallery.card(look).getByRole('status')).toHaveCount(1);
    await expect(gallery.card(look).getByRole('button', { name: /^(Accept|Decline|Cancel)$/ })).toHaveCount(0);
  }
});

test('Escape does not answer an inline question', async ({ page, gallery }) => {
  await gallery.open('form-01-single-string');
  await gallery.dialog.field('Branch').focus();
  await page.keyboard.press('Escape');
  await expect(gallery.dialog.root).toHaveAttribute('data-state', 'open');
  await expect(gallery.card('kit').getByRole('status')).toHaveCount(0);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`an inline question has no axe violations (${colorScheme})`, async ({ page, gallery }, testInfo) => {
    await page.emulateMedia({ colorScheme });
    await gallery.open('form-12-kitchen-sink-all-variants');
    await expectNoAxeViolations(page, testInfo, `inline-${colorScheme}`, '[data-look="kit"] [data-part="root"]');
  });
}
