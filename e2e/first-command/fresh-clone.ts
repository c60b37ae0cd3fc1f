// The README's first command as a newcomer runs it: a fresh clone of HEAD (nothing built, nothing installed, no
// `npm test` run before), then `npm run demo` in it, on ports of its own. Only the package store is shared with the
// workspace (a download cache: it changes how long the install takes, not what it installs).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspace this suite runs in: the clone is made of its HEAD. */
const workspace = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The demo's summary line, printed once every part answers. */
const READY_LINE = '✓ Elicitation Kit demo is running';

/** The URLs the demo's summary prints (`Open`, `Chat host`, `MCP server`). */
export interface DemoUrls {
  host: string;
  chat: string;
  server: string;
}

/** A running `npm run demo` in a fresh clone. */
export interface FreshDemo {
  /** The clone's folder. */
  dir: string;
  /** What the summary printed. */
  urls: DemoUrls;
  /** Everything the demo printed so far (stdout and stderr interleaved), for failure messages. */
  output(): string;
  /** Stops the demo as Ctrl-C does (SIGINT to its process group; SIGKILL 20 s later) and removes the clone. */
  stop(): Promise<void>;
}

function git(args: string[], cwd: string): void {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`);
  }
}

/**
 * The environment of a shell on a machine that never ran anything of this project: the runner's own variables, less
 * those npm and pnpm set for the scripts they run (`npm_*`, `PNPM_*`) and less the workspace's folders on PATH (npm
 * puts `node_modules/.bin` there), so nothing of the outer run can stand in for what the clone must install itself.
 */
function newcomerEnvironment(ports: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(?:npm_|pnpm_|PNPM_|INIT_CWD$|E2E_)/.test(name)) {
      env[name] = value;
    }
  }
  env.PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => entry !== '' && !resolve(entry).startsWith(workspace))
    .join(delimiter);
  return { ...env, ...ports };
}

/** The value of a summary row (`    Open        http://…/`). */
function summaryUrl(output: string, label: string): string {
  const match = new RegExp(`^ {4}${label} +(http://\\S+)$`, 'm').exec(output);
  if (!match?.[1]) {
    throw new Error(`the demo's summary has no "${label}" URL:\n${output}`);
  }
  return match[1];
}

/**
 * Clones HEAD (or `ref`) into a new temporary folder and runs `npm run demo` there with the given ports; resolves once
 * the demo prints its summary, rejects if it exits first or takes longer than `timeoutMs`.
 */
export async function startFreshDemo(options: {
  serverPort: number;
  hostPort: number;
  chatPort: number;
  timeoutMs: number;
  ref?: string;
}): Promise<FreshDemo> {
  const dir = mkdtempSync(join(tmpdir(), 'elicitation-kit-first-command-'));
  git(['clone', '--quiet', workspace, dir], workspace);
  if (options.ref !== undefined) {
    git(['checkout', '--quiet', '--detach', options.ref], dir);
  }
  // The store is the workspace's pinned, repo-relative `.pnpm-store`: the clone gets a link to it when it exists.
  const store = join(workspace, '.pnpm-store');
  if (existsSync(store)) {
    symlinkSync(store, join(dir, '.pnpm-store'));
  }

  let output = '';
  const child: ChildProcess = spawn('npm', ['run', 'demo'], {
    cwd: dir,
    env: newcomerEnvironment({
      DEMO_SERVER_PORT: String(options.serverPort),
      DEMO_HOST_PORT: String(options.hostPort),
      DEMO_CHAT_PORT: String(options.chatPort),
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: stop() signals npm and the demo script together, as a terminal's Ctrl-C does.
    detached: true,
  });
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));

  const stop = async (): Promise<void> => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch {
        // already gone
      }
    }
    const timer = setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 20_000);
    await exited;
    clearTimeout(timer);
    rmSync(dir, { recursive: true, force: true });
  };

  const urls = await new Promise<DemoUrls>((resolveUrls, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`npm run demo printed no summary within ${options.timeoutMs / 1000} s:\n${output}`));
    }, options.timeoutMs);
    const read = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      // The summary's rows follow its first line in the same write; wait for its last row.
      if (output.includes(READY_LINE) && output.includes('Ctrl-C stops everything.')) {
        clearTimeout(timer);
        try {
          resolveUrls({
            host: summaryUrl(output, 'Open'),
            chat: summaryUrl(output, 'Chat host'),
            server: summaryUrl(output, 'MCP server'),
          });
        } catch (error) {
          reject(error as Error);
        }
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`npm run demo exited (${code}) before it printed its summary:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });

  return { dir, urls, output: () => output, stop };
}
