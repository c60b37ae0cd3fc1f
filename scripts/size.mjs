#!/usr/bin/env node
// Size budgets: each package's own code, bundled from source with esbuild, minified and gzipped.
// Peers (and sibling kit packages) are external: the figure is what the package itself adds to a host's bundle.
// Usage: node scripts/size.mjs [core|react|mcp|mcp/<entry>|bridge|bridge/<entry>|acp|ag-ui|ag-ui/client|auth|auth/…]
// (all when omitted; mcp entries: sdk-v2, sdk-v1, ai-sdk, public-suffix, durable; bridge entries: browser, redis;
// auth entry: redis). Exits 1 when a budget is exceeded.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { root } from './lib/workspace.mjs';

/**
 * Budgets in bytes (min+gz), enforced: a change that grows a package past its budget fails `npm test`.
 * They are ceilings with headroom, never a reason to golf (issue 12's size policy): clarity and speed come first, and
 * the figure printed is the headroom left. Raise only on purpose, with the reason here.
 */
export const budgets = {
  // core: issue 12 set 8 KB; it is NOT met, and the conflict is reported rather than golfed away (the same issue
  // forbids trading clarity for bytes). Written plainly, what issues 12, 13 and 22 ask of core measures ~29 KB: the
  // secret detector alone is ~13.5 KB since issue 22 (the vocabulary in twelve languages with the new families ~7.1 KB,
  // setting words, context exceptions and token prefixes ~1.7 KB, Unicode's confusable letters ~0.8 KB, the splitter
  // and matcher ~3.9 KB), URL analysis (punycode, sites, scripts) ~3.8 KB, the parser with a sentence for every
  // refusal ~4 KB. Raised from 22 KB to 30 KB for issue 22; the real Public Suffix List (~50 KB) stays out of core as
  // a plug-in. Issue 22's speed item added ~0.5 KB (rules as plain data kept per list, the server check's remembered
  // member names), leaving ~0.7 KB of headroom: the next feature of any size will need this ceiling raised, on purpose
  // and said here, not golfed. A server's createContentValidator is ~8 KB (`sideEffects: false`). The enforced
  // ceiling stops growth; the target stays reported (packages/core/README.md "Size", bench/RESULTS.md).
  // Issue 33 raised it from 30 KB to 37 KB, on purpose, for data: the secret vocabulary in the 27 languages most
  // used on the web (up from 12 and a start of Korean: Arabic, Persian, Hebrew, Hindi, Bengali, Thai, Vietnamese,
  // Indonesian, Malay, Ukrainian, Korean, Swedish, Czech, Romanian, Greek written natively, whose UTF-8 compresses
  // less than Latin) adds ~5.4 KB (the vocabulary ~9.1 → ~14.5 KB); the value shapes (Luhn card numbers, connection
  // strings), the folding of Arabic and Hebrew marks and the refused answer keywords ~1 KB. Core measured 29.4 KB
  // before, 35.6 KB after: ~1.4 KB of headroom.
  core: { entry: 'packages/core/src/index.ts', budget: 37 * 1024, target: 8 * 1024 },
  // react: 8 KB until issue 23 made every part take its element's props and a ref (composed handlers), added the
  // inline presentation, controllable open state, the selector hook and the kit's own rjsf registry (instead of
  // routing through rjsf's Form, which costs hosts ~100 KB more): ~8.1 KB written plainly. Raised with headroom.
  react: { entry: 'packages/react/src/index.ts', budget: 10 * 1024 },
  // mcp: 4 KB until issue 13 split it into single-job modules and added kit.callTool (tool calls that survive a human),
  // settled URL completions and resend policy; written plainly that is ~4.7 KB. Raised with headroom, not golfed.
  // Issue 21 gave each client its own entry: the root is now the queue and the shared types (no SDK, ~1 KB); each
  // adapter entry carries the shared handler with its client's hooks (~4.6-5.2 KB). A host ships the root and one
  // adapter; each is measured alone here (their shared modules counted in both), against its own ceiling.
  mcp: { entry: 'packages/mcp/src/index.ts', budget: 2 * 1024 },
  'mcp/sdk-v2': { entry: 'packages/mcp/src/sdk-v2/index.ts', budget: 6 * 1024 },
  'mcp/sdk-v1': { entry: 'packages/mcp/src/sdk-v1/index.ts', budget: 6 * 1024 },
  'mcp/ai-sdk': { entry: 'packages/mcp/src/ai-sdk/index.ts', budget: 6 * 1024 },
  // Durable rounds (issue 34), an entry of their own so that a host that does not use them does not ship them: the
  // driver (ask, write down, retry, hand over, resume), the memory store and the Redis store's Lua scripts, ~4 KB
  // written plainly (measured 4.6 KB with the root's few names). 6 KB with headroom.
  'mcp/durable': { entry: 'packages/mcp/src/durable/index.ts', budget: 6 * 1024 },
  // The bridge (issue 21; its own package since issue 33), core outside every entry as everywhere here. The server
  // half (Fetch handler, tokens, answer checks, the memory hub, Node adapter) runs on the backend: with the Redis hub
  // it was ~8.1 KB written plainly and 10 KB left headroom; the hub is an entry of its own now (a host without
  // replicas does not ship it), measured alone with the memory hub it shares. The browser half (the remote queue, SSE
  // reading, rehydration) ships to the page: ~3.4 KB at first, 5 KB with headroom; it grew with refusals kept with
  // what was typed (issue 32), the withdrawal reasons and drafts carried across a move to another process (issue 34):
  // 5.09 KB written plainly, so 6 KB, raised on purpose rather than squeezed.
  bridge: { entry: 'packages/bridge/src/index.ts', budget: 10 * 1024 },
  'bridge/browser': { entry: 'packages/bridge/src/browser.ts', budget: 6 * 1024 },
  'bridge/redis': { entry: 'packages/bridge/src/redis.ts', budget: 6 * 1024 },
  // The real Public Suffix List (issue 22), an entry of its own so that no host pays for it unasked: tldts and its list
  // are ~50 KB min+gz (the kit's own code is one function). Measured to catch a grown list or a dependency mistake.
  'mcp/public-suffix': { entry: 'packages/mcp/src/public-suffix.ts', budget: 56 * 1024 },
  // ACP (issue 37): the client side (raw params to core, once-only answers, cancellation, completion) and the agent
  // side (forwarding a queue, answers re-checked by core) in one entry, the SDK a peer: ~3.6 KB written plainly, 5 KB
  // with headroom.
  acp: { entry: 'packages/acp/src/index.ts', budget: 5 * 1024 },
  // AG-UI (issue 37), AG-UI's packages peers: the agent side (questions as interrupts, a resume read and checked by
  // core, expiry) ~2.2 KB written plainly; the page side (interrupts as core's queue, the resume when all are answered,
  // a failed resume shown again) ~2.1 KB. 3 KB each with headroom.
  'ag-ui': { entry: 'packages/ag-ui/src/index.ts', budget: 3 * 1024 },
  'ag-ui/client': { entry: 'packages/ag-ui/src/client.ts', budget: 3 * 1024 },
  // Sign-in to MCP servers on a backend (issue 36): the SDK's auth() does the OAuth work (a peer, outside the figure);
  // the provider with per-user custody, the state and metadata checks, the callback, the metadata document, sign-out
  // and readable errors are ~3.9 KB written plainly, 5 KB with headroom. The Redis store is an entry of its own.
  auth: { entry: 'packages/auth/src/index.ts', budget: 5 * 1024 },
  'auth/redis': { entry: 'packages/auth/src/redis.ts', budget: 1024 },
};
const external = [
  'react',
  'react-dom',
  'react/*',
  'react-dom/*',
  '@rjsf/*',
  '@modelcontextprotocol/*',
  '@ai-sdk/*',
  '@agentclientprotocol/*',
  '@ag-ui/*',
  '@elicitation-kit/*',
];

/** One entry bundled and minified as the budgets measure it (peers external), as bytes of an ES module. */
export async function bundle(entry) {
  const result = await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    external,
    conditions: ['@elicitation-kit/source'],
    jsx: 'automatic',
    loader: { '.css': 'empty' },
    logLevel: 'silent',
  });
  return result.outputFiles[0].contents;
}

/** Minified and gzipped size of one entry. */
export async function measure(entry) {
  const code = await bundle(entry);
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

/** Prints every budget (or the one named) and exits 1 when one is exceeded. */
async function main() {
  const only = process.argv[2];
  let failed = false;
  for (const [name, { entry, budget }] of Object.entries(budgets)) {
    if (only && only !== name) continue;
    if (!existsSync(join(root, entry))) continue;
    const { minified, gzipped } = await measure(entry);
    const ok = gzipped <= budget;
    failed ||= !ok;
    const target = budgets[name].target;
    const note = target && gzipped > target ? `; target ${(target / 1024).toFixed(0)} KB not met` : '';
    console.log(
      `${ok ? '✓' : '✗'} @elicitation-kit/${name}: ${(gzipped / 1024).toFixed(2)} KB min+gz (${(minified / 1024).toFixed(1)} KB min), budget ${(budget / 1024).toFixed(0)} KB (${budget - gzipped} bytes of headroom${note})`,
    );
  }
  if (failed) {
    console.error('size budget exceeded');
    process.exit(1);
  }
}

// A CLI when run, a library (bundle, measure, budgets) when imported.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
