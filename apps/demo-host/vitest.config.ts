import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { project } from '../../vitest.shared';

const base = project('demo-host', 'jsdom');
const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// Tests that run in Node (`@vitest-environment node`: the relay, the connection store against the real demo server)
// hand `ssr.resolve.conditions` to Node, and some SDK dependencies (eventsource, eventsource-parser) publish a
// `source` export pointing at raw TypeScript Node cannot load. So Node gets the plain `node` condition, and the
// workspace packages are aliased to their sources instead (as packages/mcp does).
export default defineConfig({
  ...base,
  resolve: {
    ...base.resolve,
    alias: {
      '@elicitation-kit/core': source('../../packages/core/src/index.ts'),
      '@elicitation-kit/mcp': source('../../packages/mcp/src/index.ts'),
      '@elicitation-kit/demo-server': source('../demo-server/src/index.ts'),
    },
  },
  ssr: { ...base.ssr, resolve: { conditions: ['node'], externalConditions: ['node'] } },
});
