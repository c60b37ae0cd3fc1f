// The entries export exactly the documented names, and the shipped modules import nothing but each other and the MCP
// SDK (no Node built-in): the sign-in runs wherever the Fetch API and Web Crypto do, with the SDK as the host's peer.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as main from './index.js';
import * as redis from './redis.js';

const SOURCE = new URL('./', import.meta.url);

describe('auth entries', () => {
  it('@elicitation-kit/auth exports exactly the documented runtime names', () => {
    expect(Object.keys(main).toSorted()).toEqual([
      'McpSignInError',
      'createMcpSignIn',
      'createMemoryAuthStore',
      'loopbackRedirectUris',
    ]);
  });

  it('@elicitation-kit/auth/redis exports exactly the Redis store', () => {
    expect(Object.keys(redis)).toEqual(['createRedisAuthStore']);
  });

  it('shipped modules import only each other and @modelcontextprotocol/client', () => {
    const shipped = readdirSync(SOURCE).filter((name) => name.endsWith('.ts') && !name.includes('.test'));
    expect(shipped.toSorted()).toEqual(['errors.ts', 'index.ts', 'redis.ts', 'sign-in.ts', 'store.ts']);
    for (const name of shipped) {
      const specifiers = [
        ...readFileSync(new URL(name, SOURCE), 'utf8').matchAll(/^(?:import|export)\b[^;]*?from '([^']+)'/gm),
      ].map((match) => match[1]);
      for (const specifier of specifiers) {
        expect([`${name}: ${specifier}`]).toEqual([
          `${name}: ${specifier?.startsWith('./') === true ? specifier : '@modelcontextprotocol/client'}`,
        ]);
      }
    }
  });
});
