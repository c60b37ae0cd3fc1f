// `pnpm --filter @elicitation-kit/chat-host start`: the chat host's backend, serving the page's build (`dist/`, made
// by `pnpm --filter @elicitation-kit/chat-host build`) under the strict CSP. `npm run demo` starts it for you.
//
//   PORT (default 5174), HOST (default 127.0.0.1; loopback only), MCP_URL (default http://127.0.0.1:3901/mcp),
//   CHAT_ERA (modern | legacy; default modern), CHAT_DIST (default ./dist), CHAT_HOSTS (more `Host` values to answer
//   besides the loopback names with PORT, comma-separated: `chat.example.test,chat.example.test:8443`; default none),
//   CHAT_DEBUG=1 (log the bridge's events).
// Replicas (several of these behind one load balancer): CHAT_REDIS_URL (the Redis they share: sessions, conversations,
//   the bridge's hub, durable rounds), CHAT_SECRET (the same on every replica, at least 32 characters),
//   CHAT_ROUND_LEASE_MS (how soon another replica takes a dead one's open questions; default 30000).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { startChatHost } from './app.js';
import { hostValues } from './http.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost']);

const port = Number(process.env.PORT ?? 5174);
const host = process.env.HOST ?? '127.0.0.1';
const mcpUrl = process.env.MCP_URL ?? 'http://127.0.0.1:3901/mcp';
const era = process.env.CHAT_ERA === 'legacy' ? 'legacy' : 'modern';
const hosts = (process.env.CHAT_HOSTS ?? '')
  .split(',')
  .map((value) => value.trim())
  .filter((value) => value !== '');
const dist = resolve(process.env.CHAT_DIST ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'));

if (!LOOPBACK.has(host)) {
  console.error(`chat-host: HOST must be a loopback address (127.0.0.1 or localhost), not ${host}`);
  process.exit(1);
}
try {
  hostValues(hosts);
} catch (error) {
  console.error(`chat-host: CHAT_HOSTS: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`chat-host: no build in ${dist}: run \`pnpm --filter @elicitation-kit/chat-host build\` first.`);
  process.exit(1);
}

const redisUrl = process.env.CHAT_REDIS_URL;
const secret = process.env.CHAT_SECRET ?? '';
if (redisUrl !== undefined && secret.length < 32) {
  console.error('chat-host: CHAT_REDIS_URL needs CHAT_SECRET, the same on every replica, at least 32 characters');
  process.exit(1);
}
const roundLeaseMs = Number(process.env.CHAT_ROUND_LEASE_MS ?? 30_000);
if (!Number.isInteger(roundLeaseMs) || roundLeaseMs < 100) {
  console.error(`chat-host: CHAT_ROUND_LEASE_MS must be a whole number of ms, at least 100 (got ${roundLeaseMs})`);
  process.exit(1);
}
const redis = redisUrl === undefined ? undefined : new Redis(redisUrl, { maxRetriesPerRequest: 1 });

const chatHost = await startChatHost({
  mcpUrl,
  dist,
  port,
  host,
  era,
  hosts,
  roundLeaseMs,
  ...(redis !== undefined && { replicas: { redis, secret } }),
  ...(process.env.CHAT_DEBUG === '1' && { log: (line: string) => console.log(line) }),
});
console.log(`chat-host (production build, strict CSP) at ${chatHost.url} using ${mcpUrl}`);

const stop = (): void => {
  chatHost.close().then(
    () => {
      redis?.disconnect();
      process.exit(0);
    },
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
