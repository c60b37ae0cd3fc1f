// `npm run demo`: installs, starts the demo MCP server, the demo host (with its relay) and the chat host (an AI SDK chat
// whose MCP client runs on its backend), prints the URLs to open.
// Ctrl-C stops everything (each child runs in its own process group, which is killed as a whole).
//
//   npm run demo                 Vite dev server on http://127.0.0.1:5173 (the kit's packages straight from source)
//   npm run demo -- --prod       production build served by apps/demo-host/serve.mjs under the strict CSP
//
// The chat host always runs its production build under its strict CSP (apps/chat-host: built, then its backend).
//
// DEMO_CHAT_SIGN_IN=1 points the chat host at the demo server's protected endpoint (each chat user signs in first).
//
// Ports: DEMO_SERVER_PORT (default 3901; 0 picks a free one), DEMO_AUTH_PORT (the demo's authorization server, for
// the server's /mcp-protected; default the server's port + 1), DEMO_HOST_PORT (default 5173), DEMO_CHAT_PORT (5174).
// The server starts first and reports the URL it really listens on; the host gets it as VITE_DEMO_SERVER_URL, so
// its plain URL opens with the Server URL filled in. The summary, "Open" line first, is the only URL printed.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createConnection } from 'node:net';
import { dirname, join } from 'node:path';
import { ensurePnpm, install, root, run } from './lib/workspace.mjs';

const serverPort = Number(process.env.DEMO_SERVER_PORT ?? 3901);
const authPort = Number(process.env.DEMO_AUTH_PORT ?? (serverPort === 0 ? 0 : serverPort + 1));
const hostPort = Number(process.env.DEMO_HOST_PORT ?? 5173);
const chatPort = Number(process.env.DEMO_CHAT_PORT ?? 5174);
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

/** The demo server's machine-readable start line on stdout: `{"event":"listening","url":"http://…/mcp"}`. */
const LISTENING_EVENT_START = '{"event":"listening"';
/** Its human twin on stderr; the summary below says the same, with the other URLs. */
const LISTENING_LINE = /^Elicitation Kit demo server listening on /;
/** serve.mjs's start line (production build): the summary names that URL too. */
const SERVE_LINE = /^demo-host \(production build, strict CSP\) at /;
/** The chat host's start line: the summary names its URL. */
const CHAT_LINE = /^chat-host \(production build, strict CSP\) at /;

/**
 * The URLs of a `listening` event line (the MCP endpoint, the protected one and its authorization server), or
 * undefined for any other line.
 */
function listeningUrls(line) {
  if (!line.startsWith(LISTENING_EVENT_START)) {
    return undefined;
  }
  const event = JSON.parse(line);
  return typeof event.url === 'string' ? event : undefined;
}

/**
 * Prefixes each line of a child's output with its name. `consume(line)` sees every line first and returns true for
 * the lines it handled itself (they are not printed).
 */
function pipeLines(stream, name, target, consume = () => false) {
  let buffer = '';
  stream.setEncoding('utf8');
  const emit = (line) => {
    // Once stopping, children complain about the signal: that noise is not news.
    if (!consume(line) && !stopping) {
      target.write(`[${name}] ${line}\n`);
    }
  };
  stream.on('data', (chunk) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      emit(line);
    }
  });
  stream.on('end', () => {
    if (buffer !== '') {
      emit(buffer);
    }
  });
}

/**
 * Starts a long-running child in its own process group. `consume.stdout` / `consume.stderr` may take lines out of
 * its output (see {@link pipeLines}).
 */
function start(name, command, args, env = {}, cwd = root, consume = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  pipeLines(child.stdout, name, process.stdout, consume.stdout);
  pipeLines(child.stderr, name, process.stderr, consume.stderr);
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

/**
 * Resolves with the URLs the demo server reports once it listens (`url`, `protectedUrl`, `issuer`); rejects after
 * `timeoutMs` or if it exits first.
 */
function startDemoServer(timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the demo server did not start within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    const child = start(
      'server',
      pnpm,
      ['--silent', '--filter', '@elicitation-kit/demo-server', 'start'],
      { PORT: String(serverPort), DEMO_AUTH_PORT: String(authPort) },
      root,
      {
        stdout: (line) => {
          const urls = listeningUrls(line);
          if (urls === undefined) {
            return false;
          }
          clearTimeout(timer);
          resolve(urls);
          return true;
        },
        stderr: (line) => LISTENING_LINE.test(line),
      },
    );
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error('the demo server exited before it listened'));
    });
  });
}

const pnpm = ensurePnpm();
install(pnpm);

for (const [port, what, variable] of [
  [serverPort, 'demo server', 'DEMO_SERVER_PORT'],
  [authPort, 'authorization server', 'DEMO_AUTH_PORT'],
  [hostPort, 'demo host', 'DEMO_HOST_PORT'],
  [chatPort, 'chat host', 'DEMO_CHAT_PORT'],
]) {
  // DEMO_SERVER_PORT=0 means "any free port": nothing to check.
  if (port !== 0 && (await portInUse(port))) {
    console.error(`✗ port ${port} (${what}) is already in use: stop what uses it, or set ${variable}=<port>.`);
    process.exit(1);
  }
}

console.log('› starting the demo server…');
let serverUrl;
let protectedUrl;
let issuer;
try {
  ({ url: serverUrl, protectedUrl, issuer } = await startDemoServer(120_000));
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : error}`);
  await stop(1);
}
const chatOrigin = `http://${host}:${chatPort}`;
// DEMO_CHAT_SIGN_IN=1: the chat host's MCP client uses the protected endpoint, so each chat user signs in first.
const chatSignIn = process.env.DEMO_CHAT_SIGN_IN === '1';
// Vite inlines VITE_* variables into the page (dev server and production build alike).
const hostEnv = { VITE_DEMO_SERVER_URL: serverUrl, VITE_CHAT_HOST_URL: `${chatOrigin}/` };

/**
 * How every Node process of the demo loads the kit: from its TypeScript sources (the packages' `@elicitation-kit/source`
 * export condition, compiled on the fly by tsx), never from a `dist/` that a fresh clone does not have and that would
 * be stale after an edit. The package scripts the demo mirrors (`start`, `dev`, `build`, `serve`) say the same.
 */
const sourceLoader = ['--conditions=@elicitation-kit/source', '--import', 'tsx'];

if (production) {
  console.log('› building the demo host (production, strict CSP)…');
  run(pnpm, ['--silent', '--filter', '@elicitation-kit/demo-host', 'build', '--logLevel', 'warn'], {
    env: { ...process.env, ...hostEnv },
  });
  console.log('› starting the demo host…');
  // serve.mjs reads the kit's rules (the relay's loopback check and CORS headers) from their TypeScript sources.
  start(
    'host',
    process.execPath,
    [...sourceLoader, 'apps/demo-host/serve.mjs', '--port', String(hostPort), '--host', host],
    {},
    root,
    {
      stdout: (line) => SERVE_LINE.test(line),
    },
  );
} else {
  console.log('› starting the demo host (Vite dev server)…');
  // Vite's own CLI, run by this Node (no pnpm wrapper in between, so the process group is just Vite), the way the
  // host's `dev` script runs it: its config (and the relay it mounts, which uses the kit) is loaded by Node itself
  // with the kit's source condition and tsx, so nothing has to be built first. Its banner (with its own plain URL)
  // is left out: warnings and errors still print, and the summary below names every URL.
  const hostDir = join(root, 'apps', 'demo-host');
  const viteDir = dirname(createRequire(join(hostDir, 'package.json')).resolve('vite/package.json'));
  start(
    'host',
    process.execPath,
    [
      ...sourceLoader,
      join(viteDir, 'bin', 'vite.js'),
      '--configLoader',
      'native',
      '--host',
      host,
      '--port',
      String(hostPort),
      '--strictPort',
      '--logLevel',
      'warn',
      '--clearScreen',
      'false',
    ],
    hostEnv,
    hostDir,
  );
}

console.log('› building and starting the chat host (production, strict CSP)…');
run(pnpm, ['--silent', '--filter', '@elicitation-kit/chat-host', 'build', '--logLevel', 'warn']);
// Its own `start` script's command, run by this Node (no pnpm in between: the process group is just the backend).
start(
  'chat',
  process.execPath,
  [...sourceLoader, 'server/main.ts'],
  { PORT: String(chatPort), HOST: host, MCP_URL: chatSignIn ? protectedUrl : serverUrl },
  join(root, 'apps', 'chat-host'),
  { stdout: (line) => CHAT_LINE.test(line) },
);

const hostOrigin = `http://${host}:${hostPort}`;
try {
  await waitForHttp(`${hostOrigin}/`, 120_000);
  await waitForHttp(`${chatOrigin}/api/session`, 120_000);
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : error}`);
  await stop(1);
}

console.log(`
  ✓ Elicitation Kit demo is running${production ? ' (production build, strict CSP)' : ''}

    Open        ${hostOrigin}/
                the Server URL is filled in: press Connect, pick "export-data" and press Run.

    Chat host   ${chatOrigin}/
                an AI SDK chat (its MCP client on the backend): sign in with any name, say "Export the orders";
                the question appears under the reply. Also "Connect my account", "Archive old exports".${
                  chatSignIn
                    ? '\n                It uses the protected endpoint: "Sign in" above the chat first (any login and password).'
                    : '\n                (DEMO_CHAT_SIGN_IN=1 npm run demo: it uses the protected endpoint, each user signs in.)'
                }

    Gallery     ${hostOrigin}/#/gallery
    Playground  ${hostOrigin}/#/playground
    MCP server  ${serverUrl}
    Sign-in     ${protectedUrl}  (the same tools behind sign-in: Connect offers "Sign in")
                authorization server ${issuer} (offline; any login and password)
    Relay       ${hostOrigin}/relay/<server URL>  (loopback targets only)

  Ctrl-C stops everything.
`);
