import react from '@vitejs/plugin-react';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { defineConfig, type Plugin } from 'vite';
import { createRelay } from './relay/relay.mjs';
import { NONCE_PLACEHOLDER } from './serve.mjs';

/**
 * Mounts the relay under /relay/ on the dev and preview servers, as serve.mjs does for the production build.
 * The relay uses the kit's packages from their sources, so this config is loaded by Node itself (`--configLoader
 * native`) with the `@elicitation-kit/source` condition and tsx, as the package scripts run Vite: nothing is built first.
 */
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
  // serve.mjs swaps this placeholder for each response's nonce (the CSP's style-src names it): Vite stamps it on the
  // page's tags and on <meta property="csp-nonce">, where the app reads it for the design systems' style elements.
  html: { cspNonce: NONCE_PLACEHOLDER },
  // The kit's pages in one chunk (the dialog opens on every page); the gallery (with its rjsf themes: MUI, Ant
  // Design) is a chunk of its own, loaded when opened.
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 1500 },
});
