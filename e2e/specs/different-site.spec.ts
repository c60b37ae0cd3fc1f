// The different-site warning through a real host (issue 22): the demo host gives the kit the URL the user connected
// to, the kit hands it to core with every request, and a URL-mode page on another site than the server asking is
// flagged in the dialog, in both eras. `connect-partner` asks for a page under `partner.localhost` (loopback, another site than 127.0.0.1);
// `connect-account` for the server's own page, which is not flagged.
import { expectNoAxeViolations } from '../support/axe.js';
import { ERAS } from '../support/env.js';
import { expect, test } from '../support/test.js';

const PARTNER_SITE = 'partner.localhost';
const NOTICE = `This page is on ${PARTNER_SITE}, a different site than the server asking.`;

for (const era of ERAS) {
  test.describe(`different site (${era} era)`, () => {
    test('a page on another site is flagged; declining it opens nothing', async ({
      context,
      page,
      host,
      traffic,
    }, testInfo) => {
      await host.openAndConnect(era);
      await host.runTool('connect-partner');
      const dialog = await host.dialog.expectOpen();
      await expect(dialog.locator('[data-part="host"]')).toHaveText(PARTNER_SITE);
      await expect(host.dialog.differentSiteNotice).toHaveText(NOTICE);
      await expect(dialog.locator('[data-part="warning"]')).toContainText([
        'The link goes to a different site than the server that asks; make sure you expect to be sent there.',
      ]);
      await expect(host.dialog.openButton).toHaveText(`Open ${PARTNER_SITE}`);
      // The axe scan opens a blank page of its own: only the pages opened after it count.
      await expectNoAxeViolations(page, testInfo, `different-site-${era}`);
      const opened: string[] = [];
      context.on('page', (opening) => opened.push(opening.url()));
      await host.dialog.decline();
      await host.dialog.expectClosed();
      await host.expectResult('"status":"not_started"');
      expect(opened).toEqual([]);
      expect(traffic.elicitationAnswers()).toEqual([{ action: 'decline' }]);
    });

    test('the server’s own page is not flagged', async ({ host }) => {
      await host.openAndConnect(era);
      await host.runTool('connect-account');
      await host.dialog.expectOpen();
      await expect(host.dialog.openButton).toHaveText('Open 127.0.0.1');
      await expect(host.dialog.differentSiteNotice).toHaveCount(0);
      await host.dialog.cancel();
      await host.dialog.expectClosed();
      await host.expectResult('"status":"cancelled"');
    });
  });
}
