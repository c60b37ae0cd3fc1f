// 6. Durable questions across a rolling restart: integration's run at full size (integration/src/test/
// durable-rolling-run.ts; `npm test` runs it with 20 in durable-rounds-rolling.test.ts). Two backend replicas as real
// processes with `callToolDurably` and `resumeRounds`, one redis-server as their round store, the demo server: each
// replica asks half the questions, A is redeployed (its rounds handed over to B), a quarter are answered on B, B is
// redeployed (A' takes the rest), the rest are answered on A'. Lost, doubled and failed calls are counted from the
// replicas' reports and the demo server's log.
import { runRollingRestart } from '../../integration/src/test/durable-rolling-run.ts';

/** Runs the rolling restart with `questions` open (half per replica), with `ok` when nothing was lost or doubled. */
export async function measureDurable({ questions }) {
  const report = await runRollingRestart({
    perReplica: questions / 2,
    leaseMs: 2000,
    deadlineMs: 180_000,
    log: (line) => process.stdout.write(`\n  ${line} `),
  });
  const ok =
    report.completed === report.questions &&
    report.lost === 0 &&
    report.doubled === 0 &&
    report.failed === 0 &&
    report.leftOver === 0;
  return { ...report, ok };
}
