// The bridge's three entries: exactly the documented names, and a browser half that pulls in no Node built-in and no
// MCP SDK (bundled for the browser with only core left out, as a host's bundler would see it).
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import * as server from './index.js';
import * as browser from './browser.js';
import * as redis from './redis.js';

const BROWSER_ENTRY = fileURLToPath(new URL('./browser.ts', import.meta.url));

describe('bridge entries', () => {
  it('@elicitation-kit/bridge exports exactly the documented runtime names', () => {
    expect(Object.keys(server).toSorted()).toEqual([
      'MAX_EVENT_LENGTH',
      'TOKEN_HEADER',
      'WITHDRAW_MESSAGES',
      'createElicitationBridge',
      'toNodeListener',
    ]);
  });

  it('@elicitation-kit/bridge/redis exports exactly the Redis hub', () => {
    expect(Object.keys(redis)).toEqual(['createRedisBridgeHub']);
  });

  it('@elicitation-kit/bridge/browser exports exactly the documented runtime names', () => {
    expect(Object.keys(browser).toSorted()).toEqual([
      'MAX_EVENT_LENGTH',
      'WITHDRAW_MESSAGES',
      'WithdrawnError',
      'connectElicitationBridge',
    ]);
  });

  it('the browser half bundles for the browser with nothing but core outside it', async () => {
    const result = await build({
      entryPoints: [BROWSER_ENTRY],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      conditions: ['@elicitation-kit/source'],
      external: ['@elicitation-kit/core'],
      logLevel: 'silent',
    });
    const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports.map((item) => item.path));
    expect([...new Set(imports)]).toEqual(['@elicitation-kit/core']);
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((input) => input.includes('node_modules'))).toEqual([]);
    expect(inputs.some((input) => input.endsWith('src/client.ts'))).toBe(true);
  });
});
