// The demo server's deliberate anti-pattern: an "API key" asked for in a form. The dialog warns that it looks like a
// secret (the spec says secrets belong in URL mode); declining sends nothing but the refusal.
import { ERAS } from '../support/env.js';
import { expect, test } from '../support/test.js';

for (const era of ERAS) {
  test(`api-key-form shows the secret warning (${era} era)`, async ({ host, traffic }) => {
    await host.openAndConnect(era);
    await host.runTool('api-key-form');
    const dialog = await host.dialog.expectOpen();
    await expect(dialog).toContainText('Paste your warehouse API key to continue.');
    const warning = dialog.locator('[data-part="warning"]');
    await expect(warning).toHaveText(
      '“API key” looks like a secret. Servers must not ask for passwords, keys or card numbers in a form; do not enter them here.',
    );
    await expect(host.dialog.field('API key')).toBeVisible();
    await host.dialog.decline();
    await host.dialog.expectClosed();
    await host.expectResult('"status":"not_started"');
    expect(traffic.elicitationAnswers()).toEqual([{ action: 'decline' }]);
  });
}
