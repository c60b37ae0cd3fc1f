// Replicas as real processes (src/test/replica.ts under tsx): start one on a port, read what it reports on stderr,
// kill -9 it, start it again on the same port. Everything on 127.0.0.1; every process is ended by `stop()`.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const REPLICA = fileURLToPath(new URL('replica.ts', import.meta.url));
const PACKAGE = fileURLToPath(new URL('../..', import.meta.url));
/** How long a replica may take to start (tsx compiles on the way). */
const START_TIMEOUT_MS = 30_000;

/** One line a replica wrote to stderr. */
export interface ReplicaEvent {
  pid: number;
  event: 'started' | 'effect' | 'record';
  serial?: string;
  key?: string;
  attempt?: number;
  applied?: boolean;
  action?: string;
  reason?: string;
  era?: string;
}

/** What every replica of a cluster shares. */
export interface ReplicaSettings {
  redisUrl: string;
  stateKey: string;
  leaseMs?: number;
}

/** A replica on a fixed port, which survives being killed and started again. */
export interface Replica {
  readonly port: number;
  readonly url: string;
  /** The process now, if it runs. */
  readonly pid: number | undefined;
  /** kill -9: the process ends at once, mid-request, mid-operation. */
  kill(): Promise<void>;
  /** Starts it again on the same port (after `kill`). */
  start(): Promise<void>;
  /** Ends it (SIGTERM, then SIGKILL if it lingers). */
  stop(): Promise<void>;
}

async function launch(
  port: number,
  settings: ReplicaSettings,
  onEvent: (event: ReplicaEvent) => void,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--conditions=@elicitation-kit/source', '--import', 'tsx', REPLICA], {
    cwd: PACKAGE,
    env: {
      ...process.env,
      PORT: String(port),
      REDIS_URL: settings.redisUrl,
      STATE_KEY: settings.stateKey,
      ...(settings.leaseMs === undefined ? {} : { LEASE_MS: String(settings.leaseMs) }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  createInterface({ input: child.stderr! }).on('line', (line) => {
    if (line.startsWith('{')) {
      onEvent(JSON.parse(line) as ReplicaEvent);
    } else {
      errors = `${errors}${line}\n`.slice(-4_000);
    }
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`replica exited (${String(code)}) before it listened:\n${errors}`);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), START_TIMEOUT_MS);
  try {
    const [line] = (await Promise.race([once(createInterface({ input: child.stdout! }), 'line'), exited])) as [string];
    const url = new URL((JSON.parse(line) as { url: string }).url);
    return { child, port: Number(url.port) };
  } finally {
    clearTimeout(timer);
    exited.catch(() => undefined);
  }
}

async function end(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const gone = once(child, 'exit');
  child.kill(signal);
  const lingering = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await gone;
  clearTimeout(lingering);
}

/** Starts a replica (port 0: a free one, kept across restarts); `onEvent` sees every line it reports. */
export async function startReplica(
  settings: ReplicaSettings,
  onEvent: (event: ReplicaEvent) => void,
): Promise<Replica> {
  let { child, port } = await launch(0, settings, onEvent);
  return {
    port,
    url: `http://127.0.0.1:${port}/mcp`,
    get pid() {
      return child.exitCode === null && child.signalCode === null ? child.pid : undefined;
    },
    kill: () => end(child, 'SIGKILL'),
    async start() {
      ({ child } = await launch(port, settings, onEvent));
    },
    stop: () => end(child, 'SIGTERM'),
  };
}
