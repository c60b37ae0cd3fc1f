import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Only the production build is served (by server/app.ts, under the strict CSP): `pnpm build`, then `pnpm start`.
export default defineConfig({
  plugins: [react()],
  // Workspace packages resolve to their TypeScript sources: no build step for the kit.
  resolve: { conditions: ['@elicitation-kit/source', 'module', 'browser', 'development|production'] },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 1500 },
});
