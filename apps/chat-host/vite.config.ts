import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Only the production build is served (by server/app.ts, under the strict CSP): `pnpm build`, then `pnpm start`.
export default defineConfig({
  plugins: [react()],
  // Workspace packages resolve to their TypeScript sources: no build step for the kit.
  // One zod for the page: `@ag-ui/client` (the `?mode=ag-ui` chat) brings its own copy (3.25, whose `zod/v4` keeps its
  // settings per copy), which no-code-generation.ts could not reach; deduplicated, every schema is built jitless.
  resolve: {
    conditions: ['@elicitation-kit/source', 'module', 'browser', 'development|production'],
    dedupe: ['zod'],
  },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 1500 },
});
