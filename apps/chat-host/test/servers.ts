// The servers of one test file: the demo server (an ephemeral loopback port) and a chat host on it, started before
// the file's tests and closed after them.
import { startDemoServer } from '@elicitation-kit/demo-server';
import type { DemoServer } from '@elicitation-kit/demo-server';
import { afterAll, beforeAll } from 'vitest';
import { startChatHost } from '../server/app.js';
import type { ChatHost } from '../server/app.js';

/** What {@link serversForFile} starts. */
export interface FileServers {
  demo: DemoServer;
  host: ChatHost;
}

/** Starts the file's servers (the model without pauses); returns how to reach them once started. */
export function serversForFile(): () => FileServers {
  let servers: FileServers | undefined;
  beforeAll(async () => {
    const demo = await startDemoServer({ port: 0, silent: true });
    servers = { demo, host: await startChatHost({ mcpUrl: demo.url, modelDelayMs: null }) };
  });
  afterAll(async () => {
    await servers?.host.close();
    await servers?.demo.close();
  });
  return () => {
    if (servers === undefined) {
      throw new Error('the servers of this file are not started yet');
    }
    return servers;
  };
}
