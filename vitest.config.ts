import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/core', 'packages/react', 'packages/mcp', 'apps/demo-server', 'apps/demo-host'],
  },
});
