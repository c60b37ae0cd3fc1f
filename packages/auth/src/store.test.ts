// Token custody: the memory store (one process) and the Redis store (replicas) against a real redis-server, and a
// sign-in started on one replica and finished on another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { startRedis } from '@elicitation-kit/test-redis';
import type { TestRedis } from '@elicitation-kit/test-redis';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpSignIn, createMemoryAuthStore } from './index.js';
import type { McpAuthStore } from './index.js';
import { createRedisAuthStore } from './redis.js';
import { startWorld } from './test/world.js';

async function expectStoreContract(store: McpAuthStore, wait: (ms: number) => Promise<void>): Promise<void> {
  expect(await store.get('a')).toBeUndefined();
  await store.set('a', 'one');
  expect(await store.get('a')).toBe('one');
  await store.set('a', 'two');
  expect(await store.get('a')).toBe('two');
  expect(await store.take('a')).toBe('two');
  expect(await store.take('a')).toBeUndefined();
  expect(await store.get('a')).toBeUndefined();

  await store.set('short', 'lived', 50);
  expect(await store.get('short')).toBe('lived');
  await wait(120);
  expect(await store.get('short')).toBeUndefined();
  expect(await store.take('short')).toBeUndefined();

  await store.set('gone', 'soon');
  await store.delete('gone');
  await store.delete('never-there');
  expect(await store.get('gone')).toBeUndefined();
}

describe('createMemoryAuthStore', () => {
  it('keeps values, takes them once, and expires them', async () => {
    let now = 1_000;
    const store = createMemoryAuthStore({ now: () => now });
    await expectStoreContract(store, async (ms) => {
      now += ms;
    });
  });
});

describe('createRedisAuthStore', () => {
  let redis: TestRedis;
  const clients: Redis[] = [];

  function client(): Redis {
    const created = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    clients.push(created);
    return created;
  }

  beforeAll(async () => {
    redis = await startRedis();
  });

  afterAll(async () => {
    for (const created of clients) {
      created.disconnect();
    }
    await redis.stop();
  });

  it('keeps values, takes them once, and expires them, under its prefix', async () => {
    const connection = client();
    const store = createRedisAuthStore(connection, { prefix: 'test:' });
    await expectStoreContract(store, (ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    await store.set('seen', 'x');
    expect(await connection.get('test:seen')).toBe('x');
    expect(await createRedisAuthStore(connection).get('seen')).toBeUndefined();
  });

  it('lets a sign-in started on one replica finish on another, and both use the token', async () => {
    const world = await startWorld();
    try {
      const replica = () =>
        createMcpSignIn({
          store: createRedisAuthStore(client()),
          redirectUrl: 'http://127.0.0.1:5173/oauth/callback',
          clientName: 'Kit replica',
        });
      const first = replica();
      const second = replica();
      const started = await first.signIn('alice', world.mcpUrl);
      expect(started.status).toBe('redirect');
      const callback = await world.browse(started.status === 'redirect' ? started.authorizationUrl : '');
      expect((await second.handleCallback(new Request(callback), 'alice')).status).toBe(200);

      const mcp = new Client({ name: 'kit-test', version: '1.0.0' });
      await mcp.connect(
        new StreamableHTTPClientTransport(new URL(world.mcpUrl), {
          authProvider: first.provider('alice', world.mcpUrl),
        }),
      );
      expect((await mcp.callTool({ name: 'whoami', arguments: {} })).content).toEqual([
        { type: 'text', text: `hello from ${world.mcpUrl}` },
      ]);
      await mcp.close();
      expect(await second.isSignedIn('alice', world.mcpUrl)).toBe(true);
    } finally {
      await world.close();
    }
  });
});
