import react from '@vitejs/plugin-react';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { defineConfig, type Plugin } from 'vite';
import { createRelay } from './relay/relay.mjs';

/** Mounts the relay under /relay/ on the dev and preview servers, as serve.mjs does for the production build. */
function relayPlugin(): Plugin {
  const relay = createRelay({ log: (line) => console.log(line) });
  const middleware = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (!relay(req, res)) {
      next();
    }
  };
  return {
    name: 'elicitation-kit-relay',
    configureServer(server) {
      server.middlewares.use(middleware);
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware);
    },
  };
}

export default defineConfig({
  plugins: [react(), relayPlugin()],
  // Workspace packages resolve to their TypeScript sources: no build step for the kit.
  resolve: { conditions: ['@elicitation-kit/source', 'module', 'browser', 'development|production'] },
  server: { host: '127.0.0.1', port: 5173, strictPort: true, fs: { allow: ['../..'] } },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  // One chunk on purpose: every page shows the dialog, so rjsf and the SDK are needed everywhere anyway.
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 1500 },
});
