// The README's complete server (examples/export-tool.ts and examples/export-server.ts, quoted in the README verbatim)
// as a user runs it: a process of its own, spoken to over Streamable HTTP by a real SDK client in both eras. It asks
// with the guide's step-2 schema verbatim, refuses a foreign Host or Origin, sends CORS headers only to the origins
// it is given, its install line names every package it imports, and two copies of it with REDIS_URL behind the
// sticky proxy (examples/sticky-proxy.ts) serve one URL.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis } from '@elicitation-kit/test-redis';
import { EXPORT_OPTIONS_SCHEMA } from '../examples/export-tool.js';
import { startStickyProxy } from '../examples/sticky-proxy.js';
import { connectHttp } from './test/http.js';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const EXAMPLES = ['export-tool.ts', 'export-server.ts', 'sticky-proxy.ts'].map((name) =>
  fileURLToPath(new URL(`../examples/${name}`, import.meta.url)),
);
const [TOOL, SERVER] = EXAMPLES as [string, string, string];
const README = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
const GUIDE = fileURLToPath(new URL('../../../fixtures/guide/form-elicitation-guide.txt', import.meta.url));

interface RunningExample {
  url: string;
  log: () => string;
  /**
   * Resolves with the log once `ready(log)` holds. The log arrives on the child's stderr pipe, which may lag the HTTP
   * response that the record describes; rejects (with the log) if it still does not hold after 5 s.
   */
  logOnce(ready: (log: string) => boolean): Promise<string>;
  stop(): Promise<void>;
}

const running: RunningExample[] = [];

/** Runs examples/export-server.ts as `npx tsx` would, with `env` added. */
async function startExample(env: Record<string, string> = {}): Promise<RunningExample> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=@elicitation-kit/source', '--import', 'tsx', SERVER],
    { cwd: PACKAGE, env: { ...process.env, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const waiting = new Set<() => void>();
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString('utf8');
    for (const check of waiting) {
      check();
    }
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const example: RunningExample = {
    url: (JSON.parse(line) as { url: string }).url,
    log: () => log,
    logOnce(ready) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (ready(log)) {
            clearTimeout(timer);
            waiting.delete(check);
            resolve(log);
          }
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`the example's log never held what the test waits for; it reads:\n${log}`));
        }, 5000);
        waiting.add(check);
        check();
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
  running.push(example);
  return example;
}

afterAll(async () => {
  await Promise.all(running.map((example) => example.stop()));
});

/** One raw HTTP exchange (fetch may not set `Host`): status, headers and body text. */
function exchange(
  url: string,
  method: string,
  headers: Record<string, string>,
  body = '',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers }, (incoming) => {
      let text = '';
      incoming.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The actions of the outcome records (one JSON line each) the example logged for `era`; a line still arriving is left out. */
function actionsIn(log: string, era: 'legacy' | 'modern'): string[] {
  return log
    .split('\n')
    .slice(0, -1)
    .filter((line) => line.includes(`"era":"${era}"`))
    .map((line) => (JSON.parse(line) as { action: string }).action);
}

const JSON_POST = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

describe('the README example', () => {
  let example: RunningExample;
  beforeAll(async () => {
    example = await startExample();
  }, 30_000);

  it('is quoted in the README verbatim, and its install line names every package it imports (and tsx)', () => {
    for (const file of EXAMPLES) {
      expect(README).toContain(readFileSync(file, 'utf8').trim());
    }
    const install = /^npm install (.+)$/m.exec(README)?.[1]?.split(' ') ?? [];
    const installDev = /^npm install --save-dev (.+)$/m.exec(README)?.[1]?.split(' ') ?? [];
    const imported = new Set<string>();
    for (const file of [TOOL, SERVER]) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '([^'.][^']*)'/g)) {
        if (specifier !== undefined && !specifier.startsWith('node:')) {
          imported.add(
            specifier
              .split('/')
              .slice(0, specifier.startsWith('@') ? 2 : 1)
              .join('/'),
          );
        }
      }
    }
    expect([...imported].toSorted()).toEqual([
      '@elicitation-kit/core',
      '@elicitation-kit/server',
      '@modelcontextprotocol/node',
      '@modelcontextprotocol/server',
      'ioredis',
    ]);
    expect(install.toSorted()).toEqual([...imported].toSorted());
    expect(installDev).toEqual(['tsx']);
  });

  it('asks with the guide’s step-2 schema, verbatim', () => {
    const guide = readFileSync(GUIDE, 'utf8');
    const step = guide.slice(guide.indexOf('2. Express the fields'), guide.indexOf('3. Send the form'));
    const schema = step.slice(step.indexOf('{'), step.lastIndexOf('}') + 1);
    expect(EXPORT_OPTIONS_SCHEMA).toEqual(JSON.parse(schema));
  });

  it.each(['legacy', 'modern'] as const)(
    'serves export-data in the %s era, typed, validated and logged',
    async (era) => {
      const client = await connectHttp(example.url, era, {
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
      const log = await example.logOnce((text) => actionsIn(text, era).includes('accept'));
      expect(actionsIn(log, era)).toContain('accept');
    },
    20_000,
  );

  it('refuses an invalid answer in both eras without running the export', async () => {
    for (const era of ['legacy', 'modern'] as const) {
      const client = await connectHttp(example.url, era, {
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

  it('refuses a foreign Host (DNS rebinding) and any browser Origin by default, and sends no CORS headers', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    const rebound = await exchange(example.url, 'POST', { ...JSON_POST, Host: 'evil.example:3000' }, body);
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.text)).toMatchObject({ error: { code: -32000, message: 'Invalid Host: evil.example' } });
    for (const origin of ['http://evil.example', 'http://127.0.0.1:4173', 'null']) {
      const refused = await exchange(example.url, 'POST', { ...JSON_POST, Origin: origin }, body);
      expect(refused.status, origin).toBe(403);
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    }
    const preflight = await exchange(example.url, 'OPTIONS', { Origin: 'http://127.0.0.1:4173' });
    expect(preflight.status).toBe(403);
  });
});

describe('the README example with CORS_ORIGINS', () => {
  let example: RunningExample;
  const host = 'http://127.0.0.1:4173';
  beforeAll(async () => {
    example = await startExample({ CORS_ORIGINS: host, ALLOWED_HOSTS: 'mcp.example.test' });
  }, 30_000);

  it('answers a listed origin’s preflight with the MCP headers of both eras, and nobody else’s', async () => {
    const preflight = await fetch(example.url, {
      method: 'OPTIONS',
      headers: {
        Origin: host,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, mcp-method, mcp-name, mcp-protocol-version, mcp-param-x',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(host);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Mcp-Method, Mcp-Name');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('mcp-param-x');
    expect(preflight.headers.get('access-control-expose-headers')).toBe(
      'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate',
    );
    // Same host name, another port: passes the SDK's (port-agnostic) Origin check, but is not given CORS headers.
    const otherPort = await fetch(example.url, { method: 'OPTIONS', headers: { Origin: 'http://127.0.0.1:9999' } });
    expect(otherPort.headers.get('access-control-allow-origin')).toBeNull();
    const foreign = await fetch(example.url, { method: 'OPTIONS', headers: { Origin: 'http://evil.example' } });
    expect(foreign.status).toBe(403);
  });

  it('serves a host name listed in ALLOWED_HOSTS', async () => {
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } },
    });
    const listed = await exchange(example.url, 'POST', { ...JSON_POST, Host: 'mcp.example.test' }, initialize);
    expect(listed.status).toBe(200);
    expect(listed.headers['mcp-session-id']).toEqual(expect.any(String));
  });
});

describe('two copies of the README example with REDIS_URL, behind the sticky proxy', () => {
  it('serve one URL: a 2026 round asked on one is answered on the other, a 2025 session sticks', async () => {
    const redis = await startRedis();
    const env = { REDIS_URL: redis.url, STATE_KEY: 'the example, twice: one key of 32 bytes or more' };
    const copies = await Promise.all([startExample(env), startExample(env)]);
    const proxy = await startStickyProxy(
      0,
      copies.map((copy) => copy.url),
    );
    try {
      for (const era of ['modern', 'legacy'] as const) {
        const client = await connectHttp(proxy.url, era, {
          answer: () => ({ action: 'accept', content: { format: 'csv', maxRows: 3 } }),
        });
        const result = (await client.callTool({ name: 'export-data', arguments: {} })) as CallToolResult;
        expect(result.structuredContent, era).toMatchObject({ status: 'completed', maxRows: 3 });
        await client.close();
      }
      // The 2026 round trip took two requests, one to each copy (round-robin): asked on one, answered on the other.
      await Promise.all(copies.map((copy) => copy.logOnce((log) => actionsIn(log, 'modern').length > 0)));
      const modernRecords = copies.map((copy) => actionsIn(copy.log(), 'modern'));
      expect(modernRecords.flat().toSorted()).toEqual(['accept', 'input-requested']);
      expect(modernRecords.every((actions) => actions.length === 1)).toBe(true);
    } finally {
      await proxy.close();
      await Promise.all(copies.map((copy) => copy.stop()));
      await redis.stop();
    }
  }, 60_000);
});
