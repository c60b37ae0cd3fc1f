// `PORT=<n> pnpm --filter @elicitation-kit/demo-server start`: serves http://127.0.0.1:<n>/mcp until SIGINT/SIGTERM,
// and the same tools behind sign-in at /mcp-protected, with the demo's authorization server on DEMO_AUTH_PORT (n+1).
// DEMO_DEBUG=1 serves /debug/*, DEMO_RESUMABLE=1 keeps 2025 SSE events for resumption, DEMO_SERVER_TITLE renames it,
// DEMO_STATE_KEY (32+ bytes) seals round states with a key that survives restarts (default: random per process).
import { startDemoServer } from './index.js';

const port = Number(process.env['PORT'] ?? 3901);
const host = process.env['HOST'] ?? '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`PORT must be an integer between 0 and 65535 (got ${process.env['PORT'] ?? ''})\n`);
  process.exit(1);
}

// The demo's authorization server (for /mcp-protected): DEMO_AUTH_PORT, by default the next port (0 with PORT=0).
const authPort = Number(process.env['DEMO_AUTH_PORT'] ?? (port === 0 ? 0 : port + 1));
if (!Number.isInteger(authPort) || authPort < 0 || authPort > 65535) {
  process.stderr.write(
    `DEMO_AUTH_PORT must be an integer between 0 and 65535 (got ${process.env['DEMO_AUTH_PORT'] ?? ''})\n`,
  );
  process.exit(1);
}

const flag = (name: string): boolean => ['1', 'true', 'yes'].includes(process.env[name] ?? '');
const title = process.env['DEMO_SERVER_TITLE'];
const stateKey = process.env['DEMO_STATE_KEY'];
if (stateKey !== undefined && stateKey !== '' && Buffer.byteLength(stateKey) < 32) {
  process.stderr.write('DEMO_STATE_KEY must be at least 32 bytes long\n');
  process.exit(1);
}
const demo = await startDemoServer({
  port,
  host,
  debug: flag('DEMO_DEBUG'),
  resumable: flag('DEMO_RESUMABLE'),
  auth: { port: authPort },
  ...(title !== undefined && title !== '' ? { title } : {}),
  ...(stateKey !== undefined && stateKey !== '' ? { requestStateKey: stateKey } : {}),
});
process.stderr.write(`Elicitation Kit demo server listening on ${demo.url}\n`);
process.stdout.write(
  `${JSON.stringify({ event: 'listening', url: demo.url, protectedUrl: demo.protectedUrl, issuer: demo.issuer })}\n`,
);

let stopping = false;
const stop = (signal: string): void => {
  if (stopping) {
    return;
  }
  stopping = true;
  process.stderr.write(`${signal}: closing\n`);
  demo.close().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
