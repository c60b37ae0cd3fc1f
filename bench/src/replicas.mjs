// 5. Replicas that lose nothing: the server package's replica fault run at full size (packages/server/src/test/
// replica-run.ts; `npm test` runs it at 1,000 + 100 in src/replicas.test.ts). Two replicas as real processes behind the
// sticky proxy of packages/server/examples (2026-07-28 requests go round-robin), one redis-server with appendonly, an
// SDK v2 client that asks, answers, resends after a failure or a "send again" refusal, and replays every answer once.
// A replica is killed (kill -9) mid-operation and Redis restarted during the sequential phase, another replica killed
// during the concurrent one. Lost, doubled and differing replays are counted across every replica's own report.
import { runReplicaFaults } from '../../packages/server/src/test/replica-run.ts';

/** 0 lost, 0 doubled, every replay the same bytes. */
const ok = (phase) =>
  phase.lost === 0 && phase.doubled === 0 && phase.replaysDiffering === 0 && phase.replays === phase.roundTrips;

/** Runs the fault run, with `ok` per phase. */
export async function measureReplicas({ sequential, concurrent }) {
  const report = await runReplicaFaults({
    sequential,
    concurrent,
    log: (line) => process.stdout.write(`\n  ${line} `),
  });
  return {
    ...report,
    sequential: { ...report.sequential, ok: ok(report.sequential) },
    concurrent: { ...report.concurrent, ok: ok(report.concurrent) },
  };
}
