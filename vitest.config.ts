import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/core',
      'packages/react',
      'packages/react/vitest.react18.config.ts',
      'packages/mcp',
      'packages/bridge',
      'packages/server',
      'packages/acp',
      'packages/ag-ui',
      'packages/auth',
      'apps/demo-server',
      'apps/demo-host',
      'apps/chat-host',
      'integration',
      'bench',
      'scripts/readme',
    ],
  },
});
