// 2. Dialog readiness in Chromium: the page in ../page is bundled with esbuild into a temporary directory (the kit's
// stylesheet, which the page imports as a host would, extracted to page.css and linked from the HTML), served by a tiny
// node:http server on 127.0.0.1, and driven with Playwright. All timing happens inside the page. The same page, served
// again under a strict Content-Security-Policy (script-src 'self', no unsafe-eval), says which validators run there.
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/ensure-chromium.mjs';
import { root } from './forms.mjs';
import { percentile, spread } from './stats.mjs';

// The stylesheet is a render-blocking <link> in the head, as a host links its CSS: the page is not ready before it.
const HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Elicitation Kit bench</title><link rel="stylesheet" href="/page.css"></head>
<body><main id="bench"></main><script type="module" src="/page.js"></script></body></html>`;

/** The same page under a strict policy (sent with csp.html only: a document's policy governs what it loads). */
const CSP_HTML = HTML.replace('<title>Elicitation Kit bench', '<title>Elicitation Kit bench under CSP');

/** What a strict host sends: scripts from its own origin only, so no eval and no `new Function`. */
const STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self'";

/** Bundles the pages (production React, the kit from source) into a fresh temp dir. */
async function buildPage(extra = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'elicitation-bench-'));
  await build({
    entryPoints: [join(root, 'bench', 'page', 'page.mjs')],
    outfile: join(dir, 'page.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    conditions: ['@elicitation-kit/source'],
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    // The kit's stylesheet, imported by the page as a host's bundler sees it: esbuild writes it to page.css.
    loader: { '.css': 'css', '.json': 'json' },
    logLevel: 'error',
    ...extra,
  });
  await writeFile(join(dir, 'index.html'), HTML);
  await writeFile(join(dir, 'csp.html'), CSP_HTML);
  return dir;
}

/** Serves `dir` on 127.0.0.1 (ephemeral port). */
async function serve(dir) {
  const types = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
  };
  const files = ['/index.html', '/page.js', '/page.css', '/csp.html'];
  const server = createServer(async (req, res) => {
    const path = req.url === '/' ? '/index.html' : (req.url ?? '/').split('?')[0];
    if (!files.includes(path)) {
      res.writeHead(404).end();
      return;
    }
    const body = await readFile(join(dir, path));
    res
      .writeHead(200, {
        'content-type': types[path.slice(path.lastIndexOf('.'))],
        'cache-control': 'no-store',
        ...(path === '/csp.html' && { 'content-security-policy': STRICT_CSP }),
      })
      .end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

function summarize(samples, key) {
  const values = samples.map((s) => s[key]).filter((v) => v !== null);
  return {
    ...spread(values),
    p90: percentile(values, 90),
    failed: samples.length - values.length,
  };
}

function pairRatio(kit, rjsf) {
  return kit.median > 0 ? rjsf.median / kit.median : Number.NaN;
}

/**
 * Runs the browser measurements. Options: `mounts` per kind for 13 fields (200 fields use a third), `keystrokes`
 * per kind on the 50-field form, `buildOptions` merged into the esbuild call (tests of the harness).
 */
export async function measureDialog({ mounts = 30, keystrokes = 40, buildOptions = {} } = {}) {
  const dir = await buildPage(buildOptions);
  const http = await serve(dir);
  const executablePath = findChromium();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(http.url);
    await page.waitForFunction(() => window.elicitationBench?.ready === true, undefined, { timeout: 30_000 });
    // The stylesheet the readiness figures include: applied to the dialog (checked on a mount), and its transfer.
    const stylesheet = await page.evaluate(() => window.elicitationBench.stylesheet());
    if (!stylesheet.applied) throw new Error('the kit stylesheet is not applied to the dialog in the bench page');

    const readiness = {};
    for (const [count, runs] of [
      [13, mounts],
      [200, Math.max(5, Math.round(mounts / 3))],
    ]) {
      const samples = await page.evaluate(([n, r]) => window.elicitationBench.readiness(n, r, 3), [count, runs]);
      const kitFocus = summarize(samples.kit, 'focusMs');
      const rjsfFocus = summarize(samples.rjsf, 'focusMs');
      readiness[`fields${count}`] = {
        fields: count,
        kit: { focus: kitFocus, paint: summarize(samples.kit, 'paintMs'), focused: samples.kit[0]?.focused ?? null },
        rjsf: {
          focus: rjsfFocus,
          paint: summarize(samples.rjsf, 'paintMs'),
          focused: samples.rjsf[0]?.focused ?? null,
        },
        rjsfOverKit: pairRatio(kitFocus, rjsfFocus),
      };
    }

    // Keystroke-to-paint on a 50-field form: type into the field that got focus, then delete it again, so every key
    // changes the value (the default nickname is "dev" and the field allows 20 characters).
    const keys = {};
    for (const kind of ['kit', 'rjsf']) {
      const all = [];
      const handled = [];
      let last;
      for (let pass = 0; pass < Math.ceil(keystrokes / 20); pass++) {
        last = await page.evaluate(([k]) => window.elicitationBench.startTyping(k, 50), [kind]);
        for (let i = 0; i < 10; i++) await page.keyboard.press('KeyX');
        for (let i = 0; i < 10; i++) await page.keyboard.press('Backspace');
        const result = await page.evaluate(() => window.elicitationBench.stopTyping());
        all.push(...result.samples);
        handled.push(...result.handled);
      }
      const frames = spread(all);
      const work = spread(handled);
      keys[kind] = {
        ...frames,
        p90: percentile(all, 90),
        handledMedian: work.median,
        handledMin: work.min,
        handledMax: work.max,
        handledP90: percentile(handled, 90),
        focused: last?.focused ?? null,
      };
    }
    const keystroke50 = {
      fields: 50,
      kit: keys.kit,
      rjsf: keys.rjsf,
      rjsfOverKit: keys.kit.median > 0 ? keys.rjsf.median / keys.kit.median : Number.NaN,
      handledRjsfOverKit: keys.kit.handledMedian > 0 ? keys.rjsf.handledMedian / keys.kit.handledMedian : Number.NaN,
    };

    // Under a strict CSP: which validators run at all (the kit's check, @cfworker's; ajv's compile needs eval).
    const cspPage = await browser.newPage();
    const cspViolations = [];
    cspPage.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    const cspErrors = [];
    cspPage.on('pageerror', (error) => cspErrors.push(error.message));
    await cspPage.goto(`${http.url}csp.html`);
    await cspPage.waitForFunction(() => window.elicitationBench?.ready === true, undefined, { timeout: 30_000 });
    const csp = {
      policy: STRICT_CSP,
      ...(await cspPage.evaluate(() => window.elicitationBench.csp)),
      violations: cspViolations,
      pageErrors: cspErrors,
    };

    return { chromium: browser.version(), stylesheet, ...readiness, keystroke50, csp, pageErrors: errors };
  } finally {
    await browser.close();
    await http.close();
    await rm(dir, { recursive: true, force: true });
  }
}
