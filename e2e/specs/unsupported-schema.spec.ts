// A request outside the restricted schema (a `$ref` property) is refused by the kit with -32602 before anything is
// shown: no dialog ever appears. On 2025 sessions the server receives that error and reports it; on 2026-07-28 the
// call fails in the client and no retry is sent.
import { dialogsInserted, watchDialogs } from '../support/dialog-watch.js';
import { ERAS } from '../support/env.js';
import { expect, test } from '../support/test.js';

for (const era of ERAS) {
  test(`unsupported schema: no dialog, -32602 (${era} era)`, async ({ page, host, traffic }) => {
    await watchDialogs(page);
    await host.openAndConnect(era);
    await host.runTool('unsupported-schema');
    await expect(host.logOutcomes('rejected')).toHaveCount(1, { timeout: 15_000 });
    await expect(host.logOutcomes('rejected')).toContainText('-32602');
    if (era === 'legacy') {
      // The server's own report of the error it received.
      await host.expectResult('The client refused the request with -32602');
      await expect(host.result).toContainText('"status":"refused","code":-32602');
      const answers = traffic.elicitationAnswers();
      expect(answers).toHaveLength(1);
      expect(answers[0]).toMatchObject({ error: { code: -32602 } });
    } else {
      await host.expectResult('-32602');
      // Refused locally: the client never retried with an answer.
      expect(traffic.elicitationAnswers()).toEqual([]);
      expect(traffic.toolCalls('unsupported-schema')).toHaveLength(1);
    }
    await expect(host.logOutcomes('shown')).toHaveCount(0);
    expect(await dialogsInserted(page)).toBe(0);
  });
}
