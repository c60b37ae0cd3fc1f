// `npm run demo`: installs, starts the demo MCP server and the demo host (with its relay), prints the URL to open.
// Ctrl-C stops everything (each child runs in its own process group, which is killed as a whole).
//
//   npm run demo                 Vite dev server on http://127.0.0.1:5173 (the kit's packages straight from source)
//   npm run demo -- --prod       production build served by apps/demo-host/serve.mjs under the strict CSP
//
// Ports: DEMO_SERVER_PORT (default 3901) and DEMO_HOST_PORT (default 5173).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createConnection } from 'node:net';
import { dirname, join } from 'node:path';
import { ensurePnpm, install, root, run } from './lib/workspace.mjs';

const serverPort = Number(process.env.DEMO_SERVER_PORT ?? 3901);
const hostPort = Number(process.env.DEMO_HOST_PORT ?? 5173);
const production = process.argv.includes('--prod');
const host = '127.0.0.1';

/** @type {{ name: string; child: import('node:child_process').ChildProcess }[]} */
const children = [];
let stopping = false;

/** Whether something already listens on the port. */
function portInUse(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Prefixes each line of a child's output with its name. */
function pipeLines(stream, name, target) {
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    // Once stopping, children complain about the signal: that noise is not news.
    if (!stopping) {
      for (const line of lines) {
        target.write(`[${name}] ${line}\n`);
      }
    }
  });
  stream.on('end', () => {
    if (buffer !== '' && !stopping) {
      target.write(`[${name}] ${buffer}\n`);
    }
  });
}

/** Starts a long-running child in its own process group. */
function start(name, command, args, env = {}, cwd = root) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  pipeLines(child.stdout, name, process.stdout);
  pipeLines(child.stderr, name, process.stderr);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`\n✗ ${name} exited (${signal ?? code}); stopping the demo.`);
      void stop(1);
    }
  });
  children.push({ name, child });
  return child;
}

function killGroup(child, signal) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is already gone
  }
}

/** Stops every child (SIGTERM to each process group, SIGKILL after 5 s) and exits. */
async function stop(code) {
  if (stopping) {
    return;
  }
  stopping = true;
  const exits = children.map(
    ({ child }) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          resolve(undefined);
        } else {
          child.once('exit', () => resolve(undefined));
        }
      }),
  );
  for (const { child } of children) {
    killGroup(child, 'SIGTERM');
  }
  const timer = setTimeout(() => {
    for (const { child } of children) {
      killGroup(child, 'SIGKILL');
    }
  }, 5000);
  await Promise.all(exits);
  clearTimeout(timer);
  process.exit(code);
}

/** Resolves once `url` answers any HTTP response; rejects after `timeoutMs`. */
async function waitForHttp(url, timeoutMs, init = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url, { ...init, signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      if (Date.now() > deadline) {
        throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
}

process.on('SIGINT', () => {
  console.log('\n› stopping the demo…');
  void stop(0);
});
process.on('SIGTERM', () => void stop(0));

const pnpm = ensurePnpm();
install(pnpm);

for (const [port, what, variable] of [
  [serverPort, 'demo server', 'DEMO_SERVER_PORT'],
  [hostPort, 'demo host', 'DEMO_HOST_PORT'],
]) {
  if (await portInUse(port)) {
    console.error(`✗ port ${port} (${what}) is already in use: stop what uses it, or set ${variable}=<port>.`);
    process.exit(1);
  }
}

if (production) {
  console.log('› building the demo host (production, strict CSP)…');
  run(pnpm, ['--filter', '@elicitation-kit/demo-host', 'build']);
}

console.log(`› starting the demo server on http://${host}:${serverPort}/mcp`);
start('server', pnpm, ['--filter', '@elicitation-kit/demo-server', 'start'], { PORT: String(serverPort) });

if (production) {
  start('host', process.execPath, ['apps/demo-host/serve.mjs', '--port', String(hostPort), '--host', host]);
} else {
  // Vite's own CLI, run by this Node (no pnpm wrapper in between, so the process group is just Vite).
  const hostDir = join(root, 'apps', 'demo-host');
  const viteDir = dirname(createRequire(join(hostDir, 'package.json')).resolve('vite/package.json'));
  start(
    'host',
    process.execPath,
    [join(viteDir, 'bin', 'vite.js'), '--host', host, '--port', String(hostPort), '--strictPort'],
    {},
    hostDir,
  );
}

try {
  await Promise.all([
    waitForHttp(`http://${host}:${serverPort}/mcp`, 120_000, {
      method: 'GET',
      headers: { Accept: 'text/event-stream' },
    }),
    waitForHttp(`http://${host}:${hostPort}/`, 120_000),
  ]);
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : error}`);
  await stop(1);
}

const serverUrl = `http://${host}:${serverPort}/mcp`;
console.log(`
  ✓ Elicitation Kit demo is running${production ? ' (production build, strict CSP)' : ''}

    Open   http://${host}:${hostPort}/?server=${serverUrl}
           then press Connect, pick "export-data" and press Run.

    Gallery     http://${host}:${hostPort}/#/gallery
    Playground  http://${host}:${hostPort}/#/playground
    MCP server  ${serverUrl}
    Relay       http://${host}:${hostPort}/relay/<server URL>  (loopback targets only)

  Ctrl-C stops everything.
`);
