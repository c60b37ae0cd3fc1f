import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticFiles } from './static-files.js';

const root = mkdtempSync(join(tmpdir(), 'chat-static-'));
const dist = join(root, 'dist');
mkdirSync(join(dist, 'assets'), { recursive: true });
writeFileSync(join(dist, 'index.html'), '<!doctype html>');
writeFileSync(join(dist, 'assets', 'app-1a2b.js'), 'export {};');
writeFileSync(join(root, 'secret.txt'), 'not yours');
const serve = staticFiles(dist);
const get = (path: string, method = 'GET') => serve(new Request(`http://127.0.0.1${path}`, { method }));

describe('staticFiles', () => {
  it('serves the page (never cached) and the hashed assets (cached for good)', async () => {
    const page = await get('/');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toBe('<!doctype html>');
    const asset = await get('/assets/app-1a2b.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await (await get('/', 'HEAD')).text()).toBe('');
  });

  it('nothing outside the build, nothing unknown, nothing but GET and HEAD', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/../../secret.txt', '/nothing.js', '/assets']) {
      expect((await get(path)).status).toBe(404);
    }
    expect((await get('/%E0%A4%A')).status).toBe(400);
    expect((await get('/', 'POST')).status).toBe(405);
  });
});
