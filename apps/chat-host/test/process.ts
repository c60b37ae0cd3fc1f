// The chat host as its own process (`server/main.ts`, as `npm run demo` and a deployment run it), for the tests that
// kill or stop it: started with a build stand-in (the process refuses to start without one; these tests read no page).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = mkdtempSync(join(tmpdir(), 'chat-host-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>chat host</title>');

/** A running chat host process. */
export interface ChatHostProcess {
  child: ChildProcess;
  /** Its origin, with a trailing slash, as it printed it. */
  url: string;
}

/** Starts the chat host with `env` (over this process's; `PORT`, `MCP_URL`, …) and resolves once it listens. */
export function startChatHostProcess(env: Record<string, string>): Promise<ChatHostProcess> {
  const child = spawn(process.execPath, ['--conditions=@elicitation-kit/source', '--import', 'tsx', 'server/main.ts'], {
    cwd: appDir,
    env: { ...process.env, CHAT_DIST: dist, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      out += chunk;
      const url = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out)?.[1];
      if (url !== undefined) {
        resolve({ child, url });
      }
    });
    child.once('exit', (code) => reject(new Error(`the chat host exited (${String(code)}) before it listened`)));
  });
}
