// The package's entry points: the documented runtime names of each, and the proof that each imports only the client
// it adapts (a host installs only that one: the root imports no MCP SDK at all).
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import * as aiSdk from './ai-sdk/index.js';
import * as durable from './durable/index.js';
import * as api from './index.js';
import * as publicSuffix from './public-suffix.js';
import * as sdkV1 from './sdk-v1/index.js';
import * as sdkV2 from './sdk-v2/index.js';

/** The packages an entry imports from outside the kit, as a host's bundler would see them. */
async function clientImports(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['@elicitation-kit/source'],
    // Anything outside the kit stays an import, so the metafile lists it.
    plugins: [
      {
        name: 'external-packages',
        setup(onBuild) {
          onBuild.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@elicitation-kit/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
    logLevel: 'silent',
  });
  const imported = Object.values(result.metafile.outputs).flatMap((output) => output.imports.map((item) => item.path));
  return [
    ...new Set(
      imported.map((path) =>
        path
          .split('/')
          .slice(0, path.startsWith('@') ? 2 : 1)
          .join('/'),
      ),
    ),
  ].toSorted();
}

describe('package entries', () => {
  it('export exactly the documented runtime names', () => {
    // The queue (createElicitationQueue, DEFAULT_MAX_PENDING_PER_SERVER, isTooManyPending) is core's.
    expect(Object.keys(api).toSorted()).toEqual(['elicitationCapability', 'readServerIdentity']);
    expect(Object.keys(sdkV2).toSorted()).toEqual(['attachElicitation']);
    expect(Object.keys(sdkV1).toSorted()).toEqual(['attachElicitation']);
    expect(Object.keys(aiSdk).toSorted()).toEqual(['attachElicitation', 'elicitationCapabilities']);
    expect(Object.keys(publicSuffix)).toEqual(['publicSuffixList']);
    expect(Object.keys(durable).toSorted()).toEqual([
      'DurableRoundError',
      'callToolDurably',
      'createMemoryDurableRoundStore',
      'createRedisDurableRoundStore',
      'resumeRounds',
    ]);
  });

  it('import only the client each adapts (the root imports none)', async () => {
    expect(await clientImports('./index.ts')).toEqual([]);
    expect(await clientImports('./sdk-v2/index.ts')).toEqual(['@modelcontextprotocol/client']);
    expect(await clientImports('./sdk-v1/index.ts')).toEqual(['@modelcontextprotocol/sdk']);
    expect(await clientImports('./ai-sdk/index.ts')).toEqual(['@ai-sdk/mcp']);
    // The real Public Suffix List is an entry of its own: ~50 KB a host opts into, never pulled in by the others.
    expect(await clientImports('./public-suffix.ts')).toEqual(['tldts']);
    // Durable rounds take the client and the Redis client as arguments: neither is imported.
    expect(await clientImports('./durable/index.ts')).toEqual([]);
  });
});
