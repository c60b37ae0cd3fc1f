// The start script as `pnpm --filter @elicitation-kit/demo-server start` runs it: PORT from the environment,
// the URL printed, a clean exit on SIGTERM.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('main.ts', () => {
  it('serves /mcp on the PORT it is given, /mcp-protected with its authorization server, and exits cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--conditions=@elicitation-kit/source', '--import', 'tsx', 'src/main.ts'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const lines = createInterface({ input: child.stdout });
      const [first] = (await once(lines, 'line')) as [string];
      const { event, url, protectedUrl, issuer } = JSON.parse(first) as Record<
        'event' | 'url' | 'protectedUrl' | 'issuer',
        string
      >;
      expect(event).toBe('listening');
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      // The same tools behind sign-in, and the demo's authorization server on a port of its own.
      expect(protectedUrl).toBe(`${url}-protected`);
      expect(issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${issuer}/.well-known/oauth-authorization-server`)).status).toBe(200);
      const preflight = await fetch(url, { method: 'OPTIONS', headers: { Origin: 'http://127.0.0.1:5173' } });
      expect(preflight.status).toBe(204);
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) {
        child.kill('SIGKILL');
      }
    }
  }, 30_000);

  it('refuses a DEMO_STATE_KEY shorter than 32 bytes before listening', async () => {
    const child = spawn(process.execPath, ['--conditions=@elicitation-kit/source', '--import', 'tsx', 'src/main.ts'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, PORT: '0', DEMO_STATE_KEY: 'too-short' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(stderr).toContain('DEMO_STATE_KEY must be at least 32 bytes long');
  }, 30_000);
});
