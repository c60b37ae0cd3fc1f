import { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { attachElicitation } from './sdk-v2/attach.js';
import { createElicitationQueue, DEFAULT_MAX_PENDING_PER_SERVER } from './queue.js';
import { connect } from './test/harness.js';
import type { ElicitationQueue } from './types.js';

describe('createElicitationQueue', () => {
  it('starts empty with a stable snapshot and answers false for unknown ids', () => {
    const queue = createElicitationQueue();
    const snapshot = queue.getSnapshot();
    expect(snapshot).toEqual([]);
    expect(queue.getSnapshot()).toBe(snapshot);
    expect(queue.respond('nope', { action: 'cancel' })).toBe(false);
    expect(queue.getSnapshot()).toBe(snapshot);
  });

  it('stops calling a listener after unsubscribe', () => {
    const queue = createElicitationQueue();
    const calls: string[] = [];
    const unsubscribe = queue.subscribe(() => calls.push('called'));
    unsubscribe();
    expect(calls).toEqual([]);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses maxPendingPerServer %s', (value) => {
    expect(() => createElicitationQueue({ maxPendingPerServer: value })).toThrow(RangeError);
  });

  it('defaults the per-server limit to 20', () => {
    expect(DEFAULT_MAX_PENDING_PER_SERVER).toBe(20);
  });
});

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
