// The README snippets (root and react), verbatim on #/readme/*, in a host that re-renders on every keystroke: the
// dialog continues across re-parsed copies and one request gets exactly one answer, whatever is pressed afterwards.
import { expect, test } from '../support/test.js';

for (const snippet of ['react', 'root'] as const) {
  test(`the ${snippet} README snippet answers one request exactly once`, async ({ page }) => {
    await page.goto(`/#/readme/${snippet}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const branch = dialog.getByLabel(/^Branch/);
    await branch.pressSequentially('main');
    await expect(branch).toHaveValue('main');
    // The host re-rendered (re-parsing the params) on every keystroke, and the dialog kept what was typed.
    expect(Number(await page.getByLabel('Renders').textContent())).toBeGreaterThanOrEqual(4);
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toBeHidden();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('Answers')).toHaveText('[{"action":"accept","content":{"branch":"main"}}]');
  });
}
