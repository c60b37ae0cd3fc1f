// The README's complete example (examples/export-server.ts, quoted verbatim in the README) as a user runs it: a
// process of its own, spoken to over Streamable HTTP by a real SDK client in both eras.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp } from './test/http.js';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const EXAMPLE = fileURLToPath(new URL('../examples/export-server.ts', import.meta.url));
const README = fileURLToPath(new URL('../README.md', import.meta.url));

let child: ChildProcess;
let url = '';
let log = '';
beforeAll(async () => {
  child = spawn(process.execPath, ['--conditions=@elicitation-kit/source', '--import', 'tsx', EXAMPLE], {
    cwd: PACKAGE,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString('utf8');
  });
  if (child.stdout === null) {
    throw new Error('no stdout');
  }
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  url = (JSON.parse(line) as { url: string }).url;
}, 30_000);
afterAll(async () => {
  if (child.exitCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
});

describe('the README example', () => {
  it('is quoted in the README verbatim', () => {
    expect(readFileSync(README, 'utf8')).toContain(readFileSync(EXAMPLE, 'utf8').trim());
  });

  it.each(['legacy', 'modern'] as const)(
    'serves export-data in the %s era, typed, validated and logged',
    async (era) => {
      const client = await connectHttp(url, era, {
        answer: () => ({ action: 'accept', content: { format: 'json', maxRows: 12 } }),
      });
      try {
        const result = (await client.callTool({ name: 'export-data', arguments: {} })) as CallToolResult;
        expect(result.structuredContent).toEqual({
          status: 'completed',
          format: 'json',
          maxRows: 12,
          includeHeaders: true,
        });
      } finally {
        await client.close();
      }
      expect(log).toContain(`"era":"${era}"`);
      expect(log).toContain('"action":"accept"');
    },
  );

  it('refuses an invalid answer in both eras without running the export', async () => {
    for (const era of ['legacy', 'modern'] as const) {
      const client = await connectHttp(url, era, {
        answer: () => ({ action: 'accept', content: { format: 'xml', maxRows: 12 } }),
      });
      try {
        const result = (await client.callTool({ name: 'export-data', arguments: {} })) as CallToolResult;
        expect(result.isError).toBe(true);
        expect(result.structuredContent).toMatchObject({
          status: 'invalid',
          issues: [{ field: 'format', code: 'option' }],
        });
      } finally {
        await client.close();
      }
    }
  });
});
