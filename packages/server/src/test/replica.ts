// One replica for the fault tests and the replica bench: a process of its own serving both eras on 127.0.0.1 with the
// kit, a Redis round store and the shared state key, so that any replica can answer any 2026 retry. Its export tool
// works `workMs` (an argument), then applies its effect exactly once the way the README says an at-least-once
// operation should: keyed by `call.idempotencyKey` (`SET … NX` in Redis), so a second run after a takeover finds it
// done and returns the same outcome. It writes a JSON line to stderr when an operation starts, when it applied (or found) its effect — with the
// answer's `format:maxRows`, which the test makes unique per round trip — and for every outcome record, so the test
// can count runs and effects across replicas, including one that was killed.
// Environment: PORT (default 0), REDIS_URL, STATE_KEY, LEASE_MS (default: the kit's).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';
import { Redis } from 'ioredis';
import {
  createElicitationServer,
  createRedisRoundStore,
  defineTool,
  REDIS_CLIENT_OPTIONS,
  serveBothEras,
  toolArguments,
  toolResult,
} from '../index.js';
import { exportOptions } from '../../examples/export-tool.js';

/** One line on stderr: what the test counts. */
function report(line: Record<string, unknown>): void {
  process.stderr.write(`${JSON.stringify({ pid: process.pid, ...line })}\n`);
}

const redis = new Redis(process.env['REDIS_URL'] ?? '', REDIS_CLIENT_OPTIONS);
redis.on('error', () => undefined); // an outage is reported per command, as `store-unavailable`
const leaseMs = process.env['LEASE_MS'] === undefined ? undefined : Number(process.env['LEASE_MS']);

/** How long the effect may wait for Redis (a restart in the middle) before the operation fails. */
const EFFECT_PATIENCE_MS = 15_000;

/**
 * The operation's effect, once per idempotency key (`SET … NX`): whether this run applied it, and which replica did.
 * A second run (after a takeover) finds the effect and reports the same `appliedBy`, so it returns the same result.
 */
async function applyOnce(key: string, serial: string): Promise<{ applied: boolean; appliedBy: number }> {
  const effect = `replica-test:effect:${key}`;
  const giveUpAt = Date.now() + EFFECT_PATIENCE_MS;
  for (;;) {
    try {
      if ((await redis.set(effect, `${serial}@${process.pid}`, 'PX', 3_600_000, 'NX')) === 'OK') {
        return { applied: true, appliedBy: process.pid };
      }
      return { applied: false, appliedBy: Number((await redis.get(effect))?.split('@')[1]) };
    } catch (error) {
      if (Date.now() > giveUpAt) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const exportData = defineTool({
  name: 'export-data',
  description: 'Exports the orders after asking how; works workMs first.',
  arguments: toolArguments({
    type: 'object',
    properties: { workMs: { type: 'integer', minimum: 0, maximum: 60_000, default: 0 } },
  }),
  questions: { export_options: exportOptions },
  accept: async ({ export_options: { format, maxRows } }, call) => {
    const run = { serial: `${format}:${maxRows}`, key: call.idempotencyKey, attempt: call.attempt };
    report({ event: 'started', ...run });
    if (call.args.workMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, call.args.workMs));
    }
    const { applied, appliedBy } = await applyOnce(call.idempotencyKey, run.serial);
    report({ event: 'effect', ...run, applied });
    // The same outcome whichever run returns it: a function of the effect, not of the replica that ran last.
    return toolResult({ status: 'completed', format, maxRows, appliedBy });
  },
});

const kit = createElicitationServer({
  requestState: { key: process.env['STATE_KEY'] ?? '' },
  rounds: createRedisRoundStore(redis),
  ...(leaseMs === undefined ? {} : { roundPolicy: { leaseMs } }),
  onOutcome: (record) => report({ event: 'record', action: record.action, reason: record.reason, era: record.era }),
});
const mcp = serveBothEras(() => {
  const server = new McpServer({ name: 'replica', version: '1.0.0' }, { requestState: kit.requestState });
  kit.register(server, [exportData]);
  return server;
});
const handle = toNodeHandler({ fetch: (request: Request) => mcp.fetch(request) });
const http = createServer((req, res) => {
  void handle(req as Parameters<typeof handle>[0], res);
});
http.listen(Number(process.env['PORT'] ?? 0), '127.0.0.1', () => {
  const { port } = http.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ event: 'listening', url: `http://127.0.0.1:${port}/mcp` })}\n`);
});
process.on('SIGTERM', () => {
  void mcp.close().finally(() => {
    redis.disconnect();
    http.closeAllConnections();
    http.close(() => process.exit(0));
  });
});
