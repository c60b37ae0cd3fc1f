// A throwaway Redis for tests: Debian's `redis-server` on loopback, on a free port of its own, with nothing written
// to disk (`--save '' --appendonly no`). `startRedis()` starts one and resolves once it answers; `stop()` ends it.
// scripts/ensure-redis.mjs installs the server when it is missing.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer, connect } from 'node:net';

/** Where Debian installs the server; `REDIS_SERVER` overrides it. */
const DEFAULT_BINARY = 'redis-server';
/** How long a fresh server may take to accept connections before the start is given up. */
const START_TIMEOUT_MS = 15_000;
/** How often a start is retried when the free port was taken between choosing it and binding it. */
const START_ATTEMPTS = 3;

/** The `redis-server` command to run. */
export function redisServerBinary() {
  return process.env.REDIS_SERVER || DEFAULT_BINARY;
}

/** Whether `redis-server` can be run here. */
export function hasRedisServer() {
  return spawnSync(redisServerBinary(), ['--version'], { stdio: 'ignore' }).status === 0;
}

/** A loopback port nobody listens on right now (the OS picks it; it is released before returning). */
async function freePort() {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  await once(probe, 'close');
  if (address === null || typeof address === 'string') {
    throw new Error('could not read the probe port');
  }
  return address.port;
}

/** Resolves when `PING` on `port` answers `+PONG`, rejects after `timeoutMs`. */
async function waitForPong(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answered = await new Promise((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      let reply = '';
      socket.setTimeout(1_000, () => socket.destroy());
      socket.on('connect', () => socket.write('PING\r\n'));
      socket.on('data', (chunk) => {
        reply += chunk.toString('utf8');
        if (reply.includes('\r\n')) {
          socket.end();
          resolve(reply.startsWith('+PONG'));
        }
      });
      socket.on('error', () => resolve(false));
      socket.on('close', () => resolve(false));
    });
    if (answered) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not answer PING on 127.0.0.1:${port} within ${timeoutMs} ms`);
}

async function startOnce() {
  const port = await freePort();
  const child = spawn(
    redisServerBinary(),
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk) => {
    output = `${output}${chunk.toString('utf8')}`.slice(-4_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`redis-server exited with code ${code} before it was ready:\n${output}`);
  });
  try {
    await Promise.race([waitForPong(port, START_TIMEOUT_MS), exited]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  exited.catch(() => undefined);
  let stopping;
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) {
          return;
        }
        const gone = once(child, 'exit');
        child.kill('SIGTERM');
        await gone;
      })();
      return stopping;
    },
  };
}

/**
 * Starts `redis-server` on 127.0.0.1 with a free port, persistence off. Resolves with its port, its `redis://` URL
 * and `stop()`. Throws with the server's own output when it cannot start, and says how to install it when missing.
 */
export async function startRedis() {
  if (!hasRedisServer()) {
    throw new Error(
      `${redisServerBinary()} is not installed: run \`node scripts/ensure-redis.mjs\` (installs Debian's redis-server as root)`,
    );
  }
  let lastError;
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt += 1) {
    try {
      return await startOnce();
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
