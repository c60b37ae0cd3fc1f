import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Redis } from 'ioredis';
import { describe, expectTypeOf, it } from 'vitest';
import type { ElicitationBridge, NodeRequest, NodeResponse } from './index.js';
import type { RemoteElicitation, RemoteElicitationQueue } from './browser.js';
import type { RedisBridgeClient } from './redis.js';
import type { ElicitationQueue, PendingElicitation } from '@elicitation-kit/core';

describe('bridge types', () => {
  it('the remote queue is an ElicitationQueue, its entries PendingElicitations (the hooks and the dialog take them)', () => {
    expectTypeOf<RemoteElicitationQueue>().toExtend<ElicitationQueue>();
    expectTypeOf<RemoteElicitation>().toExtend<PendingElicitation>();
  });

  it('an ioredis 6 client fits the Redis hub as is', () => {
    expectTypeOf<Redis>().toExtend<RedisBridgeClient>();
  });

  it('toNodeListener takes Node’s own request and response as they are', () => {
    expectTypeOf<IncomingMessage>().toExtend<NodeRequest>();
    expectTypeOf<ServerResponse>().toExtend<NodeResponse>();
  });

  it('bridge.fetch is a Fetch API handler (a Next.js route handler, a Hono handler)', () => {
    expectTypeOf<ElicitationBridge['fetch']>().toEqualTypeOf<(request: Request) => Promise<Response>>();
  });
});
