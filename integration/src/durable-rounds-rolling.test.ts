// A rolling restart of two backend replicas while 20 durable questions are open (issue 34's chaos test): real
// processes, a real redis-server as their shared round store, the demo server over real Streamable HTTP
// (test/durable-rolling-run.ts, which `npm run bench` runs with 1,000). Each replica asks 10 questions; then A is
// redeployed (SIGTERM: its rounds are handed over, B takes them), 5 are answered on B, then B is redeployed (A' takes
// what is left), and the rest are answered on A'. Every call completes exactly once: 0 lost, 0 doubled, counted at the
// MCP server and in the replicas' outcomes. Bounded: each wait has a deadline, and every process is stopped at the end.
import { expect, it } from 'vitest';
import { runRollingRestart } from './test/durable-rolling-run.js';

it('a rolling restart of both replicas with 20 questions open: every call completes once (0 lost, 0 doubled)', async () => {
  const report = await runRollingRestart({ perReplica: 10, leaseMs: 400, deadlineMs: 20_000 });
  expect(report).toMatchObject({
    questions: 20,
    completed: 20,
    lost: 0,
    doubled: 0,
    failed: 0,
    operations: 20,
    leftOver: 0,
  });
  // Each redeploy moved every round still open to the other replica.
  expect(report.handovers.map(({ from, to, rounds }) => ({ from, to, rounds }))).toEqual([
    { from: 'a', to: 'b', rounds: 20 },
    { from: 'b', to: 'a2', rounds: 15 },
  ]);
}, 90_000);
