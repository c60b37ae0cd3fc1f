// The guide's export tool (export-tool.ts), served in both protocol eras on http://127.0.0.1:3000/mcp.
// Run: npx tsx examples/export-server.ts
// Environment (all optional): PORT (default 3000); ALLOWED_HOSTS, the names clients reach it by besides localhost
// (e.g. mcp.example.com behind a proxy); CORS_ORIGINS, the exact origins of browser hosts that may call it (none by
// default: no browser page can); STATE_KEY (32+ bytes) and REDIS_URL, the same on every replica behind one URL.
import { createServer } from 'node:http';
import { mcpCorsHeaders } from '@elicitation-kit/core';
import {
  createElicitationServer,
  createRedisRoundStore,
  REDIS_CLIENT_OPTIONS,
  serveBothEras,
} from '@elicitation-kit/server';
import { hostHeaderValidation, originValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { localhostAllowedHostnames, McpServer } from '@modelcontextprotocol/server';
import { Redis } from 'ioredis';
import { exportData } from './export-tool.js';

const list = (name: string): string[] =>
  (process.env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

// Against DNS rebinding (a page on evil.example that resolves to 127.0.0.1 sends `Host: evil.example`) only the
// names this server is reached by are served; a browser page must come from an origin listed in CORS_ORIGINS.
const corsOrigins = list('CORS_ORIGINS');
const checkHost = hostHeaderValidation([...localhostAllowedHostnames(), ...list('ALLOWED_HOSTS')]);
const checkOrigin = originValidation(corsOrigins.map((origin) => new URL(origin).hostname));

// Step 1 (capability first), the sealed round state, replay safety and step 6's log are the kit's. Replicas need
// the same STATE_KEY and one Redis (started with `appendonly yes`, so a Redis restart loses no round).
const stateKey = process.env['STATE_KEY'];
const redisUrl = process.env['REDIS_URL'];
const kit = createElicitationServer({
  ...(stateKey === undefined ? {} : { requestState: { key: stateKey } }),
  ...(redisUrl === undefined ? {} : { rounds: createRedisRoundStore(new Redis(redisUrl, REDIS_CLIENT_OPTIONS)) }),
  onOutcome: (record) => console.error(JSON.stringify(record)),
});

const mcp = serveBothEras(() => {
  const server = new McpServer({ name: 'export-server', version: '1.0.0' }, { requestState: kit.requestState });
  kit.register(server, [exportData]);
  return server;
});

const handle = toNodeHandler({ fetch: (request: Request) => mcp.fetch(request) });
const http = createServer((req, res) => {
  if (!checkHost(req, res) || !checkOrigin(req, res)) {
    return; // answered 403 with a JSON-RPC error
  }
  const origin = req.headers.origin;
  if (origin !== undefined && corsOrigins.includes(origin)) {
    for (const [name, value] of Object.entries(mcpCorsHeaders(origin, req.headers['access-control-request-headers']))) {
      res.setHeader(name, value);
    }
  }
  if (req.method === 'OPTIONS') {
    res.writeHead(204).end();
    return;
  }
  void handle(req as Parameters<typeof handle>[0], res);
});
http.listen(Number(process.env['PORT'] ?? 3000), '127.0.0.1', () => {
  const address = http.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  console.log(JSON.stringify({ event: 'listening', url: `http://127.0.0.1:${port}/mcp` }));
});
