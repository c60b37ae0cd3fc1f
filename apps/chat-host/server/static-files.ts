// The page's production build, served as it is: the files of `dist/` (hashed assets cached for good, the page never),
// nothing outside it. Every response of the host carries the strict Content-Security-Policy (see app.ts).
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { refuse } from './http.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** A handler serving the files of `dist` (`/` is `index.html`); `404` for anything else. */
export function staticFiles(dist: string): (request: Request) => Promise<Response> {
  const root = normalize(dist);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url).pathname);
    } catch {
      return refuse(400, 'bad-path', 'The path cannot be read.');
    }
    const file = normalize(join(root, pathname === '/' ? 'index.html' : pathname));
    const type = TYPES[extname(file)];
    if (!file.startsWith(root + sep) || type === undefined || !(await stat(file).catch(() => undefined))?.isFile()) {
      return refuse(404, 'not-found', 'Nothing lives here.');
    }
    const immutable = file.startsWith(join(root, 'assets') + sep);
    return new Response(request.method === 'HEAD' ? null : await readFile(file), {
      headers: {
        'Content-Type': type,
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      },
    });
  };
}
