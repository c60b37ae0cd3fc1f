// A client that declares no elicitation capability (`?elicitation=none`) gets the server's controlled error at once:
// -32021 MissingRequiredClientCapability on 2026-07-28, a tool error on 2025 sessions. Never a dialog, never a hang.
import { dialogsInserted, watchDialogs } from '../support/dialog-watch.js';
import { ERAS } from '../support/env.js';
import { expect, test } from '../support/test.js';

for (const era of ERAS) {
  test(`no elicitation capability: the server answers with a controlled error (${era} era)`, async ({
    page,
    host,
    traffic,
  }) => {
    await watchDialogs(page);
    await host.open({ era, query: { elicitation: 'none' } });
    await host.connect();
    await expect(host.eraBadge).toHaveText(era);
    await host.runTool('export-data');
    if (era === 'modern') {
      await host.expectResult('-32021');
    } else {
      await host.expectResult('Client does not support form elicitation.');
      await expect(host.result).toContainText('The tool reported an error.');
    }
    expect(traffic.elicitationAnswers()).toEqual([]);
    expect(await dialogsInserted(page)).toBe(0);
  });
}
