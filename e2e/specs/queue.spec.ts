// Two questions at once (`schedule-report`: two input requests in one round on 2026-07-28, two concurrent
// elicitation/create requests on 2025 sessions). They queue, open one at a time in order, and both answers arrive.
import { ERAS } from '../support/env.js';
import { expect, test } from '../support/test.js';

for (const era of ERAS) {
  test(`two elicitations at once are queued and answered in order, none lost (${era} era)`, async ({
    host,
    traffic,
  }) => {
    await host.openAndConnect(era);
    await host.runTool('schedule-report');

    const first = await host.dialog.expectOpen();
    await expect(first).toContainText('Who should receive the weekly report?');
    await expect(first).toContainText('1 more request waiting');
    await host.dialog.field('Send the report to').fill('ops@example.org');
    await host.dialog.accept();

    // The second opens by itself, with nothing left behind it.
    await expect(host.dialog.root).toContainText('When should the report be sent?');
    await expect(host.dialog.root).not.toContainText('more request');
    await expect(host.dialog.root).toHaveCount(1);
    await host.dialog.field('How often').selectOption({ label: 'Every day' });
    await host.dialog.field('Starting on').fill('2026-04-01');
    await host.dialog.accept();
    await host.dialog.expectClosed();

    await host.expectResult('"status":"completed"');
    expect(await host.resultSummary()).toEqual({
      status: 'completed',
      recipient: 'ops@example.org',
      frequency: 'daily',
      start: '2026-04-01',
    });
    const answers = traffic.elicitationAnswers();
    expect(answers).toHaveLength(2);
    expect(answers).toContainEqual({ action: 'accept', content: { email: 'ops@example.org' } });
    expect(answers).toContainEqual({ action: 'accept', content: { frequency: 'daily', start: '2026-04-01' } });
    await expect(host.logOutcomes('accept')).toHaveCount(2);
  });

  test(`declining one of two queued questions still answers both (${era} era)`, async ({ host, traffic }) => {
    await host.openAndConnect(era);
    await host.runTool('schedule-report');
    await expect(await host.dialog.expectOpen()).toContainText('Who should receive the weekly report?');
    await host.dialog.decline();
    await expect(host.dialog.root).toContainText('When should the report be sent?');
    await host.dialog.decline();
    await host.dialog.expectClosed();
    await host.expectResult('"status":"not_started"');
    expect(traffic.elicitationAnswers()).toEqual([{ action: 'decline' }, { action: 'decline' }]);
  });
}
