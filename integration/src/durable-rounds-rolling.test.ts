// A rolling restart of two backend replicas while 20 durable questions are open (issue 34's chaos test): real
// processes (`test/durable-replica.ts`), a real redis-server (`@elicitation-kit/test-redis`) as their shared round
// store, the demo server over real Streamable HTTP. Each replica asks 10 questions; then A is restarted (SIGTERM: its
// rounds are handed over, B takes them), 5 are answered on B, then B is restarted (A' takes what is left), and the
// rest are answered on A'. Every call completes exactly once: 0 lost, 0 doubled, counted at the MCP server and in
// the replicas' outcomes. Bounded: each wait has a deadline, and every process is stopped at the end.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startDemoServer } from '@elicitation-kit/demo-server';
import type { DemoServer } from '@elicitation-kit/demo-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRedis } from '@elicitation-kit/test-redis';
import type { TestRedis } from '@elicitation-kit/test-redis';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const REPLICA = fileURLToPath(new URL('test/durable-replica.ts', import.meta.url));
const LEASE = 400;
const PER_REPLICA = 10;
const DEADLINE = 20_000;

let demo: DemoServer;
let redis: TestRedis;
const replicas: Replica[] = [];

beforeAll(async () => {
  [redis, demo] = await Promise.all([startRedis(), startDemoServer({ port: 0, silent: true })]);
}, 30_000);
afterAll(async () => {
  for (const { child } of replicas) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
    }
  }
  await demo?.close();
  await redis?.stop();
});

/** Every fact a replica printed, shared by all (a call's outcome may be told by any of them). */
const facts: { from: string; fact: Record<string, unknown> }[] = [];

interface Replica {
  name: string;
  child: ChildProcess;
  /** Sends a command and resolves with the next fact carrying `key`. */
  ask(command: string, key: string): Promise<number>;
}

async function waitFor<T>(what: string, probe: () => T | undefined): Promise<T> {
  const until = Date.now() + DEADLINE;
  for (;;) {
    const found = probe();
    if (found !== undefined) {
      return found;
    }
    if (Date.now() > until) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function startReplica(name: string, calls: number): Promise<Replica> {
  const child = spawn(process.execPath, ['--conditions=@elicitation-kit/source', '--import', 'tsx', REPLICA], {
    cwd: PACKAGE,
    env: {
      ...process.env,
      NAME: name,
      REDIS_URL: redis.url,
      MCP_URL: demo.url,
      TOOL: 'confirm-action',
      CALLS: String(calls),
      LEASE_MS: String(LEASE),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  createInterface({ input: child.stdout! }).on('line', (line) => {
    facts.push({ from: name, fact: JSON.parse(line) as Record<string, unknown> });
  });
  const replica: Replica = {
    name,
    child,
    async ask(command, key) {
      const from = facts.length;
      child.stdin!.write(`${command}\n`);
      return waitFor(`${name}: ${command}`, () => {
        const reply = facts.slice(from).find((seen) => seen.from === name && key in seen.fact);
        return reply === undefined ? undefined : Number(reply.fact[key]);
      });
    },
  };
  replicas.push(replica);
  await waitFor(`${name} ready`, () => facts.find((seen) => seen.from === name && 'ready' in seen.fact));
  return replica;
}

async function restart(replica: Replica, next: string): Promise<Replica> {
  const exited = once(replica.child, 'exit');
  replica.child.kill('SIGTERM');
  const [code] = (await exited) as [number | null];
  expect(code).toBe(0);
  return startReplica(next, 0);
}

/** Waits until `replica` shows `count` questions (the others' handed-over rounds taken). */
async function shows(replica: Replica, count: number): Promise<void> {
  const until = Date.now() + DEADLINE;
  let seen = await replica.ask('count', 'count');
  while (seen !== count && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen = await replica.ask('count', 'count');
  }
  expect(seen).toBe(count);
}

/** The calls completed so far: each call id with how many times its completion was told. */
function completions(): Map<string, number> {
  const told = new Map<string, number>();
  for (const { fact } of facts) {
    const id = fact['result'] ?? (fact['type'] === 'result' ? fact['outcome'] : undefined);
    if (typeof id === 'string') {
      told.set(id, (told.get(id) ?? 0) + 1);
    }
  }
  return told;
}

it('a rolling restart of both replicas with 20 questions open: every call completes once (0 lost, 0 doubled)', async () => {
  const from = demo.log.length;
  let a = await startReplica('a', PER_REPLICA);
  let b = await startReplica('b', PER_REPLICA);
  await shows(a, PER_REPLICA);
  await shows(b, PER_REPLICA);

  // A goes away: its 10 rounds move to B, which shows all 20.
  a = await restart(a, 'a2');
  await shows(b, 2 * PER_REPLICA);
  await shows(a, 0);
  // Five are answered on B while it runs.
  expect(await b.ask('answer 5', 'answered')).toBe(5);
  await waitFor('5 completions', () => (completions().size === 5 ? true : undefined));

  // B goes away: the 15 still open move to A'.
  b = await restart(b, 'b2');
  await shows(a, 2 * PER_REPLICA - 5);
  await shows(b, 0);
  expect(await a.ask('answer 20', 'answered')).toBe(15);
  await waitFor('20 completions', () => (completions().size === 2 * PER_REPLICA ? true : undefined));

  // Nothing else arrives: no call told twice, none failed, and the server ran the operation 20 times.
  await new Promise((resolve) => setTimeout(resolve, 2 * LEASE));
  const told = completions();
  expect(told.size).toBe(2 * PER_REPLICA);
  expect([...told.values()].every((times) => times === 1)).toBe(true);
  expect(facts.filter(({ fact }) => 'outcome' in fact && fact['type'] !== 'result')).toEqual([]);
  const archived = demo.log
    .slice(from)
    .filter((line) => line.tool === 'confirm-action' && line.detail?.['archived'] === 3);
  expect(archived).toHaveLength(2 * PER_REPLICA);
  expect(await a.ask('count', 'count')).toBe(0);
  expect(await b.ask('count', 'count')).toBe(0);
}, 90_000);
