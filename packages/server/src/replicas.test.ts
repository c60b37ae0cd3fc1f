// Replicas with real processes: two replicas (src/test/replica.ts), the sticky proxy of examples/sticky-proxy.ts,
// one real redis-server, SDK v2 clients.
// - 2026-07-28 (requests round-robin): 1,000 sequential round trips with a kill -9 of the replica running an
//   operation and a Redis restart in the middle, then 100 at once with another kill -9: no answer lost, no effect
//   doubled, every replay answered with the same bytes. The full-size run (10,000 + 1,000) is `npm run bench`.
// - 2025-11-25 (sessions stick to their replica): 20 clients all complete a round trip; when a replica dies, its
//   clients hear it at once from their transport, their next request gets 404 "Session not found", and a new session
//   (on the other replica) completes the call; the other replica's clients never notice.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis } from '@elicitation-kit/test-redis';
import type { TestRedis } from '@elicitation-kit/test-redis';
import { startStickyProxy } from '../examples/sticky-proxy.js';
import type { StickyProxy } from '../examples/sticky-proxy.js';
import { startReplica } from './test/cluster.js';
import type { Replica } from './test/cluster.js';
import { runReplicaFaults } from './test/replica-run.js';

describe('two replicas behind a round-robin proxy, one Redis, faults in the middle', () => {
  it('1,000 sequential and 100 concurrent round trips: 0 lost, 0 doubled, every replay the same bytes', async () => {
    const report = await runReplicaFaults({ sequential: 1_000, concurrent: 100 });
    for (const phase of [report.sequential, report.concurrent]) {
      expect(phase).toMatchObject({ lost: 0, doubled: 0, replaysDiffering: 0 });
      expect(phase.replays).toBe(phase.roundTrips);
      expect(phase.refusals['round-forgotten'] ?? 0).toBe(0);
      expect(phase.refusals['round-unknown'] ?? 0).toBe(0);
      expect(phase.refusals['outcome-unknown'] ?? 0).toBe(0);
    }
    expect(report.sequential.roundTrips).toBe(1_000);
    expect(report.concurrent.roundTrips).toBe(100);
    // The faults happened: a replica died mid-operation (its operation was taken over once, with the same
    // idempotency key, so its effect still happened once), Redis restarted, another replica died under load.
    expect(report.faults).toEqual([
      expect.stringMatching(/^kill -9 of replica \d+ while it ran the operation of csv:334$/),
      'restart of redis-server (appendonly) before round trip 667',
      expect.stringMatching(/^kill -9 of replica \d+ with 67 concurrent round trips in flight$/),
    ]);
    expect(report.sequential.takeovers).toBeGreaterThanOrEqual(1);
    console.log(JSON.stringify(report));
  }, 120_000);
});

describe('2025 sessions behind the sticky proxy', () => {
  let redis: TestRedis;
  let replicas: Replica[];
  let proxy: StickyProxy;
  beforeAll(async () => {
    redis = await startRedis();
    const settings = { redisUrl: redis.url, stateKey: 'sticky sessions: the same key on every replica' };
    replicas = await Promise.all([startReplica(settings, () => undefined), startReplica(settings, () => undefined)]);
    proxy = await startStickyProxy(
      0,
      replicas.map((replica) => replica.url),
    );
  }, 60_000);
  afterAll(async () => {
    await proxy?.close();
    await Promise.all((replicas ?? []).map((replica) => replica.stop()));
    await redis?.stop();
  });

  /** A 2025 client through the proxy whose user answers after `delayMs`; `lost` aborts when its stream is cut. */
  async function connect(delayMs: number) {
    const client = new Client(
      { name: 'sticky-2025', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler('elicitation/create', async () => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return { action: 'accept', content: { format: 'json', maxRows: 7 } };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(proxy.url)));
    // What the README recommends: the transport reports a cut stream at once; the call would otherwise wait for its
    // own timeout (60 s by default), since the SDK does not end a request whose stream is gone.
    const lost = new AbortController();
    // oxlint-disable-next-line unicorn/prefer-add-event-listener -- the SDK exposes a callback, not events
    client.onerror = (error) => {
      if (String(error).includes('SSE stream disconnected')) {
        lost.abort(error);
      }
    };
    return { client, lost };
  }

  const exportOnce = async ({ client, lost }: Awaited<ReturnType<typeof connect>>) =>
    (await client.callTool({ name: 'export-data', arguments: {} }, { signal: lost.signal })) as CallToolResult;

  it('20 clients each complete a round trip on the replica that holds their session, spread over both', async () => {
    const sessions = await Promise.all(Array.from({ length: 20 }, () => connect(0)));
    const results = await Promise.all(sessions.map(exportOnce));
    const replicasUsed = new Set(
      results.map((result) => (result.structuredContent as { appliedBy: number }).appliedBy),
    );
    expect(results.map((result) => (result.structuredContent as { status?: string }).status)).toEqual(
      Array(20).fill('completed'),
    );
    expect(replicasUsed.size).toBe(2);
    await Promise.all(sessions.map(({ client }) => client.close()));
  }, 60_000);

  it('a replica dies mid-question: its clients learn it at once and start a new session; the others never notice', async () => {
    const sessions = await Promise.all(Array.from({ length: 6 }, () => connect(1_500)));
    const calls = sessions.map((session) =>
      exportOnce(session).then(
        (result) => ({
          outcome: 'result' as const,
          replica: (result.structuredContent as { appliedBy: number }).appliedBy,
        }),
        (error: unknown) => ({ outcome: 'lost' as const, error: String(error) }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 500)); // every question is out, no answer yet
    const victim = replicas[0];
    const dead = victim?.pid;
    await victim?.kill();
    const killedAt = Date.now();
    const outcomes = await Promise.all(calls);
    const lost = outcomes.filter((outcome) => outcome.outcome === 'lost');
    const kept = outcomes.filter((outcome) => outcome.outcome === 'result');
    expect(lost).toHaveLength(3);
    expect(kept).toHaveLength(3);
    expect(kept.every((outcome) => outcome.replica !== dead)).toBe(true);
    // Told within the second, not after the SDK's 60 s request timeout.
    expect(Date.now() - killedAt).toBeLessThan(5_000);
    for (const [index, outcome] of outcomes.entries()) {
      if (outcome.outcome !== 'lost') {
        continue;
      }
      const session = sessions[index]!;
      // Its session died with the replica: the next request says so (404, -32001), and a new session works.
      await expect(session.client.listTools()).rejects.toThrow(/Session not found/);
      const fresh = await connect(0);
      expect((await exportOnce(fresh)).structuredContent).toMatchObject({ status: 'completed' });
      await fresh.client.close();
    }
    await Promise.all(sessions.map(({ client }) => client.close().catch(() => undefined)));
    await victim?.start();
  }, 60_000);
});
