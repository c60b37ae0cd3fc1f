// A throwaway Redis for tests: Debian's `redis-server` on loopback, on a free port of its own. By default nothing is
// written to disk (`--save '' --appendonly no`); `{ appendonly: true }` keeps an append-only file in a temporary
// directory (`appendfsync everysec`, Redis's default, unless `appendfsync: 'always'`), so a restart keeps the data.
// `startRedis()` starts one and resolves once it answers; `stop()` ends it, `restart()` stops it and starts it again
// on the same port and directory, `kill()` is `kill -9` (`start()` brings it back), `pause()` and `resume()` stall
// it (SIGSTOP / SIGCONT). scripts/ensure-redis.mjs (npm test runs it first) installs the server when it is missing.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

/** The command line of one server: loopback, `port`, persistence as asked. */
function serverArguments(port, { appendonly, appendfsync, dir }) {
  const persistence = appendonly
    ? ['--appendonly', 'yes', '--appendfsync', appendfsync, '--dir', dir]
    : ['--appendonly', 'no', '--dir', dir];
  return ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence, '--protected-mode', 'yes'];
}

/** Starts one process on `port`; resolves with it once it answers PING. */
async function spawnServer(port, options) {
  const child = spawn(redisServerBinary(), serverArguments(port, options), { stdio: ['ignore', 'pipe', 'pipe'] });
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
  return child;
}

/** Ends `child` with `signal` and resolves once it has exited. */
async function end(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const gone = once(child, 'exit');
  child.kill(signal);
  await gone;
}

async function startOnce(options) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'ek-redis-'));
  const settings = { appendonly: options.appendonly === true, appendfsync: options.appendfsync ?? 'everysec', dir };
  let child;
  try {
    child = await spawnServer(port, settings);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let stopping;
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async restart() {
      if (child.signalCode === 'SIGSTOP') {
        child.kill('SIGCONT');
      }
      await end(child, 'SIGTERM');
      child = await spawnServer(port, settings);
    },
    async kill() {
      await end(child, 'SIGKILL');
    },
    async start() {
      if (child.exitCode === null && child.signalCode === null) {
        return;
      }
      child = await spawnServer(port, settings);
    },
    pause() {
      child.kill('SIGSTOP');
    },
    resume() {
      child.kill('SIGCONT');
    },
    stop() {
      stopping ??= (async () => {
        child.kill('SIGCONT');
        await end(child, 'SIGTERM');
        rmSync(dir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}

/**
 * Starts `redis-server` on 127.0.0.1 with a free port: persistence off, or an append-only file with `{ appendonly:
 * true }`. Resolves with its port, its `redis://` URL and `stop()`, `restart()`, `kill()`, `start()`, `pause()`,
 * `resume()`. Throws with the server's own output when it cannot start, and says how to install it when missing.
 */
export async function startRedis(options = {}) {
  if (!hasRedisServer()) {
    throw new Error(
      `${redisServerBinary()} is not installed: run \`node scripts/ensure-redis.mjs\` (installs Debian's redis-server as root)`,
    );
  }
  let lastError;
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt += 1) {
    try {
      return await startOnce(options);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
