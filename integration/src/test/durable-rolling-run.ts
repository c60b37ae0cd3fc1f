// The rolling restart of durable rounds, shared by the test (20 questions, `npm test`) and the bench (1,000,
// `npm run bench`): two backend replicas as real processes (durable-replica.ts), a real redis-server as their shared
// round store, the demo server over real Streamable HTTP. Each replica asks `perReplica` questions (durable tool
// calls); A is redeployed (SIGTERM: its rounds are handed over, B takes them), a quarter are answered on B, then B is
// redeployed (A' takes what is left) and the rest are answered on A'. It counts, from the replicas' own reports and
// the MCP server's log: calls completed, lost (never completed), doubled (told twice, or the operation run twice),
// failed (ended with another outcome), and times each handover and the answering.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startDemoServer } from '@elicitation-kit/demo-server';
import { startRedis } from '@elicitation-kit/test-redis';

const PACKAGE = fileURLToPath(new URL('../..', import.meta.url));
const REPLICA = fileURLToPath(new URL('durable-replica.ts', import.meta.url));

/** Options of {@link runRollingRestart}. */
export interface RollingRunOptions {
  /** Questions each replica asks at the start (twice this many are open across the restarts). */
  perReplica: number;
  /** The replicas' lease, in ms. */
  leaseMs: number;
  /** The longest any one step may take, in ms. */
  deadlineMs: number;
  /** Progress lines. */
  log?: (line: string) => void;
}

/** One redeploy: how many open rounds moved, and how long until the other replica showed them all. */
export interface Handover {
  from: string;
  to: string;
  rounds: number;
  ms: number;
}

/** What the run measured. */
export interface RollingRunReport {
  questions: number;
  /** Calls completed, each counted once. */
  completed: number;
  /** Calls never completed. */
  lost: number;
  /** Calls told complete more than once, plus operations the MCP server ran beyond one per call. */
  doubled: number;
  /** Rounds that ended otherwise (an error, a withdrawal). */
  failed: number;
  /** Operations the MCP server ran (one per call when nothing is lost or doubled). */
  operations: number;
  handovers: Handover[];
  /** From the first answer on B to the last call completed on A', in ms. */
  answeringMs: number;
  /** Questions shown by each replica at the end (0: nothing left over). */
  leftOver: number;
}

interface Replica {
  name: string;
  child: ChildProcess;
  /** Sends a command and resolves with the number in the next fact carrying `key`. */
  ask(command: string, key: string): Promise<number>;
}

/** Runs the rolling restart (see the file's head) and reports what it counted. Stops every process it started. */
export async function runRollingRestart(options: RollingRunOptions): Promise<RollingRunReport> {
  const { perReplica, leaseMs, deadlineMs, log = () => {} } = options;
  const facts: { from: string; fact: Record<string, unknown> }[] = [];
  const children: ChildProcess[] = [];
  const [redis, demo] = await Promise.all([startRedis(), startDemoServer({ port: 0, silent: true })]);

  const waitFor = async <T>(what: string, probe: () => T | undefined): Promise<T> => {
    const until = Date.now() + deadlineMs;
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
  };

  const startReplica = async (name: string, calls: number): Promise<Replica> => {
    const child = spawn(process.execPath, ['--conditions=@elicitation-kit/source', '--import', 'tsx', REPLICA], {
      cwd: PACKAGE,
      env: {
        ...process.env,
        NAME: name,
        REDIS_URL: redis.url,
        MCP_URL: demo.url,
        TOOL: 'confirm-action',
        CALLS: String(calls),
        LEASE_MS: String(leaseMs),
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    children.push(child);
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
    await waitFor(`${name} ready`, () => facts.find((seen) => seen.from === name && 'ready' in seen.fact));
    return replica;
  };

  /** Waits until `replica` shows `count` questions; resolves with how many it shows then. */
  const shows = async (replica: Replica, count: number): Promise<number> => {
    const until = Date.now() + deadlineMs;
    let seen = await replica.ask('count', 'count');
    while (seen !== count && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await replica.ask('count', 'count');
    }
    return seen;
  };

  /** Each completed call's id, with how many times its completion was told. */
  const completions = (): Map<string, number> => {
    const told = new Map<string, number>();
    for (const { fact } of facts) {
      const id = fact['result'] ?? (fact['type'] === 'result' ? fact['outcome'] : undefined);
      if (typeof id === 'string') {
        told.set(id, (told.get(id) ?? 0) + 1);
      }
    }
    return told;
  };

  /** Redeploys `replica` (SIGTERM, then a new process named `next` that asks nothing) while `to` takes its rounds. */
  const redeploy = async (replica: Replica, next: string, to: Replica, open: number): Promise<[Replica, Handover]> => {
    const started = performance.now();
    const exited = once(replica.child, 'exit');
    replica.child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    if (code !== 0) {
      throw new Error(`${replica.name} exited with ${String(code)} at its redeploy`);
    }
    const shown = await shows(to, open);
    const handover = { from: replica.name, to: to.name, rounds: shown, ms: Math.round(performance.now() - started) };
    log(`${replica.name} redeployed: ${to.name} shows ${shown} of ${open} in ${handover.ms} ms`);
    return [await startReplica(next, 0), handover];
  };

  try {
    const from = demo.log.length;
    const total = 2 * perReplica;
    let a = await startReplica('a', perReplica);
    let b = await startReplica('b', perReplica);
    await shows(a, perReplica);
    await shows(b, perReplica);
    log(`${total} questions open on a and b`);

    const handovers: Handover[] = [];
    let handover: Handover;
    [a, handover] = await redeploy(a, 'a2', b, total);
    handovers.push(handover);
    const early = Math.floor(total / 4);
    const answering = performance.now();
    await b.ask(`answer ${early}`, 'answered');
    await waitFor(`${early} completions`, () => (completions().size >= early ? true : undefined));

    [b, handover] = await redeploy(b, 'b2', a, total - early);
    handovers.push(handover);
    await a.ask(`answer ${total}`, 'answered');
    await waitFor(`${total} completions`, () => (completions().size >= total ? true : undefined)).catch(
      () => undefined,
    );
    const answeringMs = Math.round(performance.now() - answering);

    // Nothing else arrives: wait two leases, then count.
    await new Promise((resolve) => setTimeout(resolve, 2 * leaseMs));
    const told = completions();
    const operations = demo.log
      .slice(from)
      .filter((line) => line.tool === 'confirm-action' && line.detail?.['archived'] === 3).length;
    const toldTwice = [...told.values()].filter((times) => times > 1).length;
    const leftOver = (await a.ask('count', 'count')) + (await b.ask('count', 'count'));
    return {
      questions: total,
      completed: told.size,
      lost: total - told.size,
      doubled: toldTwice + Math.max(0, operations - told.size),
      failed: facts.filter(({ fact }) => 'outcome' in fact && fact['type'] !== 'result').length,
      operations,
      handovers,
      answeringMs,
      leftOver,
    };
  } finally {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
      }
    }
    await demo.close();
    await redis.stop();
  }
}
