import { createElicitationQueue } from '@elicitation-kit/core';
import type { ElicitationQueue } from '@elicitation-kit/core';
import { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { attachElicitation } from './sdk-v2/attach.js';
import { connect } from './test/harness.js';

describe('attachElicitation preconditions', () => {
  it('needs a queue made by createElicitationQueue', () => {
    const client = new Client({ name: 'host', version: '1.0.0' });
    const fake: ElicitationQueue = {
      subscribe: () => () => undefined,
      getSnapshot: () => [],
      respond: () => false,
      respondAll: () => 0,
    };
    expect(() => attachElicitation(client, { queue: fake })).toThrow(/createElicitationQueue/);
  });

  it('takes its default server id from the queue: one per attachment, counted per queue', () => {
    const queue = createElicitationQueue();
    const other = createElicitationQueue();
    attachElicitation(new Client({ name: 'host', version: '1.0.0' }), { queue });
    // The attachment opened the queue's first producer: the next one is the second.
    expect(queue.openProducer().id).toMatch(/^elicitation-kit-[a-z0-9]{8}-2$/);
    expect(other.openProducer().id).toMatch(/^elicitation-kit-[a-z0-9]{8}-1$/);
  });

  it('must run before connect', async () => {
    const setup = await connect('legacy');
    try {
      expect(() => attachElicitation(setup.client, { queue: createElicitationQueue() })).toThrow(
        /before client.connect/,
      );
    } finally {
      await setup.close();
    }
  });

  it('keeps a host onclose handler set after attaching and restores it on detach', () => {
    const client = new Client({ name: 'host', version: '1.0.0' });
    const kit = attachElicitation(client, { queue: createElicitationQueue() });
    const calls: string[] = [];
    const hostHandler = (): void => {
      calls.push('host');
    };
    // oxlint-disable-next-line unicorn/prefer-add-event-listener -- the SDK's callback property is what is under test
    client.onclose = hostHandler;
    client.onclose?.();
    expect(calls).toEqual(['host']);
    kit.detach();
    expect(client.onclose).toBe(hostHandler);
  });
});
