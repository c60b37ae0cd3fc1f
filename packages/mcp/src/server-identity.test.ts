import { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { readServerIdentity } from './server-identity.js';
import { connect } from './test/harness.js';
import type { Setup } from './test/harness.js';

let setup: Setup | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

describe('readServerIdentity', () => {
  it("merges what the host knows over the server's serverInfo", async () => {
    setup = await connect('legacy');
    expect(readServerIdentity(setup.client, { id: 'server-1', url: 'memory://test' })).toEqual({
      id: 'server-1',
      name: 'test-server',
      title: 'Test server',
      version: '9.9.9',
      url: 'memory://test',
    });
    expect(readServerIdentity(setup.client, { id: 'server-1', name: 'Acme', title: 'Acme exports' })).toEqual({
      id: 'server-1',
      name: 'Acme',
      title: 'Acme exports',
      version: '9.9.9',
    });
  });

  it('names an unnamed server by the host of its URL, else "MCP server"', () => {
    const client = new Client({ name: 'host', version: '1.0.0' });
    expect(readServerIdentity(client, { id: 'a', url: 'http://127.0.0.1:3901/mcp' })).toEqual({
      id: 'a',
      name: '127.0.0.1:3901',
      url: 'http://127.0.0.1:3901/mcp',
    });
    expect(readServerIdentity(client, { id: 'b', url: 'not a url' }).name).toBe('MCP server');
    expect(readServerIdentity(client, { id: 'c' }).name).toBe('MCP server');
  });
});
