import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { project } from '../../vitest.shared';

const base = project('mcp', 'node');
const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// Vitest hands `ssr.resolve.conditions` to Node as `--conditions`, and some SDK dependencies (eventsource,
// eventsource-parser) publish a `source` export pointing at raw TypeScript that Node cannot load. So Node gets
// the plain `node` condition, and the workspace packages are aliased to their sources instead.
export default defineConfig({
  ...base,
  resolve: {
    ...base.resolve,
    alias: {
      '@elicitation-kit/core': source('../../packages/core/src/index.ts'),
      '@elicitation-kit/demo-server': source('../../apps/demo-server/src/index.ts'),
      '@elicitation-kit/mcp': source('../../packages/mcp/src/index.ts'),
    },
  },
  ssr: { ...base.ssr, resolve: { conditions: ['node'], externalConditions: ['node'] } },
});
