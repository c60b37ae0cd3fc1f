// @ts-check
// Serves the production build (`dist/`) under the strict Content-Security-Policy the kit promises to work with,
// and hosts the relay under /relay/ on the same origin. Used by `npm run demo` and by the e2e tests.
//
//   node apps/demo-host/serve.mjs [--port 4173] [--host 127.0.0.1]     (PORT and HOST variables work too)

import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRelay } from './relay/relay.mjs';
import { argument, listen } from './relay/listen.mjs';

/**
 * The policy every page is served with, for one response's nonce. Styles come from the app's own files or from
 * `<style>` elements carrying the nonce (CSS-in-JS design systems: emotion for MUI, antd's cssinjs, both given the
 * nonce by the app); no `'unsafe-inline'`, no `'unsafe-eval'`.
 * @param {string} nonce
 */
export function contentSecurityPolicy(nonce) {
  return `default-src 'self'; script-src 'self'; connect-src 'self' http://127.0.0.1:* http://localhost:*; style-src 'self' 'nonce-${nonce}'`;
}

/**
 * The placeholder Vite writes as the nonce of the page's tags and of `<meta property="csp-nonce">` (vite.config.ts
 * `html.cspNonce`); each HTML response replaces it with a fresh nonce, the one its policy names.
 */
export const NONCE_PLACEHOLDER = 'ELICITATION_KIT_CSP_NONCE';

const TYPES = /** @type {Record<string, string>} */ ({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
});

/**
 * Starts the static server.
 * @param {{ port?: number; host?: string; dist?: string; log?: (line: string) => void }} [options]
 * @returns {Promise<{ url: string; port: number; close(): Promise<void> }>}
 */
export async function startServe(options = {}) {
  const dist = options.dist ?? join(dirname(fileURLToPath(import.meta.url)), 'dist');
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`No build in ${dist}: run \`pnpm --filter @elicitation-kit/demo-host build\` first.`);
  }
  const relay = createRelay({ log });

  const server = http.createServer((req, res) => {
    if (relay(req, res)) {
      return;
    }
    // A fresh nonce per response (128 random bits), as CSP requires: a reused nonce would be one an attacker can learn.
    const nonce = randomBytes(16).toString('base64');
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed');
      return;
    }
    let pathname = '/';
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Bad request');
      return;
    }
    let file = normalize(join(dist, pathname));
    if (file !== dist && !file.startsWith(dist + sep)) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Forbidden');
      return;
    }
    if (!existsSync(file) || !statSync(file).isFile()) {
      // The app routes with the hash, so any other path gets the app shell.
      file = join(dist, 'index.html');
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    res.writeHead(200, {
      'Content-Type': type,
      'Cache-Control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    if (extname(file) === '.html') {
      res.end(readFileSync(file, 'utf8').replaceAll(NONCE_PLACEHOLDER, nonce));
      return;
    }
    createReadStream(file).pipe(res);
  });

  const { port, close } = await listen(server, options.port ?? 4173, host);
  return { url: `http://${host}:${port}/`, port, close };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(argument('port') ?? process.env.PORT ?? 4173);
  const host = argument('host') ?? process.env.HOST ?? '127.0.0.1';
  const quiet = process.argv.includes('--quiet');
  startServe({ port, host, log: quiet ? () => {} : (line) => console.log(line) }).then(
    ({ url }) => {
      console.log(`demo-host (production build, strict CSP) at ${url}`);
    },
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
