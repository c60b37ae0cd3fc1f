// One replica of a host's backend, as a process of its own (for the two-replica Redis test): the bridge on a Redis
// hub, mounted at /api/elicitations through Node's `http`, and POST /call { user, era, name, arguments } running one
// tool call of that user against the MCP server at MCP_URL (the response is the call's result, when it ends).
// Environment: REDIS_URL, MCP_URL, BRIDGE_SECRET, HEARTBEAT_MS, ANSWER_TIMEOUT_MS. Prints {"url": …} once listening.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { createElicitationBridge, toNodeListener } from '@elicitation-kit/bridge';
import { createRedisBridgeHub } from '@elicitation-kit/bridge/redis';
import { runTool } from './bridge-backend.js';
import type { ToolRun } from './bridge-backend.js';
import { userOf } from './bridge-host.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === '') {
    throw new Error(`${name} is required`);
  }
  return value;
};

const redis = new Redis(env('REDIS_URL'), { maxRetriesPerRequest: 1 });
const bridge = createElicitationBridge({
  authorize: userOf,
  // Each replica listens on a free port: the browsers' origin is whichever replica they were given.
  origins: 'trust-host-header',
  hub: createRedisBridgeHub(redis, {
    heartbeatMs: Number(env('HEARTBEAT_MS')),
    answerTimeoutMs: Number(env('ANSWER_TIMEOUT_MS')),
  }),
  secret: env('BRIDGE_SECRET'),
});
const elicitations = toNodeListener(bridge);
const mcpUrl = env('MCP_URL');

const server = createServer((request, response) => {
  if (request.url?.startsWith('/api/elicitations') === true) {
    elicitations(request, response);
    return;
  }
  if (request.url === '/call' && request.method === 'POST') {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      const call = JSON.parse(body) as Omit<ToolRun, 'mcpUrl'>;
      void runTool(bridge, { ...call, mcpUrl }).then((result) => {
        response.setHeader('Content-Type', 'application/json');
        response.end(JSON.stringify(result ?? null));
      });
    });
    return;
  }
  response.statusCode = 404;
  response.end();
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
});

process.on('SIGTERM', () => {
  void bridge.close().then(async () => {
    await redis.quit();
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
});
