#!/usr/bin/env node
// `npm run bench` / `npm run fuzz`: install, then run that workspace script.
import { ensurePnpm, install, run } from './lib/workspace.mjs';

const [task, ...rest] = process.argv.slice(2);
const pnpm = ensurePnpm();
install(pnpm);
if (task === 'bench') {
  // The replica run starts its own redis-server and the dialog rows need a Chromium (Debian's, each installed when
  // missing, as for npm test).
  run(process.execPath, ['scripts/ensure-redis.mjs']);
  run(process.execPath, ['scripts/ensure-chromium.mjs']);
  run(pnpm, ['--filter', '@elicitation-kit/bench', 'bench', ...rest]);
} else if (task === 'fuzz') run(pnpm, ['--filter', '@elicitation-kit/core', 'fuzz', ...rest]);
else throw new Error(`unknown task ${task}`);
